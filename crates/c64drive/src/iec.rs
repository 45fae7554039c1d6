//! The serial (IEC) bus between the C64 and the drive: three open-collector lines,
//! ATN, CLK and DATA, each low when any device pulls it. The C64 drives them from CIA 2
//! port A through inverters (bit 3 ATN OUT, 4 CLK OUT, 5 DATA OUT: 1 pulls the line
//! low) and reads CLK (bit 6) and DATA (bit 7) back as levels. The 1541 reads them
//! through inverters on VIA 1 port B (bit 0 DATA IN, 2 CLK IN, 7 ATN IN: 1 when low;
//! ATN also on CA1), pulls CLK and DATA with bits 3 and 1, and has the ATN acknowledge
//! gate: DATA is pulled while ATN IN differs from PB4 (ATNA), so the drive answers ATN
//! in hardware before its CPU notices.

/// What the C64 pulls low (true: pulled).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lines {
    /// ATN pulled low.
    pub atn: bool,
    /// CLK pulled low.
    pub clk: bool,
    /// DATA pulled low.
    pub data: bool,
}

impl Lines {
    /// The lines CIA 2's port A pulls when it drives `pa` (its output levels: output
    /// bits from the register, input bits high).
    pub fn from_cia2(pa: u8) -> Lines {
        Lines {
            atn: pa & 0x08 != 0,
            clk: pa & 0x10 != 0,
            data: pa & 0x20 != 0,
        }
    }
}

/// CIA 2 port A's bits 6 and 7 as the C64 reads them: CLK and DATA levels (1: high),
/// given what anyone pulls (`clk`, `data` true when low).
pub fn cia2_inputs(clk_low: bool, data_low: bool) -> u8 {
    (if clk_low { 0 } else { 0x40 }) | (if data_low { 0 } else { 0x80 })
}
