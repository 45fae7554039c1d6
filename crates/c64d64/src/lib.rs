//! 1541 disk images (`.d64`): write one holding programs, and read files back (for
//! the emulator's drive, for tests and for tools that want to check an image).
//!
//! Four sizes are in use and all are read: 35 tracks (174,848 bytes) or 40 tracks
//! (196,608), each optionally followed by an error table of one byte per sector
//! (175,531 and 197,376 bytes), which copies of copy-protected disks carry: a sector
//! whose byte names a DOS error (2 = 20 READ ERROR ... 11 = 29 DISK ID MISMATCH) reads
//! as that error. New files go on tracks 1-35, as DOS 2.6 writes them.
//!
//! Layout, as CBM DOS 2.6 writes it: 683 sectors of 256 bytes; track 18 holds the BAM
//! (sector 0) and the directory (from sector 1). Files are chains of sectors whose first
//! two bytes link to the next sector; the last sector's link is `0, last used index`.
//! Files are allocated the way DOS does it: from track 17 downwards, then from 19
//! upwards, stepping sectors by the DOS interleave of 10.
//!
//! Why our own: the one general CBM disk crate on crates.io (`cbm` 0.1.0) has had a
//! single release years ago; writing a PRG onto a D64 is 200 lines we can test fully.

use std::fmt;

/// Tracks of a standard image (the ones DOS 2.6 allocates).
pub const TRACKS: u8 = 35;
/// Tracks of an extended image.
pub const TRACKS_EXTENDED: u8 = 40;
/// Size in bytes of a standard 35-track image without an error table.
pub const IMAGE_SIZE: usize = 174_848;
/// The sizes of the images [`Disk::from_bytes`] reads: 35 tracks, 35 with an error
/// table, 40 tracks, 40 with an error table.
pub const IMAGE_SIZES: [usize; 4] = [174_848, 175_531, 196_608, 197_376];
const DIR_TRACK: u8 = 18;
const INTERLEAVE: u8 = 10;
const DIR_INTERLEAVE: u8 = 3;
const PAD: u8 = 0xA0;
/// Directory type byte of a closed PRG file.
pub const TYPE_PRG: u8 = 0x82;
/// Directory type byte of a closed SEQ file.
pub const TYPE_SEQ: u8 = 0x81;
/// Directory type byte of a closed USR file.
pub const TYPE_USR: u8 = 0x83;

/// Sectors on `track` (1-based).
pub fn sectors_per_track(track: u8) -> u8 {
    match track {
        1..=17 => 21,
        18..=24 => 19,
        25..=30 => 18,
        _ => 17,
    }
}

fn sector_offset(track: u8, sector: u8) -> usize {
    sector_index(track, sector) * 256
}

/// The sector's number counted from track 1 sector 0 (its place in the error table).
fn sector_index(track: u8, sector: u8) -> usize {
    let before: usize = (1..track).map(|t| sectors_per_track(t) as usize).sum();
    before + sector as usize
}

/// Sectors on a disk of `tracks` tracks.
fn sectors_on(tracks: u8) -> usize {
    (1..=tracks).map(|t| sectors_per_track(t) as usize).sum()
}

/// What can go wrong building or reading an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum D64Error {
    /// The files do not fit on the disk.
    DiskFull,
    /// More files than the directory track can list (144).
    DirectoryFull,
    /// A name a C64 could not LOAD by typing it: why, in [`NameProblem`].
    BadName {
        /// The name as given.
        name: String,
        /// What is wrong with it.
        problem: NameProblem,
    },
    /// A disk ID that is not one or two characters a name may hold.
    BadId(String),
    /// The image is none of the sizes in [`IMAGE_SIZES`].
    BadSize(usize),
    /// The image's error table marks the sector unreadable.
    ReadError {
        /// Track of the sector.
        track: u8,
        /// Sector of that track, from 0.
        sector: u8,
        /// The DOS error the drive reports (20-29, 74).
        dos_error: u8,
    },
    /// A sector link points outside the disk or loops.
    BrokenChain {
        /// Track (1–35) of the sector whose link is bad.
        track: u8,
        /// Sector of that track, from 0.
        sector: u8,
    },
    /// No file of that name.
    NotFound(String),
}

impl fmt::Display for D64Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            D64Error::DiskFull => write!(f, "the files do not fit on a 35-track disk (664 blocks)"),
            D64Error::DirectoryFull => write!(f, "the directory is full (144 entries)"),
            D64Error::BadName { name, problem } => write!(f, "D64 name {name:?}: {problem}"),
            D64Error::BadId(id) => write!(f, "disk ID {id:?}: use one or two letters or digits"),
            D64Error::BadSize(n) => write!(
                f,
                "a .d64 image is 174848 bytes (35 tracks), 175531 (35 tracks with an error \
                 table), 196608 (40 tracks) or 197376 (40 with an error table); this one is {n}"
            ),
            D64Error::ReadError {
                track,
                sector,
                dos_error,
            } => write!(
                f,
                "track {track} sector {sector} is marked unreadable in the image's error \
                 table (DOS error {dos_error})"
            ),
            D64Error::BrokenChain { track, sector } => {
                write!(f, "broken sector chain at track {track} sector {sector}")
            }
            D64Error::NotFound(n) => write!(f, "no file named {n:?} on the disk"),
        }
    }
}

