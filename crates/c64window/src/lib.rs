//! c64window: shows a `c64emu::Machine` in a minifb window with PAL pacing and the host
//! keyboard mapped to the C64's (typed characters become PETSCII key presses; held keys
//! also show in the CIA1 matrix for programs that scan it).

mod keys;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use c64emu::io::CYCLES_PER_FRAME;
use c64emu::render::{self, HEIGHT, WIDTH};
use c64emu::{Machine, Stop};
use minifb::{InputCallback, KeyRepeat, Scale, Window, WindowOptions};

/// How the window runs the machine.
#[derive(Clone, Debug)]
pub struct Options {
    pub title: String,
    /// Window scale factor: 1, 2 (default), 4 or 8.
    pub scale: u8,
    /// Run as fast as possible instead of 50 frames/s.
    pub warp: bool,
    /// Stop the program after this many cycles (the window stays open).
    pub max_cycles: Option<u64>,
    /// Stop when PC reaches this address.
    pub until: Option<u16>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            title: "c64kit".into(),
            scale: 2,
            warp: false,
            max_cycles: None,
            until: None,
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

/// Characters typed into the window since the last frame.
#[derive(Clone, Default)]
struct Typed(Rc<RefCell<Vec<char>>>);

impl InputCallback for Typed {
    fn add_char(&mut self, uni_char: u32) {
        if let Some(c) = char::from_u32(uni_char) {
            self.0.borrow_mut().push(c);
        }
    }
}

/// Run `m` in a window until the user closes it. Returns how the program stopped
/// (None if it was still running when the window closed).
pub fn run(m: &mut Machine, opts: &Options) -> Result<Option<Stop>, NoDisplay> {
    let scale = match opts.scale {
        1 => Scale::X1,
        4 => Scale::X4,
        8 => Scale::X8,
        _ => Scale::X2,
    };
    let mut window = Window::new(
        &opts.title,
        WIDTH,
        HEIGHT,
        WindowOptions {
            scale,
            ..WindowOptions::default()
        },
    )
    .map_err(|e| NoDisplay(e.to_string()))?;
    window.set_target_fps(if opts.warp { 0 } else { 50 });
    let typed = Typed::default();
    window.set_input_callback(Box::new(typed.clone()));

    let mut pixels = vec![0u32; WIDTH * HEIGHT];
    let mut stop: Option<Stop> = None;
    let start_cycles = m.cycles();
    let mut frame_no: u64 = 0;
    while window.is_open() {
        keys::update_matrix(m, &window.get_keys());
        let mut codes = keys::special_keys(&window.get_keys_pressed(KeyRepeat::Yes), &window);
        codes.extend(typed.0.borrow_mut().drain(..).filter_map(keys::typed_char));
        if stop.is_none() {
            m.type_petscii(&codes);
            stop = run_frame(m, opts, start_cycles);
            if let Some(s) = &stop {
                on_stop(m, &mut window, opts, s);
            }
        } else if matches!(stop, Some(Stop::ReturnedToBasic)) {
            // READY.: echo what is typed, like the direct-mode editor does.
            m.print_petscii(&codes);
        }
        frame_no += 1;
        let blink_on = (frame_no / 16).is_multiple_of(2);
        let cursor = match stop {
            None => m.input_cursor(),
            Some(Stop::ReturnedToBasic) => Some(m.cursor()),
            Some(_) => None,
        };
        render::render_into(m, &mut pixels, cursor.filter(|_| blink_on));
        if window.update_with_buffer(&pixels, WIDTH, HEIGHT).is_err() {
            break;
        }
    }
    Ok(stop)
}

/// Emulate one PAL frame (or ~20 ms of host time in warp mode).
fn run_frame(m: &mut Machine, opts: &Options, start: u64) -> Option<Stop> {
    let deadline = Instant::now() + Duration::from_millis(20);
    loop {
        let mut budget = CYCLES_PER_FRAME;
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
        if !opts.warp || Instant::now() >= deadline {
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
