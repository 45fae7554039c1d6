//! The chips' registers by name, their bit fields decoded: the VIC-II, the two CIAs
//! and the SID, as the debugger's variables show them (`$D011 CR1` holding
//! `$1b: YSCROLL=3 RSEL=1 DEN=1 BMM=0 ECM=0 RST8=0`). Names follow the chips' data
//! sheets (MOS 6567/6569, 6526, 6581).

/// A bit field: name, lowest bit, width.
type Field = (&'static str, u8, u8);

/// One register: its offset in the chip, its name, and how it splits (nothing: a
/// number; `BITS`: one bit per sprite or line, shown in binary; `COLOR`: a colour).
struct Reg {
    offset: u8,
    name: &'static str,
    fields: &'static [Field],
}

/// Shown in binary (`%00000101`): one bit per sprite, or a port's lines.
const BITS: &[Field] = &[("", 0, 0)];
/// The low nibble is a colour.
const COLOR: &[Field] = &[("", 4, 0)];

const fn r(offset: u8, name: &'static str, fields: &'static [Field]) -> Reg {
    Reg {
        offset,
        name,
        fields,
    }
}

const VIC: &[Reg] = &[
    r(0x10, "MSBX", BITS),
    r(
        0x11,
        "CR1",
        &[
            ("YSCROLL", 0, 3),
            ("RSEL", 3, 1),
            ("DEN", 4, 1),
            ("BMM", 5, 1),
            ("ECM", 6, 1),
            ("RST8", 7, 1),
        ],
    ),
    r(0x12, "RASTER", &[]),
    r(0x13, "LPX", &[]),
    r(0x14, "LPY", &[]),
    r(0x15, "ME", BITS),
    r(
        0x16,
        "CR2",
        &[
            ("XSCROLL", 0, 3),
            ("CSEL", 3, 1),
            ("MCM", 4, 1),
            ("RES", 5, 1),
        ],
    ),
    r(0x17, "MYE", BITS),
    r(0x18, "MEMPTR", &[("CB", 1, 3), ("VM", 4, 4)]),
    r(
        0x19,
        "IRR",
        &[
            ("RST", 0, 1),
            ("MBC", 1, 1),
            ("MMC", 2, 1),
            ("LP", 3, 1),
            ("IRQ", 7, 1),
        ],
    ),
    r(
        0x1A,
        "IMR",
        &[
            ("ERST", 0, 1),
            ("EMBC", 1, 1),
            ("EMMC", 2, 1),
            ("ELP", 3, 1),
        ],
    ),
    r(0x1B, "MDP", BITS),
    r(0x1C, "MMC", BITS),
    r(0x1D, "MXE", BITS),
    r(0x1E, "MM", BITS),
    r(0x1F, "MD", BITS),
    r(0x20, "EC", COLOR),
    r(0x21, "B0C", COLOR),
    r(0x22, "B1C", COLOR),
    r(0x23, "B2C", COLOR),
    r(0x24, "B3C", COLOR),
    r(0x25, "MM0", COLOR),
    r(0x26, "MM1", COLOR),
];

const CIA_CONTROL_A: &[Field] = &[
    ("START", 0, 1),
    ("PBON", 1, 1),
    ("OUTMODE", 2, 1),
    ("RUNMODE", 3, 1),
    ("LOAD", 4, 1),
    ("INMODE", 5, 1),
    ("SPMODE", 6, 1),
    ("TODIN", 7, 1),
];
const CIA_CONTROL_B: &[Field] = &[
    ("START", 0, 1),
    ("PBON", 1, 1),
    ("OUTMODE", 2, 1),
    ("RUNMODE", 3, 1),
    ("LOAD", 4, 1),
    ("INMODE", 5, 2),
    ("ALARM", 7, 1),
];
const CIA_ICR: &[Field] = &[
    ("TA", 0, 1),
    ("TB", 1, 1),
    ("ALRM", 2, 1),
    ("SP", 3, 1),
    ("FLG", 4, 1),
    ("IR", 7, 1),
];

/// The registers both CIAs share (port A is named per chip).
const fn cia(port_a: Reg) -> [Reg; 16] {
    [
        port_a,
        r(0x01, "PRB", BITS),
        r(0x02, "DDRA", BITS),
        r(0x03, "DDRB", BITS),
        r(0x04, "TALO", &[]),
        r(0x05, "TAHI", &[]),
        r(0x06, "TBLO", &[]),
        r(0x07, "TBHI", &[]),
        r(0x08, "TOD10TH", &[]),
        r(0x09, "TODSEC", &[]),
        r(0x0A, "TODMIN", &[]),
        r(0x0B, "TODHR", &[]),
        r(0x0C, "SDR", &[]),
        r(0x0D, "ICR", CIA_ICR),
        r(0x0E, "CRA", CIA_CONTROL_A),
        r(0x0F, "CRB", CIA_CONTROL_B),
    ]
}

/// CIA 1: port A drives the keyboard's columns (and reads joystick 2).
const CIA1: [Reg; 16] = cia(r(0x00, "PRA", BITS));
/// CIA 2: port A holds the VIC's bank (VA14/VA15, inverted) and the serial bus.
const CIA2: [Reg; 16] = cia(r(
    0x00,
    "PRA",
    &[
        ("VA", 0, 2),
        ("TXD", 2, 1),
        ("ATN", 3, 1),
        ("CLKOUT", 4, 1),
        ("DATAOUT", 5, 1),
        ("CLKIN", 6, 1),
        ("DATAIN", 7, 1),
    ],
));

const SID_CONTROL: &[Field] = &[
    ("GATE", 0, 1),
    ("SYNC", 1, 1),
    ("RING", 2, 1),
    ("TEST", 3, 1),
    ("TRI", 4, 1),
    ("SAW", 5, 1),
    ("PUL", 6, 1),
    ("NOI", 7, 1),
];
const SID_AD: &[Field] = &[("DECAY", 0, 4), ("ATTACK", 4, 4)];
const SID_SR: &[Field] = &[("RELEASE", 0, 4), ("SUSTAIN", 4, 4)];

const fn voice(v: u8, names: [&'static str; 7]) -> [Reg; 7] {
    let b = 7 * v;
    [
        r(b, names[0], &[]),
        r(b + 1, names[1], &[]),
        r(b + 2, names[2], &[]),
        r(b + 3, names[3], &[("PW", 0, 4)]),
        r(b + 4, names[4], SID_CONTROL),
        r(b + 5, names[5], SID_AD),
        r(b + 6, names[6], SID_SR),
    ]
}

const SID_VOICES: [[Reg; 7]; 3] = [
    voice(
        0,
        ["FRELO1", "FREHI1", "PWLO1", "PWHI1", "CR1", "AD1", "SR1"],
    ),
    voice(
        1,
        ["FRELO2", "FREHI2", "PWLO2", "PWHI2", "CR2", "AD2", "SR2"],
    ),
    voice(
        2,
        ["FRELO3", "FREHI3", "PWLO3", "PWHI3", "CR3", "AD3", "SR3"],
    ),
];
const SID_REST: &[Reg] = &[
    r(0x15, "FCLO", &[("FC", 0, 3)]),
    r(0x16, "FCHI", &[]),
    r(
        0x17,
        "RESFILT",
        &[
            ("FILT1", 0, 1),
            ("FILT2", 1, 1),
            ("FILT3", 2, 1),
            ("FILTEX", 3, 1),
            ("RES", 4, 4),
        ],
    ),
    r(
        0x18,
        "MODEVOL",
        &[
            ("VOL", 0, 4),
            ("LP", 4, 1),
            ("BP", 5, 1),
            ("HP", 6, 1),
            ("3OFF", 7, 1),
        ],
    ),
    r(0x19, "POTX", &[]),
    r(0x1A, "POTY", &[]),
    r(0x1B, "OSC3", &[]),
    r(0x1C, "ENV3", &[]),
];

const COLORS: [&str; 16] = [
    "black",
    "white",
    "red",
    "cyan",
    "purple",
    "green",
    "blue",
    "yellow",
    "orange",
    "brown",
    "light red",
    "dark grey",
    "grey",
    "light green",
    "light blue",
    "light grey",
];

/// A chip's register as shown: its address, `$D011 CR1`, and its value decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The register's address.
    pub addr: u16,
    /// `$D011 CR1`.
    pub name: String,
    /// `$1b: YSCROLL=3 RSEL=1 DEN=1 BMM=0 ECM=0 RST8=0`.
    pub value: String,
}

fn show(base: u16, reg: &Reg, value: u8) -> Shown {
    show_named(base, reg.offset, reg.name, reg.fields, value)
}

fn show_named(base: u16, offset: u8, name: &str, fields: &[Field], value: u8) -> Shown {
    let addr = base + u16::from(offset);
    let detail = match fields {
        [] => format!("{value}"),
        [("", 0, 0)] => format!("%{value:08b}"),
        [("", 4, 0)] => {
            let c = value & 0x0F;
            format!("{c} {}", COLORS[usize::from(c)])
        }
        fields => fields
            .iter()
            .map(|(n, lo, w)| format!("{n}={}", (value >> lo) & ((1u16 << w) - 1) as u8))
            .collect::<Vec<_>>()
            .join(" "),
    };
    Shown {
        addr,
        name: format!("${addr:04X} {name}"),
        value: format!("${value:02x}: {detail}"),
    }
}

/// The VIC-II's registers ($D000-$D02E); `read` gives register `offset` as it reads.
pub fn vic(read: impl Fn(u8) -> u8) -> Vec<Shown> {
    let mut out: Vec<Shown> = (0..16u8)
        .map(|i| {
            let (n, axis) = (i / 2, if i % 2 == 0 { 'X' } else { 'Y' });
            show_named(0xD000, i, &format!("M{n}{axis}"), &[], read(i))
        })
        .collect();
    out.extend(VIC.iter().map(|reg| show(0xD000, reg, read(reg.offset))));
    out.extend(
        (0..8u8).map(|n| show_named(0xD000, 0x27 + n, &format!("M{n}C"), COLOR, read(0x27 + n))),
    );
    out
}

/// CIA 1's registers ($DC00-$DC0F) or CIA 2's ($DD00-$DD0F, `second`).
pub fn cia_regs(second: bool, read: impl Fn(u8) -> u8) -> Vec<Shown> {
    let (base, regs) = if second {
        (0xDD00, &CIA2)
    } else {
        (0xDC00, &CIA1)
    };
    regs.iter()
        .map(|reg| show(base, reg, read(reg.offset)))
        .collect()
}

/// The SID's registers ($D400-$D41C): `written` holds what the CPU last wrote (the
/// write-only registers), `read` the readable ones ($D419-$D41C).
pub fn sid(written: &[u8; 0x20], read: impl Fn(u8) -> u8) -> Vec<Shown> {
    SID_VOICES
        .iter()
        .flatten()
        .chain(SID_REST)
        .map(|reg| {
            let v = if reg.offset >= 0x19 {
                read(reg.offset)
            } else {
                written[usize::from(reg.offset)]
            };
            show(0xD400, reg, v)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_fields_colours_and_bits() {
        let regs = vic(|o| match o {
            0x11 => 0x1B,
            0x20 => 0xFE,
            0x15 => 0x05,
            _ => 0,
        });
        let find = |n: &str| regs.iter().find(|s| s.name == n).unwrap().value.clone();
        assert_eq!(
            find("$D011 CR1"),
            "$1b: YSCROLL=3 RSEL=1 DEN=1 BMM=0 ECM=0 RST8=0"
        );
        assert_eq!(find("$D020 EC"), "$fe: 14 light blue");
        assert_eq!(find("$D015 ME"), "$05: %00000101");
        assert_eq!(find("$D001 M0Y"), "$00: 0");
        assert_eq!(regs.len(), 0x2F);
        assert_eq!(regs.last().unwrap().name, "$D02E M7C");

        let cia2 = cia_regs(true, |o| if o == 0 { 0x97 } else { 0x11 });
        assert_eq!(cia2.len(), 16);
        assert_eq!(
            cia2[0].value,
            "$97: VA=3 TXD=1 ATN=0 CLKOUT=1 DATAOUT=0 CLKIN=0 DATAIN=1"
        );
        assert_eq!(cia2[0x0E].name, "$DD0E CRA");
        assert_eq!(
            cia2[0x0F].value,
            "$11: START=1 PBON=0 OUTMODE=0 RUNMODE=0 LOAD=1 INMODE=0 ALARM=0"
        );

        let mut written = [0u8; 0x20];
        written[0x04] = 0x21;
        written[0x18] = 0x1F;
        let s = sid(&written, |o| o);
        assert_eq!(s.len(), 0x1D);
        assert_eq!(
            s[4].value,
            "$21: GATE=1 SYNC=0 RING=0 TEST=0 TRI=0 SAW=1 PUL=0 NOI=0"
        );
        assert_eq!(s[0x18].name, "$D418 MODEVOL");
        assert_eq!(s[0x18].value, "$1f: VOL=15 LP=1 BP=0 HP=0 3OFF=0");
        assert_eq!(s[0x1B].value, "$1b: 27");
    }
}
