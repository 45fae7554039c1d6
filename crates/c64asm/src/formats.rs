//! 64tass's output file formats: the exact bytes 64tass 1.58 writes for a
//! program with `--cbm-prg`, `--nostart`, `--flat`, `--nonlinear`,
//! `--apple-ii`, `--atari-xex`, `--intel-hex`, `--mos-hex` and `--s-record`.
//!
//! Every format starts from the program's blocks (compile offset, bytes) in
//! the order the source wrote them. The binary image formats flatten them
//! first (later blocks win where they overlap); the Atari and hex formats
//! keep them as written, overlaps included - unless an image format was
//! written before them in the same run: 64tass flattens its blocks in place
//! for that one, and the later outputs find them flattened
//! ([`Program::output_run`]).

use std::collections::BTreeMap;

use crate::program::Program;

/// An output file format of 64tass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// `--cbm-prg` (default): the load address (2 bytes, 3 with long
    /// addresses), then the memory from the first to the last byte written,
    /// gaps zero-filled. Commodore `.prg` files.
    #[default]
    Cbm,
    /// `--nostart` (`-b`): the CBM image without its load address (ROMs).
    Raw,
    /// `--flat` (`-f`): the memory from address 0 to the last byte written,
    /// gaps zero-filled (multi-bank ROM images).
    Flat,
    /// `--nonlinear` (`-n`): each run of consecutive bytes as length,
    /// address (2 bytes each, 3 with long addresses) and data, in address
    /// order; a zero length ends the file.
    Nonlinear,
    /// `--apple-ii`: DOS 3.3 binary: address and length (2 bytes each),
    /// then the image from the first to the last byte written.
    AppleII,
    /// `--atari-xex`: Atari DOS segments (`$FFFF`, first and last address,
    /// data) in the order written, overlaps kept.
    AtariXex,
    /// `--intel-hex`: Intel HEX records of up to 32 bytes in the order
    /// written; extended linear address records above `$FFFF`.
    IntelHex,
    /// `--mos-hex`: MOS Technology paper tape records of up to 24 bytes,
    /// CR LF line ends, and a record count at the end.
    MosHex,
    /// `--s-record`: Motorola S-records of up to 32 bytes: S19, S28 or
    /// S37 by the highest address, with a header and a record count.
    SRecord,
}

impl OutputFormat {
    /// Every format, in the order of 64tass's `--help`.
    pub const ALL: [OutputFormat; 9] = [
        OutputFormat::Cbm,
        OutputFormat::Raw,
        OutputFormat::Flat,
        OutputFormat::Nonlinear,
        OutputFormat::AppleII,
        OutputFormat::AtariXex,
        OutputFormat::IntelHex,
        OutputFormat::MosHex,
        OutputFormat::SRecord,
    ];

    /// Whether 64tass flattens the program's blocks for this format (and
    /// leaves them flattened for the outputs written after it): all but the
    /// Atari and hex formats, which take the blocks as written.
    pub fn flattens(self) -> bool {
        !matches!(
            self,
            OutputFormat::AtariXex
                | OutputFormat::IntelHex
                | OutputFormat::MosHex
                | OutputFormat::SRecord
        )
    }

    /// The 64tass switch that selects the format.
    pub fn switch(self) -> &'static str {
        match self {
            OutputFormat::Cbm => "--cbm-prg",
            OutputFormat::Raw => "--nostart",
            OutputFormat::Flat => "--flat",
            OutputFormat::Nonlinear => "--nonlinear",
            OutputFormat::AppleII => "--apple-ii",
            OutputFormat::AtariXex => "--atari-xex",
            OutputFormat::IntelHex => "--intel-hex",
            OutputFormat::MosHex => "--mos-hex",
            OutputFormat::SRecord => "--s-record",
        }
    }

    /// The compile offsets 64tass has for this format (it wraps around at
    /// this size): 64 KiB, 16 MiB for CBM, raw and nonlinear output with
    /// long addresses, 4 GiB for flat, Intel HEX and S-record output.
    pub fn image_size(self, long_address: bool) -> u64 {
        match self {
            OutputFormat::Cbm | OutputFormat::Raw | OutputFormat::Nonlinear if long_address => {
                1 << 24
            }
            OutputFormat::Cbm | OutputFormat::Raw | OutputFormat::Nonlinear => 1 << 16,
            OutputFormat::AppleII | OutputFormat::AtariXex | OutputFormat::MosHex => 1 << 16,
            OutputFormat::Flat | OutputFormat::IntelHex | OutputFormat::SRecord => 1 << 32,
        }
    }
}

