//! A virtual disk drive on device 8: the part of CBM DOS 2.6 (the 1541's) that
//! programs use through the KERNAL, served from a host directory or a D64 image.
//!
//! Channels 0-14 carry files (0 = LOAD, 1 = SAVE, others by the mode in the name:
//! `NAME,S,W`), channel 15 the command/error channel. File names follow the DOS
//! syntax: `[@][0]:NAME[,TYPE[,MODE]]` with `*` and `?` wildcards for reading, `$` for
//! the directory (sent as a BASIC program, as a 1541 does). Commands: `I`, `V`, `UI`/`UJ`,
//! `S:pattern` (scratch), `R:new=old` (rename); `N` (format) is refused with
//! 26,WRITE PROTECT ON so no disk is wiped by accident; block, memory and copy commands
//! answer 31,SYNTAX ERROR. The error channel reads like the 1541's: `62,FILE NOT
//! FOUND,00,00`. Not emulated: REL files, the drive's CPU and RAM, fast loaders.

mod d64;
mod host;

use std::fmt;
use std::path::Path;

pub use d64::D64Storage;
pub use host::HostStorage;

/// A file type as the directory lists it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileType {
    /// Deleted.
    Del,
    /// Sequential data.
    Seq,
    /// Program (2-byte load address first).
    Prg,
    /// User file.
    Usr,
    /// Relative (not supported).
    Rel,
}

impl FileType {
    /// The three letters the directory shows.
    pub fn name(self) -> &'static str {
        match self {
            FileType::Del => "DEL",
            FileType::Seq => "SEQ",
            FileType::Prg => "PRG",
            FileType::Usr => "USR",
            FileType::Rel => "REL",
        }
    }

    fn from_letter(c: u8) -> Option<FileType> {
        match c {
            b'P' => Some(FileType::Prg),
            b'S' => Some(FileType::Seq),
            b'U' => Some(FileType::Usr),
            b'L' => Some(FileType::Rel),
            _ => None,
        }
    }
}

/// A DOS status: code and the 1541's message for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dos(pub u8);

impl Dos {
    pub const OK: Dos = Dos(0);
    pub const SCRATCHED: Dos = Dos(1);
    pub const READ_ERROR: Dos = Dos(20);
    pub const WRITE_PROTECT: Dos = Dos(26);
    pub const SYNTAX: Dos = Dos(30);
    pub const BAD_COMMAND: Dos = Dos(31);
    pub const BAD_NAME: Dos = Dos(33);
    pub const NO_NAME: Dos = Dos(34);
    pub const NOT_FOUND: Dos = Dos(62);
    pub const EXISTS: Dos = Dos(63);
    pub const TYPE_MISMATCH: Dos = Dos(64);
    pub const DISK_FULL: Dos = Dos(72);
    pub const POWER_UP: Dos = Dos(73);

    /// The message the error channel gives.
    pub fn message(self) -> &'static str {
        match self.0 {
            0 => "OK",
            1 => "FILES SCRATCHED",
            20..=24 | 27 => "READ ERROR",
            25 | 28 => "WRITE ERROR",
            29 => "DISK ID MISMATCH",
            26 => "WRITE PROTECT ON",
            30..=34 => "SYNTAX ERROR",
            60 => "WRITE FILE OPEN",
            61 => "FILE NOT OPEN",
            62 => "FILE NOT FOUND",
            63 => "FILE EXISTS",
            64 => "FILE TYPE MISMATCH",
            72 => "DISK FULL",
            73 => "CBM DOS V2.6 1541",
            _ => "DRIVE NOT READY",
        }
    }
}

/// One directory entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name as the directory shows it (PETSCII).
    pub name: Vec<u8>,
    /// Its type.
    pub file_type: FileType,
    /// Size in 254-byte blocks.
    pub blocks: u16,
}

/// Where the drive's files live.
pub trait Storage: Send {
    /// Disk name, ID and free blocks for the directory header and footer.
    fn header(&self) -> (Vec<u8>, [u8; 2], u16);
    /// The directory.
    fn entries(&self) -> Result<Vec<Entry>, Dos>;
    /// A file's bytes.
    fn read(&self, entry: &Entry) -> Result<Vec<u8>, Dos>;
    /// Create `name` (replacing an existing file of that name when `replace`).
    fn write(
        &mut self,
        name: &[u8],
        file_type: FileType,
        data: &[u8],
        replace: bool,
    ) -> Result<(), Dos>;
    /// Delete the file named exactly `name`.
    fn scratch(&mut self, entry: &Entry) -> Result<(), Dos>;
    /// Rename a file.
    fn rename(&mut self, entry: &Entry, new_name: &[u8]) -> Result<(), Dos>;
}

