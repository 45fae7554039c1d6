//! c64window: shows a `c64emu::Machine` in a minifb window at its real speed (50 frames
//! a second on PAL, 60 on NTSC), with the host keyboard on the C64's keyboard matrix, the numeric keypad as
//! a joystick and Page Up as RESTORE (see `keys.rs` for the mapping), and keys of the
//! window's own: F9 warp, F11 pause, F12 reset, Page Down paste (`controls.rs`). The
//! SID plays through the default audio device (`audio.rs`) unless muted. A debugger
//! that runs the machine itself shows it in a [`Viewer`].

mod audio;
mod controls;
mod keys;
mod viewer;

pub use viewer::Viewer;

use controls::Control;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use c64emu::render::{self, WIDTH};
use c64emu::{Machine, Stop};
use minifb::{InputCallback, Key, Scale, Window, WindowOptions};

/// How the window runs the machine.
#[derive(Clone, Debug)]
pub struct Options {
    /// Window title.
    pub title: String,
    /// Window scale factor: 1, 2 (default), 3, 4 or 8.
    pub scale: u8,
    /// Run as fast as possible instead of the real frame rate (50 frames/s on PAL).
    pub warp: bool,
    /// Stop the program after this many cycles (the window stays open).
    pub max_cycles: Option<u64>,
    /// Stop when PC reaches this address.
    pub until: Option<u16>,
    /// Close the window when this flag is set (a Ctrl-C in the terminal).
    pub interrupt: Option<&'static AtomicBool>,
    /// Play the SID on the default audio device (no device: a warning, the run goes on).
    pub sound: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            title: "c64kit".into(),
            scale: 2,
            warp: false,
            max_cycles: None,
            until: None,
            interrupt: None,
            sound: true,
        }
    }
}

/// Why the window could not be used.
#[derive(Debug)]
pub struct NoDisplay(pub String);

impl std::fmt::Display for NoDisplay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NoDisplay {}

/// Key events since the last frame, in order.
#[derive(Clone, Default)]
struct Events(Rc<RefCell<Vec<(Key, bool)>>>);

impl InputCallback for Events {
    fn add_char(&mut self, _: u32) {}

    fn set_key_state(&mut self, key: Key, down: bool) {
        self.0.borrow_mut().push((key, down));
    }
}

/// The host keys held, and what happened to them since the last frame.
#[derive(Default)]
struct Keyboard {
    held: Vec<Key>,
    joy_port: u8,
}

impl Keyboard {
    /// Apply a frame's events: held keys, quick taps, RESTORE and the F10 port switch.
    /// Returns the taps (keys pressed and released within the frame) and presses.
    fn apply(&mut self, events: &[(Key, bool)]) -> (Vec<Key>, Vec<Key>) {
        let mut taps = Vec::new();
        let mut presses = Vec::new();
        for (i, &(k, down)) in events.iter().enumerate() {
            if down {
                if !self.held.contains(&k) {
                    self.held.push(k);
                    presses.push(k);
                }
            } else {
                self.held.retain(|&h| h != k);
                let pressed_this_frame = events[..i].iter().any(|&(e, d)| e == k && d);
                if pressed_this_frame {
                    taps.push(k);
                }
            }
        }
        (taps, presses)
    }
}

/// minifb's scale and the factor drawn here for a window scale of 1, 2, 3, 4 or 8:
/// minifb scales by powers of two; 3 (a 1080p screen's best fit) is drawn here.
fn scales(scale: u8) -> (Scale, usize) {
    match scale {
        1 => (Scale::X1, 1),
        3 => (Scale::X1, 3),
        4 => (Scale::X4, 1),
        8 => (Scale::X8, 1),
        _ => (Scale::X2, 1),
    }
}

