//! From text to expression trees: character scanning ([`scan`]), the
//! expression grammar with 64tass's operator priorities ([`expr`]) and the
//! trees themselves ([`ast`]).

pub mod ast;
pub mod expr;
pub mod scan;