impl std::error::Error for D64Error {}

/// Why a name can't go on a disk: each makes `LOAD"NAME",8` fail or find something else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameProblem {
    /// No characters at all.
    Empty,
    /// More characters than the 16 a directory entry holds.
    TooLong(usize),
    /// A character DOS gives a meaning inside a name (`"` `,` `:` `*` `?`).
    Reserved(char),
    /// A first character DOS reads as a command (`$` directory, `#` buffer, `@` replace).
    Command(char),
    /// A character a C64 cannot type as itself: not ASCII, a control code, or one of
    /// ``\ ^ _ ` { | } ~``, whose codes show other signs in PETSCII (£ ↑ ← and graphics).
    NotPetscii(char),
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameProblem::Empty => write!(f, "a name needs at least one character"),
            NameProblem::TooLong(n) => {
                write!(f, "{n} characters; a directory entry holds at most 16")
            }
            NameProblem::Reserved(c) => {
                let why = match c {
                    '"' => "ends the name in LOAD\"NAME\",8",
                    ',' => "starts the file type in 1541 DOS (\"NAME,P\")",
                    ':' => "ends the drive number in 1541 DOS (\"0:NAME\")",
                    _ => "is a 1541 DOS wildcard, so LOAD could find another file",
                };
                write!(f, "{c:?} {why}")
            }
            NameProblem::Command(c) => write!(
                f,
                "it starts with {c:?}, which 1541 DOS reads as a command \
                 ('$' directory, '#' buffer, '@' replace), so LOAD could not find the file"
            ),
            NameProblem::NotPetscii(c) => write!(
                f,
                "{c:?} has no key on a C64; use letters, digits, space and ! # $ % & ' ( ) \
                 + - . / ; < = > @ [ ]"
            ),
        }
    }
}

/// Checks a disk or file name: 1-16 characters a C64 owner can type in
/// `LOAD"NAME",8` and get this file (see [`NameProblem`]). Lower-case letters are
/// accepted and stored as the C64's (upper-case) letters.
pub fn check_name(name: &str) -> Result<(), D64Error> {
    let bad = |problem| {
        Err(D64Error::BadName {
            name: name.to_string(),
            problem,
        })
    };
    if name.is_empty() {
        return bad(NameProblem::Empty);
    }
    for c in name.chars() {
        match c {
            '"' | ',' | ':' | '*' | '?' => return bad(NameProblem::Reserved(c)),
            ' '..='[' | ']' | 'a'..='z' => {}
            _ => return bad(NameProblem::NotPetscii(c)),
        }
    }
    let len = name.chars().count();
    if len > 16 {
        return bad(NameProblem::TooLong(len));
    }
    match name.chars().next() {
        Some(c @ ('$' | '#' | '@')) => bad(NameProblem::Command(c)),
        _ => Ok(()),
    }
}

/// The nearest name [`check_name`] accepts: upper case, at most 16 characters, each
/// character it refuses replaced by `-` (and a leading command character dropped).
pub fn suggest_name(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| match c {
            '"' | ',' | ':' | '*' | '?' => '-',
            ' '..='[' | ']' | 'a'..='z' => c.to_ascii_uppercase(),
            _ => '-',
        })
        .collect();
    while out.starts_with(['$', '#', '@']) {
        out.remove(0);
    }
    let out: String = out.chars().take(16).collect();
    if out.is_empty() {
        "PROGRAM".into()
    } else {
        out
    }
}

/// ASCII → PETSCII for names: letters become the unshifted (upper case) letters.
fn petscii_name(name: &str) -> Result<Vec<u8>, D64Error> {
    check_name(name)?;
    Ok(name.bytes().map(|b| b.to_ascii_uppercase()).collect())
}

fn padded(name: &[u8], len: usize) -> Vec<u8> {
    let mut v = name.to_vec();
    v.resize(len, PAD);
    v
}

/// A disk image being built or read.
pub struct Disk {
    /// The whole image: the sectors, then the error table if it has one.
    bytes: Vec<u8>,
    /// 35 or 40.
    tracks: u8,
    /// Whether an error table follows the sectors.
    has_errors: bool,
}

