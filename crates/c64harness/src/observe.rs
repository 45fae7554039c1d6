//! Several observers on one machine (coverage and a profile at once).

use c64emu::{Machine, Observer};

/// Shows each instruction to every observer in turn.
pub struct Tee(pub Vec<Box<dyn Observer>>);

impl Tee {
    /// One observer for all of `observers` (None when there are none).
    pub fn of(mut observers: Vec<Box<dyn Observer>>) -> Option<Box<dyn Observer>> {
        match observers.len() {
            0 => None,
            1 => observers.pop(),
            _ => Some(Box::new(Tee(observers))),
        }
    }
}

impl Observer for Tee {
    fn instruction(&mut self, m: &Machine, pc: u16) {
        for o in &mut self.0 {
            o.instruction(m, pc);
        }
    }

    fn call(&mut self, m: &Machine, target: u16) {
        for o in &mut self.0 {
            o.call(m, target);
        }
    }

    fn clone_box(&self) -> Box<dyn Observer> {
        Box::new(Tee(self.0.iter().map(|o| o.clone_box()).collect()))
    }
}