/// A block of bytes at a compile offset.
type Piece<'a> = (u64, &'a [u8]);

impl Program {
    /// The output file in one of 64tass's formats, byte for byte as 64tass
    /// writes it (hex formats with `\n` line ends as on Unix, MOS records
    /// with CR LF). An empty program gives what 64tass writes for it (an
    /// empty file for the image formats, just the end records otherwise).
    ///
    /// The program was assembled in the compile offset space of CBM output
    /// (64 KiB, 16 MiB with long addresses). For the formats with a smaller
    /// one (Apple II, Atari, MOS with long addresses) offsets wrap at 64 KiB
    /// as 64tass wraps them. The formats with 4 GiB (flat, Intel HEX,
    /// S-record) fail where 64tass would have placed bytes differently:
    /// after the offset wrapped, or after `* =` while offset and program
    /// counter differed (64tass then takes the value itself as the offset).
    ///
    /// ```
    /// use c64asm::OutputFormat;
    /// let program = c64asm::assemble_str("a.asm", "* = $0c00\n rts\n", &Default::default()).unwrap();
    /// assert_eq!(program.output(OutputFormat::Cbm).unwrap(), [0x00, 0x0c, 0x60]);
    /// assert_eq!(program.output(OutputFormat::IntelHex).unwrap(), b":010C00006093\n:00000001FF\n");
    /// ```
    pub fn output(&self, format: OutputFormat) -> Result<Vec<u8>, String> {
        self.format(format, &self.blocks)
    }

    /// The output file as 64tass writes it after an output of a format that
    /// [flattens](OutputFormat::flattens) the blocks in the same run (`-o
    /// a.prg --intel-hex -o a.hex`): the Atari and hex formats then see the
    /// blocks flattened too, one record per run of bytes, in address order,
    /// overwritten bytes gone. The image formats are as [`Program::output`].
    ///
    /// ```
    /// use c64asm::OutputFormat;
    /// let src = "* = $1000\n .byte 9\n .union\n .byte 1\n .byte 2\n .endu\n";
    /// let program = c64asm::assemble_str("a.asm", src, &Default::default()).unwrap();
    /// let hex = |b: Vec<u8>| String::from_utf8(b).unwrap();
    /// assert_eq!(hex(program.output(OutputFormat::IntelHex).unwrap()), ":021000000901E4\n:0110010002EC\n:00000001FF\n");
    /// assert_eq!(hex(program.output_after_image(OutputFormat::IntelHex).unwrap()), ":021000000902E3\n:00000001FF\n");
    /// ```
    pub fn output_after_image(&self, format: OutputFormat) -> Result<Vec<u8>, String> {
        let mut run = self.output_run();
        run.output(OutputFormat::Cbm, None)?;
        run.output(format, None)
    }

    /// The output of one section and its children only, as 64tass's
    /// `--output-section` writes it: `path` is the section's dotted path from
    /// the root (`main.inner`). A path that names no section placed with
    /// `.dsection` is an error, with 64tass's message.
    ///
    /// ```
    /// use c64asm::OutputFormat;
    /// let src = "* = $c000\n .dsection code\n .section code\n rts\n .send\n nop\n";
    /// let program = c64asm::assemble_str("a.asm", src, &Default::default()).unwrap();
    /// assert_eq!(program.section_output(OutputFormat::Cbm, "code").unwrap(), [0x00, 0xc0, 0x60]);
    /// assert!(program.section_output(OutputFormat::Cbm, "data").is_err());
    /// ```
    pub fn section_output(&self, format: OutputFormat, path: &str) -> Result<Vec<u8>, String> {
        self.format(format, self.blocks_of(Some(path))?)
    }

    /// The output of `blocks` in `format`.
    pub(crate) fn format(
        &self,
        format: OutputFormat,
        blocks: &[(u32, Vec<u8>)],
    ) -> Result<Vec<u8>, String> {
        self.format_long(format, blocks, self.long_address)
    }

