//! A Rust model of the 6502 search (asm/Evalua.asm, asm/Minimax.asm), move for move,
//! checked against the verified prototype's golden data (docs/ryg-ai.md).

use std::collections::BTreeSet;

use rygsolve::{Move, Position, Side, Solver, Square};

use crate::common::ia::*;
use crate::common::*;

/// What the model says about one decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub mv: Option<u8>,
    pub value: u8,
    pub nodes: u32,
    pub evals: u32,
    /// The board each level holds afterwards: (position, value, child slots linked).
    /// `None` for levels no board was made at.
    pub boards: Vec<Option<(Position, u8, u8)>>,
}

/// `mv` played on the board regardless of whose turn it is or whether the game is over.
pub fn play(p: &Position, mv: Move) -> Option<Position> {
    let to = p.check_on_board(mv).ok()?;
    let mut mouse = p.mouse();
    let mut cats = p.cats();
    match mv {
        Move::Mouse { .. } => mouse = to,
        Move::Cat { cat, .. } => cats[cat as usize] = to,
    }
    Position::new(mouse, cats, p.to_move().opponent()).ok()
}

/// The static evaluation REC.
pub fn static_eval(p: &Position) -> u8 {
    let cats: BTreeSet<Square> = p.cats().into_iter().collect();
    let free = |sq: Square| sq != p.mouse() && !cats.contains(&sq);
    let steps = |sq: Square| {
        rygsolve::MOUSE_DELTAS
            .iter()
            .filter_map(move |&(dr, dc)| sq.offset(dr, dc))
    };
    let mut seen = BTreeSet::from([p.mouse()]);
    let mut frontier = vec![p.mouse()];
    let mut dist = None;
    let mut d = 0;
    while !frontier.is_empty() && dist.is_none() {
        d += 1;
        let mut next = Vec::new();
        for &sq in &frontier {
            for to in steps(sq) {
                if free(to) && seen.insert(to) {
                    if to.row() == 0 && dist.is_none() {
                        dist = Some(d);
                    }
                    next.push(to);
                }
            }
        }
        frontier = next;
    }
    let row = i32::from(p.mouse().row());
    let mut v: i32 = match dist {
        Some(d) => 161 + 5 * (7 - row) - d,
        None => 17 + 2 * seen.len() as i32,
    };
    let rows: Vec<i32> = p.cats().iter().map(|c| i32::from(c.row())).collect();
    v += rows.iter().max().unwrap_or(&0) - rows.iter().min().unwrap_or(&0);
    v += 4 * steps(p.mouse()).filter(|&s| free(s)).count() as i32;
    v += 12
        * p.cats()
            .iter()
            .filter(|c| c.col() == 0 || c.col() == 7)
            .count() as i32;
    v.clamp(0x10, 0xEF) as u8
}

pub struct Model {
    depth: u8,
    killers: [u8; 8],
    nodes: u32,
    evals: u32,
    boards: Vec<Option<(Position, u8, u8)>>,
}

impl Model {
    fn legal(p: &Position, side: Side) -> Vec<u8> {
        let count = if side == Side::Cats { 8 } else { 4 };
        (0..count)
            .filter(|&n| p.check_on_board(move_of(side, n)).is_ok())
            .collect()
    }

    /// Node test, then evaluation or search, of a board just made at `level`.
    fn value(&mut self, p: &Position, level: u8, alpha: u8, beta: u8) -> u8 {
        let side = p.to_move();
        if p.mouse().row() <= p.cats()[0].row() {
            return 0xFF - level;
        }
        if Self::legal(p, side).is_empty() {
            return if side == Side::Cats {
                0xFF - level
            } else {
                level
            };
        }
        if level == self.depth {
            self.evals += 1;
            return static_eval(p);
        }
        self.search(p, level, alpha, beta).0
    }

