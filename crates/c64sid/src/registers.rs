//! The SID's register numbers ($D400 + n on the C64).

/// Voice `v`'s (0-2) first register: frequency low, high, pulse width low, high,
/// control, attack/decay, sustain/release follow.
pub const fn voice_base(v: u8) -> u8 {
    v * 7
}
/// Offset of the frequency low byte in a voice.
pub const FREQ_LO: u8 = 0;
/// Offset of the frequency high byte.
pub const FREQ_HI: u8 = 1;
/// Offset of the pulse width low byte.
pub const PW_LO: u8 = 2;
/// Offset of the pulse width high nibble.
pub const PW_HI: u8 = 3;
/// Offset of the control register (gate, sync, ring, test, waveforms).
pub const CONTROL: u8 = 4;
/// Offset of attack/decay.
pub const ATTACK_DECAY: u8 = 5;
/// Offset of sustain/release.
pub const SUSTAIN_RELEASE: u8 = 6;
/// Filter cutoff, low 3 bits.
pub const FC_LO: u8 = 0x15;
/// Filter cutoff, high 8 bits.
pub const FC_HI: u8 = 0x16;
/// Resonance (high nibble) and the voices through the filter (low nibble).
pub const RES_FILT: u8 = 0x17;
/// Filter mode (bits 4-6), voice 3 off (bit 7), volume (bits 0-3).
pub const MODE_VOL: u8 = 0x18;
/// Paddle X.
pub const POTX: u8 = 0x19;
/// Paddle Y.
pub const POTY: u8 = 0x1A;
/// Voice 3's waveform output, upper 8 bits.
pub const OSC3: u8 = 0x1B;
/// Voice 3's envelope.
pub const ENV3: u8 = 0x1C;