/// Run `m` in a window until the user closes it. Returns how the program stopped
/// (None if it was still running when the window closed).
pub fn run(m: &mut Machine, opts: &Options) -> Result<Option<Stop>, NoDisplay> {
    let (scale, drawn) = scales(opts.scale);
    // The picture's height and the frame rate are the VIC-II's (PAL: 272 lines at 50
    // frames a second, NTSC: 247 at 60).
    let height = m.picture().height;
    let fps = (m.clock_hz() as f64 / m.cycles_per_frame() as f64).round() as usize;
    let mut window = Window::new(
        &opts.title,
        WIDTH * drawn,
        height * drawn,
        WindowOptions {
            scale,
            ..WindowOptions::default()
        },
    )
    .map_err(|e| NoDisplay(e.to_string()))?;
    window.set_target_fps(if opts.warp { 0 } else { fps });
    let events = Events::default();
    window.set_input_callback(Box::new(events.clone()));

    let mut kb = Keyboard {
        held: Vec::new(),
        joy_port: 2,
    };
    let sound = if opts.sound {
        match audio::Audio::open() {
            Ok(a) => {
                m.enable_audio(a.rate());
                Some(a)
            }
            Err(e) => {
                eprintln!("warning: no sound ({e}); running silent");
                None
            }
        }
    } else {
        None
    };
    let start = m.snapshot();
    let mut warp = opts.warp;
    let mut paused = false;
    let mut pixels = vec![0u32; WIDTH * height];
    let mut shown = vec![0u32; WIDTH * height * drawn * drawn];
    let mut stop: Option<Stop> = None;
    let start_cycles = m.cycles();
    let mut frame_no: u64 = 0;
    let interrupted = || opts.interrupt.is_some_and(|f| f.load(Ordering::SeqCst));
    while window.is_open() && !interrupted() {
        let batch: Vec<(Key, bool)> = events.0.borrow_mut().drain(..).collect();
        let (taps, presses) = kb.apply(&batch);
        let mut retitle = false;
        for control in presses.iter().filter_map(|&k| controls::control(k)) {
            match control {
                Control::Warp => {
                    warp = !warp;
                    window.set_target_fps(if warp { 0 } else { fps });
                }
                Control::Pause => paused = !paused,
                Control::Reset => {
                    m.restore(&start);
                    stop = None;
                    paused = false;
                }
                Control::Paste => {
                    if let Some(text) = controls::clipboard_text() {
                        let (keys, _) = controls::paste_keys(&text);
                        m.type_keys(&keys);
                    }
                }
            }
            retitle = true;
        }
        if presses.contains(&Key::F10) {
            kb.joy_port = 3 - kb.joy_port;
            m.set_joystick(3 - kb.joy_port, 0);
            retitle = true;
        }
        if retitle {
            let mut title = format!("{} - keypad is joystick {}", opts.title, kb.joy_port);
            if warp {
                title.push_str(" - warp (F9)");
            }
            if paused {
                title.push_str(" - paused (F11)");
            }
            window.set_title(&title);
        }
        if presses.contains(&Key::PageUp) {
            m.press_restore();
        }
        m.set_keys(&keys::matrix_keys(&kb.held));
        m.set_joystick(kb.joy_port, keys::joystick(&kb.held));
        for &t in &taps {
            let k = keys::tap_keys(t, &kb.held);
            if !k.is_empty() {
                m.tap_keys(&k);
            }
        }
        match &stop {
            None if paused => {}
            None => {
                stop = run_frame(m, opts, warp, start_cycles);
                if let Some(a) = &sound {
                    a.push(&m.take_audio());
                }
                if let Some(s) = &stop {
                    on_stop(m, &mut window, opts, s);
                }
            }
            Some(Stop::ReturnedToBasic) => {
                // READY.: echo what is typed, like the direct-mode editor does.
                for &p in presses.iter().chain(&taps) {
                    if let Some(c) = typed_petscii(p, &kb.held) {
                        m.print_petscii(&[c]);
                    }
                }
            }
            Some(_) => {}
        }
        frame_no += 1;
        let blink_on = (frame_no / 16).is_multiple_of(2);
        let cursor = match stop {
            None => m.input_cursor(),
            Some(Stop::ReturnedToBasic) => Some(m.cursor()),
            Some(_) => None,
        };
        render::render_into(m, &mut pixels, cursor.filter(|_| blink_on));
        let frame = match drawn {
            1 => &pixels,
            n => {
                upscale(&pixels, WIDTH, n, &mut shown);
                &shown
            }
        };
        if window
            .update_with_buffer(frame, WIDTH * drawn, height * drawn)
            .is_err()
        {
            break;
        }
    }
    Ok(stop)
}

