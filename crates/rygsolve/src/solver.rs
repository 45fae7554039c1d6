//! Exact solution of every legal position by backward induction.
//!
//! Each cat move adds one to the sum of the cats' rows and the mouse moves only between
//! cat moves, so the game graph has no cycles. Processing cat sets by falling row sum
//! (cats-to-move entries first, then mouse-to-move entries of the same set) visits every
//! position after all of its successors, so one pass solves all of them.

use std::fmt;

use crate::index::{INDEX_LEN, cat_sets_children_first, index_of, position_index, rank_cats};
use crate::node::Node;
use crate::position::{Move, Position, Side};
use crate::square::DARK_SQUARES;

/// The value of a position under perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// Who wins.
    pub winner: Side,
    /// Plies until the game ends when the winner wins as fast as it can and the loser
    /// holds out as long as it can; 0 for a finished game.
    pub plies: u16,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} win in {} plies", self.winner, self.plies)
    }
}

/// Table byte: bit 7 set for a cats win, low bits the plies.
const CATS_BIT: u8 = 0x80;
const UNSET: u8 = 0xFF;

fn encode(winner: Side, plies: u8) -> u8 {
    match winner {
        Side::Mouse => plies,
        Side::Cats => CATS_BIT | plies,
    }
}

fn decode(byte: u8) -> Outcome {
    Outcome {
        winner: if byte & CATS_BIT != 0 {
            Side::Cats
        } else {
            Side::Mouse
        },
        plies: u16::from(byte & !CATS_BIT),
    }
}

/// What a cat move did to the cats' prospects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CatMoveJudgement {
    /// The move that was played.
    pub mv: Move,
    /// Value before the move (cats to move).
    pub before: Outcome,
    /// Value after the move (mouse to move).
    pub after: Outcome,
}

impl CatMoveJudgement {
    /// The cats were winning and still are.
    pub fn kept_win(&self) -> bool {
        self.before.winner == Side::Cats && self.after.winner == Side::Cats
    }

    /// The cats were winning and now the mouse is.
    pub fn threw_win(&self) -> bool {
        self.before.winner == Side::Cats && self.after.winner == Side::Mouse
    }

    /// The move is one of the best: keeps the result and, when winning, wins as fast
    /// as possible; when losing, holds out as long as possible.
    pub fn is_optimal(&self) -> bool {
        self.after.winner == self.before.winner && self.after.plies + 1 == self.before.plies
    }
}

/// Why a pair of positions is not a cat move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum JudgeError {
    /// `before` is not a position with the cats to move and the game still on.
    NotCatsTurn,
    /// No legal cat move turns `before` into `after`.
    NoSuchMove,
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JudgeError::NotCatsTurn => "the cats are not to move in the earlier position",
            JudgeError::NoSuchMove => "no legal cat move leads from one position to the other",
        })
    }
}

impl std::error::Error for JudgeError {}

/// The solved game: the outcome of every legal position, one byte each (about 2.3 MB).
#[derive(Clone)]
pub struct Solver {
    table: Box<[u8]>,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("entries", &self.table.len())
            .finish()
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// Solves every legal position (every placement of one mouse and four cats on
    /// distinct dark squares, either side to move), reachable from the start or not.
    pub fn new() -> Solver {
        let mut table = vec![UNSET; INDEX_LEN].into_boxed_slice();
        for cats in cat_sets_children_first() {
            let rank = rank_cats(cats);
            for side in [Side::Cats, Side::Mouse] {
                for mouse in 0..DARK_SQUARES as u8 {
                    if cats & (1 << mouse) == 0 {
                        let node = Node { cats, mouse, side };
                        table[index_of(rank, mouse as usize, side)] = solve_node(&table, node);
                    }
                }
            }
        }
        Solver { table }
    }

    /// The value of `position` under perfect play.
    pub fn outcome(&self, position: &Position) -> Outcome {
        decode(self.table[position_index(position)])
    }

    /// Each legal move with the position it leads to and that position's value.
    pub fn move_outcomes(&self, position: &Position) -> Vec<(Move, Position, Outcome)> {
        position
            .children()
            .into_iter()
            .map(|(mv, next)| (mv, next, self.outcome(&next)))
            .collect()
    }

    /// The optimal moves (see [`Outcome`]) in move-number order; empty when the game is over.
    pub fn best_moves(&self, position: &Position) -> Vec<Move> {
        let value = self.outcome(position);
        self.move_outcomes(position)
            .into_iter()
            .filter(|(_, _, next)| next.winner == value.winner && next.plies + 1 == value.plies)
            .map(|(mv, _, _)| mv)
            .collect()
    }

    /// A perfect game from `position`: the first best move at each turn, until the end.
    /// Its length equals `outcome(position).plies`.
    pub fn principal_variation(&self, position: &Position) -> Vec<Move> {
        let mut line = Vec::new();
        let mut current = *position;
        while let Some(&mv) = self.best_moves(&current).first() {
            let Ok(next) = current.apply(mv) else { break };
            line.push(mv);
            current = next;
        }
        line
    }

    /// Judges the cat move that turned `before` into `after`.
    pub fn judge_cat_move(
        &self,
        before: &Position,
        after: &Position,
    ) -> Result<CatMoveJudgement, JudgeError> {
        if before.to_move() != Side::Cats || before.is_over() {
            return Err(JudgeError::NotCatsTurn);
        }
        let mv = before.move_to(after).ok_or(JudgeError::NoSuchMove)?;
        Ok(CatMoveJudgement {
            mv,
            before: self.outcome(before),
            after: self.outcome(after),
        })
    }

    /// True when a legal cat move turns `before` into `after` and the cats still win
    /// after it. False when the move lost the win, when there was no win to keep, and
    /// when `after` does not follow from `before` by one cat move.
    pub fn cats_keep_win(&self, before: &Position, after: &Position) -> bool {
        self.judge_cat_move(before, after)
            .is_ok_and(|judgement| judgement.kept_win())
    }

    /// Number of legal positions solved (both sides to move).
    pub fn legal_positions(&self) -> usize {
        self.table.iter().filter(|&&byte| byte != UNSET).count()
    }
}

/// Value of `node` from the already solved values of its successors.
fn solve_node(table: &[u8], node: Node) -> u8 {
    if node.mouse_home() {
        return encode(Side::Mouse, 0);
    }
    let mover = node.side;
    let mut fastest_win: Option<u8> = None;
    let mut slowest_loss: Option<u8> = None;
    let moves = node.for_each_child(|child| {
        let value = decode(table[child.index()]);
        let plies = value.plies as u8;
        if value.winner == mover {
            fastest_win = Some(fastest_win.map_or(plies, |best| best.min(plies)));
        } else {
            slowest_loss = Some(slowest_loss.map_or(plies, |best| best.max(plies)));
        }
    });
    match (fastest_win, slowest_loss) {
        _ if moves == 0 => encode(mover.opponent(), 0),
        (Some(plies), _) => encode(mover, plies + 1),
        (None, Some(plies)) => encode(mover.opponent(), plies + 1),
        (None, None) => encode(mover.opponent(), 0),
    }
}
