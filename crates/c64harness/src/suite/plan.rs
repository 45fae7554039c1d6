//! Specs with values: a [`Test`] holds addresses and bytes, ready to run. Values that
//! do not fit (a byte of 300, an address past $FFFF) are errors at their place.

use std::path::PathBuf;

use crate::debug::DebugInfo;
use crate::mock::Mock;
use crate::regs::{Flag, Reg, RegValues};
use crate::watch::AddrSet;

use super::diag::{Diag, Place};
use super::eval::Values;
use super::parse::SuiteSpec;
use super::spec::*;

/// A test ready to run.
#[derive(Clone, Debug)]
pub struct Test {
    /// Its name.
    pub name: String,
    /// Where it is in the file.
    pub place: Place,
    /// Not run, for this reason.
    pub skip: Option<String>,
    pub(crate) mem: Vec<(u16, Vec<u8>)>,
    pub(crate) regs: RegValues,
    pub(crate) keys: Option<String>,
    pub(crate) before: Vec<(u16, Place)>,
    pub(crate) mocks: Vec<(u16, Mock, Place)>,
    pub(crate) action: Action,
    pub(crate) max_cycles: u64,
    pub(crate) stop: (StopKind, Option<Place>),
    pub(crate) checks: Vec<Check>,
    pub(crate) watch: Needs,
}

/// What runs, with addresses.
#[derive(Clone, Debug)]
pub(crate) enum Action {
    Call(u16),
    /// Start (None: the SYS line), run until.
    Run(Option<u16>, End),
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum End {
    Basic,
    Reach(u16),
    Idle,
}

/// What the run must be watched for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Needs {
    pub writes_allowed: Option<AddrSet>,
    pub initialised: Option<AddrSet>,
    pub code: bool,
    pub executed: bool,
}

/// How to show a memory check's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    Bytes,
    Words,
    Text,
}

/// One thing to check after the run, and where the file asks for it.
#[derive(Clone, Debug)]
pub(crate) struct Check {
    pub what: What,
    pub place: Place,
}

#[derive(Clone, Debug)]
pub(crate) enum What {
    Mem {
        addr: u16,
        bytes: Vec<u8>,
        shown: Shown,
    },
    Reg(Reg, u8),
    Flag(Flag, bool),
    Cycles(Cmp, u64),
    ScreenRow(usize, String),
    ScreenContains(String),
    Reached(u16),
    NotReached(u16),
    WritesOnly,
    NoUninitialised,
    NoCodeWrites,
    NoRomShadow,
    Preserved(Reg),
    MockCalls(usize, u64),
}

/// Turns specs into tests; `files` gets every data file read.
pub(crate) fn tests(
    spec: &SuiteSpec,
    values: &Values,
    info: &DebugInfo,
    image: (u16, usize),
    files: &mut Vec<PathBuf>,
) -> Result<Vec<Test>, Vec<Diag>> {
    let mut p = Planner {
        values,
        info,
        chars: Vec::new(),
        files,
        base_initialised: None,
        image,
    };
    let mut diags = Vec::new();
    for (c, n) in &spec.chars {
        match p.byte(n) {
            Ok(b) => p.chars.push((*c, b)),
            Err(d) => diags.push(d),
        }
    }
    let mut out = Vec::new();
    for t in &spec.tests {
        match p.test(t) {
            Ok(t) => out.push(t),
            Err(d) => diags.push(d),
        }
    }
    match diags.is_empty() {
        true => Ok(out),
        false => Err(diags),
    }
}

/// Bytes at an address, how to show them, and where the file gives them.
type Placed = (u16, Vec<u8>, Shown, Place);

struct Planner<'a> {
    values: &'a Values,
    info: &'a DebugInfo,
    chars: Vec<(char, u8)>,
    files: &'a mut Vec<PathBuf>,
    base_initialised: Option<AddrSet>,
    /// The program's load address and length.
    image: (u16, usize),
}

