//! What reaches the machine from outside: typed keys (through the CIA 1 matrix), keys
//! and joysticks held by a front end, RESTORE, and the disk in the virtual drive.

use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::drive::{self, DiskError, Drive};
use crate::keyboard::{self, Key};
use crate::keytext::{self, KeyTextError};
use crate::machine::Machine;
use crate::rom;
use crate::typist::Stroke;

impl Machine {
    fn queue(&mut self, strokes: Vec<Stroke>) {
        self.cpu.memory.keys.typist.extend(strokes);
        self.cpu.memory.wake();
    }

    /// Put PETSCII codes straight into the KERNAL's key buffer ($0277, count in $C6), as
    /// VICE's autostart does: only when the buffer is empty, and as many as it holds
    /// (XMAX, at most 10). Returns how many were put; the rest waits for the program to
    /// empty the buffer (call again). The machine counts as no longer waiting for input.
    pub fn feed_key_buffer(&mut self, codes: &[u8]) -> usize {
        let ram = &mut self.cpu.memory.ram;
        if ram[usize::from(crate::map::ram::NDX)] != 0 {
            return 0;
        }
        let n = codes
            .iter()
            .take_while(|&&c| keyboard::put_in_buffer(ram, c))
            .count();
        if n > 0 {
            self.cpu.memory.keys.typist.starved = false;
            self.cpu.memory.wake();
        }
        n
    }

    /// Type keys (notation in `keytext`: text, `\n`, `{RETURN}`, `{$xx}`,
    /// `{JOY2:UP}`, `{WAIT n}`, ...). Each key is pressed in the keyboard matrix for a
    /// realistic time once the program asks for a key (GETIN, CHRIN) or scans the matrix.
    /// What cannot be typed is skipped; use `try_type_keys` to get an error instead.
    pub fn type_keys(&mut self, text: &str) {
        self.queue(keytext::parse_lossy(text));
    }

    /// Like `type_keys`, failing (and typing nothing) on text that cannot be typed.
    pub fn try_type_keys(&mut self, text: &str) -> Result<(), KeyTextError> {
        let strokes = keytext::parse(text)?;
        self.queue(strokes);
        Ok(())
    }

    /// Check key text without typing it (what `try_type_keys` would say).
    pub fn check_key_text(text: &str) -> Result<(), KeyTextError> {
        keytext::parse(text).map(|_| ())
    }

    /// Type PETSCII codes, each with the keys that give it.
    pub fn type_petscii(&mut self, codes: &[u8]) {
        self.queue(codes.iter().map(|&c| keytext::stroke_for(c)).collect());
    }

    /// Press these keys together once, for the typist's minimum time (a front end's tap
    /// that was shorter than a frame), without waiting for the program to ask.
    pub fn tap_keys(&mut self, keys: &[Key]) {
        self.queue(vec![Stroke::Keys {
            keys: keys.to_vec(),
            asked: false,
        }]);
    }

    /// Typed keys and actions not yet taken by the program.
    pub fn keys_pending(&self) -> usize {
        self.cpu.memory.keys.typist.pending()
    }

    /// The program asked for a key (GETIN or CHRIN from the keyboard, buffer empty)
    /// while nothing was left to type.
    pub fn waiting_for_input(&self) -> bool {
        self.cpu.memory.keys.typist.starved
    }

    /// Where the stub KERNAL's CHRIN line input has its cursor, while it waits for a
    /// line (the real KERNAL blinks its own cursor).
    pub fn input_cursor(&self) -> Option<(u8, u8)> {
        self.input
            .in_line_input
            .then(|| crate::editor::cursor(&self.cpu.memory))
    }

    /// Hold or release a key in the CIA 1 matrix (column = $DC00 bit, row = $DC01 bit).
    pub fn set_matrix_key(&mut self, col: u8, row: u8, pressed: bool) {
        keyboard::set(&mut self.cpu.memory.keys.live, Key::at(col, row), pressed);
        self.cpu.memory.wake();
    }

    /// Hold exactly these keys (a front end mirroring the host keyboard).
    pub fn set_keys(&mut self, keys: &[Key]) {
        let mut m = [0u8; 8];
        for &k in keys {
            keyboard::set(&mut m, k, true);
        }
        self.cpu.memory.keys.live = m;
    }

    /// Release every key the front end holds.
    pub fn release_all_keys(&mut self) {
        self.cpu.memory.keys.live = [0; 8];
    }

    /// Hold joystick `port` (1 or 2) in a position (bits from `joy`: UP 1, DOWN 2,
    /// LEFT 4, RIGHT 8, FIRE 16; 0 = centred).
    pub fn set_joystick(&mut self, port: u8, bits: u8) {
        let i = usize::from(port.clamp(1, 2) - 1);
        self.cpu.memory.keys.joy_live[i] = bits & 0x1F;
    }

    /// What a device on the userport drives on CIA 2's port B lines (PB0-PB7): a 0 bit
    /// pulls its line low, $FF (the default) leaves them all to the pull-ups and the
    /// CIA's own outputs.
    pub fn set_userport(&mut self, lines: u8) {
        self.cpu.memory.userport = lines;
        self.cpu.memory.wake();
    }

    /// Press RESTORE (an NMI through $FFFA).
    pub fn press_restore(&mut self) {
        self.queue(vec![Stroke::Restore]);
    }

    /// Put a disk in the virtual drive (device 8): a host directory or a .d64 image.
    /// With the user's ROMs the drive answers through the KERNAL's serial routines,
    /// which must be the standard ones (a KERNAL replacement such as JiffyDOS is not).
    pub fn attach_disk(&mut self, path: &Path) -> Result<(), DiskError> {
        let storage = drive::open_storage(path)?;
        if self.real_roms() {
            let (traps, standard) = rom::rom_traps(&self.cpu.memory.roms, true);
            if !standard {
                return Err(DiskError::BadImage {
                    path: path.display().to_string(),
                    why: "this KERNAL's serial routines are not the standard ones ($ED24, $EE13, ...), so the virtual drive cannot answer on them".into(),
                });
            }
            self.traps = traps;
        }
        self.iec.drive = Some(Arc::new(Mutex::new(Drive::new(storage))));
        Ok(())
    }

    /// The drive's error channel message (`00, OK,00,00`), if a disk is attached.
    pub fn drive_status(&self) -> Option<String> {
        self.iec.drive_status()
    }
}
