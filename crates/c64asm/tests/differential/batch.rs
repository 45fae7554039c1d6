//! Checking many cases with one run of each assembler: the cases share one
//! source; when an assembler rejects it, the error lines name the cases to
//! set aside; when the bytes differ, bisection finds the cases that differ.
//! Every mismatch is confirmed on the case alone.

use crate::case::{Case, Wrap, render};
use crate::judge::{Assemblers, Flags, Outcome};

/// A disagreement: the cases (usually one) that show it, and both results.
#[derive(Clone, Debug)]
pub struct Finding {
    pub cases: Vec<Case>,
    pub flags: Flags,
    pub wrap: Wrap,
    pub theirs: Outcome,
    pub ours: Outcome,
}

impl Finding {
    /// The source that shows the mismatch.
    pub fn source(&self) -> String {
        let refs: Vec<&Case> = self.cases.iter().collect();
        render(&refs, self.wrap).text
    }
}

#[derive(Default)]
pub struct BatchStats {
    /// Cases both assemblers rejected.
    pub both_rejected: usize,
    /// Cases 64tass ran too long on (never expected; reported).
    pub timeouts: usize,
    /// Cases left unchecked when a batch didn't settle (never expected; a failure).
    pub unchecked: usize,
    /// Cases where 64tass contradicts itself: its bytes differ from ours, and
    /// from its own with a listing (`-L`), which are ours. Not mismatches;
    /// the sources are kept for the report.
    pub self_contradicting: Vec<String>,
}

/// Both results for some cases assembled together.
pub fn outcomes(
    judge: &mut dyn Assemblers,
    cases: &[&Case],
    flags: Flags,
    wrap: Wrap,
) -> (Outcome, Outcome) {
    let text = render(cases, wrap).text;
    (judge.theirs(&text, flags), judge.ours(&text, flags))
}

/// The groups of `set` for which `fails` holds on their own, found by
/// bisection (`fails(set)` is known to hold). A group of several cases
/// fails only together.
fn bisect(set: &[usize], fails: &mut dyn FnMut(&[usize]) -> bool) -> Vec<Vec<usize>> {
    if set.len() == 1 {
        return vec![set.to_vec()];
    }
    let (a, b) = set.split_at(set.len() / 2);
    let mut out = Vec::new();
    for half in [a, b] {
        if fails(half) {
            out.extend(bisect(half, fails));
        }
    }
    if out.is_empty() {
        out.push(set.to_vec());
    }
    out
}

/// Check the cases of one batch: the disagreements, confirmed case by case.
pub fn check(
    judge: &mut dyn Assemblers,
    cases: &[Case],
    flags: Flags,
) -> (Vec<Finding>, BatchStats) {
    let mut b = Batch {
        judge,
        cases,
        flags,
        findings: Vec::new(),
        stats: BatchStats::default(),
    };
    let mut active: Vec<usize> = (0..cases.len()).collect();
    let mut rejected_by_them = Vec::new();
    let mut rejected_by_us = Vec::new();
    // Each round sets aside what one assembler rejected (or what differs),
    // until both accept the rest with the same bytes.
    let mut settled = false;
    for _round in 0..MAX_ROUNDS {
        let aside = match b.round(&active) {
            Round::Agree => {
                settled = true;
                break;
            }
            Round::RejectedByThem(groups) => {
                rejected_by_them.extend(groups.iter().cloned());
                groups
            }
            Round::RejectedByUs(groups) => {
                rejected_by_us.extend(groups.iter().cloned());
                groups
            }
            Round::Found(groups) => groups,
        };
        let aside: Vec<usize> = aside.concat();
        active.retain(|i| !aside.contains(i));
    }
    if !settled {
        b.stats.unchecked = active.len();
    }
    // What one assembler rejected in company is decided case by case.
    for g in rejected_by_them {
        b.confirm(&g, true);
    }
    for g in rejected_by_us {
        b.confirm(&g, false);
    }
    (b.findings, b.stats)
}

/// Rounds of assembling what is left of a batch before giving up on it.
const MAX_ROUNDS: usize = 64;

/// What one round of a batch found.
enum Round {
    Agree,
    /// Groups of cases 64tass rejected (where its errors point, or by bisection).
    RejectedByThem(Vec<Vec<usize>>),
    /// Groups of cases c64asm rejected (or panicked on) while 64tass accepted them all.
    RejectedByUs(Vec<Vec<usize>>),
    /// Groups whose bytes differ (recorded as findings) or that ran too long.
    Found(Vec<Vec<usize>>),
}

struct Batch<'a> {
    judge: &'a mut dyn Assemblers,
    cases: &'a [Case],
    flags: Flags,
    findings: Vec<Finding>,
    stats: BatchStats,
}

