//! Compare two recordings of the same tune by their spectra (tools/compare-sid runs it on
//! x64sc's and c64kit's WAVs).
//!
//!   cargo run --release -p c64sid --example spectral_compare -- REFERENCE.wav TEST.wav
//!
//! Prints `similarity level_db lag_s frames`:
//! - the recordings are aligned (the reference starts with the ROM boot's silence): of
//!   two candidate lags in 5 ms steps, the onsets matched or the best correlation of the
//!   loudness envelopes, the one giving the higher similarity is kept;
//! - both are cut into 20 ms frames (a 50 Hz driver's step), each frame Hann-windowed
//!   and its power spectrum taken from 50 Hz to 12 kHz in dB with a floor 100 dB below
//!   full scale;
//! - similarity is the mean, over the frames where either side is louder than -50 dBFS,
//!   of the Pearson correlation of the two frames' dB spectra: 1.0 is the same timbre
//!   (the same harmonics at the same relative levels, the same filter shape), whatever
//!   the phase of the oscillators or the overall gain, which two emulators never share;
//! - level_db is the mean difference of the frames' loudness (test minus reference).

use std::f64::consts::PI;

const FRAME_S: f64 = 0.020;
const STEP_S: f64 = 0.005;
const FFT: usize = 2048;
const FLOOR_DB: f64 = -100.0;
const ACTIVE_DB: f64 = -50.0;

fn read_wav(path: &str) -> Result<(u32, Vec<f64>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(format!("{path}: not a WAV file"));
    }
    let (mut rate, mut channels, mut bits) = (0u32, 0usize, 0u16);
    let mut pos = 12;
    while pos + 8 <= bytes.len() {
        let id = &bytes[pos..pos + 4];
        let len = u32::from_le_bytes(bytes[pos + 4..pos + 8].try_into().unwrap()) as usize;
        let body = &bytes[pos + 8..(pos + 8 + len).min(bytes.len())];
        if id == b"fmt " && body.len() >= 16 {
            channels = usize::from(u16::from_le_bytes([body[2], body[3]]));
            rate = u32::from_le_bytes(body[4..8].try_into().unwrap());
            bits = u16::from_le_bytes([body[14], body[15]]);
        } else if id == b"data" {
            if bits != 16 || channels == 0 {
                return Err(format!("{path}: only 16-bit PCM is read"));
            }
            let samples = body
                .chunks_exact(2 * channels)
                .map(|f| {
                    f.chunks_exact(2)
                        .map(|s| f64::from(i16::from_le_bytes([s[0], s[1]])) / 32768.0)
                        .sum::<f64>()
                        / channels as f64
                })
                .collect();
            return Ok((rate, samples));
        }
        pos += 8 + len + (len & 1);
    }
    Err(format!("{path}: no data chunk"))
}

fn db(power: f64) -> f64 {
    10.0 * power.max(1e-30).log10()
}

/// Loudness (dB) of windows of `len` samples every `step`.
fn envelope(x: &[f64], len: usize, step: usize) -> Vec<f64> {
    (0..x.len().saturating_sub(len) / step)
        .map(|k| {
            let w = &x[k * step..k * step + len];
            db(w.iter().map(|v| v * v).sum::<f64>() / len as f64).max(FLOOR_DB)
        })
        .collect()
}

/// Candidate lags of the reference (in envelope steps): the two onsets (the first
/// rise out of silence to within 30 dB of the loudest) matched, and the lag that best
/// correlates the whole loudness envelopes (which a repeating tune can fool by a bar,
/// as a quiet filtered start can fool the onset). The caller keeps the better one.
fn candidate_lags(reference: &[f64], test: &[f64]) -> [usize; 2] {
    let onset = |x: &[f64]| {
        let peak = x.iter().copied().fold(FLOOR_DB, f64::max);
        // A rise out of silence: the power-on click at the very start is not one.
        (1..x.len())
            .find(|&i| x[i] > peak - 30.0 && x[i - 1] < ACTIVE_DB)
            .unwrap_or(0)
    };
    let by_onset = onset(reference).saturating_sub(onset(test));
    let n = test.len().min(reference.len());
    let mut best = (f64::MIN, 0);
    for lag in 0..reference.len().saturating_sub(n / 2) {
        let m = n.min(reference.len() - lag);
        let score = pearson(&reference[lag..lag + m], &test[..m]);
        if score > best.0 {
            best = (score, lag);
        }
    }
    [by_onset, best.1]
}

