//! A window that shows a machine someone else runs (a debugger's session loop): each
//! call draws the picture as it is and, while the machine runs, hands the host keyboard
//! and keypad joystick to it. While the machine is stopped (at a breakpoint) the window
//! goes on answering its events and redrawing, so it stays responsive.

use std::cell::RefCell;
use std::rc::Rc;

use c64emu::Machine;
use c64emu::render::{self, WIDTH};
use minifb::{Key, Window, WindowOptions};

use crate::{Events, Keyboard, NoDisplay, keys, scales, upscale};

/// The open window.
pub struct Viewer {
    window: Window,
    title: String,
    events: Events,
    kb: Keyboard,
    drawn: usize,
    height: usize,
    pixels: Vec<u32>,
    shown: Vec<u32>,
    /// Whether the title says "stopped" now.
    titled_running: Option<bool>,
}

impl Viewer {
    /// Open a window for `m`'s picture at `scale` (1, 2, 3, 4 or 8).
    pub fn open(title: &str, scale: u8, m: &Machine) -> Result<Viewer, NoDisplay> {
        let (minifb_scale, drawn) = scales(scale);
        let height = m.picture().height;
        let mut window = Window::new(
            title,
            WIDTH * drawn,
            height * drawn,
            WindowOptions {
                scale: minifb_scale,
                ..WindowOptions::default()
            },
        )
        .map_err(|e| NoDisplay(e.to_string()))?;
        // The caller paces the machine: the window never waits.
        window.set_target_fps(0);
        let events = Events(Rc::new(RefCell::new(Vec::new())));
        window.set_input_callback(Box::new(events.clone()));
        Ok(Viewer {
            window,
            title: title.to_string(),
            events,
            kb: Keyboard {
                held: Vec::new(),
                joy_port: 2,
            },
            drawn,
            height,
            pixels: vec![0; WIDTH * height],
            shown: vec![0; WIDTH * height * drawn * drawn],
            titled_running: None,
        })
    }

    /// Draw `m` and take the window's events; the keyboard goes to the machine only
    /// while it `running`. False once the user has closed the window.
    pub fn show(&mut self, m: &mut Machine, running: bool) -> bool {
        if !self.window.is_open() {
            return false;
        }
        let batch: Vec<(Key, bool)> = self.events.0.borrow_mut().drain(..).collect();
        let (taps, presses) = self.kb.apply(&batch);
        if running {
            if presses.contains(&Key::PageUp) {
                m.press_restore();
            }
            m.set_keys(&keys::matrix_keys(&self.kb.held));
            m.set_joystick(self.kb.joy_port, keys::joystick(&self.kb.held));
            for &t in &taps {
                let k = keys::tap_keys(t, &self.kb.held);
                if !k.is_empty() {
                    m.tap_keys(&k);
                }
            }
        }
        if self.titled_running != Some(running) {
            let state = if running {
                "running"
            } else {
                "stopped in the debugger"
            };
            self.window.set_title(&format!("{} - {state}", self.title));
            self.titled_running = Some(running);
        }
        render::render_into(m, &mut self.pixels, None);
        let frame = match self.drawn {
            1 => &self.pixels,
            n => {
                upscale(&self.pixels, WIDTH, n, &mut self.shown);
                &self.shown
            }
        };
        let (w, h) = (WIDTH * self.drawn, self.height * self.drawn);
        self.window.update_with_buffer(frame, w, h).is_ok() && self.window.is_open()
    }
}
