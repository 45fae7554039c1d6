//! `c64kit run --headless --audio FILE.wav`: the SID's output as a WAV file, on either
//! chip model; bad paths cost no run and leave nothing behind.
mod cli_support;

use cli_support::{TempDir, run_headless as run};

/// A sawtooth at 440 Hz, gate on, volume 15, then an endless loop.
const TONE: &str = "        * = $0801
        .word (+), 10
        .null $9e, format(\"%d\", start)
+       .word 0
start   lda #$0f
        sta $d418
        lda #$00
        sta $d405
        lda #$f0
        sta $d406
        lda #$1d
        sta $d400
        sta $d401
        lda #$21
        sta $d404
loop    jmp loop
";

/// The samples of a 16-bit mono WAV file at `rate`.
fn samples(bytes: &[u8], rate: u32) -> Vec<i16> {
    assert_eq!(&bytes[0..4], b"RIFF");
    assert_eq!(&bytes[8..16], b"WAVEfmt ");
    assert_eq!(u16::from_le_bytes([bytes[22], bytes[23]]), 1, "mono");
    assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), rate);
    assert_eq!(&bytes[36..40], b"data");
    let len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
    assert_eq!(len, bytes.len() - 44);
    bytes[44..]
        .chunks(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect()
}

#[test]
fn a_tone_is_written_at_its_pitch_for_both_chips_and_rates() {
    let dir = TempDir::new("audio-tone");
    std::fs::write(dir.path("tone.asm"), TONE).unwrap();
    for (sid, rate) in [("6581", "44100"), ("8580", "48000")] {
        let wav = dir.path(&format!("tone-{sid}.wav"));
        let o = run(
            &dir,
            &[
                "tone.asm",
                "--frames",
                "100",
                "--sid",
                sid,
                "--audio",
                wav.to_str().unwrap(),
                "--audio-rate",
                rate,
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let rate: u32 = rate.parse().unwrap();
        let s = samples(&std::fs::read(&wav).unwrap(), rate);
        // 100 frames of 19656 cycles at 985248 Hz.
        let expect = 1_965_600u64 * u64::from(rate) / 985_248;
        assert!(
            (s.len() as i64 - expect as i64).abs() < 200,
            "{} samples",
            s.len()
        );
        // $1D1D is 439.7 Hz: one ramp's fall per period in the last second.
        let last = &s[s.len() - rate as usize..];
        let drop = |a: i16, b: i16| i32::from(a) - i32::from(b) > 1500;
        let falls = last
            .windows(3)
            .filter(|w| drop(w[1], w[2]) && !drop(w[0], w[1]))
            .count();
        assert!(
            (438..=442).contains(&falls),
            "{sid}: {falls} ramps a second"
        );
    }
}

#[test]
fn a_bad_audio_path_costs_no_run_and_an_input_is_never_overwritten() {
    let dir = TempDir::new("audio-bad");
    std::fs::write(dir.path("tone.asm"), TONE).unwrap();
    let o = run(
        &dir,
        &["tone.asm", "--frames", "1", "--audio", "no/such/dir/x.wav"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--audio"));
    let o = run(&dir, &["tone.asm", "--frames", "1", "--audio", "tone.asm"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(dir.path("tone.asm")).unwrap(), TONE);
    let o = run(&dir, &["tone.asm", "--frames", "1", "--sid", "6582"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("expected 6581 or 8580"));
}
