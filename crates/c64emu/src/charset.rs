//! The project's own C64-looking character set, laid out like the 4 KiB character ROM.
//! (Being drawn; see the charset work item.)

/// 4096 bytes: $000-$7FF upper case/graphics set, $800-$FFF lower/upper case set;
/// 8 bytes per screen code, codes $80-$FF are the reverse of $00-$7F.
pub static CHARGEN: [u8; 4096] = [0; 4096];
