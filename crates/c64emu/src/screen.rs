//! The text screen as the harness reads it: where the VIC looks, screen codes, colours,
//! text, the cursor.

use crate::machine::Machine;
use crate::map::vic;
use crate::{editor, unicode};

impl Machine {
    /// Base of the 16 KiB bank the VIC sees ($DD00).
    pub fn vic_bank(&self) -> u16 {
        let bits = self.cpu.memory.cia2.pa_out() & 3;
        u16::from(3 - bits) * 0x4000
    }

    /// A byte as the VIC sees it in `bank`: the character ROM at $1000-$1FFF of banks
    /// 0 and 2, RAM elsewhere.
    pub fn vic_read(&self, bank: u16, addr: u16) -> u8 {
        let addr = bank | (addr & 0x3FFF);
        if (bank == 0x0000 || bank == 0x8000) && (addr & 0x3000) == 0x1000 {
            self.cpu.memory.roms.chargen[usize::from(addr & 0x0FFF)]
        } else {
            self.peek(addr)
        }
    }

    /// The picture's size and where the display window is in it (`render`).
    pub fn picture(&self) -> crate::vic::Geometry {
        self.vic_model().picture()
    }

    /// The picture as palette indices (see `render.rs`); `invert` is a video matrix
    /// cell drawn inverted.
    pub(crate) fn render_pens(&self, out: &mut [u8], invert: Option<u16>) {
        let bus = &self.cpu.memory;
        crate::vic::render(&bus.vic, self.cycles(), &bus.vic_mem(), invert, out);
    }

    /// Address of the text screen the VIC shows ($DD00 bank + $D018).
    pub fn screen_address(&self) -> u16 {
        self.vic_bank() + u16::from(self.cpu.memory.vic.reg(vic::MEMPTR) >> 4) * 0x400
    }

    /// Lower/upper case character set selected ($D018 bit 1)?
    pub fn lowercase(&self) -> bool {
        self.cpu.memory.vic.reg(vic::MEMPTR) & 0x02 != 0
    }

    /// The 40x25 screen as text: 25 lines of 40 characters joined by '\n', screen codes
    /// mapped to the nearest Unicode character.
    pub fn screen_text(&self) -> String {
        let base = self.screen_address();
        let lower = self.lowercase();
        let mut s = String::with_capacity(25 * 41);
        for row in 0..25u16 {
            if row > 0 {
                s.push('\n');
            }
            for col in 0..40u16 {
                let code = self.peek(base.wrapping_add(row * 40 + col));
                s.push(unicode::screen_code_to_char(code, lower));
            }
        }
        s
    }

    /// One line of `screen_text` with trailing spaces removed.
    pub fn screen_line(&self, row: usize) -> String {
        self.screen_text()
            .lines()
            .nth(row)
            .unwrap_or("")
            .trim_end()
            .to_string()
    }

    /// The 1000 colour RAM nibbles, row by row.
    pub fn screen_colors(&self) -> Vec<u8> {
        self.cpu.memory.color[..1000].to_vec()
    }

    /// Screen codes of the 1000 cells.
    pub fn screen_codes(&self) -> Vec<u8> {
        self.read(self.screen_address(), 1000)
    }

    /// Text cursor of the screen editor as (row, column).
    pub fn cursor(&self) -> (u8, u8) {
        editor::cursor(&self.cpu.memory)
    }

    /// Print PETSCII through the screen editor, as CHROUT would (the window echoes
    /// what is typed at the stub READY prompt with this).
    pub fn print_petscii(&mut self, codes: &[u8]) {
        for &c in codes {
            editor::chrout(&mut self.cpu.memory, c);
        }
    }
}
