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

pub fn check(
    judge: &mut dyn Assemblers,
    cases: &[Case],
    flags: Flags,
) -> (Vec<Finding>, BatchStats) {
    let mut stats = BatchStats::default();
    let mut findings = Vec::new();
    let mut active: Vec<usize> = (0..cases.len()).collect();
    let mut rejected_by_them: Vec<Vec<usize>> = Vec::new();
    let mut rejected_by_us: Vec<Vec<usize>> = Vec::new();
    let pick = |set: &[usize]| -> Vec<&Case> { set.iter().map(|&i| &cases[i]).collect() };
    // Each round sets aside what one assembler rejected, until both accept the rest.
    for _round in 0..64 {
        if active.is_empty() {
            break;
        }
        let rendered = render(&pick(&active), Wrap::Isolated);
        let theirs = judge.theirs(&rendered.text, flags);
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
        let groups = match &theirs {
            Outcome::Error { lines, .. } => {
                let mut groups = located(lines);
                if groups.is_empty() {
                    groups = bisect(&active, &mut |s| {
                        judge
                            .theirs(&render(&pick(s), Wrap::Isolated).text, flags)
                            .is_error()
                    });
                }
                rejected_by_them.extend(groups.iter().cloned());
                groups
            }
            Outcome::Timeout => {
                let groups = bisect(&active, &mut |s| {
                    matches!(
                        judge.theirs(&render(&pick(s), Wrap::Isolated).text, flags),
                        Outcome::Timeout
                    )
                });
                stats.timeouts += groups.iter().map(Vec::len).sum::<usize>();
                for g in &groups {
                    // shown, never minimized (every run would take the whole time limit)
                    let cases = g.iter().map(|&i| cases[i].clone()).collect();
                    findings.push(Finding {
                        cases,
                        flags,
                        wrap: Wrap::Isolated,
                        theirs: Outcome::Timeout,
                        ours: Outcome::Timeout,
                    });
                }
                groups
            }
            _ => {
                let ours = judge.ours(&rendered.text, flags);
                match (&ours, &theirs) {
                    (Outcome::Bytes(a), Outcome::Bytes(b)) if a == b => break,
                    (Outcome::Error { lines, .. }, _) => {
                        let mut groups = located(lines);
                        if groups.is_empty() {
                            groups = bisect(&active, &mut |s| {
                                judge
                                    .ours(&render(&pick(s), Wrap::Isolated).text, flags)
                                    .is_error()
                            });
                        }
                        rejected_by_us.extend(groups.iter().cloned());
                        groups
                    }
                    (Outcome::Panic(_), _) => {
                        let groups = bisect(&active, &mut |s| {
                            matches!(
                                judge.ours(&render(&pick(s), Wrap::Isolated).text, flags),
                                Outcome::Panic(_)
                            )
                        });
                        rejected_by_us.extend(groups.iter().cloned());
                        groups
                    }
                    _ => {
                        // Both accept, the bytes differ.
                        let groups = bisect(&active, &mut |s| {
                            let (t, o) = outcomes(judge, &pick(s), flags, Wrap::Isolated);
                            t.is_bytes() && !t.agrees(&o)
                        });
                        for g in &groups {
                            let (t, o) = outcomes(judge, &pick(g), flags, Wrap::Isolated);
                            if !t.agrees(&o) {
                                findings.push(Finding {
                                    cases: g.iter().map(|&i| cases[i].clone()).collect(),
                                    flags,
                                    wrap: Wrap::Isolated,
                                    theirs: t,
                                    ours: o,
                                });
                            }
                        }
                        groups
                    }
                }
            }
        };
        let out: Vec<usize> = groups.concat();
        active.retain(|i| !out.contains(i));
    }
    // What one assembler rejected in company is decided case by case. When
    // 64tass rejected a case's lines and we reject the case alone, they agree
    // (64tass isn't asked again: that saves most of its runs).
    for (g, by_them) in rejected_by_them
        .into_iter()
        .map(|g| (g, true))
        .chain(rejected_by_us.into_iter().map(|g| (g, false)))
    {
        let group = pick(&g);
        let text = render(&group, Wrap::Isolated).text;
        let ours = judge.ours(&text, flags);
        if by_them && ours.is_error() {
            stats.both_rejected += g.len();
            continue;
        }
        let theirs = judge.theirs(&text, flags);
        if theirs.agrees(&ours) {
            if theirs.is_error() {
                stats.both_rejected += g.len();
            }
        } else if !matches!(theirs, Outcome::Timeout) {
            findings.push(Finding {
                cases: g.iter().map(|&i| cases[i].clone()).collect(),
                flags,
                wrap: Wrap::Isolated,
                theirs,
                ours,
            });
        }
    }
    (findings, stats)
}