/// One directory entry read back from an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The name as stored, without the $A0 padding (PETSCII bytes).
    pub name: Vec<u8>,
    /// Type byte ($82 = PRG).
    pub file_type: u8,
    /// Track (1–35) of the file's first sector.
    pub track: u8,
    /// Sector (from 0) of the file's first sector.
    pub sector: u8,
    /// Size in blocks as the directory says.
    pub blocks: u16,
}

impl Disk {
    /// A freshly formatted disk: empty directory, BAM with track 18's two sectors in use.
    pub fn new(disk_name: &str, id: &str) -> Result<Disk, D64Error> {
        let name = petscii_name(disk_name)?;
        if id.len() > 2 || check_name(id).is_err() {
            return Err(D64Error::BadId(id.to_string()));
        }
        let id = petscii_name(id)?;
        let mut disk = Disk {
            bytes: vec![0; IMAGE_SIZE],
            tracks: TRACKS,
            has_errors: false,
        };
        let bam = sector_offset(DIR_TRACK, 0);
        let b = &mut disk.bytes[bam..bam + 256];
        b[0] = DIR_TRACK;
        b[1] = 1;
        b[2] = b'A';
        for t in 1..=TRACKS {
            let n = sectors_per_track(t);
            let bits: u32 = (1u32 << n) - 1;
            let e = 4 * t as usize;
            b[e] = n;
            b[e + 1..e + 4].copy_from_slice(&bits.to_le_bytes()[..3]);
        }
        b[0x90..0xA0].copy_from_slice(&padded(&name, 16));
        b[0xA0] = PAD;
        b[0xA1] = PAD;
        b[0xA2..0xA4].copy_from_slice(&padded(&id, 2)[..2]);
        b[0xA4] = PAD;
        b[0xA5] = b'2';
        b[0xA6] = b'A';
        b[0xA7..0xAB].fill(PAD);
        disk.allocate(DIR_TRACK, 0);
        disk.allocate(DIR_TRACK, 1);
        let dir = sector_offset(DIR_TRACK, 1);
        disk.bytes[dir + 1] = 0xFF;
        Ok(disk)
    }

