//! A cat strategy that wins as fast as perfect play allows, and its 6502 table.
//!
//! [`Strategy::fastest`] picks, for every cat-to-move position the cats can meet from a
//! start (the mouse playing anything), one move that keeps the shortest forced win — a
//! move of [`Solver::best_moves`]. Many positions have several such moves, and the choice
//! decides how many positions the cats can meet at all, so the choice is made to keep
//! that number small: a greedy pass layer by layer (every cat move adds one to the sum
//! of the cats' rows, so positions fall into layers), then a local search that tries
//! each alternative and keeps it when fewer positions remain. Everything is
//! deterministic: the same solver gives the same strategy, byte for byte.
//!
//! [`Strategy::to_asm`] renders it as the 64tass source `asm/TablaEstrategia.asm` that
//! the level-3 cats of the 6502 program look their moves up in (`buscaEstrategia`).

use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Write as _};

use crate::position::{Move, Position, Side};
use crate::solver::Solver;

/// The strategy's answer in one position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reply {
    /// The cat move to play.
    pub mv: Move,
    /// Plies until the cats win from the position before the move (its
    /// [`crate::Outcome::plies`]); the move leaves `plies - 1`.
    pub plies: u16,
}

/// Why no fastest-win strategy exists from a start.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StrategyError {
    /// The mouse wins the start with perfect play (or it is already over).
    CatsDoNotWin,
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the cats do not win this start with perfect play")
    }
}

impl std::error::Error for StrategyError {}

/// A complete cat strategy from a start: one [`Reply`] for every cat-to-move position
/// that some mouse line reaches when the cats follow it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Strategy {
    start: Position,
    replies: BTreeMap<Position, Reply>,
}

impl Strategy {
    /// The fastest-win strategy from `start` with as few positions as the search
    /// finds (see the module documentation). From [`Position::initial`] it answers 455
    /// positions.
    pub fn fastest(solver: &Solver, start: &Position) -> Result<Strategy, StrategyError> {
        let outcome = solver.outcome(start);
        if outcome.winner != Side::Cats || start.is_over() {
            return Err(StrategyError::CatsDoNotWin);
        }
        let graph = Graph::build(solver, start);
        let mut choice = graph.greedy_by_layer();
        graph.improve(&mut choice);
        let replies = graph
            .reached(&choice)
            .into_iter()
            .map(|id| {
                let node = &graph.nodes[id];
                let reply = Reply {
                    mv: node.options[choice[id]].mv,
                    plies: solver.outcome(&node.position).plies,
                };
                (node.position, reply)
            })
            .collect();
        Ok(Strategy {
            start: *start,
            replies,
        })
    }

    /// The start the strategy was made for.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The answer in `position` (cats to move), if the strategy can meet it.
    pub fn reply(&self, position: &Position) -> Option<Reply> {
        self.replies
            .get(&position.with_to_move(Side::Cats))
            .copied()
    }

    /// Number of cat-to-move positions answered.
    pub fn len(&self) -> usize {
        self.replies.len()
    }

    /// Whether no position is answered (never for a strategy that exists).
    pub fn is_empty(&self) -> bool {
        self.replies.is_empty()
    }

    /// The answered positions in [`Position`] order.
    pub fn iter(&self) -> impl Iterator<Item = (&Position, &Reply)> {
        self.replies.iter()
    }

    /// The positions grouped by the cats' squares, in table order: by the sum of the
    /// cats' rows, then by the squares; the positions of a group by the mouse's square.
    fn groups(&self) -> Vec<Group> {
        // Keyed by (sum of the cats' rows, cats): the table follows the game's order.
        let mut groups: BTreeMap<(u32, [u8; 4]), Group> = BTreeMap::new();
        for (position, reply) in &self.replies {
            let cats = position.cats().map(board_offset);
            let rows = position.cats().iter().map(|c| u32::from(c.row())).sum();
            groups
                .entry((rows, cats))
                .or_insert_with(|| (cats, Vec::new()))
                .1
                .push((board_offset(position.mouse()), *reply));
        }
        groups
            .into_values()
            .map(|(cats, mut entries)| {
                entries.sort_by_key(|(mouse, _)| *mouse);
                (cats, entries)
            })
            .collect()
    }

    /// Number of distinct sets of cat squares among the answered positions.
    pub fn cat_sets(&self) -> usize {
        self.groups().len()
    }

