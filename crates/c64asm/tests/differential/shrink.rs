//! Minimizing a mismatch: fewer cases, a plainer wrapping, fewer lines and
//! smaller expressions, as long as the two assemblers still disagree in the
//! same way (same kinds of result on both sides).

use crate::batch::{Finding, outcomes};
use crate::case::{Case, Piece, Wrap};
use crate::judge::{Assemblers, Outcome};

pub fn minimize(judge: &mut dyn Assemblers, finding: &Finding, budget: usize) -> Finding {
    let mut m = Minimizer {
        judge,
        best: finding.clone(),
        runs: 0,
        budget,
    };
    m.drop_cases();
    m.plainer_wrap();
    loop {
        let before = m.runs;
        let progress = m.drop_loops() | m.drop_chunks() | m.drop_lines() | m.shrink_exprs();
        if !progress || m.runs >= m.budget || m.runs == before {
            break;
        }
    }
    m.plainer_wrap();
    m.best
}

struct Minimizer<'j> {
    judge: &'j mut dyn Assemblers,
    best: Finding,
    runs: usize,
    budget: usize,
}

impl Minimizer<'_> {
    /// Keep `cases` (with `wrap`) if they still show the same disagreement.
    fn try_keep(&mut self, cases: Vec<Case>, wrap: Wrap) -> bool {
        if self.runs >= self.budget {
            return false;
        }
        self.runs += 1;
        let refs: Vec<&Case> = cases.iter().collect();
        let (theirs, ours) = outcomes(self.judge, &refs, self.best.flags, wrap);
        let same = !theirs.agrees(&ours)
            && !matches!(theirs, Outcome::Timeout)
            && theirs.same_kind(&self.best.theirs)
            && ours.same_kind(&self.best.ours);
        if same {
            self.best = Finding {
                cases,
                wrap,
                theirs,
                ours,
                ..self.best.clone()
            };
        }
        same
    }

    fn drop_cases(&mut self) {
        let mut i = 0;
        while self.best.cases.len() > 1 && i < self.best.cases.len() {
            let mut cases = self.best.cases.clone();
            cases.remove(i);
            if !self.try_keep(cases, self.best.wrap) {
                i += 1;
            }
        }
    }

    /// `Bare` is plainest, then `Star`, then `Isolated`.
    fn plainer_wrap(&mut self) {
        for wrap in [Wrap::Bare, Wrap::Star] {
            if self.best.wrap == wrap || self.try_keep(self.best.cases.clone(), wrap) {
                return;
            }
        }
    }

    /// Whole loops, or a loop's skeleton (leaving its body to run once).
    fn drop_loops(&mut self) -> bool {
        let mut progress = false;
        for c in 0..self.best.cases.len() {
            let mut groups: Vec<u32> = self.best.cases[c]
                .lines
                .iter()
                .filter_map(|l| l.fixed)
                .collect();
            groups.dedup();
            for g in groups {
                let lines = &self.best.cases[c].lines;
                let Some(first) = lines.iter().position(|l| l.fixed == Some(g)) else {
                    continue;
                };
                let last = lines
                    .iter()
                    .rposition(|l| l.fixed == Some(g))
                    .unwrap_or(first);
                let mut whole = self.best.cases.clone();
                whole[c].lines.drain(first..=last);
                if self.try_keep(whole, self.best.wrap) {
                    progress = true;
                    continue;
                }
                let mut skeleton = self.best.cases.clone();
                skeleton[c].lines.retain(|l| l.fixed != Some(g));
                progress |= self.try_keep(skeleton, self.best.wrap);
            }
        }
        progress
    }

    /// Runs of lines (balanced `.if`/`.endif` and the like go together),
    /// longest first; loop skeletons stay.
    fn drop_chunks(&mut self) -> bool {
        let mut progress = false;
        for c in 0..self.best.cases.len() {
            let n = self.best.cases[c].lines.len();
            let mut sizes: Vec<usize> = std::iter::successors(Some(n / 2), |s| Some(s / 2))
                .take_while(|&s| s >= 2)
                .collect();
            sizes.extend([3, 2]);
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            sizes.dedup();
            for size in sizes {
                let mut start = 0;
                while start + size <= self.best.cases[c].lines.len() {
                    let chunk = &self.best.cases[c].lines[start..start + size];
                    if chunk.iter().any(|l| l.fixed.is_some()) {
                        start += 1;
                        continue;
                    }
                    let mut cases = self.best.cases.clone();
                    cases[c].lines.drain(start..start + size);
                    if self.try_keep(cases, self.best.wrap) {
                        progress = true;
                    } else {
                        start += 1;
                    }
                }
            }
        }
        progress
    }

    fn drop_lines(&mut self) -> bool {
        let mut progress = false;
        for c in 0..self.best.cases.len() {
            let mut l = self.best.cases[c].lines.len();
            while l > 0 {
                l -= 1;
                if l >= self.best.cases[c].lines.len()
                    || self.best.cases[c].lines[l].fixed.is_some()
                {
                    continue;
                }
                let mut cases = self.best.cases.clone();
                cases[c].lines.remove(l);
                progress |= self.try_keep(cases, self.best.wrap);
            }
        }
        progress
    }

    fn shrink_exprs(&mut self) -> bool {
        let mut progress = false;
        for c in 0..self.best.cases.len() {
            for l in 0..self.best.cases[c].lines.len() {
                if self.best.cases[c].lines[l].fixed.is_some() {
                    continue;
                }
                for p in 0..self.best.cases[c].lines[l].pieces.len() {
                    // Shrink this expression as far as it goes.
                    'again: while let Piece::Expr(e) = &self.best.cases[c].lines[l].pieces[p] {
                        for candidate in e.shrinks() {
                            let mut cases = self.best.cases.clone();
                            cases[c].lines[l].pieces[p] = Piece::Expr(candidate);
                            if self.try_keep(cases, self.best.wrap) {
                                progress = true;
                                continue 'again;
                            }
                            if self.runs >= self.budget {
                                return progress;
                            }
                        }
                        break;
                    }
                }
            }
        }
        progress
    }
}
