//! Running one test on a harness in its fresh state: memory, mocks, setup calls,
//! registers and keys, then the call or run, watched as the checks need.

use c64emu::{Regs, Stop};

use crate::build::Harness;
use crate::mock::MockId;
use crate::profile::{Profile, Profiler};
use crate::watch::{Watch, WatchSpec, Watched};

use super::plan::{Action, End, Test};

/// What a run left for the checks.
pub(crate) struct Ran {
    /// Registers just before the call or run.
    pub before: Regs,
    /// How it ended: Ok(cycles) if it ended as the action ends normally.
    pub end: Result<u64, Stop>,
    /// What the watch saw, if one ran.
    pub watched: Option<Watched>,
    /// Calls of each mock.
    pub mock_calls: Vec<u64>,
    /// The profile of the action, if asked for.
    pub profile: Option<Profile>,
}

/// Why a test could not get to its action.
pub(crate) struct SetupFailed {
    /// What went wrong.
    pub message: String,
    /// The setup step's place.
    pub place: super::diag::Place,
}

/// Runs `test` on `h`, which holds the program in the state the test starts from;
/// `extra` observers watch the call or run too.
pub(crate) fn run(
    h: &mut Harness,
    test: &Test,
    profile: bool,
    extra: Vec<Box<dyn c64emu::Observer>>,
) -> Result<Ran, SetupFailed> {
    h.clear_mocks();
    for (addr, bytes) in &test.mem {
        h.write(*addr, bytes);
    }
    let mut ids: Vec<MockId> = Vec::new();
    for (target, mock, place) in &test.mocks {
        let id = h.mock(*target, mock.clone()).map_err(|stop| SetupFailed {
            message: format!("cannot mock ${target:04X}: {stop}"),
            place: place.clone(),
        })?;
        ids.push(id);
    }
    for (addr, place) in &test.before {
        if let Err(stop) = h.call(*addr, test.max_cycles) {
            return Err(SetupFailed {
                message: format!(
                    "the setup call of {} did not return: {}",
                    h.describe(*addr),
                    h.describe_stop(&stop)
                ),
                place: place.clone(),
            });
        }
    }
    let regs = test.regs.apply(h.regs());
    h.set_regs(regs);
    if let Some(keys) = &test.keys {
        h.type_keys(keys);
    }
    let strict = test
        .checks
        .iter()
        .any(|c| matches!(c.what, super::plan::What::NoRomShadow));
    h.set_strict(strict);
    let needs = &test.watch;
    let mut observers = extra;
    let watching = needs.writes_allowed.is_some()
        || needs.initialised.is_some()
        || needs.code
        || needs.executed;
    let watch = watching.then(|| {
        let (w, handle) = Watch::new(WatchSpec {
            writes_allowed: needs.writes_allowed.clone(),
            initialised: needs.initialised.clone(),
            code: needs.code.then(|| h.info().code_bytes()),
        });
        observers.push(w);
        handle
    });
    let profiler = profile.then(|| {
        let root = match test.action {
            Action::Call(a) => Some(a),
            Action::Run(..) => None,
        };
        let (p, handle) = Profiler::new(root, h.cpu_cycles());
        observers.push(p);
        handle
    });
    if !observers.is_empty() {
        h.set_observers(observers);
    }
    let before = h.regs();
    let start = h.cycles();
    let end = match test.action {
        Action::Call(a) => h.call(a, test.max_cycles).map(|r| r.cycles),
        Action::Run(from, until) => {
            let started = match from {
                Some(a) => {
                    h.start_at(a);
                    Ok(())
                }
                None => h.autostart().map(|_| ()).map_err(|e| SetupFailed {
                    message: format!("cannot autostart: {e}"),
                    place: test.place.clone(),
                }),
            };
            if let Err(e) = started {
                h.set_observers(Vec::new());
                return Err(e);
            }
            let _ = watching;
            let clock = |h: &Harness| h.cycles() - start;
            match until {
                End::Basic => match h.run(test.max_cycles) {
                    Stop::ReturnedToBasic => Ok(clock(h)),
                    other => Err(other),
                },
                End::Reach(a) => h.run_until(a, test.max_cycles),
                End::Idle => h.run_until_idle(test.max_cycles).map(|_| clock(h)),
            }
        }
    };
    let end_cycles = h.cpu_cycles();
    h.set_observers(Vec::new());
    let watched = watch.and_then(|w| w.take());
    let profile = profiler.map(|p| p.finish(end_cycles, |a| h.name(a)));
    Ok(Ran {
        before,
        end,
        watched,
        mock_calls: ids.iter().map(|&id| h.mock_calls(id)).collect(),
        profile,
    })
}