    /// Reads an existing image of any of the [`IMAGE_SIZES`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Disk, D64Error> {
        let (tracks, has_errors) = [TRACKS, TRACKS_EXTENDED]
            .into_iter()
            .flat_map(|t| [(t, false), (t, true)])
            .find(|&(t, e)| {
                let n = sectors_on(t);
                bytes.len() == n * 256 + if e { n } else { 0 }
            })
            .ok_or(D64Error::BadSize(bytes.len()))?;
        Ok(Disk {
            bytes: bytes.to_vec(),
            tracks,
            has_errors,
        })
    }

    /// Tracks on the disk: 35, or 40 for an extended image.
    pub fn tracks(&self) -> u8 {
        self.tracks
    }

    /// The DOS error reading the sector gives, from the image's error table (None: it
    /// reads fine, or the image has no table). Codes 2-11 are DOS errors 20-29, 15 is
    /// 74 DRIVE NOT READY; other non-zero codes read as 20 READ ERROR.
    pub fn sector_error(&self, track: u8, sector: u8) -> Option<u8> {
        if !self.has_errors || self.check_ts(track, sector).is_err() {
            return None;
        }
        let table = sectors_on(self.tracks) * 256;
        match self.bytes[table + sector_index(track, sector)] {
            0 | 1 => None,
            code @ 2..=11 => Some(18 + code),
            15 => Some(74),
            _ => Some(20),
        }
    }

    /// One sector as the drive reads it: an error for a sector the disk doesn't have
    /// or one its error table marks unreadable.
    pub fn read_sector(&self, track: u8, sector: u8) -> Result<&[u8], D64Error> {
        let data = self.sector(track, sector)?;
        match self.sector_error(track, sector) {
            Some(dos_error) => Err(D64Error::ReadError {
                track,
                sector,
                dos_error,
            }),
            None => Ok(data),
        }
    }

    fn check_ts(&self, track: u8, sector: u8) -> Result<(), D64Error> {
        if !(1..=self.tracks).contains(&track) || sector >= sectors_per_track(track) {
            return Err(D64Error::BrokenChain { track, sector });
        }
        Ok(())
    }

    /// The image bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// One 256-byte sector; an error for a track or sector the disk doesn't have.
    pub fn sector(&self, track: u8, sector: u8) -> Result<&[u8], D64Error> {
        self.check_ts(track, sector)?;
        Ok(self.raw_sector(track, sector))
    }

    /// A sector known to exist (the caller checked, or chose it).
    fn raw_sector(&self, track: u8, sector: u8) -> &[u8] {
        let o = sector_offset(track, sector);
        &self.bytes[o..o + 256]
    }

    /// A sector to write; writing it makes it readable again (its error byte, if the
    /// image has a table, becomes 1, no error).
    fn sector_mut(&mut self, track: u8, sector: u8) -> &mut [u8] {
        if self.has_errors {
            let table = sectors_on(self.tracks) * 256;
            self.bytes[table + sector_index(track, sector)] = 1;
        }
        let o = sector_offset(track, sector);
        &mut self.bytes[o..o + 256]
    }

    fn bam_entry(&self, track: u8) -> usize {
        sector_offset(DIR_TRACK, 0) + 4 * track as usize
    }

    /// Whether the BAM marks the sector free (false for one the disk doesn't have).
    pub fn is_free(&self, track: u8, sector: u8) -> bool {
        if track > TRACKS || self.check_ts(track, sector).is_err() {
            return false;
        }
        let e = self.bam_entry(track);
        self.bytes[e + 1 + sector as usize / 8] & (1 << (sector % 8)) != 0
    }

    /// Free blocks outside the directory track, as LIST shows them.
    pub fn blocks_free(&self) -> u16 {
        (1..=TRACKS)
            .filter(|&t| t != DIR_TRACK)
            .map(|t| self.bytes[self.bam_entry(t)] as u16)
            .sum()
    }

    fn allocate(&mut self, track: u8, sector: u8) {
        let e = self.bam_entry(track);
        self.bytes[e + 1 + sector as usize / 8] &= !(1 << (sector % 8));
        // A damaged BAM may count fewer free sectors than its bitmap shows.
        self.bytes[e] = self.bytes[e].saturating_sub(1);
    }

    /// The next free sector for file data, DOS style: tracks 17→1, then 19→35,
    /// searching each track from `from + interleave`.
    fn next_free(&self, near: Option<(u8, u8)>) -> Option<(u8, u8)> {
        let order = (1..DIR_TRACK).rev().chain(DIR_TRACK + 1..=TRACKS);
        let (start_track, start_sector) = match near {
            Some((t, s)) => (t, s + INTERLEAVE),
            None => (DIR_TRACK - 1, 0),
        };
        let tracks: Vec<u8> = order.collect();
        let first = tracks.iter().position(|&t| t == start_track).unwrap_or(0);
        for (i, &t) in tracks[first..].iter().enumerate() {
            let n = sectors_per_track(t);
            let begin = if i == 0 { start_sector % n } else { 0 };
            if let Some(s) = (0..n)
                .map(|k| (begin + k) % n)
                .find(|&s| self.is_free(t, s))
            {
                return Some((t, s));
            }
        }
        None
    }

    /// Adds a PRG file (`data` starts with its 2-byte load address, as a .prg does).
    pub fn add_prg(&mut self, name: &str, data: &[u8]) -> Result<(), D64Error> {
        self.add_file(name, TYPE_PRG, data)
    }

    /// Adds a file of any type (`TYPE_PRG`, `TYPE_SEQ`, `TYPE_USR`) holding `data`.
    pub fn add_file(&mut self, name: &str, file_type: u8, data: &[u8]) -> Result<(), D64Error> {
        let name = petscii_name(name)?;
        let blocks = data.len().div_ceil(254).max(1);
        let free = self.blocks_free() as usize;
        if blocks > free {
            return Err(D64Error::DiskFull);
        }
        let slot = self.free_dir_slot()?;
        // Chain the data.
        let mut chain = Vec::with_capacity(blocks);
        let mut at = None;
        for _ in 0..blocks {
            let (t, s) = self.next_free(at).ok_or(D64Error::DiskFull)?;
            self.allocate(t, s);
            chain.push((t, s));
            at = Some((t, s));
        }
        for (i, &(t, s)) in chain.iter().enumerate() {
            let part = data
                .get(i * 254..((i + 1) * 254).min(data.len()))
                .unwrap_or(&[]);
            let next = chain.get(i + 1).copied();
            let sec = self.sector_mut(t, s);
            sec.fill(0);
            match next {
                Some((nt, ns)) => {
                    sec[0] = nt;
                    sec[1] = ns;
                }
                None => {
                    sec[0] = 0;
                    sec[1] = (part.len() + 1) as u8;
                }
            }
            sec[2..2 + part.len()].copy_from_slice(part);
        }
        let (dt, ds, idx) = slot;
        let entry = &mut self.sector_mut(dt, ds)[idx * 32..idx * 32 + 32];
        entry[2] = file_type;
        entry[3] = chain[0].0;
        entry[4] = chain[0].1;
        entry[5..21].copy_from_slice(&padded(&name, 16));
        entry[30..32].copy_from_slice(&(blocks as u16).to_le_bytes());
        Ok(())
    }

    /// A free directory slot (track, sector, index), growing the directory if needed.
    fn free_dir_slot(&mut self) -> Result<(u8, u8, usize), D64Error> {
        let (mut t, mut s) = (DIR_TRACK, 1);
        for _ in 0..sectors_per_track(DIR_TRACK) {
            let sec = self.sector(t, s)?;
            if let Some(i) = (0..8).find(|i| sec[i * 32 + 2] == 0) {
                return Ok((t, s, i));
            }
            if sec[0] == 0 {
                // Link a new directory sector, interleave 3 as DOS does.
                let n = sectors_per_track(DIR_TRACK);
                let ns = (1..n)
                    .map(|k| (s + DIR_INTERLEAVE * k) % n)
                    .find(|&c| c != 0 && self.is_free(DIR_TRACK, c))
                    .ok_or(D64Error::DirectoryFull)?;
                self.allocate(DIR_TRACK, ns);
                let cur = self.sector_mut(t, s);
                cur[0] = DIR_TRACK;
                cur[1] = ns;
                let new = self.sector_mut(DIR_TRACK, ns);
                new.fill(0);
                new[1] = 0xFF;
                return Ok((DIR_TRACK, ns, 0));
            }
            (t, s) = (sec[0], sec[1]);
        }
        // More directory sectors than the track has: the chain loops.
        Err(D64Error::BrokenChain {
            track: DIR_TRACK,
            sector: 1,
        })
    }

    /// Deletes the file named `name` (PETSCII, as the directory shows it) the way DOS's
    /// scratch does: its sectors become free in the BAM and its entry is marked deleted.
    /// Returns false if there is no such file.
    pub fn scratch(&mut self, name: &[u8]) -> Result<bool, D64Error> {
        let (mut t, mut s) = (DIR_TRACK, 1);
        for _ in 0..sectors_per_track(DIR_TRACK) {
            self.check_ts(t, s)?;
            for i in 0..8 {
                let e = &self.sector(t, s)?[i * 32..i * 32 + 32];
                if e[2] != 0 && strip(&e[5..21]) == name {
                    let chain = self.chain_sectors(e[3], e[4])?;
                    for (ct, cs) in chain {
                        self.free(ct, cs);
                    }
                    self.sector_mut(t, s)[i * 32 + 2] = 0;
                    return Ok(true);
                }
            }
            let sec = self.sector(t, s)?;
            if sec[0] == 0 {
                return Ok(false);
            }
            (t, s) = (sec[0], sec[1]);
        }
        Err(D64Error::BrokenChain {
            track: t,
            sector: s,
        })
    }

    /// The sectors of a file's chain, in order.
    fn chain_sectors(&self, track: u8, sector: u8) -> Result<Vec<(u8, u8)>, D64Error> {
        let mut out = Vec::new();
        let (mut t, mut s) = (track, sector);
        for _ in 0..sectors_on(self.tracks) {
            self.check_ts(t, s)?;
            out.push((t, s));
            let sec = self.sector(t, s)?;
            if sec[0] == 0 {
                return Ok(out);
            }
            (t, s) = (sec[0], sec[1]);
        }
        Err(D64Error::BrokenChain { track, sector })
    }

    fn free(&mut self, track: u8, sector: u8) {
        // DOS 2.6's BAM has no room for tracks 36-40: their sectors are never counted.
        if track > TRACKS || self.is_free(track, sector) {
            return;
        }
        let e = self.bam_entry(track);
        self.bytes[e + 1 + sector as usize / 8] |= 1 << (sector % 8);
        self.bytes[e] += 1;
    }

    /// The disk name (PETSCII, padding removed).
    pub fn name(&self) -> Vec<u8> {
        strip(&self.raw_sector(DIR_TRACK, 0)[0x90..0xA0])
    }

    /// The directory, in order.
    pub fn directory(&self) -> Result<Vec<DirEntry>, D64Error> {
        let mut out = Vec::new();
        let mut seen = 0;
        let (mut t, mut s) = (DIR_TRACK, 1);
        while t != 0 {
            seen += 1;
            if seen > sectors_on(self.tracks) {
                return Err(D64Error::BrokenChain {
                    track: t,
                    sector: s,
                });
            }
            let sec = self.read_sector(t, s)?;
            for e in sec.chunks(32) {
                if e[2] != 0 {
                    out.push(DirEntry {
                        name: strip(&e[5..21]),
                        file_type: e[2],
                        track: e[3],
                        sector: e[4],
                        blocks: u16::from_le_bytes([e[30], e[31]]),
                    });
                }
            }
            (t, s) = (sec[0], sec[1]);
        }
        Ok(out)
    }

    /// Follows a file's sector chain and returns its bytes (an error at a sector the
    /// image's error table marks unreadable).
    pub fn read_chain(&self, track: u8, sector: u8) -> Result<Vec<u8>, D64Error> {
        let mut out = Vec::new();
        let (mut t, mut s) = (track, sector);
        for _ in 0..sectors_on(self.tracks) {
            let sec = self.read_sector(t, s)?;
            if sec[0] == 0 {
                let last = (sec[1] as usize).clamp(1, 255);
                out.extend_from_slice(&sec[2..=last]);
                return Ok(out);
            }
            out.extend_from_slice(&sec[2..]);
            (t, s) = (sec[0], sec[1]);
        }
        Err(D64Error::BrokenChain { track, sector })
    }

    /// Reads a file by (ASCII) name.
    pub fn read_file(&self, name: &str) -> Result<Vec<u8>, D64Error> {
        let want = petscii_name(name)?;
        let e = self
            .directory()?
            .into_iter()
            .find(|e| e.name == want)
            .ok_or_else(|| D64Error::NotFound(name.to_string()))?;
        self.read_chain(e.track, e.sector)
    }
}

