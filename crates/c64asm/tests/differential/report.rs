//! The report of a run: mismatches grouped by kind and cause (the error
//! message of the side that rejects, or the family of constructs), the first
//! few of each group minimized and shown, and written as reproductions.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::batch::Finding;
use crate::judge::{Judge, Outcome};
use crate::shrink;

/// Runs of both assemblers a minimization may take.
const MINIMIZE_BUDGET: usize = 400;

/// What kind of disagreement.
fn kind(f: &Finding) -> &'static str {
    match (&f.theirs, &f.ours) {
        (Outcome::Bytes(_), Outcome::Bytes(_)) => "different bytes",
        (Outcome::Bytes(_), Outcome::Error { .. }) => "c64asm rejects what 64tass accepts",
        (Outcome::Error { .. }, Outcome::Bytes(_)) => "c64asm accepts what 64tass rejects",
        (_, Outcome::Panic(_)) => "c64asm panics",
        (Outcome::Timeout, _) => "64tass runs too long (a generator bug)",
        _ => "other",
    }
}

/// What a mismatch is most likely about.
fn cause(f: &Finding) -> String {
    let message = if f.ours.is_error() {
        f.ours.cause()
    } else {
        f.theirs.cause()
    };
    if message.is_empty() {
        format!("[{}]", f.cases[0].family)
    } else {
        format!("\"{message}\"")
    }
}

/// Print the groups; minimize `per_group` of each (three times as many when
/// the bytes differ: no message tells those causes apart) and write them to `repros`.
pub fn report(findings: &[(usize, Finding)], per_group: usize, repros: Option<&Path>) {
    let mut groups: BTreeMap<(&str, String), Vec<&Finding>> = BTreeMap::new();
    for (_, f) in findings {
        groups.entry((kind(f), cause(f))).or_default().push(f);
    }
    if let Some(dir) = repros {
        std::fs::create_dir_all(dir).expect("repro directory");
    }
    let mut judge = Judge::new(usize::MAX);
    for (g, ((kind, cause), list)) in groups.iter().enumerate() {
        let families: BTreeSet<&str> = list.iter().map(|f| f.cases[0].family).collect();
        let families: Vec<&str> = families.into_iter().collect();
        println!(
            "\n=== {kind}: {cause}: {} mismatches (in {})",
            list.len(),
            families.join(", ")
        );
        let take = if kind.starts_with("different") {
            per_group * 3
        } else {
            per_group
        };
        let mut seen = Vec::new();
        for (i, f) in list.iter().take(take).enumerate() {
            // (a timeout is shown as it is: every try would take the whole time limit)
            let m = if matches!(f.theirs, Outcome::Timeout) {
                (*f).clone()
            } else {
                shrink::minimize(&mut judge, f, MINIMIZE_BUDGET)
            };
            let source = m.source();
            if seen.contains(&source) {
                continue;
            }
            seen.push(source.clone());
            let flags = m.flags.describe();
            println!(
                "--- 64tass {flags} (case {})\n{}",
                f.cases[0].id,
                indent(&source)
            );
            println!(
                "64tass: {}\nc64asm: {}",
                m.theirs.describe(),
                m.ours.describe()
            );
            if let Some(dir) = repros {
                let text = format!(
                    "; 64tass: {flags}\n; cause: {kind}: {cause}\n; 64tass gives: {}\n; c64asm gives: {}\n{source}",
                    m.theirs.summary(),
                    m.ours.summary()
                );
                let name = format!("{g:03}-{}-{i}.asm", f.cases[0].family);
                std::fs::write(dir.join(name), text).expect("write a reproduction");
            }
        }
    }
}

fn indent(s: &str) -> String {
    s.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