/// Why a disk cannot be attached.
#[derive(Debug)]
pub enum DiskError {
    /// The path cannot be read.
    Io {
        /// The path.
        path: String,
        /// The error.
        error: std::io::Error,
    },
    /// The file is not a D64 image.
    BadImage {
        /// The path.
        path: String,
        /// What is wrong.
        why: String,
    },
}

impl fmt::Display for DiskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiskError::Io { path, error } => write!(f, "--disk {path}: {error}"),
            DiskError::BadImage { path, why } => write!(f, "--disk {path}: {why}"),
        }
    }
}

impl std::error::Error for DiskError {}

/// Open the storage at `path`: a directory, or a .d64 image.
pub fn open_storage(path: &Path) -> Result<Box<dyn Storage>, DiskError> {
    let meta = std::fs::metadata(path).map_err(|error| DiskError::Io {
        path: path.display().to_string(),
        error,
    })?;
    if meta.is_dir() {
        Ok(Box::new(HostStorage::new(path)))
    } else {
        Ok(Box::new(D64Storage::open(path)?))
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Read,
    Write,
    Append,
}

/// An open file name taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spec {
    name: Vec<u8>,
    file_type: Option<FileType>,
    mode: Mode,
    replace: bool,
}

/// Parse `[@][d]:NAME[,T[,M]]`.
fn parse_spec(raw: &[u8], channel: u8) -> Result<Spec, Dos> {
    let mut s = raw;
    let replace = s.first() == Some(&b'@');
    if replace {
        s = &s[1..];
    }
    if let Some(colon) = s.iter().position(|&c| c == b':')
        && s[..colon].iter().all(u8::is_ascii_digit)
    {
        s = &s[colon + 1..];
    }
    let mut parts = s.split(|&c| c == b',');
    let name = parts.next().unwrap_or(&[]).to_vec();
    let mut file_type = None;
    let mut mode = None;
    for p in parts {
        match p.first().copied() {
            Some(b'R') => mode = Some(Mode::Read),
            Some(b'W') => mode = Some(Mode::Write),
            Some(b'A') => mode = Some(Mode::Append),
            Some(c) => file_type = Some(FileType::from_letter(c).ok_or(Dos::SYNTAX)?),
            None => return Err(Dos::SYNTAX),
        }
    }
    let mode = match channel {
        0 => Mode::Read,
        1 => Mode::Write,
        _ => mode.unwrap_or(Mode::Read),
    };
    if name.is_empty() {
        return Err(Dos::NO_NAME);
    }
    if mode != Mode::Read && name.iter().any(|&c| c == b'*' || c == b'?') {
        return Err(Dos::BAD_NAME);
    }
    Ok(Spec {
        name,
        file_type,
        mode,
        replace,
    })
}

/// Case-folded PETSCII: shifted letters compare like the plain ones.
fn fold(c: u8) -> u8 {
    if (0xC1..=0xDA).contains(&c) {
        c - 0x80
    } else {
        c
    }
}

/// DOS wildcard match: `?` any one character, `*` the rest.
pub fn matches(pattern: &[u8], name: &[u8]) -> bool {
    for (i, &p) in pattern.iter().enumerate() {
        match p {
            b'*' => return true,
            b'?' if i < name.len() => {}
            _ if i < name.len() && fold(p) == fold(name[i]) => {}
            _ => return false,
        }
    }
    pattern.len() == name.len()
}

#[derive(Clone, Debug)]
enum Channel {
    Closed,
    Read {
        data: Vec<u8>,
        pos: usize,
    },
    Write {
        name: Vec<u8>,
        file_type: FileType,
        data: Vec<u8>,
        replace: bool,
    },
    /// Channel 15: command bytes written since the last UNLISTEN.
    Command(Vec<u8>),
}

/// The drive.
pub struct Drive {
    storage: Box<dyn Storage>,
    channels: Vec<Channel>,
    status: (Dos, u8, u8, u8),
    /// The error message being read from channel 15.
    status_read: Option<(Vec<u8>, usize)>,
}

impl fmt::Debug for Drive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Drive {{ status: {:?} }}", self.status)
    }
}

impl Drive {
    /// A drive after power-on (error channel: 73,CBM DOS V2.6 1541).
    pub fn new(storage: Box<dyn Storage>) -> Drive {
        let mut channels = vec![Channel::Closed; 16];
        channels[15] = Channel::Command(Vec::new());
        Drive {
            storage,
            channels,
            status: (Dos::POWER_UP, 0, 0, 0),
            status_read: None,
        }
    }