    /// As [`format`](Self::format) for an output of its own `-X` (`long`):
    /// 64tass takes the switches in force at each `-o` for that output, so a
    /// CBM or nonlinear file named before a `-X` keeps 2-byte addresses.
    pub(crate) fn format_long(
        &self,
        format: OutputFormat,
        blocks: &[(u32, Vec<u8>)],
        long: bool,
    ) -> Result<Vec<u8>, String> {
        let pieces = self.pieces(format, blocks, long)?;
        Ok(match format {
            OutputFormat::Cbm | OutputFormat::Raw | OutputFormat::Flat | OutputFormat::AppleII => {
                let (start, image) = image(&flatten(&pieces));
                let mut out = match format {
                    _ if image.is_empty() => Vec::new(),
                    OutputFormat::Cbm => {
                        (start as u32).to_le_bytes()[..if long { 3 } else { 2 }].to_vec()
                    }
                    OutputFormat::Flat => vec![0; start as usize],
                    OutputFormat::AppleII => [
                        (start as u16).to_le_bytes(),
                        (image.len() as u16).to_le_bytes(),
                    ]
                    .concat(),
                    _ => Vec::new(),
                };
                out.extend_from_slice(&image);
                out
            }
            OutputFormat::Nonlinear => nonlinear(&flatten(&pieces), long),
            OutputFormat::AtariXex => atari_xex(&pieces),
            OutputFormat::IntelHex => intel_hex(&pieces),
            OutputFormat::MosHex => mos_hex(&pieces),
            OutputFormat::SRecord => s_record(&pieces),
        })
    }

    /// The written blocks in the format's compile offset space, in writing
    /// order, empty ones left out.
    fn pieces<'a>(
        &self,
        format: OutputFormat,
        blocks: &'a [(u32, Vec<u8>)],
        long: bool,
    ) -> Result<Vec<Piece<'a>>, String> {
        let assembled: u64 = match (self.flat_image, self.long_image) {
            (true, _) => 1 << 32,
            (false, true) => 1 << 24,
            (false, false) => 1 << 16,
        };
        let mut size = format.image_size(long);
        if size == 1 << 24 && !self.long_image {
            // `-X` beside a 64 KiB format: a CBM file's image is 64 KiB too.
            size = 1 << 16;
        }
        // On a command line with a narrower output 64tass assembled in this
        // image too, and writes the hex records from it.
        if size > assembled && self.differs_in_4gib && !self.image_of_outputs {
            return Err(format!(
                "{}: 64tass assembles this format in a 4 GiB address space, where this program's \
                 bytes would go elsewhere (its compile offset wrapped around at ${assembled:X}, or \
                 `* =` moved it while it differed from the program counter)",
                format.switch()
            ));
        }
        // Assembled in a narrower image beside it (`-X --intel-hex -o a.hex
        // --mos-hex -o a.mos`), a block longer than that image (a 300 KiB
        // `.binary`) wraps at its end every time, in every output.
        let size = size.min(assembled);
        let mut pieces = Vec::with_capacity(blocks.len());
        for (addr, bytes) in blocks {
            // Where 64tass wraps earlier, split at each wrap as it does.
            let (mut addr, mut bytes) = (u64::from(*addr), bytes.as_slice());
            while !bytes.is_empty() {
                let at = addr % size;
                let n = bytes.len().min((size - at) as usize);
                pieces.push((at, &bytes[..n]));
                bytes = &bytes[n..];
                addr += n as u64;
            }
        }
        Ok(pieces)
    }
}

/// Blocks merged as 64tass merges them for an image output: see [`flatten`].
pub(crate) fn flatten_blocks(blocks: &[(u32, Vec<u8>)]) -> Vec<(u32, Vec<u8>)> {
    let pieces: Vec<Piece<'_>> = blocks
        .iter()
        .map(|(addr, bytes)| (u64::from(*addr), bytes.as_slice()))
        .collect();
    flatten(&pieces)
        .into_iter()
        .map(|(addr, run)| (addr as u32, run))
        .collect()
}

