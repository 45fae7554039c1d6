//! From text to compiled expressions: character scanning ([`scan`]), the
//! expression grammar with 64tass's operator priorities ([`expr`]), the
//! operators ([`ast`]) and the compact nodes the parser builds ([`compiled`]).

pub mod ast;
pub mod compiled;
pub mod expr;
pub mod scan;
