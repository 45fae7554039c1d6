//! Every game fixed cat answers allow: all mouse lines from a start, counted by length.
//!
//! A cat player that always answers a position the same way (the 6502 AI, a
//! [`crate::Strategy`]) leaves the mouse a finite tree of games. [`every_mouse_line`]
//! counts those games — distinct sequences of moves from the start to the end — by
//! length and winner, sharing the work between games that meet in the same position.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use crate::position::{Move, Position, Side};

/// The games one cat player allows, by length in plies.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Lines {
    /// Games the cats win, by length.
    pub cats_win: BTreeMap<u16, u128>,
    /// Games the mouse wins, by length.
    pub mouse_wins: BTreeMap<u16, u128>,
    /// Distinct unfinished positions met with the cats to move (each answered once).
    pub cat_positions: usize,
    /// Distinct unfinished positions met with the mouse to move.
    pub mouse_positions: usize,
}

impl Lines {
    /// Number of games.
    pub fn games(&self) -> u128 {
        self.cats_win.values().chain(self.mouse_wins.values()).sum()
    }

    /// The longest game in plies (0 when the start is finished).
    pub fn max_plies(&self) -> u16 {
        let last = |m: &BTreeMap<u16, u128>| m.keys().next_back().copied().unwrap_or(0);
        last(&self.cats_win).max(last(&self.mouse_wins))
    }

    /// The shortest game in plies.
    pub fn min_plies(&self) -> u16 {
        let first = |m: &BTreeMap<u16, u128>| m.keys().next().copied().unwrap_or(u16::MAX);
        first(&self.cats_win).min(first(&self.mouse_wins))
    }
}

/// Why the cats' answers do not make a game tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LinesError {
    /// The cats gave no answer in an unfinished position with the cats to move.
    NoAnswer(Position),
    /// The cats' answer is not a legal move there.
    IllegalMove(Position, Move),
}

impl fmt::Display for LinesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinesError::NoAnswer(p) => write!(f, "no cat answer in\n{p}"),
            LinesError::IllegalMove(p, mv) => write!(f, "the cat answer {mv} is illegal in\n{p}"),
        }
    }
}

impl std::error::Error for LinesError {}

/// Counts every game from `start` in which the mouse plays any legal move and the cats
/// play `cats(position)` in each unfinished cat-to-move position.
pub fn every_mouse_line(
    start: &Position,
    mut cats: impl FnMut(&Position) -> Option<Move>,
) -> Result<Lines, LinesError> {
    let mut memo: HashMap<Position, Counts> = HashMap::new();
    let mut lines = Lines::default();
    let counts = count(start, &mut cats, &mut memo, &mut lines)?;
    for (plies, (cats_win, mouse_wins)) in counts {
        if cats_win > 0 {
            lines.cats_win.insert(plies, cats_win);
        }
        if mouse_wins > 0 {
            lines.mouse_wins.insert(plies, mouse_wins);
        }
    }
    Ok(lines)
}

/// Games from a position by length: (won by the cats, won by the mouse).
type Counts = BTreeMap<u16, (u128, u128)>;

fn count(
    position: &Position,
    cats: &mut impl FnMut(&Position) -> Option<Move>,
    memo: &mut HashMap<Position, Counts>,
    lines: &mut Lines,
) -> Result<Counts, LinesError> {
    if let Some(known) = memo.get(position) {
        return Ok(known.clone());
    }
    let mut counts = Counts::new();
    match position.winner() {
        Some(Side::Cats) => {
            counts.insert(0, (1, 0));
        }
        Some(Side::Mouse) => {
            counts.insert(0, (0, 1));
        }
        None => {
            let next: Vec<Position> = match position.to_move() {
                Side::Mouse => {
                    lines.mouse_positions += 1;
                    position.children().into_iter().map(|(_, p)| p).collect()
                }
                Side::Cats => {
                    lines.cat_positions += 1;
                    let mv = cats(position).ok_or(LinesError::NoAnswer(*position))?;
                    let after = position
                        .apply(mv)
                        .map_err(|_| LinesError::IllegalMove(*position, mv))?;
                    vec![after]
                }
            };
            for p in next {
                for (plies, (c, m)) in count(&p, cats, memo, lines)? {
                    let entry = counts.entry(plies + 1).or_default();
                    entry.0 += c;
                    entry.1 += m;
                }
            }
        }
    }
    memo.insert(*position, counts.clone());
    Ok(counts)
}
