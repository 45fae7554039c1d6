//! Response bodies, byte for byte as the specification lays them out.

use crate::checkpoint::Checkpoint;

/// The C64 CPU's registers as VICE lists them for the 6510: ID, size in bits, name.
/// "00" and "01" are the processor port, LIN the raster line, CYC the cycle in it.
pub const REGISTERS: [(u8, u8, &str); 10] = [
    (reg::PC, 16, "PC"),
    (reg::A, 8, "A"),
    (reg::X, 8, "X"),
    (reg::Y, 8, "Y"),
    (reg::SP, 8, "SP"),
    (reg::ZERO, 8, "00"),
    (reg::ONE, 8, "01"),
    (reg::FL, 8, "FL"),
    (reg::LIN, 16, "LIN"),
    (reg::CYC, 16, "CYC"),
];

/// Register IDs (VICE's numbering).
pub mod reg {
    #![allow(missing_docs)]
    pub const A: u8 = 0x00;
    pub const X: u8 = 0x01;
    pub const Y: u8 = 0x02;
    pub const PC: u8 = 0x03;
    pub const SP: u8 = 0x04;
    pub const FL: u8 = 0x05;
    pub const LIN: u8 = 0x35;
    pub const CYC: u8 = 0x36;
    pub const ZERO: u8 = 0x37;
    pub const ONE: u8 = 0x38;
}

/// The banks of the computer's memory, as VICE names and numbers them for the C64:
/// "default" and "cpu" are what the CPU sees, "ram" the RAM underneath, "rom" the ROMs
/// (RAM where there is none), "io" the I/O area with the ROMs elsewhere.
pub const BANKS: [(u16, &str); 5] = [
    (bank::CPU, "default"),
    (bank::CPU, "cpu"),
    (bank::RAM, "ram"),
    (bank::ROM, "rom"),
    (bank::IO, "io"),
];

/// Bank numbers.
pub mod bank {
    #![allow(missing_docs)]
    pub const CPU: u16 = 0;
    pub const RAM: u16 = 1;
    pub const ROM: u16 = 2;
    pub const IO: u16 = 3;
}

/// What `vice info` reports: the VICE version whose protocol this is (3.7) and SVN
/// revision 0, which the specification gives for builds that are not from SVN.
pub const VICE_VERSION: [u8; 4] = [3, 7, 0, 0];

fn put16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Register info (0x31): the count, then per register its item size (3), ID and value.
pub fn register_info(values: &[(u8, u16)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + values.len() * 4);
    put16(&mut out, values.len() as u16);
    for &(id, v) in values {
        out.extend([3, id]);
        put16(&mut out, v);
    }
    out
}

/// Registers available (0x83).
pub fn registers_available() -> Vec<u8> {
    let mut out = Vec::new();
    put16(&mut out, REGISTERS.len() as u16);
    for (id, bits, name) in REGISTERS {
        out.extend([name.len() as u8 + 3, id, bits, name.len() as u8]);
        out.extend_from_slice(name.as_bytes());
    }
    out
}

/// Banks available (0x82).
pub fn banks_available() -> Vec<u8> {
    let mut out = Vec::new();
    put16(&mut out, BANKS.len() as u16);
    for (id, name) in BANKS {
        out.push(name.len() as u8 + 3);
        put16(&mut out, id);
        out.push(name.len() as u8);
        out.extend_from_slice(name.as_bytes());
    }
    out
}

/// Checkpoint info (0x11): 23 bytes.
pub fn checkpoint_info(c: &Checkpoint, hit: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(23);
    out.extend_from_slice(&c.number.to_le_bytes());
    out.push(u8::from(hit));
    put16(&mut out, c.start);
    put16(&mut out, c.end);
    out.extend([
        u8::from(c.stop),
        u8::from(c.enabled),
        c.op.0,
        u8::from(c.temporary),
    ]);
    out.extend_from_slice(&c.hits.to_le_bytes());
    out.extend_from_slice(&c.ignore.to_le_bytes());
    out.extend([u8::from(c.condition.is_some()), c.memspace]);
    out
}