impl Planner<'_> {
    fn num(&self, n: &Num) -> i64 {
        match n {
            Num::Lit(v, _) => *v,
            Num::Expr(i, _) => self.values.nums[*i],
        }
    }

    fn ranged(&self, n: &Num, lo: i64, hi: i64, what: &str) -> Result<i64, Diag> {
        let v = self.num(n);
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(n
                .place()
                .clone()
                .diag(format!("{v} (${v:X}) does not fit {what}")))
        }
    }

    fn addr(&self, n: &Num) -> Result<u16, Diag> {
        self.ranged(n, 0, 0xFFFF, "an address ($0000-$FFFF)")
            .map(|v| v as u16)
    }

    fn byte(&self, n: &Num) -> Result<u8, Diag> {
        self.ranged(
            n,
            -128,
            255,
            "a byte (-128..255); use { word = ... } for 16 bits",
        )
        .map(|v| v as u8)
    }

    fn word(&self, n: &Num) -> Result<u16, Diag> {
        self.ranged(n, -32768, 0xFFFF, "a word (-32768..65535)")
            .map(|v| v as u16)
    }

    fn data(&mut self, d: &Data, place: &Place) -> Result<(Vec<u8>, Shown), Diag> {
        Ok(match d {
            Data::Bytes(ns) => (
                ns.iter().map(|n| self.byte(n)).collect::<Result<_, _>>()?,
                Shown::Bytes,
            ),
            Data::Words(ns) => {
                let mut out = Vec::new();
                for n in ns {
                    out.extend(self.word(n)?.to_le_bytes());
                }
                (out, Shown::Words)
            }
            Data::Text(i) => (self.values.texts[*i].clone(), Shown::Text),
            Data::Fill { value, len } => {
                let b = self.byte(value)?;
                let n = self.ranged(len, 0, 0x1_0000, "a length (0-65536)")?;
                (vec![b; n as usize], Shown::Bytes)
            }
            Data::File(path) => {
                let bytes = std::fs::read(path).map_err(|e| {
                    place
                        .clone()
                        .diag(format!("cannot read {}: {e}", path.display()))
                })?;
                if bytes.len() > 0x1_0000 {
                    return Err(place.clone().diag(format!(
                        "{} holds {} bytes; the C64 has 65536",
                        path.display(),
                        bytes.len()
                    )));
                }
                self.files.push(path.clone());
                (bytes, Shown::Bytes)
            }
            Data::Chars(rows) => {
                let mut out = Vec::new();
                for (row, at) in rows {
                    for c in row.chars() {
                        match self.chars.iter().find(|(k, _)| *k == c) {
                            Some(&(_, b)) => out.push(b),
                            None => {
                                return Err(at.clone().diag(format!(
                                    "`{c}` has no byte in [chars] (add \"{c}\" = 0x..)"
                                )));
                            }
                        }
                    }
                }
                (out, Shown::Bytes)
            }
        })
    }

    fn mem(&mut self, list: &[Mem]) -> Result<Vec<Placed>, Diag> {
        let mut out = Vec::new();
        for m in list {
            let addr = self.addr(&m.addr)?;
            let (bytes, shown) = self.data(&m.data, &m.place)?;
            if usize::from(addr) + bytes.len() > 0x1_0000 {
                return Err(m.place.clone().diag(format!(
                    "{} bytes from ${addr:04X} run past $FFFF",
                    bytes.len()
                )));
            }
            out.push((addr, bytes, shown, m.place.clone()));
        }
        Ok(out)
    }

    fn regs(&self, list: &[RegSpec]) -> Result<(RegValues, Vec<Check>), Diag> {
        let mut v = RegValues::default();
        let mut checks = Vec::new();
        for r in list {
            match r {
                RegSpec::Reg(reg, n) => {
                    let b = self.byte(n)?;
                    v.regs.push((*reg, b));
                    checks.push(Check {
                        what: What::Reg(*reg, b),
                        place: n.place().clone(),
                    });
                }
                RegSpec::Flag(f, on, place) => {
                    v.flags.push((*f, *on));
                    checks.push(Check {
                        what: What::Flag(*f, *on),
                        place: place.clone(),
                    });
                }
            }
        }
        Ok((v, checks))
    }

    /// The bytes a label's statement wrote (a `.fill 88` labels 88 bytes), else 1.
    fn extent(&self, addr: u16) -> usize {
        match self.info.index.run_at(addr) {
            Some(r) if r.pc == addr => usize::from(r.len),
            _ => 1,
        }
    }

    /// RAM that holds something defined before any test runs: the program's bytes,
    /// the KERNAL's work area and the screen (set by the cold start), less the bytes
    /// a C64 memory map calls free ($02, $FB-$FE, $0334-$033B, $03FC-$03FF).
    fn initialised(&mut self) -> AddrSet {
        self.base_initialised
            .get_or_insert_with(|| {
                let mut s = AddrSet::new();
                s.insert_range(self.image.0, self.image.1);
                s.insert_range(0x0000, 0x0400);
                s.insert_range(0x0400, 1000);
                for (a, n) in [(0x02, 1), (0xFB, 4), (0x0334, 8), (0x03FC, 4)] {
                    for i in 0..n {
                        s.remove(a + i);
                    }
                }
                s
            })
            .clone()
    }

    fn test(&mut self, t: &TestSpec) -> Result<Test, Diag> {
        let mem: Vec<(u16, Vec<u8>)> = self
            .mem(&t.mem)?
            .into_iter()
            .map(|(a, b, _, _)| (a, b))
            .collect();
        let (regs, _) = self.regs(&t.regs)?;
        let before = t
            .before
            .iter()
            .map(|n| Ok((self.addr(n)?, n.place().clone())))
            .collect::<Result<Vec<_>, Diag>>()?;
        let mut mocks = Vec::new();
        let mut checks = Vec::new();
        for (i, m) in t.mocks.iter().enumerate() {
            let target = self.addr(&m.target)?;
            let (regs, _) = self.regs(&m.regs)?;
            let mem = self
                .mem(&m.mem)?
                .into_iter()
                .map(|(a, b, _, _)| (a, b))
                .collect();
            mocks.push((target, Mock { regs, mem }, m.target.place().clone()));
            if let Some((n, place)) = &m.calls {
                checks.push(Check {
                    what: What::MockCalls(i, *n),
                    place: place.clone(),
                });
            }
        }
        let action = match &t.action {
            spec::Action::Call(n) => Action::Call(self.addr(n)?),
            spec::Action::Run(start, until) => {
                let start = match start {
                    Start::Sys => None,
                    Start::At(n) => Some(self.addr(n)?),
                };
                let end = match until {
                    Until::Basic => End::Basic,
                    Until::Idle => End::Idle,
                    Until::Reach(n) => End::Reach(self.addr(n)?),
                };
                Action::Run(start, end)
            }
        };
        let e = &t.expect;
        let mut watch = Needs::default();
        for (addr, bytes, shown, place) in self.mem(&e.mem)? {
            checks.push(Check {
                what: What::Mem { addr, bytes, shown },
                place,
            });
        }
        checks.extend(self.regs(&e.regs)?.1);
        if let Some((cmp, n, place)) = &e.cycles {
            checks.push(Check {
                what: What::Cycles(*cmp, *n),
                place: place.clone(),
            });
        }
        for (row, text, place) in &e.screen {
            checks.push(Check {
                what: What::ScreenRow(*row, text.clone()),
                place: place.clone(),
            });
        }
        for (text, place) in &e.screen_contains {
            checks.push(Check {
                what: What::ScreenContains(text.clone()),
                place: place.clone(),
            });
        }
        for (list, reached) in [(&e.reached, true), (&e.not_reached, false)] {
            for n in list {
                let a = self.addr(n)?;
                watch.executed = true;
                checks.push(Check {
                    what: if reached {
                        What::Reached(a)
                    } else {
                        What::NotReached(a)
                    },
                    place: n.place().clone(),
                });
            }
        }
        if let Some((ranges, place)) = &e.writes_only {
            let mut allowed = AddrSet::new();
            allowed.insert_range(0x0100, 0x100);
            for r in ranges {
                let start = self.addr(&r.start)?;
                let len = match &r.len {
                    Some(n) => self.ranged(n, 0, 0x1_0000, "a length (0-65536)")? as usize,
                    None => self.extent(start),
                };
                allowed.insert_range(start, len);
            }
            watch.writes_allowed = Some(allowed);
            checks.push(Check {
                what: What::WritesOnly,
                place: place.clone(),
            });
        }
        if let Some(place) = &e.no_uninitialised_reads {
            let mut init = self.initialised();
            for (a, b) in mem.iter().chain(mocks.iter().flat_map(|m| m.1.mem.iter())) {
                init.insert_range(*a, b.len());
            }
            watch.initialised = Some(init);
            checks.push(Check {
                what: What::NoUninitialised,
                place: place.clone(),
            });
        }
        for (flag, what, code) in [
            (&e.no_code_writes, What::NoCodeWrites, true),
            (&e.no_rom_shadow_reads, What::NoRomShadow, false),
        ] {
            if let Some(place) = flag {
                watch.code |= code;
                checks.push(Check {
                    what,
                    place: place.clone(),
                });
            }
        }
        for (reg, place) in &e.preserved {
            checks.push(Check {
                what: What::Preserved(*reg),
                place: place.clone(),
            });
        }
        let stop = match &e.stop {
            Some((k, p)) => (*k, Some(p.clone())),
            None => (StopKind::Normal, None),
        };
        Ok(Test {
            name: t.name.clone(),
            place: t.place.clone(),
            skip: t.skip.clone(),
            mem,
            regs,
            keys: t.keys.as_ref().map(|k| k.0.clone()),
            before,
            mocks,
            action,
            max_cycles: t.max_cycles,
            stop,
            checks,
            watch,
        })
    }
}

use super::spec;
