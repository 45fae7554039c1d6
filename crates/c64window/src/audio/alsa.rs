//! Sound out on Linux: ALSA's `libasound.so.2`, loaded when the window opens rather than
//! linked, so building c64kit needs no ALSA headers and a machine without ALSA runs
//! silent with a warning (as the window itself loads X11 at run time).
//!
//! A thread writes the FIFO's samples to the default PCM (16-bit mono at 48 kHz; ALSA
//! converts to what the device takes), in short blocks: each blocking write paces it.

use std::ffi::{CStr, CString, c_char, c_int, c_long, c_uint, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use libloading::{Library, Symbol};

use super::Fifo;

/// The rate asked of ALSA (it resamples to the device's if it must).
const RATE: u32 = 48_000;
/// Frames per write: 5 ms.
const BLOCK: usize = 240;
/// The latency asked of ALSA, microseconds.
const LATENCY_US: c_uint = 40_000;

// From <alsa/pcm.h>.
const SND_PCM_STREAM_PLAYBACK: c_int = 0;
const SND_PCM_FORMAT_S16_LE: c_int = 2;
const SND_PCM_ACCESS_RW_INTERLEAVED: c_int = 3;

type Pcm = *mut c_void;
type OpenFn = unsafe extern "C" fn(*mut Pcm, *const c_char, c_int, c_int) -> c_int;
type SetParamsFn = unsafe extern "C" fn(Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteFn = unsafe extern "C" fn(Pcm, *const c_void, c_long) -> c_long;
type RecoverFn = unsafe extern "C" fn(Pcm, c_int, c_int) -> c_int;
type CloseFn = unsafe extern "C" fn(Pcm) -> c_int;
type StrErrorFn = unsafe extern "C" fn(c_int) -> *const c_char;

/// The library's functions c64kit calls.
struct Api {
    write: WriteFn,
    recover: RecoverFn,
    close: CloseFn,
    // Keeps the functions above loaded.
    _lib: Library,
}

/// An open PCM, written from one thread.
struct Device {
    api: Api,
    pcm: Pcm,
}

// The PCM handle is used by one thread at a time (moved into the writer).
unsafe impl Send for Device {}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: `pcm` was opened by snd_pcm_open and is closed once.
        unsafe { (self.api.close)(self.pcm) };
    }
}

/// The output: a writer thread until dropped.
pub struct Output {
    stop: Arc<AtomicBool>,
    writer: Option<JoinHandle<()>>,
}

impl Output {
    /// Open the default PCM and start a thread writing to it what comes into the FIFO:
    /// the output, its rate and the FIFO; the error says why there is no sound.
    pub fn open() -> Result<(Output, u32, Arc<Mutex<Fifo>>), String> {
        Output::open_pcm("default")
    }

    /// As [`Output::open`], on the PCM ALSA's configuration names `pcm`.
    fn open_pcm(pcm: &str) -> Result<(Output, u32, Arc<Mutex<Fifo>>), String> {
        let device = Device::open(pcm)?;
        let fifo = Arc::new(Mutex::new(Fifo::new(RATE)));
        let reader = fifo.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        let writer = std::thread::Builder::new()
            .name("audio".into())
            .spawn(move || write_loop(device, &reader, &stopping))
            .map_err(|e| e.to_string())?;
        Ok((
            Output {
                stop,
                writer: Some(writer),
            },
            RATE,
            fifo,
        ))
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
    }
}

