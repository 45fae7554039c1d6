//! Dense index of all piece placements: (cat set, mouse square, side to move).
//!
//! Cat sets are ranked in the combinatorial number system (colex order), so the
//! 35,960 four-square subsets of the 32 dark squares map onto `0..CAT_SETS` with no gaps.
//! Entries whose mouse square holds a cat are simply never used.

use crate::position::{Position, Side};
use crate::square::DARK_SQUARES;

/// C(32, 4): number of ways to place four indistinguishable cats.
pub const CAT_SETS: usize = 35_960;
/// Number of entries of a dense table.
pub const INDEX_LEN: usize = CAT_SETS * DARK_SQUARES * 2;

/// `BINOMIAL[n][k]` = C(n, k) for n < 32, k ≤ 4.
const BINOMIAL: [[u32; 5]; DARK_SQUARES] = binomial_table();

const fn binomial_table() -> [[u32; 5]; DARK_SQUARES] {
    let mut table = [[0; 5]; DARK_SQUARES];
    let mut n = 0;
    while n < DARK_SQUARES {
        table[n][0] = 1;
        let mut k = 1;
        while k < 5 {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
}

/// Colex rank of a four-bit mask; only meaningful when `mask` has exactly four bits.
#[inline]
pub fn rank_cats(mask: u32) -> usize {
    let mut rest = mask;
    // The k-th lowest square contributes C(square, k).
    (1..=4)
        .map(|k| {
            let square = rest.trailing_zeros() as usize & (DARK_SQUARES - 1);
            rest &= rest.wrapping_sub(1);
            BINOMIAL[square][k] as usize
        })
        .sum()
}

/// Table index from a cat-set rank, the mouse's dense square index and the side to move.
#[inline]
pub fn index_of(cat_rank: usize, mouse: usize, side: Side) -> usize {
    (cat_rank * DARK_SQUARES + mouse) * 2 + side as usize
}

/// Table index of a position.
pub fn position_index(position: &Position) -> usize {
    index_of(
        rank_cats(position.cats_mask()),
        position.mouse().index(),
        position.to_move(),
    )
}

/// The position with table index `index`, `None` for unused entries.
#[cfg(test)]
pub fn position_at(index: usize) -> Option<Position> {
    let side = if index.is_multiple_of(2) {
        Side::Mouse
    } else {
        Side::Cats
    };
    let mouse = index / 2 % DARK_SQUARES;
    let mask = unrank_cats(index / 2 / DARK_SQUARES)?;
    if mask & (1 << mouse) != 0 {
        return None;
    }
    Position::from_parts(mouse, mask, side)
}

/// Inverse of [`rank_cats`].
pub fn unrank_cats(mut rank: usize) -> Option<u32> {
    if rank >= CAT_SETS {
        return None;
    }
    let mut mask = 0;
    let mut top = DARK_SQUARES;
    for k in (1..=4).rev() {
        // Largest square whose binomial still fits in what is left of the rank.
        let square = (0..top)
            .rev()
            .find(|&sq| BINOMIAL[sq][k] as usize <= rank)?;
        rank -= BINOMIAL[square][k] as usize;
        mask |= 1 << square;
        top = square;
    }
    Some(mask)
}

/// All cat sets, ordered so that every cat move leads to a set listed earlier:
/// by falling sum of the cats' rows (each cat move adds exactly one to it).
pub fn cat_sets_children_first() -> Vec<u32> {
    let mut sets: Vec<u32> = (0..CAT_SETS).filter_map(unrank_cats).collect();
    sets.sort_by_key(|&mask| std::cmp::Reverse(row_sum(mask)));
    sets
}

/// Sum of the rows of the squares in `mask`.
pub fn row_sum(mask: u32) -> u32 {
    (0..DARK_SQUARES as u32)
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| i / 4)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cat_set_ranks_back_to_itself() {
        let mut masks = std::collections::HashSet::new();
        for rank in 0..CAT_SETS {
            let mask = unrank_cats(rank).expect("rank in range");
            assert_eq!(mask.count_ones(), 4);
            assert_eq!(rank_cats(mask), rank);
            masks.insert(mask);
        }
        assert_eq!(masks.len(), CAT_SETS);
        assert_eq!(unrank_cats(CAT_SETS), None);
    }

    #[test]
    fn extreme_cat_sets_have_extreme_ranks() {
        assert_eq!(rank_cats(0b1111), 0);
        assert_eq!(rank_cats(0xF000_0000), CAT_SETS - 1);
    }

    #[test]
    fn table_indices_round_trip_and_skip_shared_squares() {
        let mut legal = 0;
        for index in 0..INDEX_LEN {
            if let Some(position) = position_at(index) {
                assert_eq!(position_index(&position), index);
                legal += 1;
            }
        }
        assert_eq!(legal, CAT_SETS * 28 * 2);
        assert_eq!(position_at(INDEX_LEN), None);
    }

    #[test]
    fn children_first_order_lists_sets_by_falling_row_sum() {
        let sets = cat_sets_children_first();
        assert_eq!(sets.len(), CAT_SETS);
        assert!(sets.windows(2).all(|w| row_sum(w[0]) >= row_sum(w[1])));
        // Bottom two rows full of cats: rows 6 and 7 hold 8 squares; four of them on row 7.
        let bottom = (28..32).fold(0, |m, i| m | 1 << i);
        assert_eq!(sets[0], bottom);
        assert_eq!(row_sum(bottom), 28);
    }
}
