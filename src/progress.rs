//! A progress line on standard error for long runs and builds, as cargo shows one: only
//! when standard error is a terminal (never into a pipe, a file or a CI log), only
//! after the work has taken [`DELAY`], redrawn a few times a second and erased at the
//! end, so what the command prints stays as it would be without it.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How long the work runs before the line appears.
pub const DELAY: Duration = Duration::from_secs(2);
/// How often the line is redrawn.
const EVERY: Duration = Duration::from_millis(250);

/// The progress line of one command.
pub struct Progress {
    on: bool,
    started: Instant,
    drawn: Option<Instant>,
}

impl Progress {
    /// A progress line that shows only where a person watches: standard error is a
    /// terminal, and neither `CI` is set nor `TERM=dumb`.
    pub fn new() -> Progress {
        let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        Progress::shown_if(std::io::stderr().is_terminal() && !ci && !dumb)
    }

    /// A progress line that shows if `on` (tests; a window run passes false).
    pub fn shown_if(on: bool) -> Progress {
        Progress {
            on,
            started: Instant::now(),
            drawn: None,
        }
    }

    /// Time since the work started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether a call to [`Progress::show`] now would draw (so the caller can skip
    /// making the text).
    pub fn due(&self) -> bool {
        if !self.on {
            return false;
        }
        let now = Instant::now();
        now.duration_since(self.started) >= DELAY
            && self.drawn.is_none_or(|d| now.duration_since(d) >= EVERY)
    }

    /// Draws `text` over the previous line, if it is [`Progress::due`].
    pub fn show(&mut self, text: &str) {
        if self.due() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K{text}").and_then(|()| err.flush());
            self.drawn = Some(Instant::now());
        }
    }

    /// Erases the line, if it was drawn.
    pub fn clear(&mut self) {
        if self.drawn.take().is_some() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K").and_then(|()| err.flush());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}

/// Runs `work`, showing `text()` on the progress line meanwhile (from another thread,
/// a few times a second, when [`Progress::new`] would show it).
pub fn while_running<T>(work: impl FnOnce() -> T, text: impl Fn() -> String + Sync) -> T {
    let mut line = Progress::new();
    if !line.on {
        return work();
    }
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                if line.due() {
                    line.show(&text());
                }
            }
            line.clear();
        });
        let result = work();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        result
    })
}

/// `12345678` as `12,345,678`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(12_345_678), "12,345,678");
    }

    #[test]
    fn nothing_is_due_when_off_or_before_the_delay() {
        assert!(!Progress::shown_if(false).due());
        let p = Progress::shown_if(true);
        assert!(!p.due(), "not before {DELAY:?}");
        let mut late = Progress::shown_if(true);
        late.started = Instant::now().checked_sub(DELAY).unwrap();
        assert!(late.due());
        late.drawn = Some(Instant::now());
        assert!(!late.due(), "not again within {EVERY:?}");
    }
}