/// (similarity, level difference, frames) with the reference `lag` samples on.
fn compare(
    reference: &[f64],
    test: &[f64],
    lag: usize,
    frame: usize,
    rate: u32,
) -> (f64, f64, usize) {
    let (mut sum, mut level, mut frames) = (0.0, 0.0, 0usize);
    let mut k = 0;
    while lag + (k + 1) * frame <= reference.len() && (k + 1) * frame <= test.len() {
        let r = &reference[lag + k * frame..lag + (k + 1) * frame];
        let t = &test[k * frame..(k + 1) * frame];
        let loud = |x: &[f64]| db(x.iter().map(|v| v * v).sum::<f64>() / x.len() as f64);
        let (lr, lt) = (loud(r), loud(t));
        if lr.max(lt) > ACTIVE_DB {
            sum += pearson(&spectrum(r, rate), &spectrum(t, rate));
            level += lt.max(FLOOR_DB) - lr.max(FLOOR_DB);
            frames += 1;
        }
        k += 1;
    }
    let n = frames.max(1) as f64;
    (sum / n, level / n, frames)
}

fn pearson(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().min(b.len()) as f64;
    if n < 2.0 {
        return 0.0;
    }
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    if saa == 0.0 || sbb == 0.0 {
        return if saa == sbb { 1.0 } else { 0.0 };
    }
    sab / (saa * sbb).sqrt()
}

/// In-place radix-2 FFT of (re, im).
fn fft(re: &mut [f64], im: &mut [f64]) {
    let n = re.len();
    let mut j = 0;
    for i in 1..n {
        let mut bit = n >> 1;
        while j & bit != 0 {
            j ^= bit;
            bit >>= 1;
        }
        j |= bit;
        if i < j {
            re.swap(i, j);
            im.swap(i, j);
        }
    }
    let mut len = 2;
    while len <= n {
        let ang = -2.0 * PI / len as f64;
        for start in (0..n).step_by(len) {
            for k in 0..len / 2 {
                let (s, c) = (ang * k as f64).sin_cos();
                let (a, b) = (start + k, start + k + len / 2);
                let tr = re[b] * c - im[b] * s;
                let ti = re[b] * s + im[b] * c;
                re[b] = re[a] - tr;
                im[b] = im[a] - ti;
                re[a] += tr;
                im[a] += ti;
            }
        }
        len <<= 1;
    }
}

/// The frame's spectrum in dB, 50 Hz to 12 kHz.
fn spectrum(frame: &[f64], rate: u32) -> Vec<f64> {
    let n = frame.len();
    let mut re = vec![0.0; FFT];
    let mut im = vec![0.0; FFT];
    for (i, v) in frame.iter().enumerate() {
        re[i] = v * (0.5 - 0.5 * (2.0 * PI * i as f64 / n as f64).cos());
    }
    fft(&mut re, &mut im);
    let bin = |hz: f64| (hz * FFT as f64 / f64::from(rate)) as usize;
    (bin(50.0)..=bin(12_000.0))
        .map(|k| db((re[k] * re[k] + im[k] * im[k]) / (n * n) as f64).max(FLOOR_DB))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 2 {
        eprintln!("usage: spectral_compare REFERENCE.wav TEST.wav");
        std::process::exit(2);
    }
    let run = || -> Result<(), String> {
        let (rate, reference) = read_wav(&args[0])?;
        let (test_rate, test) = read_wav(&args[1])?;
        if rate != test_rate {
            return Err(format!("sample rates differ: {rate} and {test_rate}"));
        }
        let frame = (FRAME_S * f64::from(rate)) as usize;
        let step = (STEP_S * f64::from(rate)) as usize;
        let (renv, tenv) = (
            envelope(&reference, frame, step),
            envelope(&test, frame, step),
        );
        let (lag, (similarity, level, frames)) = candidate_lags(&renv, &tenv)
            .into_iter()
            .map(|l| (l * step, compare(&reference, &test, l * step, frame, rate)))
            .max_by(|a, b| a.1.0.total_cmp(&b.1.0))
            .unwrap();
        if frames == 0 {
            return Err("no frame louder than -50 dBFS".into());
        }
        println!(
            "{:.3} {:+.1} {:.3} {}",
            similarity,
            level,
            lag as f64 / f64::from(rate),
            frames
        );
        Ok(())
    };
    if let Err(e) = run() {
        eprintln!("spectral_compare: {e}");
        std::process::exit(1);
    }
}
