//! Running the machine headless in slices of one frame: between two slices the run
//! looks for an interrupt (Ctrl-C: the run ends there and its outputs describe the
//! machine as it is) and draws the progress line.

use c64emu::{Machine, Stop};

use crate::interrupt;
use crate::progress::{Progress, thousands};

/// What the run waits for, besides a stop of the program's own.
#[derive(Clone, Copy)]
pub enum Goal {
    /// Nothing: the budget.
    Budget,
    /// PC at this address (`--until`).
    Until(u16),
    /// The program waiting for a key with every `--keys` key typed (`--until-idle`).
    Idle,
}

/// How a run ended.
pub enum Outcome {
    /// The program stopped (BRK, JAM, returned to BASIC, `--until` reached, ...).
    Stopped(Stop),
    /// It waits for a key and every `--keys` key was typed.
    Idle,
    /// The budget of cycles is spent.
    Budget,
    /// A signal (Ctrl-C) ended the run.
    Interrupted,
}

/// Runs `m` for at most `budget` cycles, or until `goal` or a stop.
pub fn drive(m: &mut Machine, goal: Goal, budget: u64, progress: &mut Progress) -> Outcome {
    let start = m.cycles();
    let frame = m.cycles_per_frame();
    loop {
        if interrupt::interrupted() {
            return Outcome::Interrupted;
        }
        let used = m.cycles() - start;
        if used >= budget {
            return Outcome::Budget;
        }
        let slice = (budget - used).min(frame);
        let stop = match goal {
            Goal::Budget => m.run(slice),
            Goal::Until(addr) => match m.run_until(addr, slice) {
                Ok(_) => Stop::Reached(addr),
                Err(s) => s,
            },
            Goal::Idle => match m.run_until_idle(slice) {
                Ok(_) => return Outcome::Idle,
                Err(s) => s,
            },
        };
        match (stop, goal) {
            // A slice that ends on the address: the next one would not look at it.
            (Stop::CycleLimit, Goal::Until(addr)) if m.regs().pc == addr => {
                return Outcome::Stopped(Stop::Reached(addr));
            }
            (Stop::CycleLimit, _) => {}
            (other, _) => return Outcome::Stopped(other),
        }
        if progress.due() {
            let cycles = m.cycles() - start;
            let speed = cycles as f64 / m.clock_hz() as f64 / progress.elapsed().as_secs_f64();
            let standard = if m.vic_model().timing().lines == 312 {
                "PAL"
            } else {
                "NTSC"
            };
            progress.show(&format!(
                "running: {} cycles ({} frames), {speed:.1}x {standard} speed",
                thousands(cycles),
                thousands(cycles / frame)
            ));
        }
    }
}
