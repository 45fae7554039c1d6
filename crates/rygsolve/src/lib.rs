//! A model and exact solver of RYG — *El ratón y los gatos*, Mouse and Cats (Fox and
//! Hounds) — in the orientation of the 6502 program in `asm/`.
//!
//! * [`Position`] holds the pieces and the side to move; moves are numbered exactly as
//!   in the 6502 program ([`Move`], [`MOUSE_DELTAS`], [`CAT_DELTAS`]).
//! * [`board`] converts to and from the program's 64-byte matrix and 88-byte board.
//! * [`Solver`] knows the perfect-play [`Outcome`] of every legal position and judges
//!   cat moves ([`Solver::cats_keep_win`]).
//! * [`Strategy::fastest`] is a complete cat strategy that wins as fast as perfect play
//!   allows, with few positions; [`Strategy::to_asm`] renders it as the 6502 program's
//!   table.
//! * [`every_mouse_line`] counts the games fixed cat answers allow, by length.
//! * [`reachable`] counts the positions reachable from a start; [`random`] plays
//!   seeded random games for property tests.
//!
//! ```
//! use rygsolve::{Position, Side, Solver};
//! let solver = Solver::new();
//! let start = Position::initial();
//! let outcome = solver.outcome(&start);
//! assert_eq!(outcome.winner, Side::Cats);
//! ```

pub mod board;
mod index;
mod lines;
mod node;
mod position;
pub mod random;
mod reach;
mod solver;
mod square;
mod strategy;

pub use board::{Board, BoardError};
pub use lines::{Lines, LinesError, every_mouse_line};
pub use position::{CAT_DELTAS, MOUSE_DELTAS, Move, MoveError, Position, PositionError, Side};
pub use reach::{ReachStats, reachable};
pub use solver::{CatMoveJudgement, JudgeError, Outcome, Solver};
pub use square::{DARK_SQUARES, Square};
pub use strategy::{Reply, Strategy, StrategyError};
