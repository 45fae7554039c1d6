//! The cats' AI of RYG (asm/Evalua.asm, asm/Minimax.asm) searching, run in the emulator
//! and checked against the verified prototype's golden data and a Rust model of the same
//! search (see docs/ryg-ai.md). The level-3 strategy table is tests/ryg_estrategia.rs';
//! every machine here has it switched off (`search_machine`).

#[path = "../common/mod.rs"]
mod common;

mod evalua;
mod minimax;
mod modelo;
mod prueba;