impl Device {
    fn open(pcm_name: &str) -> Result<Device, String> {
        // SAFETY: loading libasound runs its constructors, which are sound; the symbols
        // are declared with the signatures <alsa/asoundlib.h> gives them.
        unsafe {
            let lib = Library::new("libasound.so.2")
                .map_err(|e| format!("ALSA (libasound.so.2) is not installed: {e}"))?;
            let open: OpenFn = *sym(&lib, b"snd_pcm_open\0")?;
            let set_params: SetParamsFn = *sym(&lib, b"snd_pcm_set_params\0")?;
            let strerror: StrErrorFn = *sym(&lib, b"snd_strerror\0")?;
            let write: WriteFn = *sym(&lib, b"snd_pcm_writei\0")?;
            let recover: RecoverFn = *sym(&lib, b"snd_pcm_recover\0")?;
            let close: CloseFn = *sym(&lib, b"snd_pcm_close\0")?;
            let api = Api {
                write,
                recover,
                close,
                _lib: lib,
            };
            let error = |what: &str, code: c_int| {
                let text = CStr::from_ptr(strerror(code))
                    .to_string_lossy()
                    .into_owned();
                format!("{what}: {text}")
            };
            let name = CString::new(pcm_name).map_err(|e| e.to_string())?;
            let mut pcm: Pcm = std::ptr::null_mut();
            let rc = open(&mut pcm, name.as_ptr(), SND_PCM_STREAM_PLAYBACK, 0);
            if rc < 0 {
                return Err(error(&format!("no ALSA output device '{pcm_name}'"), rc));
            }
            let device = Device { api, pcm };
            let rc = set_params(
                pcm,
                SND_PCM_FORMAT_S16_LE,
                SND_PCM_ACCESS_RW_INTERLEAVED,
                1,
                RATE,
                1,
                LATENCY_US,
            );
            if rc < 0 {
                return Err(error("the ALSA device refused 16-bit mono", rc));
            }
            Ok(device)
        }
    }

    /// Write one block; an underrun is recovered from (and the block dropped).
    fn write(&self, block: &[i16]) -> Result<(), c_int> {
        // SAFETY: `block` holds `block.len()` frames of one S16 channel.
        let n = unsafe { (self.api.write)(self.pcm, block.as_ptr().cast(), block.len() as c_long) };
        if n >= 0 {
            return Ok(());
        }
        // SAFETY: recover takes the error writei returned; 1 = silent.
        let rc = unsafe { (self.api.recover)(self.pcm, n as c_int, 1) };
        if rc < 0 { Err(rc) } else { Ok(()) }
    }
}

/// # Safety
/// `T` must be the symbol's real type.
unsafe fn sym<'l, T>(lib: &'l Library, name: &[u8]) -> Result<Symbol<'l, T>, String> {
    // SAFETY: as the caller promises.
    unsafe { lib.get(name) }.map_err(|e| format!("ALSA: {e}"))
}

fn write_loop(device: Device, fifo: &Mutex<Fifo>, stop: &AtomicBool) {
    let mut block = [0i16; BLOCK];
    while !stop.load(Ordering::Relaxed) {
        match fifo.lock() {
            Ok(mut f) => {
                for s in &mut block {
                    *s = (f.next() * 32767.0) as i16;
                }
            }
            Err(_) => return,
        }
        if let Err(code) = device.write(&block) {
            eprintln!("c64kit: audio stopped (ALSA error {code})");
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Through ALSA's `file` PCM (a raw file, no device): what the FIFO holds reaches
    /// ALSA as 16-bit samples, then the output eases to silence. Needs libasound.so.2
    /// (`.ci/run` installs it).
    #[test]
    #[ignore = "needs ALSA's libasound.so.2"]
    fn the_fifo_reaches_alsa_as_16_bit_samples() {
        let dir = std::env::temp_dir().join(format!("c64window-alsa-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let raw = dir.join("out.raw");
        let (output, rate, fifo) =
            Output::open_pcm(&format!("file:'{}',raw", raw.display())).expect("ALSA");
        assert_eq!(rate, RATE);
        fifo.lock().unwrap().push(&vec![8192; 4800]);
        std::thread::sleep(std::time::Duration::from_millis(300));
        drop(output);
        let bytes = std::fs::read(&raw).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let samples: Vec<i16> = bytes
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        // The queued level first (8192/32768 of full scale, within rounding), for about
        // as many samples as were queued; then a fade, never a jump.
        // (Silence first if the writer started before the samples came.)
        let start = samples.iter().take_while(|&&s| s == 0).count();
        let samples = &samples[start..];
        let level = samples
            .iter()
            .take_while(|&&s| (s - 8191).abs() <= 1)
            .count();
        assert!(
            (4000..=5000).contains(&level),
            "{level} samples at the level after {start} silent: {:?}",
            &samples[..samples.len().min(8)]
        );
        let tail = &samples[level..];
        assert!(tail.windows(2).all(|w| w[1].abs() <= w[0].abs()), "fades");
        assert!(tail.len() > 1000 && tail.last().unwrap().abs() < 10);
    }
}