    /// Fail-soft alpha-beta with a killer per level; returns (value, first best move).
    fn search(&mut self, p: &Position, level: u8, mut alpha: u8, mut beta: u8) -> (u8, Option<u8>) {
        let side = p.to_move();
        let mut order = Self::legal(p, side);
        let killer = self.killers[level as usize];
        if let Some(i) = order.iter().position(|&m| m == killer) {
            let m = order.remove(i);
            order.insert(0, m);
        }
        let cats = side == Side::Cats;
        let mut best = if cats { 0xFF } else { 0x00 };
        let mut best_move = None;
        for m in order {
            let Some(child) = play(p, move_of(side, m)) else {
                continue;
            };
            self.nodes += 1;
            let c = level as usize + 1;
            self.boards[c] = Some((child, 0x80, 0));
            if let Some(parent) = &mut self.boards[level as usize] {
                parent.2 |= 1 << m;
            }
            let v = self.value(&child, level + 1, alpha, beta);
            if let Some(board) = &mut self.boards[c] {
                board.1 = v;
            }
            if cats {
                if v < best {
                    best = v;
                    best_move = Some(m);
                }
                beta = beta.min(best);
                if best <= alpha {
                    self.killers[level as usize] = m;
                    break;
                }
            } else {
                if v > best {
                    best = v;
                    best_move = Some(m);
                }
                alpha = alpha.max(best);
                if best >= beta {
                    self.killers[level as usize] = m;
                    break;
                }
            }
        }
        (best, best_move)
    }
}

/// The model's decision for the cats in `p` (taken as cats to move) at `depth`.
pub fn decide(p: &Position, depth: u8) -> Decision {
    decide_for(p, depth, Side::Cats)
}

/// The model's decision for `side` to move in `p` at `depth`.
pub fn decide_for(p: &Position, depth: u8, side: Side) -> Decision {
    let root = p.with_to_move(side);
    let mut model = Model {
        depth,
        killers: [0xFF; 8],
        nodes: 0,
        evals: 0,
        boards: vec![None; depth as usize + 1],
    };
    model.boards[0] = Some((root, 0x80, 0));
    let (value, mv) = model.search(&root, 0, 0x00, 0xFF);
    if let Some(board) = &mut model.boards[0] {
        board.1 = value;
    }
    Decision {
        mv,
        value,
        nodes: model.nodes,
        evals: model.evals,
        boards: model.boards,
    }
}

/// Golden data of the prototype: every cat-to-move position the depth-3 proof reaches.
pub const VECTORS: &str = include_str!("../data/ryg_ai_vectors.txt");

/// One line of the golden data: (position, E, move, value, nodes, evals).
pub fn vectors() -> Vec<(Position, u8, u8, u8, u32, u32)> {
    VECTORS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let parts: Vec<&str> = line.split('|').collect();
            let squares: Vec<u8> = parts[0]
                .split_whitespace()
                .map(|s| s.parse().expect("offset"))
                .collect();
            let e: u8 = parts[1].trim().parse().expect("E");
            let r: Vec<u32> = parts[2]
                .split_whitespace()
                .map(|s| s.parse().expect("number"))
                .collect();
            let cats = [
                square_at(squares[1]),
                square_at(squares[2]),
                square_at(squares[3]),
                square_at(squares[4]),
            ];
            let p = Position::new(square_at(squares[0]), cats, Side::Cats).expect("position");
            (p, e, r[0] as u8, r[1] as u8, r[2], r[3])
        })
        .collect()
}

#[test]
pub fn the_model_reproduces_the_golden_vectors() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 344);
    for (p, e, mv, value, nodes, evals) in vectors {
        assert_eq!(static_eval(&p), e, "E of {p:?}");
        let d = decide(&p, 3);
        assert_eq!(
            (d.mv, d.value, d.nodes, d.evals),
            (Some(mv), value, nodes, evals),
            "{p:?}"
        );
    }
}

#[test]
pub fn every_cat_move_of_the_golden_data_keeps_the_win() {
    let solver = Solver::new();
    for (p, _, mv, ..) in vectors() {
        let after = p.apply(move_of(Side::Cats, mv)).expect("legal");
        assert!(solver.cats_keep_win(&p, &after), "{p:?} move {mv}");
    }
}
