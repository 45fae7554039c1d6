//! Checking a run against what the test expects: each failed expectation becomes a
//! [`Failure`] with the expected and actual values and the place that asked.

use c64emu::Stop;

use crate::build::Harness;
use crate::debug::DebugInfo;
use crate::regs::Reg;
use crate::watch::Hit;

use super::diag::Place;
use super::exec::Ran;
use super::plan::{Action, Check, End, Shown, Test, What};
use super::spec::StopKind;

/// One expectation that did not hold.
#[derive(Clone, Debug)]
pub struct Failure {
    /// What failed, with both values.
    pub message: String,
    /// More lines (differing bytes, stray writes...).
    pub detail: Vec<String>,
    /// Where the test file asks for it.
    pub place: Place,
    /// Short text for the caret (`got $2D`).
    pub label: String,
}

impl Failure {
    pub(crate) fn new(place: &Place, message: String, label: String) -> Failure {
        Failure {
            message,
            detail: Vec::new(),
            place: place.clone(),
            label,
        }
    }
}

/// `$2C (44)`.
fn byte(b: u8) -> String {
    format!("${b:02X} ({b})")
}

/// `loop+4 (main.asm:20)`: an address with its label and source line.
pub(crate) fn source_of(info: &DebugInfo, pc: u16) -> String {
    let name = info.describe(pc);
    match info.index.place(pc) {
        Some(p) => format!("{name} ({}:{})", p.file, p.line),
        // Outside the program: a KERNAL routine by its name (CHROUT), as profiles say.
        None if name.starts_with('$') => match crate::build::routine_name(info, pc) {
            known if known.starts_with('$') => known,
            known => format!("{known} (${pc:04X})"),
        },
        None => format!("{name} (${pc:04X})"),
    }
}

/// `$C123 (tmp+1)`.
fn addr_name(info: &DebugInfo, a: u16) -> String {
    let name = info.describe(a);
    match name.starts_with('$') {
        true => name,
        false => format!("${a:04X} ({name})"),
    }
}

/// Did the run stop as expected? A failure naming the stop and where it was if not.
pub(crate) fn stop(test: &Test, ran: &Ran, h: &Harness) -> Option<Failure> {
    let (want, place) = &test.stop;
    let got = match &ran.end {
        Ok(_) => StopKind::Normal,
        Err(Stop::Brk { .. }) => StopKind::Brk,
        Err(Stop::Jam { .. }) => StopKind::Jam,
        Err(Stop::CycleLimit) => StopKind::CycleLimit,
        Err(_) => {
            // Anything else never counts as expected.
            return Some(stop_failure(test, ran, h, place.as_ref()));
        }
    };
    (got != *want).then(|| stop_failure(test, ran, h, place.as_ref()))
}

fn stop_failure(test: &Test, ran: &Ran, h: &Harness, place: Option<&Place>) -> Failure {
    let info = h.info();
    let doing = match test.action {
        Action::Call(a) => format!("the call of {}", info.describe(a)),
        Action::Run(_, End::Basic) => "the run".to_string(),
        Action::Run(_, End::Reach(a)) => format!("the run to {}", info.describe(a)),
        Action::Run(_, End::Idle) => "the run until the program waits for keys".to_string(),
    };
    let pc = h.regs().pc;
    let (message, label) = match &ran.end {
        Ok(cycles) => (
            format!(
                "{doing} ended normally after {cycles} cycles; the test expects {}",
                expected_stop(test.stop.0)
            ),
            "expected".to_string(),
        ),
        Err(Stop::CycleLimit) => (
            format!(
                "{doing} did not end within {} cycles; it was at {}",
                test.max_cycles,
                source_of(info, pc)
            ),
            "budget".to_string(),
        ),
        Err(stop) => {
            let at = match stop {
                Stop::Brk { pc } | Stop::Jam { pc, .. } => source_of(info, *pc),
                _ => source_of(info, pc),
            };
            (
                format!("{doing} stopped: {}, at {at}", h.describe_stop(stop)),
                "stopped".to_string(),
            )
        }
    };
    let place = place.unwrap_or(&test.place);
    Failure::new(place, message, label)
}

