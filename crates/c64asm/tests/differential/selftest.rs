//! Tests of the harness itself, with two made-up assemblers that disagree
//! on purpose: the batch check must find exactly the cases that differ (and
//! nothing where both reject), and the minimizer must keep the disagreement.

use crate::batch;
use crate::case::{Case, Line, Wrap, line};
use crate::judge::{Assemblers, Flags, Outcome};
use crate::shrink;

/// Made-up assemblers of a tiny language: ` .byte N` writes N; ` .error` is
/// rejected by both; ` .odd N` writes N for 64tass and N+1 for "us";
/// ` .theirs_only` and ` .ours_only` are rejected by one of them.
/// The wrapping lines of a case are ignored.
struct Fake;

fn assemble(text: &str, ours: bool) -> Outcome {
    let mut bytes = Vec::new();
    let mut errors = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let mut words = l.split_whitespace();
        let value = |w: Option<&str>| w.and_then(|w| w.parse::<u8>().ok()).unwrap_or(0);
        match words.next() {
            Some(".byte") => bytes.push(value(words.next())),
            Some(".odd") => bytes.push(value(words.next()) + u8::from(ours)),
            Some(".error") => errors.push(i + 1),
            Some(".theirs_only") if !ours => errors.push(i + 1),
            Some(".ours_only") if ours => errors.push(i + 1),
            _ => {}
        }
    }
    if errors.is_empty() {
        Outcome::Bytes(bytes)
    } else {
        Outcome::Error {
            text: format!("case.asm:{}:1: error: made up", errors[0]),
            lines: errors,
        }
    }
}

impl Assemblers for Fake {
    fn theirs(&mut self, text: &str, _: Flags) -> Outcome {
        assemble(text, false)
    }

    fn ours(&mut self, text: &str, _: Flags) -> Outcome {
        assemble(text, true)
    }
}

fn case(id: u64, lines: Vec<Line>) -> Case {
    Case {
        id,
        family: "selftest",
        base: 0x1000,
        lines,
    }
}

#[test]
fn batch_check_finds_exactly_the_disagreeing_cases() {
    let kinds = [
        " .byte 7",
        " .error",
        " .odd 3",
        " .theirs_only",
        " .ours_only",
    ];
    let cases: Vec<Case> = (0..200)
        .map(|i| {
            case(
                i,
                vec![
                    line!(" .byte 1"),
                    line!(kinds[(i as usize * 7 + i as usize / 5) % 5]),
                    line!(" .byte 2"),
                ],
            )
        })
        .collect();
    let expected: Vec<u64> = cases
        .iter()
        .filter(|c| {
            matches!(
                c.lines[1].text().as_str(),
                " .odd 3" | " .theirs_only" | " .ours_only"
            )
        })
        .map(|c| c.id)
        .collect();
    let both_reject = cases
        .iter()
        .filter(|c| c.lines[1].text() == " .error")
        .count();
    let (findings, stats) = batch::check(&mut Fake, &cases, Flags::default());
    let mut found: Vec<u64> = findings
        .iter()
        .flat_map(|f| f.cases.iter().map(|c| c.id))
        .collect();
    found.sort_unstable();
    assert_eq!(found, expected);
    assert!(
        findings
            .iter()
            .all(|f| f.cases.len() == 1 && !f.theirs.agrees(&f.ours))
    );
    assert_eq!(stats.both_rejected, both_reject);
}

#[test]
fn minimizing_keeps_the_disagreement_and_loop_skeletons() {
    let lines = vec![
        line!(" .byte 1"),
        line!(" .loop").fixed(1),
        line!(" .byte 2"),
        line!(" .odd 5"),
        line!(" .endloop").fixed(1),
        line!(" .byte 3"),
    ];
    let (theirs, ours) = (assemble(" .odd 5", false), assemble(" .odd 5", true));
    let finding = batch::Finding {
        cases: vec![case(1, lines)],
        flags: Flags::default(),
        wrap: Wrap::Isolated,
        theirs,
        ours,
    };
    let m = shrink::minimize(&mut Fake, &finding, 1000);
    assert_eq!(m.source(), " .odd 5\n");
    assert_eq!(m.wrap, Wrap::Bare);
    // A skeleton goes as a whole or not at all.
    let lines = vec![
        line!(" .loop").fixed(1),
        line!(" .odd 5"),
        line!(" .byte 2"),
        line!(" .endloop").fixed(1),
    ];
    let finding = batch::Finding {
        cases: vec![case(2, lines)],
        ..finding
    };
    let m = shrink::minimize(&mut Fake, &finding, 1000);
    let skeleton = m.cases[0]
        .lines
        .iter()
        .filter(|l| l.fixed.is_some())
        .count();
    assert!(skeleton == 0 || skeleton == 2, "{}", m.source());
}
