//! `-Woptimize`: 64tass follows the registers and flags bit by bit through
//! straight-line code and says where an instruction changes nothing, tests
//! a condition already decided, or could be a shorter one. This is that
//! model: the assembler hands it each instruction as it is made
//! ([`Optimizer::instruction`]) and tells it where the straight line breaks
//! ([`Optimizer::invalidate`]: a referenced label, data, a block...); it
//! answers with what 64tass would say.
//!
//! The 65816 and the 65EL02 are not followed (64tass doesn't either).

mod bits;
mod machine;

pub use machine::Optimizer;

/// What `-Woptimize` says of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// "possibly redundant ..." (the reason).
    Redundant(&'static str),
    /// "could be shorter by using '...' instead".
    Shorter(&'static str),
    /// "could be simpler by using '...' instead".
    Simpler(&'static str),
    /// "constant result, possibly changeable to 'lda'".
    ConstantResult,
    /// "independent result, possibly changeable to 'lda'" (a plain
    /// warning in 64tass, without the switch's name).
    IndependentResult,
}

impl Advice {
    pub fn message(self) -> String {
        match self {
            Advice::Redundant(why) => format!("possibly redundant {why}"),
            Advice::Shorter(name) => format!("could be shorter by using '{name}' instead"),
            Advice::Simpler(name) => format!("could be simpler by using '{name}' instead"),
            Advice::ConstantResult => "constant result, possibly changeable to 'lda'".into(),
            Advice::IndependentResult => "independent result, possibly changeable to 'lda'".into(),
        }
    }
}

/// How an instruction reaches the model besides its bytes (64tass's
/// `cpu_opt_long_branch`): a branch `-B` turned around over a `jmp` is seen
/// as the branch written, the `jmp` as a `nop`; a pseudo branch (`gcc`)
/// made into a jump, or one byte of skip, as the branch it stands for with
/// its target out of sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SeenAs {
    #[default]
    Itself,
    /// This opcode instead (the branch written; `0xea` for the `jmp`).
    Opcode(u8),
    /// The branch `opcode` stands for, taken out of sight.
    Away(u8),
}

/// How the parts of the next instruction's bytes reach the optimizer (set
/// by the branch encoder): none means the bytes are one instruction, seen
/// as itself.
pub type OptParts = smallvec::SmallVec<[OptPart; 2]>;

/// One instruction of an encoding as `-Woptimize` sees it.
#[derive(Clone, Copy, Debug)]
pub struct OptPart {
    /// Its bytes (none: a pseudo branch that became nothing).
    pub len: usize,
    pub seen: SeenAs,
    /// The operand 64tass gives it when not its bytes' (a pseudo branch
    /// made into one byte of skip is told its distance).
    pub operand: Option<u32>,
}

impl OptPart {
    pub fn new(len: usize, seen: SeenAs) -> Self {
        OptPart {
            len,
            seen,
            operand: None,
        }
    }
}

#[cfg(test)]
mod tests;