fn expected_stop(k: StopKind) -> &'static str {
    match k {
        StopKind::Normal => "a normal end",
        StopKind::Brk => "a BRK",
        StopKind::Jam => "a JAM",
        StopKind::CycleLimit => "it to run out of cycles",
    }
}

/// Every expectation of the test against the machine after the run.
pub(crate) fn all(test: &Test, ran: &Ran, h: &Harness) -> Vec<Failure> {
    test.checks
        .iter()
        .filter_map(|c| one(c, test, ran, h))
        .collect()
}

fn one(c: &Check, test: &Test, ran: &Ran, h: &Harness) -> Option<Failure> {
    let info = h.info();
    let fail = |message: String, label: String| Some(Failure::new(&c.place, message, label));
    match &c.what {
        What::Mem { addr, bytes, shown } => mem(c, info, h, *addr, bytes, *shown),
        What::Reg(r, want) => {
            let got = r.get(&h.regs());
            (got != *want).then(|| {
                Failure::new(
                    &c.place,
                    format!("{r}: expected {}, got {}", byte(*want), byte(got)),
                    format!("got {}", byte(got)),
                )
            })
        }
        What::Flag(f, want) => {
            let got = h.regs().p & f.bit() != 0;
            let word = |on: bool| if on { "set" } else { "clear" };
            (got != *want).then(|| {
                Failure::new(
                    &c.place,
                    format!(
                        "flag {}: expected {}, got {}",
                        f.name().to_uppercase(),
                        word(*want),
                        word(got)
                    ),
                    format!("got {}", word(got)),
                )
            })
        }
        What::Cycles(cmp, want) => {
            let got = *ran.end.as_ref().ok()?;
            (!cmp.holds(got, *want)).then(|| {
                let want = match cmp {
                    super::spec::Cmp::Eq => want.to_string(),
                    other => format!("{} {want}", other.symbol()),
                };
                Failure::new(
                    &c.place,
                    format!("cycles: expected {want}, got {got}"),
                    format!("got {got}"),
                )
            })
        }
        What::ScreenRow(row, want) => {
            let got = h.screen_line(*row);
            (got != want.trim_end()).then(|| {
                Failure::new(
                    &c.place,
                    format!("screen row {row}: expected {want:?}, got {got:?}"),
                    "differs".to_string(),
                )
            })
        }
        What::ScreenContains(want) => {
            let screen = h.screen_text();
            if screen.lines().any(|l| l.contains(want.as_str())) {
                return None;
            }
            let mut f = Failure::new(
                &c.place,
                format!("screen: {want:?} is not on the screen"),
                "not there".to_string(),
            );
            f.detail = screen
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| format!("row {i:2}: {}", l.trim_end()))
                .collect();
            Some(f)
        }
        What::Reached(a) | What::NotReached(a) => {
            let ran_there = ran.watched.as_ref()?.executed.contains(*a);
            let want = matches!(c.what, What::Reached(_));
            match (want, ran_there) {
                (true, false) => fail(
                    format!("{} never ran", source_of(info, *a)),
                    "never ran".into(),
                ),
                (false, true) => fail(format!("{} ran", source_of(info, *a)), "ran".into()),
                _ => None,
            }
        }
        What::WritesOnly => hits(
            c,
            info,
            &ran.watched.as_ref()?.stray_writes,
            "wrote outside the allowed places",
            "wrote",
        ),
        What::NoUninitialised => hits(
            c,
            info,
            &ran.watched.as_ref()?.uninitialised_reads,
            "read memory nothing had written",
            "read",
        ),
        What::NoCodeWrites => hits(
            c,
            info,
            &ran.watched.as_ref()?.code_writes,
            "wrote over the program's code",
            "wrote",
        ),
        What::NoRomShadow => {
            let v = h.strict_violations();
            if v.is_empty() {
                return None;
            }
            let mut f = Failure::new(
                &c.place,
                format!(
                    "read ROM at {} address(es) the program had written (the RAM underneath is hidden)",
                    v.len()
                ),
                "read ROM".into(),
            );
            f.detail = v
                .iter()
                .take(8)
                .map(|x| {
                    format!(
                        "read {} at {}",
                        addr_name(info, x.addr),
                        source_of(info, x.pc)
                    )
                })
                .collect();
            Some(f)
        }
        What::Preserved(r) => {
            let (was, now) = (r.get(&ran.before), r.get(&h.regs()));
            let r: Reg = *r;
            (was != now).then(|| {
                Failure::new(
                    &c.place,
                    format!("{r} was {} before and {} after", byte(was), byte(now)),
                    format!("{r} changed"),
                )
            })
        }
        What::MockCalls(i, want) => {
            let got = ran.mock_calls.get(*i).copied().unwrap_or(0);
            let target = test.mocks.get(*i).map_or(0, |m| m.0);
            (got != *want).then(|| {
                Failure::new(
                    &c.place,
                    format!(
                        "mock {}: expected {want} call(s), got {got}",
                        info.describe(target)
                    ),
                    format!("got {got}"),
                )
            })
        }
    }
}