    fn set(&mut self, dos: Dos) {
        self.status = (dos, 0, 0, 0);
        self.status_read = None;
    }

    /// The error channel's current message, e.g. `62, FILE NOT FOUND,00,00`.
    pub fn status_text(&self) -> String {
        String::from_utf8_lossy(&status_bytes(&self.status)).into_owned()
    }

    /// Open `channel` with the name sent after OPEN.
    pub fn open(&mut self, channel: u8, name: &[u8]) {
        let ch = usize::from(channel & 0x0F);
        if ch == 15 {
            self.command(name);
            return;
        }
        self.channels[ch] = Channel::Closed;
        match self.try_open(channel & 0x0F, name) {
            Ok(c) => {
                self.channels[ch] = c;
                self.set(Dos::OK);
            }
            Err(e) => self.set(e),
        }
    }

    fn try_open(&mut self, channel: u8, name: &[u8]) -> Result<Channel, Dos> {
        if name.first() == Some(&b'$') {
            if channel == 1 {
                return Err(Dos::BAD_NAME);
            }
            let pattern = name[1..]
                .iter()
                .position(|&c| c == b':')
                .map(|p| name[p + 2..].to_vec())
                .unwrap_or_default();
            return Ok(Channel::Read {
                data: self.listing(&pattern)?,
                pos: 0,
            });
        }
        let spec = parse_spec(name, channel)?;
        let found = self.find(&spec.name)?;
        match spec.mode {
            Mode::Read => {
                let e = found.ok_or(Dos::NOT_FOUND)?;
                if e.file_type == FileType::Rel || spec.file_type == Some(FileType::Rel) {
                    return Err(Dos::TYPE_MISMATCH);
                }
                Ok(Channel::Read {
                    data: self.storage.read(&e)?,
                    pos: 0,
                })
            }
            Mode::Write => {
                if found.is_some() && !spec.replace {
                    return Err(Dos::EXISTS);
                }
                let default = if channel == 1 {
                    FileType::Prg
                } else {
                    FileType::Seq
                };
                let file_type = spec.file_type.unwrap_or(default);
                if file_type == FileType::Rel {
                    return Err(Dos::TYPE_MISMATCH);
                }
                Ok(Channel::Write {
                    name: spec.name,
                    file_type,
                    data: Vec::new(),
                    replace: spec.replace,
                })
            }
            Mode::Append => {
                let e = found.ok_or(Dos::NOT_FOUND)?;
                let data = self.storage.read(&e)?;
                Ok(Channel::Write {
                    name: e.name,
                    file_type: e.file_type,
                    data,
                    replace: true,
                })
            }
        }
    }

    /// The first entry matching `pattern`.
    fn find(&self, pattern: &[u8]) -> Result<Option<Entry>, Dos> {
        Ok(self
            .storage
            .entries()?
            .into_iter()
            .find(|e| e.file_type != FileType::Del && matches(pattern, &e.name)))
    }

    /// Close `channel`: a file being written is stored now.
    pub fn close(&mut self, channel: u8) {
        let ch = usize::from(channel & 0x0F);
        if ch == 15 {
            // Closing the command channel closes every file, as on a 1541.
            for c in 0..15 {
                self.close(c);
            }
            self.channels[15] = Channel::Command(Vec::new());
            return;
        }
        if let Channel::Write {
            name,
            file_type,
            data,
            replace,
        } = std::mem::replace(&mut self.channels[ch], Channel::Closed)
        {
            match self.storage.write(&name, file_type, &data, replace) {
                Ok(()) => self.set(Dos::OK),
                Err(e) => self.set(e),
            }
        }
    }

    /// A byte sent to `channel`.
    pub fn write(&mut self, channel: u8, byte: u8) {
        match &mut self.channels[usize::from(channel & 0x0F)] {
            Channel::Write { data, .. } => data.push(byte),
            Channel::Command(buf) => {
                if buf.len() < 64 {
                    buf.push(byte);
                }
            }
            // Data for a file that failed to open (the error channel keeps that error)
            // or is open for reading is dropped, as the 1541 does.
            Channel::Read { .. } | Channel::Closed => {}
        }
    }

    /// The end of a LISTEN on `channel`: commands sent to channel 15 run now.
    pub fn unlisten(&mut self, channel: u8) {
        if channel & 0x0F == 15
            && let Channel::Command(buf) = &mut self.channels[15]
            && !buf.is_empty()
        {
            let mut cmd = std::mem::take(buf);
            while cmd.last() == Some(&0x0D) {
                cmd.pop();
            }
            self.command(&cmd);
        }
    }