    /// Size of the 6502 table in bytes: 5 per set of cat squares, 3 per position, 1 at
    /// the end.
    pub fn table_len(&self) -> usize {
        5 * self.cat_sets() + 3 * self.len() + 1
    }

    /// The table as 64tass source for the 6502 program (`asm/TablaEstrategia.asm`).
    ///
    /// Squares are board offsets 24–87 (`24 + row * 8 + col`), as the program's
    /// `evRaton` / `evGatos` hold them. One group per set of cat squares:
    /// `.byte c0, c1, c2, c3, n` (the cats in scan order, `n` positions), then `n` times
    /// `.byte mouse, move, plies` (move = `2 * cat + direction`); a final `.byte 0`
    /// (no square is 0).
    pub fn to_asm(&self) -> String {
        let groups = self.groups();
        let mut out = String::new();
        let _ = write!(
            out,
            "\
; TablaEstrategia.asm - GENERATED by tools/ryg-table from crates/rygsolve (the exact
; solver): do not edit. tests/ryg_estrategia.rs checks that this file is exactly what
; the generator writes.
;
; The level-3 cats' strategy: a move that keeps the shortest forced win for every
; cat-to-move position the cats can meet from the start, whatever the mouse plays.
; {positions} positions, {sets} sets of cat squares, {bytes} bytes.
;
; Squares are board offsets 24-87 (24 + 8*row + column). One group per set of cats:
;   .byte c0, c1, c2, c3, n     the cats' squares in scan order, n positions
;   .byte mouse, move, plies    n times: the mouse's square, the move (2*cat +
;                               direction, as jgJugada), plies until the cats win
; then .byte 0. buscaEstrategia (Estrategia.asm) reads it.

tblEstrategia
",
            positions = self.len(),
            sets = groups.len(),
            bytes = self.table_len(),
        );
        for (cats, entries) in &groups {
            let names: Vec<String> = cats.iter().map(|&o| square_name(o)).collect();
            let _ = writeln!(
                out,
                "        .byte {}, {}, {}, {}, {:<2}    ; cats {}",
                cats[0],
                cats[1],
                cats[2],
                cats[3],
                entries.len(),
                names.join(" ")
            );
            for (mouse, reply) in entries {
                let _ = writeln!(
                    out,
                    "        .byte {mouse}, {}, {:<2}            ;   mouse {}: {}",
                    reply.mv.number(),
                    reply.plies,
                    square_name(*mouse),
                    reply.mv
                );
            }
        }
        out.push_str("        .byte 0\n");
        out
    }
}

/// One group of the 6502 table: the cats' squares (board offsets, scan order) and, by
/// the mouse's square, the replies.
type Group = ([u8; 4], Vec<(u8, Reply)>);

/// The board offset (24–87) of a square, as the 6502 program numbers squares.
fn board_offset(square: crate::Square) -> u8 {
    24 + square.matrix_offset() as u8
}

/// "(row,col)" of a board offset.
fn square_name(offset: u8) -> String {
    let m = offset - 24;
    format!("({},{})", m / 8, m % 8)
}

/// One best move of a node and the cat-to-move nodes the mouse's replies lead to.
struct Branch {
    mv: Move,
    next: Vec<usize>,
}

/// A cat-to-move position the cats can meet under some fastest-win choice.
struct Node {
    position: Position,
    options: Vec<Branch>,
}

/// Every cat-to-move position reachable from the start when the mouse plays anything
/// and the cats any fastest-win move, with its options.
struct Graph {
    nodes: Vec<Node>,
    roots: Vec<usize>,
}

impl Graph {
    fn build(solver: &Solver, start: &Position) -> Graph {
        let mut ids: HashMap<Position, usize> = HashMap::new();
        let mut nodes: Vec<Node> = Vec::new();
        let mut todo: Vec<usize> = Vec::new();
        let mut intern = |p: Position, nodes: &mut Vec<Node>, todo: &mut Vec<usize>| {
            *ids.entry(p).or_insert_with(|| {
                nodes.push(Node {
                    position: p,
                    options: Vec::new(),
                });
                todo.push(nodes.len() - 1);
                nodes.len() - 1
            })
        };
        let roots: Vec<usize> = match start.to_move() {
            Side::Cats => vec![intern(*start, &mut nodes, &mut todo)],
            Side::Mouse => cat_turns_after(start)
                .into_iter()
                .map(|p| intern(p, &mut nodes, &mut todo))
                .collect(),
        };
        // Breadth first, so ids follow the layers and the order is fixed.
        let mut cursor = 0;
        while cursor < todo.len() {
            let id = todo[cursor];
            cursor += 1;
            let position = nodes[id].position;
            let options: Vec<Branch> = solver
                .best_moves(&position)
                .into_iter()
                .filter_map(|mv| {
                    let after = position.apply(mv).ok()?;
                    let next = cat_turns_after(&after)
                        .into_iter()
                        .map(|p| intern(p, &mut nodes, &mut todo))
                        .collect();
                    Some(Branch { mv, next })
                })
                .collect();
            nodes[id].options = options;
        }
        Graph { nodes, roots }
    }