fn hits(c: &Check, info: &DebugInfo, list: &[Hit], what: &str, verb: &str) -> Option<Failure> {
    if list.is_empty() {
        return None;
    }
    let mut f = Failure::new(
        &c.place,
        format!("{what}: {} address(es)", list.len()),
        what.split(' ').next().unwrap_or(verb).into(),
    );
    f.detail = list
        .iter()
        .take(8)
        .map(|h| {
            format!(
                "{verb} {} at {}",
                addr_name(info, h.addr),
                source_of(info, h.pc)
            )
        })
        .collect();
    if list.len() > 8 {
        f.detail.push(format!("and {} more", list.len() - 8));
    }
    Some(f)
}

fn mem(
    c: &Check,
    info: &DebugInfo,
    h: &Harness,
    addr: u16,
    want: &[u8],
    shown: Shown,
) -> Option<Failure> {
    // Up to all 65,536 bytes (more than `read`'s u16 length), wrapping at $FFFF.
    let got: Vec<u8> = (0..want.len())
        .map(|i| h.peek(addr.wrapping_add(i as u16)))
        .collect();
    if got == want {
        return None;
    }
    let name = addr_name(info, addr);
    if want.len() == 1 {
        return Some(Failure::new(
            &c.place,
            format!("{name}: expected {}, got {}", byte(want[0]), byte(got[0])),
            format!("got {}", byte(got[0])),
        ));
    }
    if shown == Shown::Words && want.len() == 2 {
        let (w, g) = (
            u16::from_le_bytes([want[0], want[1]]),
            u16::from_le_bytes([got[0], got[1]]),
        );
        return Some(Failure::new(
            &c.place,
            format!("{name}: expected the word ${w:04X}, got ${g:04X}"),
            format!("got ${g:04X}"),
        ));
    }
    let differ: Vec<usize> = (0..want.len()).filter(|&i| want[i] != got[i]).collect();
    let mut f = Failure::new(
        &c.place,
        format!("{name}: {} of {} bytes differ", differ.len(), want.len()),
        format!("{} differ", differ.len()),
    );
    f.detail = differ
        .iter()
        .take(8)
        .map(|&i| {
            let a = addr.wrapping_add(i as u16);
            format!(
                "+{i} {}: expected {}, got {}",
                addr_name(info, a),
                byte(want[i]),
                byte(got[i])
            )
        })
        .collect();
    if differ.len() > 8 {
        f.detail.push(format!("and {} more", differ.len() - 8));
    }
    if shown == Shown::Text {
        let show = |b: &[u8]| -> String {
            b.iter()
                .map(|&c| {
                    if (0x20..0x7F).contains(&c) {
                        c as char
                    } else {
                        '.'
                    }
                })
                .collect()
        };
        f.detail.push(format!("expected {:?}", show(want)));
        f.detail.push(format!("got      {:?}", show(&got)));
    }
    Some(f)
}