    /// The next byte of `channel` and whether it is the last (EOI); None when there is
    /// nothing to send (file not open or not found: the C64 sees a read timeout).
    pub fn read(&mut self, channel: u8) -> Option<(u8, bool)> {
        let ch = usize::from(channel & 0x0F);
        if ch == 15 {
            let (text, pos) = self.status_read.get_or_insert_with(|| {
                let mut t = status_bytes(&self.status);
                t.push(0x0D);
                (t, 0)
            });
            let b = text[*pos];
            *pos += 1;
            let last = *pos == text.len();
            if last {
                self.status = (Dos::OK, 0, 0, 0);
                self.status_read = None;
            }
            return Some((b, last));
        }
        match &mut self.channels[ch] {
            Channel::Read { data, pos } if *pos < data.len() => {
                let b = data[*pos];
                *pos += 1;
                Some((b, *pos == data.len()))
            }
            _ => None,
        }
    }

    fn command(&mut self, cmd: &[u8]) {
        let result = self.run_command(cmd);
        match result {
            Ok(Some(status)) => {
                self.status = status;
                self.status_read = None;
            }
            Ok(None) => self.set(Dos::OK),
            Err(e) => self.set(e),
        }
    }

    fn run_command(&mut self, cmd: &[u8]) -> Result<Option<(Dos, u8, u8, u8)>, Dos> {
        let Some(&first) = cmd.first() else {
            return Ok(None);
        };
        let arg = |cmd: &[u8]| -> Vec<u8> {
            cmd.iter()
                .position(|&c| c == b':')
                .map(|p| cmd[p + 1..].to_vec())
                .unwrap_or_default()
        };
        match first {
            b'I' | b'V' => Ok(None),
            b'U' if matches!(cmd.get(1), Some(b'I' | b'J' | b':' | b';' | b'9')) => {
                Ok(Some((Dos::POWER_UP, 0, 0, 0)))
            }
            b'S' => {
                let mut n = 0u8;
                for pattern in arg(cmd).split(|&c| c == b',') {
                    if pattern.is_empty() {
                        continue;
                    }
                    let victims: Vec<Entry> = self
                        .storage
                        .entries()?
                        .into_iter()
                        .filter(|e| e.file_type != FileType::Del && matches(pattern, &e.name))
                        .collect();
                    for e in victims {
                        self.storage.scratch(&e)?;
                        n = n.saturating_add(1);
                    }
                }
                Ok(Some((Dos::SCRATCHED, n, 0, 0)))
            }
            b'R' => {
                let a = arg(cmd);
                let eq = a.iter().position(|&c| c == b'=').ok_or(Dos::SYNTAX)?;
                let (new, old) = (&a[..eq], &a[eq + 1..]);
                let old = old
                    .iter()
                    .position(|&c| c == b':')
                    .map_or(old, |p| &old[p + 1..]);
                if new.is_empty() || old.is_empty() {
                    return Err(Dos::NO_NAME);
                }
                if self.find(new)?.is_some() {
                    return Err(Dos::EXISTS);
                }
                let e = self.find(old)?.ok_or(Dos::NOT_FOUND)?;
                self.storage.rename(&e, new)?;
                Ok(None)
            }
            b'N' => Err(Dos::WRITE_PROTECT),
            _ => Err(Dos::BAD_COMMAND),
        }
    }

    /// The directory as the BASIC program a 1541 sends for `$`.
    fn listing(&self, pattern: &[u8]) -> Result<Vec<u8>, Dos> {
        let (name, id, free) = self.storage.header();
        let mut out = vec![0x01, 0x04];
        let line = |out: &mut Vec<u8>, number: u16, text: &[u8]| {
            out.extend([0x01, 0x01]);
            out.extend(number.to_le_bytes());
            out.extend_from_slice(text);
            out.push(0);
        };
        let mut head = vec![0x12, b'"'];
        let mut padded = name.clone();
        padded.resize(16, b' ');
        head.extend(&padded[..16]);
        head.extend([b'"', b' ', id[0], id[1], b' ', b'2', b'A']);
        line(&mut out, 0, &head);
        for e in self.storage.entries()? {
            if e.file_type == FileType::Del || !(pattern.is_empty() || matches(pattern, &e.name)) {
                continue;
            }
            let digits = e.blocks.to_string().len();
            let mut text = vec![b' '; 4usize.saturating_sub(digits)];
            text.push(b'"');
            text.extend(&e.name);
            text.push(b'"');
            text.resize(text.len() + 17 - e.name.len().min(16), b' ');
            text.extend(e.file_type.name().bytes());
            line(&mut out, e.blocks, &text);
        }
        line(&mut out, free, b"BLOCKS FREE.             ");
        out.extend([0, 0]);
        Ok(out)
    }
}