/// Overlapping blocks flattened (a later block wins every byte it covers)
/// into runs of consecutive bytes, in address order.
fn flatten(pieces: &[Piece<'_>]) -> Vec<(u64, Vec<u8>)> {
    // Walking from the last block back, each block keeps only the bytes no
    // later block has claimed. `claimed` maps start to end, disjoint.
    let mut claimed: BTreeMap<u64, u64> = BTreeMap::new();
    let mut visible: Vec<Piece<'_>> = Vec::new();
    for &(addr, bytes) in pieces.iter().rev() {
        let end = addr + bytes.len() as u64;
        let first = match claimed.range(..=addr).next_back() {
            Some((&s, &e)) if e >= addr => s,
            _ => addr,
        };
        let touching: Vec<(u64, u64)> = claimed.range(first..=end).map(|(&s, &e)| (s, e)).collect();
        let (mut lo, mut hi, mut at) = (addr, end, addr);
        for (s, e) in touching {
            if s > at {
                visible.push((
                    at,
                    &bytes[(at - addr) as usize..(s.min(end) - addr) as usize],
                ));
            }
            at = at.max(e);
            lo = lo.min(s);
            hi = hi.max(e);
            claimed.remove(&s);
        }
        if at < end {
            visible.push((at, &bytes[(at - addr) as usize..]));
        }
        claimed.insert(lo, hi);
    }
    visible.sort_unstable_by_key(|p| p.0);
    let mut runs: Vec<(u64, Vec<u8>)> = Vec::new();
    for (addr, bytes) in visible {
        match runs.last_mut() {
            Some((start, run)) if *start + run.len() as u64 == addr => run.extend_from_slice(bytes),
            _ => runs.push((addr, bytes.to_vec())),
        }
    }
    runs
}

/// The runs as one image from the first to the last byte, gaps zero-filled.
fn image(runs: &[(u64, Vec<u8>)]) -> (u64, Vec<u8>) {
    let (Some(first), Some(last)) = (runs.first(), runs.last()) else {
        return (0, Vec::new());
    };
    let start = first.0;
    let mut out = vec![0; (last.0 + last.1.len() as u64 - start) as usize];
    for (addr, run) in runs {
        let at = (addr - start) as usize;
        out[at..at + run.len()].copy_from_slice(run);
    }
    (start, out)
}

/// `--nonlinear`: length, address, data per run; a zero length at the end.
/// Lengths and addresses are cut to 2 (or 3) bytes, as 64tass cuts them.
fn nonlinear(runs: &[(u64, Vec<u8>)], long: bool) -> Vec<u8> {
    let n = if long { 3 } else { 2 };
    let mut out = Vec::new();
    for (addr, run) in runs {
        out.extend_from_slice(&(run.len() as u32).to_le_bytes()[..n]);
        out.extend_from_slice(&(*addr as u32).to_le_bytes()[..n]);
        out.extend_from_slice(run);
    }
    out.extend_from_slice(&[0; 3][..n]);
    out
}

/// Blocks in writing order, each joined with the blocks right after it
/// that continue it (a block does not continue one that ends at the wrap).
fn segments<'a>(pieces: &[Piece<'a>]) -> Vec<(u64, Vec<&'a [u8]>)> {
    let mut out: Vec<(u64, u64, Vec<&[u8]>)> = Vec::new();
    for &(addr, bytes) in pieces {
        match out.last_mut() {
            Some((_, end, parts)) if *end == addr => {
                parts.push(bytes);
                *end += bytes.len() as u64;
            }
            _ => out.push((addr, addr + bytes.len() as u64, vec![bytes])),
        }
    }
    out.into_iter()
        .map(|(addr, _, parts)| (addr, parts))
        .collect()
}

/// `--atari-xex`: `$FFFF` before the first segment (and before any that
/// starts at `$FFFF`, which a loader would take for the marker), then the
/// first and last address and the data of each segment.
fn atari_xex(pieces: &[Piece<'_>]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, (start, parts)) in segments(pieces).into_iter().enumerate() {
        let len: u64 = parts.iter().map(|p| p.len() as u64).sum();
        if i == 0 || start == 0xffff {
            out.extend_from_slice(&[0xff, 0xff]);
        }
        out.extend_from_slice(&(start as u16).to_le_bytes());
        out.extend_from_slice(&((start + len - 1) as u16).to_le_bytes());
        for p in parts {
            out.extend_from_slice(p);
        }
    }
    out
}

