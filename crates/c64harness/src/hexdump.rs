//! Hex dumps: `C000  01 02 03 ...  |ABC.|`, 16 bytes a line.

use std::fmt::Write as _;

/// Lines of 16 bytes from `addr`: address, hex bytes, printable ASCII between bars.
pub fn hexdump(addr: u16, bytes: &[u8]) -> String {
    let mut out = String::new();
    for (i, chunk) in bytes.chunks(16).enumerate() {
        let a = addr.wrapping_add((i * 16) as u16);
        let hex: Vec<String> = chunk.iter().map(|b| format!("{b:02X}")).collect();
        let text: String = chunk
            .iter()
            .map(|&b| {
                if (0x20..0x7F).contains(&b) {
                    b as char
                } else {
                    '.'
                }
            })
            .collect();
        let _ = writeln!(out, "{a:04X}  {:<47}  |{text}|", hex.join(" "));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn sixteen_bytes_a_line_with_text() {
        let bytes: Vec<u8> = (0x40..0x52).collect();
        assert_eq!(
            super::hexdump(0xC000, &bytes),
            "C000  40 41 42 43 44 45 46 47 48 49 4A 4B 4C 4D 4E 4F  |@ABCDEFGHIJKLMNO|\n\
             C010  50 51                                            |PQ|\n"
        );
    }
}