fn status_bytes(status: &(Dos, u8, u8, u8)) -> Vec<u8> {
    let (d, a, t, _) = *status;
    format!("{:02},{},{a:02},{t:02}", d.0, d.message()).into_bytes()
}

/// Host characters for a PETSCII name (None: not a name a host file can have).
pub fn host_name(petscii: &[u8]) -> Option<String> {
    let s: Option<String> = petscii
        .iter()
        .map(|&c| match c {
            0x41..=0x5A => Some(char::from(c + 0x20)),
            0xC1..=0xDA => Some(char::from(c - 0x80)),
            b'/' | b'\\' => None,
            0x20..=0x3F | 0x5B | 0x5D => Some(char::from(c)),
            _ => None,
        })
        .collect();
    s.filter(|s| !s.is_empty() && !s.starts_with('.') && s.trim() == s)
}

/// PETSCII for a host file name (None: characters a C64 name cannot show). Both cases
/// of a letter are the C64's letter: in the character set a directory listing shows,
/// shifted PETSCII letters are graphics, and `GAME.PRG` must list as GAME.
pub fn petscii_name(host: &str) -> Option<Vec<u8>> {
    host.chars()
        .map(|c| match c {
            'a'..='z' => Some(c as u8 - 0x20),
            'A'..='Z' => Some(c as u8),
            ' '..='@' | '[' | ']' => Some(c as u8),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_follow_dos_syntax() {
        let s = parse_spec(b"@0:DATA,S,W", 2).unwrap();
        assert_eq!(s.name, b"DATA");
        assert_eq!(s.file_type, Some(FileType::Seq));
        assert_eq!(s.mode, Mode::Write);
        assert!(s.replace);
        assert_eq!(parse_spec(b"GAME", 0).unwrap().mode, Mode::Read);
        assert_eq!(parse_spec(b"GAME", 1).unwrap().mode, Mode::Write);
        assert_eq!(parse_spec(b"", 0), Err(Dos::NO_NAME));
        assert_eq!(parse_spec(b"A*,W", 2), Err(Dos::BAD_NAME));
        assert_eq!(parse_spec(b"A,X", 2), Err(Dos::SYNTAX));
    }

    #[test]
    fn wildcards_match_like_dos() {
        assert!(matches(b"*", b"ANYTHING"));
        assert!(matches(b"GA*", b"GAME"));
        assert!(matches(b"G?ME", b"GAME"));
        assert!(matches(b"game", b"GAME") || matches(b"GAME", b"GAME"));
        assert!(matches(&[0xC7, 0x41, 0x4D, 0x45], b"GAME"), "case folded");
        assert!(!matches(b"GAM", b"GAME"));
        assert!(!matches(b"GAMES", b"GAME"));
    }

    proptest::proptest! {
        #[test]
        fn any_name_or_command_is_answered_not_a_panic(
            name in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            channel in 0u8..16,
            data in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
        ) {
            let dir = tempfile::Builder::new().prefix("c64emu-drive-fuzz-").tempdir().unwrap();
            let mut d = Drive::new(Box::new(HostStorage::new(dir.path())));
            d.open(channel, &name);
            for &b in &data {
                d.write(channel, b);
            }
            d.unlisten(channel);
            for _ in 0..50 {
                let _ = d.read(channel);
            }
            d.close(channel);
            let _ = d.status_text();
            // Whatever was written stays inside the directory.
            for e in std::fs::read_dir(&dir).unwrap().flatten() {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }

    #[test]
    fn host_and_petscii_names_round_trip() {
        assert_eq!(host_name(b"HELLO 2").as_deref(), Some("hello 2"));
        assert_eq!(petscii_name("hello 2"), Some(b"HELLO 2".to_vec()));
        assert_eq!(petscii_name("Hello"), Some(b"HELLO".to_vec()));
        assert_eq!(petscii_name("GAME"), Some(b"GAME".to_vec()));
        assert_eq!(host_name(&[0xC8, 0x49]).as_deref(), Some("Hi"));
        assert_eq!(host_name(b"A/B"), None);
        assert_eq!(host_name(b".."), None);
        assert_eq!(host_name(b""), None);
        assert_eq!(petscii_name("caf\u{e9}"), None);
    }
}