/// Data records of the hex formats: consecutive bytes in writing order,
/// cut every `max` bytes from the start of each run of consecutive blocks,
/// and (`split_64k`) where a record would cross a 64 KiB boundary.
fn records(pieces: &[Piece<'_>], max: usize, split_64k: bool) -> Vec<(u64, Vec<u8>)> {
    let mut out = Vec::new();
    let mut push = |addr: u64, data: Vec<u8>| {
        let room = (0x10000 - (addr & 0xffff)) as usize;
        if split_64k && data.len() > room {
            out.push((addr, data[..room].to_vec()));
            out.push((addr + room as u64, data[room..].to_vec()));
        } else {
            out.push((addr, data));
        }
    };
    for (start, parts) in segments(pieces) {
        let mut addr = start;
        let mut record: Vec<u8> = Vec::with_capacity(max);
        for byte in parts.into_iter().flatten() {
            record.push(*byte);
            if record.len() == max {
                let n = record.len() as u64;
                push(
                    addr,
                    std::mem::replace(&mut record, Vec::with_capacity(max)),
                );
                addr += n;
            }
        }
        if !record.is_empty() {
            push(addr, record);
        }
    }
    out
}

/// One line of a hex format: hex digit pairs and the sum of their values.
/// As in 64tass, a value wider than a byte prints its low byte but adds
/// its whole value to the sum.
struct HexLine {
    text: String,
    sum: u32,
}

impl HexLine {
    fn new(mark: &str) -> HexLine {
        HexLine {
            text: mark.to_string(),
            sum: 0,
        }
    }

    fn byte(&mut self, b: u32) -> &mut HexLine {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        self.sum = self.sum.wrapping_add(b);
        self.text.push(HEX[(b >> 4 & 0xf) as usize] as char);
        self.text.push(HEX[(b & 0xf) as usize] as char);
        self
    }

    fn bytes(&mut self, data: &[u8]) -> &mut HexLine {
        for &b in data {
            self.byte(u32::from(b));
        }
        self
    }
}

/// `--intel-hex`: data records (type 00) with 16-bit addresses; when any
/// byte is above `$FFFF`, an extended linear address record (type 04)
/// starts the file and comes again wherever the upper 16 bits change.
/// An end-of-file record (type 01) closes it.
fn intel_hex(pieces: &[Piece<'_>]) -> Vec<u8> {
    let mut out = String::new();
    let mut line = |len: usize, addr: u64, kind: u32, data: &[u8]| {
        let mut l = HexLine::new(":");
        l.byte(len as u32)
            .byte((addr >> 8) as u32)
            .byte(addr as u32 & 0xff)
            .byte(kind)
            .bytes(data);
        let check = l.sum.wrapping_neg();
        l.byte(check);
        out.push_str(&l.text);
        out.push('\n');
    };
    let high = pieces
        .iter()
        .any(|&(addr, bytes)| addr + bytes.len() as u64 > 0x10000);
    let mut upper = if high { None } else { Some(0) };
    for (addr, data) in records(pieces, 32, true) {
        if upper != Some(addr >> 16) {
            line(2, 0, 4, &[(addr >> 24) as u8, (addr >> 16) as u8]);
            upper = Some(addr >> 16);
        }
        line(data.len(), addr, 0, &data);
    }
    line(0, 0, 1, &[]);
    out.into_bytes()
}

/// `--mos-hex`: `;`, length, address, data and a 16-bit sum per record, CR
/// LF after each; a last record with no data counts the data records.
fn mos_hex(pieces: &[Piece<'_>]) -> Vec<u8> {
    let mut out = String::new();
    let mut line = |addr: u64, data: &[u8]| {
        let mut l = HexLine::new(";");
        l.byte(data.len() as u32)
            .byte((addr >> 8) as u32)
            .byte(addr as u32 & 0xff)
            .bytes(data);
        let sum = l.sum;
        l.byte(sum >> 8).byte(sum);
        out.push_str(&l.text);
        out.push_str("\r\n");
    };
    let records = records(pieces, 24, true);
    for (addr, data) in &records {
        line(*addr, data);
    }
    line(records.len() as u64, &[]);
    out.into_bytes()
}

/// `--s-record`: an `S0` header (`HDR`), data records (`S1` with 16-bit
/// addresses, `S2` with 24-bit ones when a byte is above `$FFFF`, `S3`
/// above `$FFFFFF`), a count of the data records (`S5`, `S6` beyond
/// 65535, none beyond 16 Mi) and an end record (`S9`/`S8`/`S7`) with the
/// address of the first block written.
fn s_record(pieces: &[Piece<'_>]) -> Vec<u8> {
    let mut out = String::new();
    let mut line = |kind: u8, addr_bytes: u32, addr: u64, data: &[u8]| {
        let mut l = HexLine::new("S");
        l.text.push(kind as char);
        l.byte(data.len() as u32 + addr_bytes + 1);
        for shift in (0..addr_bytes).rev() {
            l.byte((addr >> (8 * shift)) as u32 & 0xff);
        }
        l.bytes(data);
        let check = !l.sum;
        l.byte(check);
        out.push_str(&l.text);
        out.push('\n');
    };
    line(b'0', 2, 0, b"HDR");
    let end = pieces
        .iter()
        .map(|&(addr, bytes)| addr + bytes.len() as u64 - 1)
        .max()
        .unwrap_or(0);
    let wide = match end {
        0..=0xffff => 0,
        0x10000..=0xff_ffff => 1,
        _ => 2,
    };
    let records = records(pieces, 32, false);
    for (addr, data) in &records {
        line(b'1' + wide, 2 + u32::from(wide), *addr, data);
    }
    match records.len() as u64 {
        n @ 0..=0xffff => line(b'5', 2, n, &[]),
        n @ 0x10000..=0xff_ffff => line(b'6', 3, n, &[]),
        _ => {}
    }
    let start = pieces.first().map_or(0, |p| p.0);
    line(b'9' - wide, 2 + u32::from(wide), start, &[]);
    out.into_bytes()
}
