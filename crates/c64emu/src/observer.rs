//! Per-instruction observers: tools (coverage, profiles) that want to see every
//! instruction the CPU executes without the emulator knowing about them.
//!
//! An observer runs in the machine's traced step loop, so a machine without one pays
//! nothing: the plain loop has no check for it.

use crate::machine::Machine;

/// Sees each 6502 instruction just before the CPU executes it (native routines of the
/// stub KERNAL are not instructions: their cycles show up before the next one).
pub trait Observer: Send + Sync {
    /// The CPU is about to execute the instruction at `pc` (`m.cycles()` is the cycle
    /// count before it, `m.regs()` the registers).
    fn instruction(&mut self, m: &Machine, pc: u16);

    /// Asked before `instruction`: end the run here, before the instruction at `pc`
    /// executes (a debugger's breakpoints and steps). The run then stops with
    /// [`Stop::Reached`](crate::Stop::Reached)`(pc)`. The default never stops.
    fn halt(&mut self, _m: &Machine, _pc: u16) -> bool {
        false
    }

    /// The harness is about to call the routine at `target` ([`Machine::call`]: a JSR
    /// from outside the program).
    fn call(&mut self, _m: &Machine, _target: u16) {}

    /// The observer for a clone of the machine.
    fn clone_box(&self) -> Box<dyn Observer>;
}

impl Clone for Box<dyn Observer> {
    fn clone(&self) -> Box<dyn Observer> {
        self.clone_box()
    }
}
