//! Screen code -> nearest Unicode character, for `--print-screen` and `screen_text()`.

/// `lowercase` selects the lower/upper case character set ($D018 bit 1).
pub fn screen_code_to_char(code: u8, lowercase: bool) -> char {
    let _ = (code, lowercase);
    '?'
}
