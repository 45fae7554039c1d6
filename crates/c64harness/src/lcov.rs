//! Reading LCOV tracefiles back, to merge the files of several test binaries (as
//! `genhtml a.lcov b.lcov` does) and count what a whole suite executed.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use crate::Error;
use crate::coverage::{FileReport, Summary};

/// The records of tracefiles, merged per source file (hits and calls summed).
pub fn merge_lcov<'a>(texts: impl IntoIterator<Item = &'a str>) -> Result<Vec<FileReport>, Error> {
    let mut files: BTreeMap<PathBuf, FileReport> = BTreeMap::new();
    for text in texts {
        let mut current: Option<PathBuf> = None;
        for (i, line) in text.lines().enumerate() {
            let bad = || Error::Lcov {
                line: i + 1,
                message: format!("unreadable record {line:?}"),
            };
            let Some((tag, value)) = line.split_once(':') else {
                if line == "end_of_record" {
                    current = None;
                }
                continue;
            };
            if tag == "SF" {
                let path = PathBuf::from(value);
                files.entry(path.clone()).or_insert_with(|| FileReport {
                    path: path.clone(),
                    ..FileReport::default()
                });
                current = Some(path);
                continue;
            }
            let Some(f) = current.as_ref().and_then(|p| files.get_mut(p)) else {
                continue;
            };
            let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
            match tag {
                "DA" => {
                    let mut parts = value.split(',');
                    let l = num(parts.next().unwrap_or(""))? as u32;
                    let n = num(parts.next().unwrap_or(""))?;
                    *f.lines.entry(l).or_default() += n;
                }
                "FN" => {
                    let (l, name) = value.split_once(',').ok_or_else(bad)?;
                    let l = num(l)? as u32;
                    if !f.functions.iter().any(|x| x.1 == name) {
                        f.functions.push((l, name.to_string(), 0));
                    }
                }
                "FNDA" => {
                    let (n, name) = value.split_once(',').ok_or_else(bad)?;
                    let n = num(n)?;
                    if let Some(x) = f.functions.iter_mut().find(|x| x.1 == name) {
                        x.2 += n;
                    }
                }
                "BRDA" => {
                    let parts: Vec<&str> = value.split(',').collect();
                    let [l, block, branch, taken] = parts[..] else {
                        return Err(bad());
                    };
                    let (l, block) = (num(l)? as u32, num(block)? as usize);
                    let taken = if taken == "-" {
                        None
                    } else {
                        Some(num(taken)?)
                    };
                    let slot = match f.branches.iter().position(|b| (b.0, b.1) == (l, block)) {
                        Some(s) => s,
                        None => {
                            f.branches.push((l, block, None));
                            f.branches.len() - 1
                        }
                    };
                    if let Some(n) = taken {
                        let (t, nt) = f.branches[slot].2.get_or_insert((0, 0));
                        if branch == "0" {
                            *t += n;
                        } else {
                            *nt += n;
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok(files.into_values().collect())
}

/// Totals over several files.
pub fn total(files: &[FileReport]) -> Summary {
    let mut s = Summary::default();
    for f in files {
        s.add(&f.summary());
    }
    s
}

/// The LCOV tracefile of these files' records (files without lines are left out).
pub fn render_lcov(files: &[FileReport]) -> String {
    let mut out = String::new();
    for f in files {
        if f.lines.is_empty() {
            continue;
        }
        let s = f.summary();
        let _ = writeln!(out, "TN:\nSF:{}", f.path.display());
        for (line, name, _) in &f.functions {
            let _ = writeln!(out, "FN:{line},{name}");
        }
        for (_, name, calls) in &f.functions {
            let _ = writeln!(out, "FNDA:{calls},{name}");
        }
        let _ = writeln!(out, "FNF:{}\nFNH:{}", s.functions, s.functions_hit);
        for (line, block, ran) in &f.branches {
            let (t, n) = match ran {
                Some((t, n)) => (t.to_string(), n.to_string()),
                None => ("-".into(), "-".into()),
            };
            let _ = writeln!(out, "BRDA:{line},{block},0,{t}\nBRDA:{line},{block},1,{n}");
        }
        let _ = writeln!(out, "BRF:{}\nBRH:{}", s.branches, s.branches_hit);
        for (line, hits) in &f.lines {
            let _ = writeln!(out, "DA:{line},{hits}");
        }
        let _ = writeln!(out, "LF:{}\nLH:{}\nend_of_record", s.lines, s.lines_hit);
    }
    out
}
