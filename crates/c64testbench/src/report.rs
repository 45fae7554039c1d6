//! The per-row CSV and the per-category table (text for the terminal, Markdown for
//! docs/emulator.md). The table is made from the CSV alone, so the docs' figures can
//! be regenerated from the committed CSV and checked against it.

use std::fmt::Write;

use crate::exec::{Outcome, RowResult};
use crate::list::{Category, Row};
use crate::published::Status;

/// One row with c64kit's result and the compared emulator's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The row.
    pub row: Row,
    /// c64kit's result.
    pub result: RowResult,
    /// The published status of the compared emulator (None: it has none for the row).
    pub other: Option<Status>,
}

const HEADER: &str = "category,path,program,type,cycles,options,result,passed,detail";

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\"").replace('\n', " "))
    } else {
        field.to_string()
    }
}

fn split_csv(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().unwrap_or(&mut String::new()).push('"');
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(String::new()),
            _ => {
                if let Some(f) = out.last_mut() {
                    f.push(c);
                }
            }
        }
    }
    out
}

/// The CSV: a header (naming the compared emulator `other`), then one line per row
/// (options joined with `;`).
pub fn to_csv(lines: &[Line], other: &str) -> String {
    let mut s = format!("{HEADER},{other}_result,{other}_passed\n");
    for l in lines {
        let r = &l.row;
        let fields = [
            r.category().key().to_string(),
            r.path.clone(),
            r.program.clone(),
            r.kind.to_string(),
            r.cycles.to_string(),
            r.options.join(";"),
            l.result.outcome.word().to_string(),
            u8::from(l.result.passed(r)).to_string(),
            l.result.detail.clone(),
            l.other.map_or("", |s| s.word()).to_string(),
            l.other.map_or(String::new(), |s| {
                u8::from(s.passes(r.expect())).to_string()
            }),
        ];
        let quoted: Vec<String> = fields.iter().map(|f| quote(f)).collect();
        let _ = writeln!(s, "{}", quoted.join(","));
    }
    s
}

/// Reads a CSV [`to_csv`] wrote: the rows and the compared emulator's name.
pub fn from_csv(text: &str) -> Result<(Vec<Line>, String), String> {
    let mut lines = text.lines();
    let other = lines
        .next()
        .and_then(|h| h.strip_prefix(HEADER))
        .and_then(|rest| rest.strip_prefix(','))
        .and_then(|rest| rest.split_once("_result,"))
        .map(|(name, _)| name.to_string())
        .ok_or_else(|| format!("not a testbench CSV (the first line is not {HEADER:?}...)"))?;
    let rows: Result<Vec<Line>, String> = lines
        .enumerate()
        .map(|(i, line)| {
            let f = split_csv(line);
            let bad = || format!("line {}: {line:?}", i + 2);
            if f.len() != 11 {
                return Err(bad());
            }
            let mut row_text = [f[1].as_str(), &f[2], &f[3], &f[4]].join(",");
            if !f[5].is_empty() {
                row_text = format!("{row_text},{}", f[5].replace(';', ","));
            }
            let row = Row::parse(&row_text).ok_or_else(bad)?;
            let outcome = Outcome::from_word(&f[6]).ok_or_else(bad)?;
            let other = match f[9].as_str() {
                "" => None,
                w => Some(Status::from_word(w).ok_or_else(bad)?),
            };
            Ok(Line {
                row,
                result: RowResult {
                    outcome,
                    detail: f[8].clone(),
                },
                other,
            })
        })
        .collect();
    Ok((rows?, other))
}

/// Per category (and in total): rows, c64kit's passes, unsupported rows, the other
/// emulator's passes.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Count {
    /// Rows in the category (the denominator, always the whole list's).
    pub rows: usize,
    /// Rows c64kit passed.
    pub passed: usize,
    /// Rows c64kit cannot run (counted as not passed).
    pub unsupported: usize,
    /// Rows the compared emulator passed.
    pub other_passed: usize,
}