fn strip(field: &[u8]) -> Vec<u8> {
    let end = field.iter().rposition(|&b| b != PAD).map_or(0, |i| i + 1);
    field[..end].to_vec()
}

/// One call for the usual case: a disk named `name` holding one PRG named `name`.
pub fn image_with_prg(name: &str, prg: &[u8]) -> Result<Vec<u8>, D64Error> {
    let mut disk = Disk::new(name, "64")?;
    disk.add_prg(name, prg)?;
    Ok(disk.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_adds_up_to_683_sectors() {
        let total: usize = (1..=TRACKS).map(|t| sectors_per_track(t) as usize).sum();
        assert_eq!(total, 683);
        assert_eq!(total * 256, IMAGE_SIZE);
        assert_eq!(sector_offset(18, 0), 0x16500);
    }

    #[test]
    fn blank_disk_has_664_blocks_free_and_a_dos_2a_header() {
        let d = Disk::new("RYG", "64").unwrap();
        assert_eq!(d.blocks_free(), 664);
        let bam = d.sector(18, 0).unwrap();
        assert_eq!(&bam[0..4], &[18, 1, b'A', 0]);
        assert_eq!(&bam[0xA2..0xA7], b"64\xA02A");
        assert_eq!(d.name(), b"RYG");
        assert!(d.directory().unwrap().is_empty());
        assert!(!d.is_free(18, 0) && !d.is_free(18, 1) && d.is_free(18, 2));
    }

    #[test]
    fn a_file_round_trips_through_its_chain() {
        let prg: Vec<u8> = [0x01, 0x08]
            .into_iter()
            .chain((0..1000u32).map(|i| (i * 7) as u8))
            .collect();
        let mut d = Disk::new("TEST DISK", "AB").unwrap();
        d.add_prg("ryg", &prg).unwrap();
        let dir = d.directory().unwrap();
        assert_eq!(dir.len(), 1);
        assert_eq!(dir[0].name, b"RYG");
        assert_eq!(dir[0].file_type, TYPE_PRG);
        assert_eq!(dir[0].blocks, 4); // 1002 bytes / 254
        assert_eq!((dir[0].track, dir[0].sector), (17, 0));
        assert_eq!(d.read_file("RYG").unwrap(), prg);
        assert_eq!(d.blocks_free(), 660);
        // DOS interleave: 17/0 -> 17/10 -> 17/20 -> 17/9
        assert_eq!(&d.sector(17, 0).unwrap()[..2], &[17, 10]);
        assert_eq!(&d.sector(17, 10).unwrap()[..2], &[17, 20]);
        assert_eq!(&d.sector(17, 20).unwrap()[..2], &[17, 9]);
        assert_eq!(d.sector(17, 9).unwrap()[0], 0);
        assert_eq!(d.sector(17, 9).unwrap()[1] as usize, 1002 - 3 * 254 + 1);
    }

    #[test]
    fn a_file_that_fills_sectors_exactly_ends_with_index_255() {
        let prg = vec![0x55; 254 * 2];
        let img = image_with_prg("X", &prg).unwrap();
        let d = Disk::from_bytes(&img).unwrap();
        assert_eq!(d.read_file("x").unwrap(), prg);
        let e = &d.directory().unwrap()[0];
        assert_eq!(e.blocks, 2);
    }

    #[test]
    fn many_files_grow_the_directory_and_a_full_disk_is_refused() {
        let mut d = Disk::new("MANY", "01").unwrap();
        for i in 0..20 {
            d.add_prg(&format!("F{i}"), &[1, 8, i as u8]).unwrap();
        }
        let dir = d.directory().unwrap();
        assert_eq!(dir.len(), 20);
        assert_eq!(d.read_file("F19").unwrap(), vec![1, 8, 19]);
        assert_eq!(&d.sector(18, 1).unwrap()[..2], &[18, 4]);
        let big = vec![0; 254 * 700];
        assert_eq!(d.add_prg("BIG", &big), Err(D64Error::DiskFull));
    }

    #[test]
    fn scratch_frees_the_blocks_and_the_entry() {
        let mut d = Disk::new("S", "01").unwrap();
        d.add_file("DATA", TYPE_SEQ, &[7; 600]).unwrap();
        assert_eq!(d.blocks_free(), 661);
        assert_eq!(d.directory().unwrap()[0].file_type, TYPE_SEQ);
        assert_eq!(d.scratch(b"DATA"), Ok(true));
        assert_eq!(d.blocks_free(), 664);
        assert!(d.directory().unwrap().is_empty());
        assert_eq!(d.scratch(b"DATA"), Ok(false));
        d.add_prg("NEW", &[1, 8, 2]).unwrap();
        assert_eq!(d.read_file("NEW").unwrap(), vec![1, 8, 2]);
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert!(matches!(
            Disk::new("THIS NAME IS FAR TOO LONG", "01"),
            Err(D64Error::BadName {
                problem: NameProblem::TooLong(25),
                ..
            })
        ));
        assert_eq!(
            Disk::from_bytes(&[0; 10]).err(),
            Some(D64Error::BadSize(10))
        );
        let mut img = image_with_prg("A", &[1, 8, 0]).unwrap();
        let d = Disk::from_bytes(&img).unwrap();
        assert_eq!(d.read_file("B"), Err(D64Error::NotFound("B".into())));
        // Corrupt the file's link to point past the last track.
        let o = sector_offset(17, 0);
        img[o] = 40;
        let d = Disk::from_bytes(&img).unwrap();
        assert!(matches!(
            d.read_file("A"),
            Err(D64Error::BrokenChain { .. })
        ));
    }

    #[test]
    fn names_a_c64_cannot_load_are_refused_with_the_reason() {
        let problem = |name: &str| match check_name(name) {
            Err(D64Error::BadName { problem, .. }) => Some(problem),
            _ => None,
        };
        for c in ['"', ',', ':', '*', '?'] {
            assert_eq!(problem(&format!("A{c}B")), Some(NameProblem::Reserved(c)));
        }
        assert_eq!(problem(""), Some(NameProblem::Empty));
        assert_eq!(problem("$DIR"), Some(NameProblem::Command('$')));
        assert_eq!(problem("@0"), Some(NameProblem::Command('@')));
        assert_eq!(problem("RATÓN"), Some(NameProblem::NotPetscii('Ó')));
        assert_eq!(problem("MY_GAME"), Some(NameProblem::NotPetscii('_')));
        assert_eq!(problem("A\\B"), Some(NameProblem::NotPetscii('\\')));
        assert_eq!(problem("TAB\tX"), Some(NameProblem::NotPetscii('\t')));
        assert_eq!(problem("A\u{7}"), Some(NameProblem::NotPetscii('\u{7}')));
        assert_eq!(problem("SEVENTEEN CHARS!!"), Some(NameProblem::TooLong(17)));
        for ok in [
            "RYG",
            "my game 2",
            "A$B",
            "[X]-1.0 (C)64!",
            "SIXTEEN CHARS...",
        ] {
            assert_eq!(check_name(ok), Ok(()), "{ok}");
        }
        // The same rules hold wherever a name enters: the disk, a file, a lookup.
        assert!(Disk::new("A,B", "64").is_err());
        assert!(
            Disk::new("A", "64")
                .unwrap()
                .add_prg("X*", &[1, 8])
                .is_err()
        );
        assert!(image_with_prg("", &[1, 8]).is_err());
        assert_eq!(
            Disk::new("A", "6,").err(),
            Some(D64Error::BadId("6,".into()))
        );
        let msg = check_name("MY,GAME").unwrap_err().to_string();
        assert_eq!(
            msg,
            "D64 name \"MY,GAME\": ',' starts the file type in 1541 DOS (\"NAME,P\")"
        );
    }

    #[test]
    fn a_suggested_name_is_always_accepted() {
        assert_eq!(suggest_name("my_game"), "MY-GAME");
        assert_eq!(
            suggest_name("ratón y gatos: la venganza"),
            "RAT-N Y GATOS- L"
        );
        assert_eq!(suggest_name("$@x"), "X");
        assert_eq!(suggest_name(""), "PROGRAM");
        for name in ["", "$", "a\"b", "ñññññññññññññññññññ", "#1", "ok"] {
            assert_eq!(check_name(&suggest_name(name)), Ok(()), "{name}");
        }
    }

    #[test]
    fn an_error_table_makes_its_sectors_read_errors() {
        let prg: Vec<u8> = (0..600u32).map(|i| i as u8).collect();
        let plain = image_with_prg("PROT", &prg).unwrap();
        let mut img = plain.clone();
        img.extend(vec![1u8; 683]);
        assert_eq!(img.len(), 175_531);
        let d = Disk::from_bytes(&img).unwrap();
        assert_eq!((d.tracks(), d.sector_error(17, 0)), (35, None));
        assert_eq!(d.read_file("PROT").unwrap(), prg);
        // The file's second sector (17/10) gets code 5: 23 READ ERROR (checksum).
        img[IMAGE_SIZE + sector_index(17, 10)] = 5;
        let d = Disk::from_bytes(&img).unwrap();
        assert_eq!(d.sector_error(17, 10), Some(23));
        assert_eq!(d.sector_error(17, 0), None);
        assert_eq!(
            d.read_file("PROT"),
            Err(D64Error::ReadError {
                track: 17,
                sector: 10,
                dos_error: 23
            })
        );
        // Other codes: 2 is 20, 11 is 29, 15 is 74, unknown ones 20; 0 reads fine.
        for (code, dos) in [
            (2u8, Some(20)),
            (11, Some(29)),
            (15, Some(74)),
            (12, Some(20)),
            (0, None),
        ] {
            img[IMAGE_SIZE + sector_index(1, 0)] = code;
            assert_eq!(
                Disk::from_bytes(&img).unwrap().sector_error(1, 0),
                dos,
                "{code}"
            );
        }
        // Writing over a bad sector makes it good again; the table stays in the image.
        img[IMAGE_SIZE + sector_index(17, 20)] = 5;
        let mut d = Disk::from_bytes(&img).unwrap();
        d.scratch(b"PROT").unwrap();
        d.add_prg("NEW", &prg).unwrap();
        assert_eq!(d.read_file("NEW").unwrap(), prg);
        assert_eq!(d.bytes().len(), 175_531);
    }

    #[test]
    fn a_40_track_image_reads_files_on_tracks_36_to_40() {
        let prg: Vec<u8> = (0..300u32).map(|i| (i * 3) as u8).collect();
        let mut img = image_with_prg("EXT", &prg).unwrap();
        img.resize(196_608, 0);
        // Move the file's second sector to track 38 sector 16 (the last of track 38).
        let (first, second) = (sector_offset(17, 0), sector_offset(17, 10));
        let moved = sector_offset(38, 16);
        let data = img[second..second + 256].to_vec();
        img[moved..moved + 256].copy_from_slice(&data);
        img[first] = 38;
        img[first + 1] = 16;
        let d = Disk::from_bytes(&img).unwrap();
        assert_eq!(d.tracks(), 40);
        assert_eq!(d.read_file("EXT").unwrap(), prg);
        assert_eq!(d.blocks_free(), 662);
        assert!(!d.is_free(38, 0));
        assert_eq!(
            d.sector(41, 0),
            Err(D64Error::BrokenChain {
                track: 41,
                sector: 0
            })
        );
        // With an error table too.
        img.extend(vec![1u8; 768]);
        assert_eq!(img.len(), 197_376);
        img[196_608 + sector_index(38, 16)] = 4;
        let d = Disk::from_bytes(&img).unwrap();
        assert_eq!(d.sector_error(38, 16), Some(22));
        assert!(matches!(
            d.read_file("EXT"),
            Err(D64Error::ReadError { track: 38, .. })
        ));
        // A 35-track image cannot reach track 36.
        assert_eq!(
            Disk::from_bytes(&img[..IMAGE_SIZE]).unwrap().sector(36, 0),
            Err(D64Error::BrokenChain {
                track: 36,
                sector: 0
            })
        );
        let msg = Disk::from_bytes(&[0; 174_846]).err().unwrap().to_string();
        assert!(
            msg.contains("175531 (35 tracks with an error table)"),
            "{msg}"
        );
    }

    #[test]
    fn a_damaged_image_gives_errors_not_panics() {
        let prg: Vec<u8> = (0..3000u32).map(|i| i as u8).collect();
        let mut good = Disk::new("GOOD", "64").unwrap();
        for i in 0..12 {
            good.add_prg(&format!("F{i}"), &prg[..(i * 250 + 2)])
                .unwrap();
        }
        let track_18 = sector_offset(18, 0)..sector_offset(19, 0);
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..2000 {
            let mut img = good.bytes().to_vec();
            // Scribble over the BAM, the directory, or a file's sectors.
            for _ in 0..1 + next() % 24 {
                let at = match round % 3 {
                    0 => track_18.start + (next() as usize % 256),
                    1 => track_18.start + (next() as usize % track_18.len()),
                    _ => next() as usize % IMAGE_SIZE,
                };
                img[at] = next() as u8;
            }
            let mut d = Disk::from_bytes(&img).unwrap();
            let _ = d.name();
            let _ = d.blocks_free();
            if let Ok(dir) = d.directory() {
                for e in dir {
                    let _ = d.read_chain(e.track, e.sector);
                }
            }
            let _ = d.read_file("F3");
            let _ = d.add_prg("NEW", &prg);
            let _ = d.sector((next() % 256) as u8, (next() % 256) as u8);
            let _ = d.is_free((next() % 256) as u8, (next() % 256) as u8);
        }
        assert_eq!(
            good.sector(36, 0),
            Err(D64Error::BrokenChain {
                track: 36,
                sector: 0
            })
        );
    }
}
