//! The 6510's I/O port at $00 (data direction) and $01 (data). Bits 0-2 select the
//! memory configuration (LORAM, HIRAM, CHAREN); 3-5 are the cassette's write line, sense
//! switch and motor; 6 and 7 are not connected on a C64.
//!
//! What a read of $01 returns, bit by bit, for a bit that is an input: bits 0-2 and 4
//! are pulled up (1; no cassette button is pressed); bit 5 reads 0 (the motor
//! circuit pulls it down); bit 3 keeps the level it last drove; bits 6 and 7 float:
//! the pin's capacitance keeps the level last driven for a while after the bit became an
//! input (about a third of a second), then it has leaked away and the bit reads 0. An
//! output bit reads what is written to it. The memory lines are what the port drives,
//! an input counting as 1 (pulled up).

/// Cycles a floating bit keeps its charge (6510 in a C64; real chips vary).
pub(crate) const FADE_CYCLES: u64 = 350_000;
/// The bits pulled up when they are inputs.
const PULLED_UP: u8 = 0x17;
/// The unconnected bits.
const FLOATING: u8 = 0xC0;

#[derive(Clone, Debug)]
pub(crate) struct Port {
    ddr: u8,
    data: u8,
    /// The level each pin was last driven to (kept by bits that became inputs).
    driven: u8,
    /// Bits 6 and 7: the charge left on the floating pin and the cycle it is gone.
    charge: u8,
    fades_at: [u64; 2],
}

impl Port {
    /// The port at power-on: every bit an input, the data register zero.
    pub fn new() -> Port {
        Port {
            ddr: 0,
            data: 0,
            driven: 0,
            charge: 0,
            fades_at: [0; 2],
        }
    }

    /// The data direction register ($00).
    pub fn ddr(&self) -> u8 {
        self.ddr
    }

    /// The memory configuration lines (bits 0-2: LORAM, HIRAM, CHAREN).
    pub fn lines(&self) -> u8 {
        (self.data | !self.ddr) & 7
    }

    /// What a read of $01 at cycle `t` returns.
    pub fn read_data(&self, t: u64) -> u8 {
        let inputs = !self.ddr;
        // Outputs; pulled-up inputs; bit 3 keeps its level; bit 5 as an input reads 0.
        let mut v = (self.data & self.ddr) | (inputs & PULLED_UP) | (inputs & 0x08 & self.driven);
        for (i, bit) in [0x40u8, 0x80].into_iter().enumerate() {
            if inputs & bit != 0 && t < self.fades_at[i] {
                v |= self.charge & bit;
            }
        }
        v
    }

    /// Write the data direction register at cycle `t`.
    pub fn write_ddr(&mut self, value: u8, t: u64) {
        // A floating bit that stops being an output keeps the charge of its level.
        let released = self.ddr & !value & FLOATING;
        self.charge_bits(released, self.data, t);
        self.ddr = value;
        self.driven = (self.driven & !self.ddr) | (self.data & self.ddr);
    }

    /// Write the data register at cycle `t`.
    pub fn write_data(&mut self, value: u8, t: u64) {
        self.charge_bits(self.ddr & FLOATING, value, t);
        self.data = value;
        self.driven = (self.driven & !self.ddr) | (self.data & self.ddr);
    }

    fn charge_bits(&mut self, bits: u8, level: u8, t: u64) {
        for (i, bit) in [0x40u8, 0x80].into_iter().enumerate() {
            if bits & bit != 0 {
                self.charge = (self.charge & !bit) | (level & bit);
                self.fades_at[i] = t + FADE_CYCLES;
            }
        }
    }

    /// Set both registers as the KERNAL's reset routine leaves them, long ago.
    pub fn set(&mut self, ddr: u8, data: u8) {
        self.ddr = ddr;
        self.data = data;
        self.driven = data & ddr;
        self.charge = 0;
        self.fades_at = [0; 2];
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Port {
    ddr,
    data,
    driven,
    charge,
    fades_at
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_read_pulled_up_except_the_motor_and_the_floating_bits() {
        let mut p = Port::new();
        assert_eq!(p.read_data(0), 0x17);
        p.set(0x2F, 0x37);
        // Outputs 0-3 and 5 read what is written; 4 pulled up; 6, 7 never charged.
        assert_eq!(p.read_data(0), 0x37);
        p.write_data(0x00, 10);
        assert_eq!(p.read_data(11), 0x10);
        assert_eq!(p.lines(), 0);
    }

    #[test]
    fn bit_3_as_an_input_keeps_the_level_it_drove() {
        let mut p = Port::new();
        p.write_ddr(0x08, 0);
        p.write_data(0x08, 0);
        p.write_ddr(0x00, 1);
        assert_eq!(p.read_data(2) & 0x08, 0x08);
        p.write_ddr(0x08, 3);
        p.write_data(0x00, 3);
        p.write_ddr(0x00, 4);
        assert_eq!(p.read_data(5) & 0x08, 0);
    }

    #[test]
    fn floating_bits_keep_their_charge_for_a_while_then_read_zero() {
        let mut p = Port::new();
        p.write_ddr(0xC0, 100);
        p.write_data(0xC0, 100);
        assert_eq!(p.read_data(101) & 0xC0, 0xC0);
        p.write_ddr(0x00, 200);
        assert_eq!(p.read_data(201) & 0xC0, 0xC0);
        assert_eq!(p.read_data(200 + FADE_CYCLES - 1) & 0xC0, 0xC0);
        assert_eq!(p.read_data(200 + FADE_CYCLES) & 0xC0, 0);
        // Writing the data register while the bits are inputs charges nothing.
        p.write_data(0xC0, 300 + FADE_CYCLES);
        assert_eq!(p.read_data(301 + FADE_CYCLES) & 0xC0, 0);
    }
}
