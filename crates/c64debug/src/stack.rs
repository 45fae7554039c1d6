//! The call stack as the program built it: a frame for each JSR and each interrupt,
//! dropped when the stack pointer moves back above it (RTS, RTI, or a routine that
//! pulls its return address away).

const JSR: u8 = 0x20;
const RTS: u8 = 0x60;
const RTI: u8 = 0x40;
const TXS: u8 = 0x9A;

/// How a frame was entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entered {
    /// A JSR at this address.
    Call(u16),
    /// An interrupt (or BRK) that will return to this address.
    Interrupt(u16),
}

/// One frame: who entered it, where its code starts, and the stack pointer once its
/// return address was pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The JSR or the interrupted place.
    pub entered: Entered,
    /// The address the routine or handler starts at.
    pub entry: u16,
    /// SP with the return address (and status) on the stack.
    pub sp: u8,
}

/// The frames, outermost first.
#[derive(Clone, Debug, Default)]
pub struct CallStack {
    frames: Vec<Frame>,
}

/// What the CPU did in one step, as the stack sees it.
pub struct Step {
    /// The opcode executed.
    pub opcode: u8,
    /// Where it was.
    pub pc: u16,
    /// Its operand word (a JSR's target).
    pub operand: u16,
    /// SP before and after.
    pub sp_before: u8,
    /// SP after the instruction (and any interrupt taken after it).
    pub sp_after: u8,
    /// PC after.
    pub pc_after: u16,
    /// The word the CPU would return to from an interrupt pushed at `sp_after`.
    pub interrupt_return: u16,
}

impl CallStack {
    /// The frames, outermost first.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// How many frames are open.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Forget every frame (the program was restarted or its stack replaced).
    pub fn clear(&mut self) {
        self.frames.clear();
    }

    /// Follow one step.
    pub fn step(&mut self, s: &Step) {
        while self.frames.last().is_some_and(|f| s.sp_after > f.sp) {
            self.frames.pop();
        }
        // What the instruction alone does to SP; an interrupt taken after it pushes 3 more.
        let expected = match s.opcode {
            JSR => s.sp_before.wrapping_sub(2),
            0x48 | 0x08 => s.sp_before.wrapping_sub(1),
            0x68 | 0x28 => s.sp_before.wrapping_add(1),
            RTS => s.sp_before.wrapping_add(2),
            RTI => s.sp_before.wrapping_add(3),
            TXS => return,
            _ => s.sp_before,
        };
        if s.opcode == JSR && s.sp_after <= expected {
            while self.frames.last().is_some_and(|f| f.sp <= expected) {
                // A frame at or below the new one was left without its return (the
                // routine dropped its return address): it cannot still be open.
                self.frames.pop();
            }
            self.frames.push(Frame {
                entered: Entered::Call(s.pc),
                entry: s.operand,
                sp: expected,
            });
        }
        if s.sp_after == expected.wrapping_sub(3) {
            self.frames.push(Frame {
                entered: Entered::Interrupt(s.interrupt_return),
                entry: s.pc_after,
                sp: s.sp_after,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(opcode: u8, pc: u16, sp_before: u8, sp_after: u8, pc_after: u16) -> Step {
        Step {
            opcode,
            pc,
            operand: pc_after,
            sp_before,
            sp_after,
            pc_after,
            interrupt_return: 0x1234,
        }
    }

    #[test]
    fn calls_interrupts_and_returns() {
        let mut s = CallStack::default();
        s.step(&step(JSR, 0x1000, 0xf0, 0xee, 0x2000));
        s.step(&step(0xea, 0x2000, 0xee, 0xeb, 0xea31)); // NOP, then an IRQ
        assert_eq!(s.depth(), 2);
        assert_eq!(s.frames()[1].entered, Entered::Interrupt(0x1234));
        s.step(&step(0x48, 0xea31, 0xeb, 0xea, 0xea32)); // PHA in the handler
        assert_eq!(s.depth(), 2);
        s.step(&step(RTI, 0xea40, 0xeb, 0xee, 0x2001));
        assert_eq!(s.depth(), 1);
        assert_eq!(s.frames()[0].entered, Entered::Call(0x1000));
        s.step(&step(RTS, 0x2001, 0xee, 0xf0, 0x1003));
        assert_eq!(s.depth(), 0);
    }

    #[test]
    fn a_dropped_return_address_closes_the_frame() {
        let mut s = CallStack::default();
        s.step(&step(JSR, 0x1000, 0xf0, 0xee, 0x2000));
        s.step(&step(0x68, 0x2000, 0xee, 0xef, 0x2001)); // PLA
        s.step(&step(0x68, 0x2001, 0xef, 0xf0, 0x2002)); // PLA
        assert_eq!(s.depth(), 0);
    }
}