/// The counts per category in table order, then the total.
pub fn counts(lines: &[Line]) -> Vec<(&'static str, Count)> {
    let mut out = Vec::new();
    let mut total = Count::default();
    for cat in Category::ALL {
        let mut c = Count::default();
        for l in lines.iter().filter(|l| l.row.category() == cat) {
            c.rows += 1;
            c.passed += usize::from(l.result.passed(&l.row));
            c.unsupported += usize::from(l.result.outcome == Outcome::Unsupported);
            c.other_passed += usize::from(l.other.is_some_and(|s| s.passes(l.row.expect())));
        }
        if c.rows > 0 {
            total.rows += c.rows;
            total.passed += c.passed;
            total.unsupported += c.unsupported;
            total.other_passed += c.other_passed;
            out.push((cat.name(), c));
        }
    }
    out.push(("whole list", total));
    out
}

fn percent(n: usize, of: usize) -> String {
    if of == 0 {
        return "-".into();
    }
    format!("{:.1} %", n as f64 * 100.0 / of as f64)
}

/// The table for the terminal; `other` names the compared emulator.
pub fn text_table(lines: &[Line], other: Option<&str>) -> String {
    let mut s = format!(
        "{:<48} {:>5} {:>16} {:>11}",
        "category", "rows", "c64kit passed", "unsupported"
    );
    if let Some(o) = other {
        let _ = write!(s, " {:>16}", format!("{o} passed"));
    }
    s.push('\n');
    for (name, c) in counts(lines) {
        let _ = write!(
            s,
            "{name:<48} {:>5} {:>16} {:>11}",
            c.rows,
            format!("{} ({})", c.passed, percent(c.passed, c.rows)),
            c.unsupported
        );
        if other.is_some() {
            let _ = write!(
                s,
                " {:>16}",
                format!("{} ({})", c.other_passed, percent(c.other_passed, c.rows))
            );
        }
        s.push('\n');
    }
    s
}

/// The table for docs/emulator.md.
pub fn markdown_table(lines: &[Line], other: &str) -> String {
    let mut s = format!(
        "| category | rows | c64kit passed | unsupported | {other} passed |\n| --- | ---: | ---: | ---: | ---: |\n"
    );
    for (name, c) in counts(lines) {
        let _ = writeln!(
            s,
            "| {name} | {} | {} ({}) | {} | {} ({}) |",
            c.rows,
            c.passed,
            percent(c.passed, c.rows),
            c.unsupported,
            c.other_passed,
            percent(c.other_passed, c.rows)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csv_reads_back_and_the_table_counts_every_row() {
        let rows = [
            "../CPU/a/,a.prg,exitcode,100,expect:error",
            "../CPU/b/,b.prg,exitcode,100",
            "../REU/c/,c.prg,exitcode,100,reu512k",
        ];
        let results = [
            (
                Outcome::Done(Status::Error),
                "debug cartridge: $FF, \"quoted\"",
            ),
            (Outcome::Done(Status::Timeout), "cycle limit reached"),
            (Outcome::Unsupported, "needs reu512k"),
        ];
        let lines: Vec<Line> = rows
            .iter()
            .zip(results)
            .map(|(r, (outcome, detail))| Line {
                row: Row::parse(r).unwrap(),
                result: RowResult {
                    outcome,
                    detail: detail.into(),
                },
                other: Some(Status::Ok),
            })
            .collect();
        let csv = to_csv(&lines, "x64sc");
        assert!(csv.starts_with(
            "category,path,program,type,cycles,options,result,passed,detail,x64sc_result,x64sc_passed\n"
        ));
        assert_eq!(
            from_csv(&csv).unwrap(),
            (lines.clone(), "x64sc".to_string())
        );
        let c = counts(&lines);
        assert_eq!(c[0].0, "CPU");
        assert_eq!(
            c[0].1,
            Count {
                rows: 2,
                passed: 1,
                unsupported: 0,
                other_passed: 1
            }
        );
        assert_eq!(c.last().unwrap().1.rows, 3);
        assert_eq!(c.last().unwrap().1.unsupported, 1);
        let md = markdown_table(&lines, "x64sc");
        assert!(
            md.contains("| CPU | 2 | 1 (50.0 %) | 0 | 1 (50.0 %) |"),
            "{md}"
        );
        assert!(
            md.contains("| whole list | 3 | 1 (33.3 %) | 1 | 2 (66.7 %) |"),
            "{md}"
        );
    }
}
