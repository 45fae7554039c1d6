//! Counting the positions reachable from a start position.

use crate::index::INDEX_LEN;
use crate::node::Node;
use crate::position::{Position, Side};

/// How many distinct positions legal play can reach from a start (the start included).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ReachStats {
    /// All reachable positions.
    pub positions: usize,
    /// Those with the mouse to move.
    pub mouse_to_move: usize,
    /// Those with the cats to move.
    pub cats_to_move: usize,
    /// Finished games won by the mouse (on row 0, or cats stuck).
    pub mouse_wins: usize,
    /// Finished games won by the cats (mouse trapped).
    pub cats_wins: usize,
}

/// Explores every line of play from `start`, stopping at finished games.
pub fn reachable(start: &Position) -> ReachStats {
    let mut seen = vec![0u64; INDEX_LEN.div_ceil(64)];
    let mut stack = vec![Node::from_position(start)];
    let mut stats = ReachStats::default();
    let mut mark = |node: Node| {
        let index = node.index();
        let (word, bit) = (index / 64, 1u64 << (index % 64));
        let new = seen[word] & bit == 0;
        seen[word] |= bit;
        new
    };
    mark(stack[0]);
    while let Some(node) = stack.pop() {
        stats.positions += 1;
        match node.side {
            Side::Mouse => stats.mouse_to_move += 1,
            Side::Cats => stats.cats_to_move += 1,
        }
        if node.mouse_home() {
            stats.mouse_wins += 1;
            continue;
        }
        let mut fresh = Vec::new();
        let moves = node.for_each_child(|child| fresh.push(child));
        if moves == 0 {
            match node.side {
                Side::Mouse => stats.cats_wins += 1,
                Side::Cats => stats.mouse_wins += 1,
            }
        }
        stack.extend(fresh.into_iter().filter(|&child| mark(child)));
    }
    stats
}
