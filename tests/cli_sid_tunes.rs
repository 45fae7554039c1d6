//! `c64kit run tune.sid [--subtune N]`: a PSID tune's init gets the subtune, its play
//! routine is called 50 times a second (vertical blank) or at CIA 1's timer rate, and
//! its sound goes to --audio; bad headers and subtunes are errors that cost no run.
mod cli_support;

use cli_support::{TempDir, run_headless as run};

/// A PSID v2 tune at $1000: init ($1000) keeps A (the subtune) in $FB and starts a
/// sawtooth; play ($1020) counts its calls in $FB and writes the count as the pitch.
fn tune(songs: u16, speed: u32) -> Vec<u8> {
    let mut f = b"PSID\x00\x02\x00\x7C".to_vec();
    for v in [0x1000u16, 0x1000, 0x1020, songs, 1] {
        f.extend(v.to_be_bytes());
    }
    f.extend(speed.to_be_bytes());
    f.extend(b"Test tune");
    f.resize(0x7C, 0);
    let mut code = vec![
        0x85, 0xFB, // STA $FB
        0xA9, 0x0F, 0x8D, 0x18, 0xD4, // volume 15
        0xA9, 0xF0, 0x8D, 0x06, 0xD4, // sustain 15
        0xA9, 0x21, 0x8D, 0x04, 0xD4, // sawtooth, gate
        0x60,
    ];
    code.resize(0x20, 0xEA);
    code.extend([0xE6, 0xFB, 0xA5, 0xFB, 0x8D, 0x01, 0xD4, 0x60]); // INC $FB ... RTS
    f.extend(code);
    f
}

/// $FB after `frames` frames of subtune `song`.
fn plays(dir: &TempDir, file: &str, song: &str, frames: &str) -> u8 {
    let o = run(
        dir,
        &[
            file,
            "--subtune",
            song,
            "--frames",
            frames,
            "--dump",
            "$fb:1",
        ],
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let line = out
        .lines()
        .find(|l| l.contains("00FB"))
        .unwrap_or_else(|| panic!("{out}"));
    let hex = line.split_whitespace().nth(1).unwrap();
    u8::from_str_radix(hex, 16).unwrap()
}

#[test]
fn init_gets_the_subtune_and_play_runs_at_the_tunes_speed() {
    let dir = TempDir::new("sid-tunes-speed");
    // Subtune 1 by the frame, subtune 2 by CIA 1's timer ($4025: about 60 Hz).
    std::fs::write(dir.path("t.sid"), tune(2, 0b10)).unwrap();
    let vbi = plays(&dir, "t.sid", "1", "100");
    assert!((99..=100).contains(&vbi), "{vbi} calls in 100 frames");
    let cia = plays(&dir, "t.sid", "2", "100");
    // Subtune 2: A = 1 at init; 100 frames are 1965600 cycles, 119.7 periods of $4026.
    assert!((1 + 118..=1 + 120).contains(&cia), "{cia}");
}

#[test]
fn a_tune_plays_into_the_wav_file() {
    let dir = TempDir::new("sid-tunes-wav");
    std::fs::write(dir.path("t.sid"), tune(1, 0)).unwrap();
    let o = run(&dir, &["t.sid", "--frames", "50", "--audio", "t.wav"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let wav = std::fs::read(dir.path("t.wav")).unwrap();
    let loud = wav[44..]
        .chunks(2)
        .filter(|c| i16::from_le_bytes([c[0], c[1]]).unsigned_abs() > 1300)
        .count();
    assert!(loud > 10_000, "{loud} loud samples");
}

#[test]
fn bad_tunes_and_subtunes_are_errors() {
    let dir = TempDir::new("sid-tunes-bad");
    std::fs::write(dir.path("t.sid"), tune(2, 0)).unwrap();
    let o = run(&dir, &["t.sid", "--subtune", "3", "--frames", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no subtune 3 (it has 2)"));
    std::fs::write(dir.path("none.sid"), tune(0, 0)).unwrap();
    let o = run(&dir, &["none.sid", "--frames", "1"]);
    assert_eq!(o.status.code(), Some(6));
    assert!(String::from_utf8_lossy(&o.stderr).contains("0 songs"));
}