/// Memory get (0x01): the length (0 for all 64 KiB, as the specification says) and
/// the bytes.
pub fn mem_get(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + bytes.len());
    put16(&mut out, bytes.len() as u16);
    out.extend_from_slice(bytes);
    out
}

/// A PC for the stopped (0x62), resumed (0x63) and JAM (0x61) events.
pub fn pc(pc: u16) -> Vec<u8> {
    pc.to_le_bytes().to_vec()
}

/// The picture's geometry for display get (0x84).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Width of the whole buffer.
    pub width: u16,
    /// Height of the whole buffer.
    pub height: u16,
    /// Left edge of the inner screen (the 320x200 display window).
    pub inner_x: u16,
    /// Top edge of the inner screen.
    pub inner_y: u16,
    /// Inner screen width.
    pub inner_width: u16,
    /// Inner screen height.
    pub inner_height: u16,
}

/// Display get (0x84): the 13 bytes of fields (their length first), the buffer's
/// length and the buffer, one palette index per pixel (8 bits per pixel).
pub fn display(g: Geometry, pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(21 + pixels.len());
    out.extend_from_slice(&13u32.to_le_bytes());
    for v in [
        g.width,
        g.height,
        g.inner_x,
        g.inner_y,
        g.inner_width,
        g.inner_height,
    ] {
        put16(&mut out, v);
    }
    out.push(8);
    out.extend_from_slice(&(pixels.len() as u32).to_le_bytes());
    out.extend_from_slice(pixels);
    out
}

/// Palette get (0x91): the count, then per colour its item size (3) and red, green,
/// blue.
pub fn palette(colours: &[u32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + colours.len() * 4);
    put16(&mut out, colours.len() as u16);
    for &c in colours {
        out.extend([3, (c >> 16) as u8, (c >> 8) as u8, c as u8]);
    }
    out
}

/// VICE info (0x85).
pub fn vice_info() -> Vec<u8> {
    let mut out = vec![4];
    out.extend(VICE_VERSION);
    out.extend([4, 0, 0, 0, 0]);
    out
}

/// Checkpoint list (0x14): the count.
pub fn checkpoint_count(n: u32) -> Vec<u8> {
    n.to_le_bytes().to_vec()
}

/// Resource get (0x51) of a number: its type, length 4 and the value.
pub fn resource_int(v: u32) -> Vec<u8> {
    let mut out = vec![crate::command::resource_type::INT, 4];
    out.extend_from_slice(&v.to_le_bytes());
    out
}

/// Resource get (0x51) of text (at most 255 bytes, as the length is one byte).
pub fn resource_string(s: &str) -> Option<Vec<u8>> {
    let len = u8::try_from(s.len()).ok()?;
    let mut out = vec![crate::command::resource_type::STRING, len];
    out.extend_from_slice(s.as_bytes());
    Some(out)
}

/// One executed instruction for CPU history (0x86).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Executed {
    /// The registers before it ran, PC at the instruction.
    pub regs: [(u8, u16); 8],
    /// The machine's cycle count when it started.
    pub clock: u64,
    /// The opcode and the two bytes after it.
    pub bytes: [u8; 3],
}

/// The registers a CPU history item holds, in the order of [`REGISTERS`].
pub const HISTORY_REGISTERS: [u8; 8] = [
    reg::PC,
    reg::A,
    reg::X,
    reg::Y,
    reg::SP,
    reg::FL,
    reg::LIN,
    reg::CYC,
];

/// Bytes of one history item after its size byte: the register count and 8 registers,
/// the clock, the instruction's length byte and its 4 bytes.
const HISTORY_ITEM: u8 = 2 + 8 * 4 + 8 + 1 + 4;