/// Each pixel of `src` (rows of `width`) as an `n` x `n` block of `dst`.
fn upscale(src: &[u32], width: usize, n: usize, dst: &mut [u32]) {
    for (y, row) in src.chunks(width).enumerate() {
        for dy in 0..n {
            let start = (y * n + dy) * width * n;
            let line = &mut dst[start..start + width * n];
            for (x, &p) in row.iter().enumerate() {
                line[x * n..x * n + n].fill(p);
            }
        }
    }
}

/// The PETSCII a host key types (for the echo after the program ended).
fn typed_petscii(key: Key, held: &[Key]) -> Option<u8> {
    let ks = keys::tap_keys(key, held);
    let main = *ks.iter().find(|k| {
        !matches!(
            k,
            c64emu::Key::LeftShift
                | c64emu::Key::RightShift
                | c64emu::Key::Commodore
                | c64emu::Key::Ctrl
        )
    })?;
    let shflag = ks.iter().fold(0, |f, k| {
        f | match k {
            c64emu::Key::LeftShift | c64emu::Key::RightShift => 1,
            c64emu::Key::Commodore => 2,
            c64emu::Key::Ctrl => 4,
            _ => 0,
        }
    });
    main.petscii(shflag)
}

/// Emulate one frame (or ~20 ms of host time in warp mode).
fn run_frame(m: &mut Machine, opts: &Options, warp: bool, start: u64) -> Option<Stop> {
    let deadline = Instant::now() + Duration::from_millis(20);
    loop {
        let mut budget = m.cycles_per_frame();
        if let Some(max) = opts.max_cycles {
            let left = (start + max).saturating_sub(m.cycles());
            if left == 0 {
                return Some(Stop::CycleLimit);
            }
            budget = budget.min(left);
        }
        let result = match opts.until {
            Some(addr) => m
                .run_until(addr, budget)
                .err()
                .or(Some(Stop::Reached(addr))),
            None => Some(m.run(budget)),
        };
        match result {
            Some(Stop::CycleLimit) => {}
            other => return other,
        }
        if !warp || Instant::now() >= deadline {
            return None;
        }
    }
}

fn on_stop(m: &mut Machine, window: &mut Window, opts: &Options, stop: &Stop) {
    let what = m.describe_stop(stop);
    eprintln!("{what}");
    if matches!(stop, Stop::ReturnedToBasic) {
        m.print_petscii(b"\rREADY.\r");
    }
    window.set_title(&format!("{} - {what}", opts.title));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_pressed_and_released_within_a_frame_is_a_tap() {
        let mut kb = Keyboard::default();
        let (taps, presses) = kb.apply(&[(Key::Enter, true), (Key::Enter, false)]);
        assert_eq!(taps, vec![Key::Enter]);
        assert_eq!(presses, vec![Key::Enter]);
        assert!(kb.held.is_empty());
        // Held across frames: no tap on release.
        kb.apply(&[(Key::A, true)]);
        assert_eq!(kb.held, vec![Key::A]);
        let (taps, _) = kb.apply(&[(Key::A, false)]);
        assert!(taps.is_empty());
    }

    #[test]
    fn scale_three_draws_each_pixel_as_a_three_by_three_block() {
        let src = [1, 2, 3, 4, 5, 6];
        let mut dst = [0; 54];
        upscale(&src, 3, 3, &mut dst);
        let row = |r: usize| dst[r * 9..r * 9 + 9].to_vec();
        for r in 0..3 {
            assert_eq!(row(r), [1, 1, 1, 2, 2, 2, 3, 3, 3]);
            assert_eq!(row(r + 3), [4, 4, 4, 5, 5, 5, 6, 6, 6]);
        }
    }

    #[test]
    fn echo_decodes_like_the_kernal() {
        assert_eq!(typed_petscii(Key::A, &[]), Some(0x41));
        assert_eq!(typed_petscii(Key::A, &[Key::LeftShift]), Some(0xC1));
        assert_eq!(typed_petscii(Key::Enter, &[]), Some(0x0D));
    }
}