impl Batch<'_> {
    fn pick(&self, set: &[usize]) -> Vec<&Case> {
        set.iter().map(|&i| &self.cases[i]).collect()
    }

    fn text(&self, set: &[usize]) -> String {
        render(&self.pick(set), Wrap::Isolated).text
    }

    fn theirs(&mut self, set: &[usize]) -> Outcome {
        let text = self.text(set);
        self.judge.theirs(&text, self.flags)
    }

    fn ours(&mut self, set: &[usize]) -> Outcome {
        let text = self.text(set);
        self.judge.ours(&text, self.flags)
    }

    fn found(&mut self, set: &[usize], theirs: Outcome, ours: Outcome) {
        // 64tass 1.58 stops one pass short on some layouts (a section with a
        // nested one placed under `.logical`) and drops bytes its own listing
        // shows; with `-L` it takes the pass. That is 64tass against itself,
        // and c64asm sides with the listing (docs/assembler.md, Differences).
        if theirs.is_bytes() && ours.is_bytes() {
            let text = self.text(set);
            if self.judge.theirs_listed(&text, self.flags).agrees(&ours) {
                self.stats.self_contradicting.push(text);
                return;
            }
        }
        let cases = set.iter().map(|&i| self.cases[i].clone()).collect();
        self.findings.push(Finding {
            cases,
            flags: self.flags,
            wrap: Wrap::Isolated,
            theirs,
            ours,
        });
    }

    /// Assemble the active cases together once with each assembler (as needed).
    fn round(&mut self, active: &[usize]) -> Round {
        if active.is_empty() {
            return Round::Agree;
        }
        let rendered = render(&self.pick(active), Wrap::Isolated);
        // The cases the error lines point at, one group each.
        let located = |lines: &[usize]| -> Vec<Vec<usize>> {
            let mut hit: Vec<usize> = lines
                .iter()
                .filter_map(|&l| rendered.case_at(l))
                .map(|k| active[k])
                .collect();
            hit.sort_unstable();
            hit.dedup();
            hit.into_iter().map(|i| vec![i]).collect()
        };
        let theirs = self.judge.theirs(&rendered.text, self.flags);
        match &theirs {
            Outcome::Error { lines, .. } => {
                let mut groups = located(lines);
                if groups.is_empty() {
                    groups = bisect(active, &mut |s| self.theirs(s).is_error());
                }
                return Round::RejectedByThem(groups);
            }
            Outcome::Timeout => {
                let groups = bisect(active, &mut |s| matches!(self.theirs(s), Outcome::Timeout));
                self.stats.timeouts += groups.iter().map(Vec::len).sum::<usize>();
                for g in &groups {
                    // shown, never minimized (every try would take the whole time limit)
                    self.found(g, Outcome::Timeout, Outcome::Timeout);
                }
                return Round::Found(groups);
            }
            _ => {}
        }
        let ours = self.judge.ours(&rendered.text, self.flags);
        match &ours {
            _ if ours.agrees(&theirs) => Round::Agree,
            Outcome::Error { lines, .. } => {
                let mut groups = located(lines);
                if groups.is_empty() {
                    groups = bisect(active, &mut |s| self.ours(s).is_error());
                }
                Round::RejectedByUs(groups)
            }
            Outcome::Panic(_) => Round::RejectedByUs(bisect(active, &mut |s| {
                matches!(self.ours(s), Outcome::Panic(_))
            })),
            _ => {
                // Both accept, the bytes differ.
                let groups = bisect(active, &mut |s| {
                    let text = self.text(s);
                    let (t, o) = (
                        self.judge.theirs(&text, self.flags),
                        self.judge.ours(&text, self.flags),
                    );
                    t.is_bytes() && !t.agrees(&o)
                });
                for g in &groups {
                    let (t, o) = (self.theirs(g), self.ours(g));
                    if !t.agrees(&o) {
                        self.found(g, t, o);
                    }
                }
                Round::Found(groups)
            }
        }
    }

    /// A group one assembler rejected in company, assembled alone. When 64tass
    /// rejected a case's lines and we reject the case alone, they agree
    /// (64tass isn't asked again: that saves most of its runs).
    fn confirm(&mut self, group: &[usize], by_them: bool) {
        let ours = self.ours(group);
        if by_them && ours.is_error() {
            self.stats.both_rejected += group.len();
            return;
        }
        let theirs = self.theirs(group);
        if theirs.agrees(&ours) {
            if theirs.is_error() {
                self.stats.both_rejected += group.len();
            }
        } else if !matches!(theirs, Outcome::Timeout) {
            self.found(group, theirs, ours);
        }
    }
}