/// CPU history (0x86): the count, then per instruction its item size, the registers
/// (as register info lists them), the clock, and 4 instruction bytes (the opcode, its
/// two operand bytes, and $FF for the third byte other CPUs have).
pub fn cpu_history(items: &[Executed]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 + items.len() * (usize::from(HISTORY_ITEM) + 1));
    out.extend_from_slice(&(items.len() as u32).to_le_bytes());
    for it in items {
        out.push(HISTORY_ITEM);
        out.extend_from_slice(&register_info(&it.regs));
        out.extend_from_slice(&it.clock.to_le_bytes());
        out.push(4);
        out.extend(it.bytes);
        out.push(0xFF);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkpoint::{Checkpoints, Op};

    #[test]
    fn checkpoint_info_matches_the_specifications_example() {
        let mut t = Checkpoints::new();
        t.add(0, 0, true, true, Op::EXEC, false, 0);
        let n = t.add(0xFCE2, 0xFCE3, true, true, Op::EXEC, true, 0);
        let body = checkpoint_info(t.get(n).unwrap(), false);
        assert_eq!(
            body,
            [
                2, 0, 0, 0, 0, 0xE2, 0xFC, 0xE3, 0xFC, 1, 1, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            ]
        );
    }

    #[test]
    fn register_lists() {
        assert_eq!(
            register_info(&[(reg::PC, 0xE5CF), (reg::A, 0)]),
            [2, 0, 3, 3, 0xCF, 0xE5, 3, 0, 0, 0]
        );
        let avail = registers_available();
        assert_eq!(&avail[..8], &[10, 0, 5, 3, 16, 2, b'P', b'C']);
        assert_eq!(avail.len(), 2 + 10 * 4 + "PCAXYSP0001FLLINCYC".len());
    }

    #[test]
    fn banks_and_sizes() {
        let b = banks_available();
        assert_eq!(&b[..2], &[5, 0]);
        assert_eq!(
            &b[2..12],
            &[10, 0, 0, 7, b'd', b'e', b'f', b'a', b'u', b'l']
        );
        assert_eq!(mem_get(&vec![0; 0x10000])[..2], [0, 0]);
        assert_eq!(vice_info(), [4, 3, 7, 0, 0, 4, 0, 0, 0, 0]);
    }

    #[test]
    fn resources_and_history_items() {
        assert_eq!(resource_int(2), [1, 4, 2, 0, 0, 0]);
        assert_eq!(resource_string("ab"), Some(vec![0, 2, b'a', b'b']));
        assert_eq!(resource_string(&"x".repeat(256)), None);
        let it = Executed {
            regs: [
                (reg::PC, 0xC000),
                (reg::A, 1),
                (reg::X, 2),
                (reg::Y, 3),
                (reg::SP, 0xFA),
                (reg::FL, 0x20),
                (reg::LIN, 0x30),
                (reg::CYC, 7),
            ],
            clock: 0x1_0000_0002,
            bytes: [0xA9, 0x01, 0xEA],
        };
        let body = cpu_history(&[it]);
        assert_eq!(body.len(), 4 + 48);
        assert_eq!(&body[..4], &[1, 0, 0, 0]);
        // Item size 47, 8 registers, PC first.
        assert_eq!(&body[4..11], &[47, 8, 0, 3, 3, 0x00, 0xC0]);
        assert_eq!(
            &body[39..52],
            &[2, 0, 0, 0, 1, 0, 0, 0, 4, 0xA9, 0x01, 0xEA, 0xFF]
        );
    }

    #[test]
    fn display_fields() {
        let g = Geometry {
            width: 4,
            height: 2,
            inner_x: 1,
            inner_y: 0,
            inner_width: 2,
            inner_height: 1,
        };
        let d = display(g, &[1; 8]);
        assert_eq!(
            &d[..21],
            &[
                13, 0, 0, 0, 4, 0, 2, 0, 1, 0, 0, 0, 2, 0, 1, 0, 8, 8, 0, 0, 0
            ]
        );
        assert_eq!(d.len(), 29);
    }
}
