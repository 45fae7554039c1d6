//! Results as text for people (each failure with its expectation, the expected and
//! actual values, a caret at the line that asked, the last instructions run) and as
//! JUnit XML for CI (the Apache Ant schema that Jenkins, GitLab and GitHub readers take).

use std::fmt::Write as _;

use super::{Outcome, Results, Status, Suite};

/// One line per test, grouped by file.
pub fn list(suites: &[Suite], results: &Results) -> String {
    let mut out = String::new();
    let mut current = None;
    for (si, ti, o) in &results.outcomes {
        if current != Some(*si) {
            let _ = writeln!(out, "{}", suites[*si].path.display());
            current = Some(*si);
        }
        let name = &suites[*si].tests[*ti].name;
        let _ = match &o.status {
            Status::Passed => match o.cycles {
                Some(c) => writeln!(out, "  ok    {name} ({c} cycles)"),
                None => writeln!(out, "  ok    {name}"),
            },
            Status::Failed => writeln!(out, "  FAIL  {name}"),
            Status::Error => writeln!(out, "  ERROR {name}"),
            Status::Skipped(why) => writeln!(out, "  skip  {name} ({why})"),
        };
    }
    out
}

/// Every failed test in full.
pub fn failures(suites: &[Suite], results: &Results) -> String {
    let mut out = String::new();
    for (si, ti, o) in &results.outcomes {
        if matches!(o.status, Status::Failed | Status::Error) {
            out.push('\n');
            out.push_str(&failure(&suites[*si], *ti, o));
        }
    }
    out
}

/// One failed test: each failure with its place, then the end of the run.
pub fn failure(suite: &Suite, test: usize, o: &Outcome) -> String {
    let mut out = format!(
        "---- {}: {} ----\n",
        suite.path.display(),
        suite.tests[test].name
    );
    for f in &o.failures {
        let _ = writeln!(out, "{}", f.message);
        for d in &f.detail {
            let _ = writeln!(out, "    {d}");
        }
        out.push_str(&f.place.snippet(&f.label));
    }
    if let Some(l) = &o.looping {
        let _ = writeln!(out, "{l}");
    }
    if let Some(r) = &o.regs {
        let _ = writeln!(out, "registers at the end: {r}");
    }
    if !o.tail.is_empty() {
        let _ = writeln!(out, "last instructions:");
        for l in &o.tail {
            let _ = writeln!(out, "  {l}");
        }
    }
    out
}

/// `summary: 11 passed, 1 failed, 0 skipped` (errors count as failed).
pub fn summary(results: &Results) -> String {
    let (passed, failed, errors, skipped) = results.counts();
    format!(
        "summary: {passed} passed, {} failed, {skipped} skipped",
        failed + errors
    )
}

/// JUnit XML: a `testsuite` per file, a `testcase` per test, `failure` for a failed
/// expectation, `error` for a test that could not run, `skipped`.
pub fn junit(suites: &[Suite], results: &Results, timestamp: &str, hostname: &str) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    let mut order: Vec<usize> = Vec::new();
    for (si, _, _) in &results.outcomes {
        if !order.contains(si) {
            order.push(*si);
        }
    }
    for (id, &si) in order.iter().enumerate() {
        let suite = &suites[si];
        let cases: Vec<&(usize, usize, Outcome)> =
            results.outcomes.iter().filter(|o| o.0 == si).collect();
        let count = |f: fn(&Status) -> bool| cases.iter().filter(|c| f(&c.2.status)).count();
        let time: f64 = cases.iter().map(|c| c.2.time.as_secs_f64()).sum();
        let name = suite.path.display().to_string();
        let class = class_name(&name);
        let package = class.rsplit_once('.').map_or("tests", |(p, _)| p);
        let _ = writeln!(
            out,
            "  <testsuite package=\"{}\" id=\"{id}\" name=\"{}\" timestamp=\"{timestamp}\" hostname=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{time:.6}\">",
            xml(package),
            xml(&name),
            xml(hostname),
            cases.len(),
            count(|s| *s == Status::Failed),
            count(|s| *s == Status::Error),
            count(|s| matches!(s, Status::Skipped(_))),
        );
        let _ = writeln!(
            out,
            "    <properties>\n      <property name=\"program\" value=\"{}\"/>\n    </properties>",
            xml(&suite.build.info.name)
        );
        for (_, ti, o) in &cases {
            let test = &suite.tests[*ti];
            let _ = write!(
                out,
                "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.6}\"",
                xml(&test.name),
                xml(&class),
                o.time.as_secs_f64()
            );
            let first = o
                .failures
                .first()
                .map_or(String::new(), |f| f.message.clone());
            let _ = match &o.status {
                Status::Passed => writeln!(out, "/>"),
                Status::Skipped(why) => writeln!(
                    out,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    xml(why)
                ),
                Status::Failed | Status::Error => {
                    let tag = match o.status {
                        Status::Failed => "failure",
                        _ => "error",
                    };
                    let kind = match o.status {
                        Status::Failed => "expectation",
                        _ => "setup",
                    };
                    writeln!(
                        out,
                        ">\n      <{tag} message=\"{}\" type=\"{kind}\">{}</{tag}>\n    </testcase>",
                        xml(&first),
                        xml(&failure(suite, *ti, o))
                    )
                }
            };
        }
        out.push_str(
            "    <system-out></system-out>\n    <system-err></system-err>\n  </testsuite>\n",
        );
    }
    out.push_str("</testsuites>\n");
    out
}

/// `tests/ryg/boards.test.toml` -> `tests.ryg.boards`.
fn class_name(path: &str) -> String {
    let stem = path
        .strip_suffix(".test.toml")
        .or_else(|| path.strip_suffix(".toml"))
        .unwrap_or(path);
    let parts: Vec<&str> = stem
        .split(['/', '\\'])
        .filter(|p| !p.is_empty() && *p != "." && *p != "..")
        .collect();
    match parts.is_empty() {
        true => "tests".to_string(),
        false => parts.join("."),
    }
}

/// Text for an XML attribute or element: markup escaped, characters XML 1.0 does not
/// allow replaced.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// The time now as JUnit wants it: `2024-05-01T10:00:00` (UTC, no zone).
pub fn timestamp_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// This machine's name, or `localhost`.
pub fn hostname() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| "localhost".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_names_and_escapes() {
        assert_eq!(class_name("tests/ryg/boards.test.toml"), "tests.ryg.boards");
        assert_eq!(class_name("./x.test.toml"), "x");
        assert_eq!(xml("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;?");
        let t = timestamp_now();
        assert_eq!(t.len(), 19);
        assert_eq!(&t[10..11], "T");
    }
}