    /// The nodes reached from the roots under `choice`, in id order.
    fn reached(&self, choice: &[usize]) -> Vec<usize> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<usize> = self.roots.clone();
        for &root in &self.roots {
            seen[root] = true;
        }
        while let Some(id) = stack.pop() {
            for &next in &self.nodes[id].options[choice[id]].next {
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        (0..self.nodes.len()).filter(|&id| seen[id]).collect()
    }

    /// Layer by layer from the roots: each node of the layer (in position order) takes
    /// the option that adds the fewest nodes to the next layer, given what the others
    /// take, until no node changes. Nodes never reached keep option 0.
    fn greedy_by_layer(&self) -> Vec<usize> {
        let mut choice = vec![0; self.nodes.len()];
        let mut layer: Vec<usize> = self.roots.clone();
        let mut count = vec![0u32; self.nodes.len()];
        while !layer.is_empty() {
            layer.sort_unstable_by_key(|&id| self.nodes[id].position);
            layer.dedup();
            for &id in &layer {
                let options = &self.nodes[id].options;
                choice[id] = (0..options.len())
                    .min_by_key(|&o| options[o].next.len())
                    .unwrap_or(0);
                for &next in self.next(id, &choice) {
                    count[next] += 1;
                }
            }
            // A bounded number of rounds: each change strictly lowers the layer's size.
            for _ in 0..self.nodes.len() {
                let mut changed = false;
                for &id in &layer {
                    for &next in self.next(id, &choice) {
                        count[next] -= 1;
                    }
                    let new_nodes = |o: usize| {
                        self.nodes[id].options[o]
                            .next
                            .iter()
                            .filter(|&&n| count[n] == 0)
                            .count()
                    };
                    let best = (0..self.nodes[id].options.len())
                        .min_by_key(|&o| new_nodes(o))
                        .unwrap_or(0);
                    if new_nodes(best) < new_nodes(choice[id]) {
                        choice[id] = best;
                        changed = true;
                    }
                    for &next in self.next(id, &choice) {
                        count[next] += 1;
                    }
                }
                if !changed {
                    break;
                }
            }
            let mut following = Vec::new();
            for &id in &layer {
                following.extend_from_slice(self.next(id, &choice));
            }
            for &id in &following {
                count[id] = 0;
            }
            layer = following;
        }
        choice
    }

    fn next(&self, id: usize, choice: &[usize]) -> &[usize] {
        self.nodes[id]
            .options
            .get(choice[id])
            .map_or(&[], |o| &o.next)
    }

    /// Tries every other option of every reached node (in position order), keeping a
    /// change when fewer nodes are reached; repeats until a whole round changes nothing.
    fn improve(&self, choice: &mut [usize]) {
        let mut best = self.reached(choice).len();
        loop {
            let mut improved = false;
            let mut order = self.reached(choice);
            order.sort_unstable_by_key(|&id| self.nodes[id].position);
            for id in order {
                let current = choice[id];
                for option in 0..self.nodes[id].options.len() {
                    if option == current {
                        continue;
                    }
                    choice[id] = option;
                    let reached = self.reached(choice).len();
                    if reached < best {
                        best = reached;
                        improved = true;
                        break;
                    }
                    choice[id] = current;
                }
            }
            if !improved {
                break;
            }
        }
    }
}

/// The cat-to-move positions one mouse move after `after` (mouse to move) that are not
/// finished.
fn cat_turns_after(after: &Position) -> Vec<Position> {
    after
        .children()
        .into_iter()
        .map(|(_, p)| p)
        .filter(|p| !p.is_over())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_and_offsets() {
        let sq = crate::Square::new(7, 3).expect("dark");
        assert_eq!(board_offset(sq), 83);
        assert_eq!(square_name(83), "(7,3)");
        assert_eq!(square_name(24), "(0,0)");
    }
}
