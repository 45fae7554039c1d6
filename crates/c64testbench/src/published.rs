//! Published result files (`results/x64sc-r45384-result.txt`): one line per row run,
//! `PATH,PROGRAM,STATUS,TYPE,D64,G64,CRT,CIA,SID,VIDEO`, matched to the list's rows by
//! every field but the status, as the testbench's own scripts match them.

use std::collections::HashMap;

use crate::list::{Expect, Row};

/// A status as the testbench writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// $00 written (and the same picture).
    Ok,
    /// $FF (or another value) written, or a different picture.
    Error,
    /// Nothing written within the cycles.
    Timeout,
    /// No reference picture to compare with.
    NoRef,
}

impl Status {
    /// The word the result files use.
    pub fn word(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Error => "error",
            Status::Timeout => "timeout",
            Status::NoRef => "noref",
        }
    }

    /// The status a word names.
    pub fn from_word(w: &str) -> Option<Status> {
        [Status::Ok, Status::Error, Status::Timeout, Status::NoRef]
            .into_iter()
            .find(|s| s.word() == w)
    }

    /// Whether a row with `expect` passes with this status.
    pub fn passes(self, expect: Expect) -> bool {
        matches!(
            (self, expect),
            (Status::Ok, Expect::Ok)
                | (Status::Error, Expect::Error)
                | (Status::Timeout, Expect::Timeout)
        )
    }
}

/// The statuses of a result file by row key; a key listed twice keeps its order.
pub struct Published {
    by_key: HashMap<String, Vec<Status>>,
}

impl Published {
    /// Reads a result file's text (lines it cannot read are skipped).
    pub fn parse(text: &str) -> Published {
        let mut by_key: HashMap<String, Vec<Status>> = HashMap::new();
        for line in text.lines() {
            let f: Vec<&str> = line.split(',').collect();
            if f.len() < 10 {
                continue;
            }
            let Some(status) = Status::from_word(f[2]) else {
                continue;
            };
            let key = [f[0], f[1], f[3], f[4], f[5], f[6], f[7], f[8], f[9]].join(",");
            by_key.entry(key).or_default().push(status);
        }
        Published { by_key }
    }

    /// The status for each row in order (None: the file has no result for the row).
    pub fn match_rows(&self, rows: &[Row]) -> Vec<Option<Status>> {
        let mut used: HashMap<String, usize> = HashMap::new();
        rows.iter()
            .map(|r| {
                let key = r.result_key();
                let n = used.entry(key.clone()).or_default();
                let status = self.by_key.get(&key).and_then(|v| v.get(*n)).copied();
                *n += 1;
                status
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_match_by_every_field_but_the_status() {
        let p = Published::parse(
            "../a/,t.prg,ok,exitcode,,,,0,-1,-1\n../a/,t.prg,timeout,exitcode,,,,1,-1,-1\n\
             ../b/,u.prg,error,screenshot,,,,-1,-1,PAL\n# 3 minutes\n",
        );
        let rows: Vec<Row> = [
            "../a/,t.prg,exitcode,1,cia-new",
            "../a/,t.prg,exitcode,1,cia-old",
            "../b/,u.prg,screenshot,1,vicii-pal,expect:error",
            "../c/,v.prg,exitcode,1",
        ]
        .iter()
        .filter_map(|l| Row::parse(l))
        .collect();
        let s = p.match_rows(&rows);
        assert_eq!(
            s,
            [
                Some(Status::Timeout),
                Some(Status::Ok),
                Some(Status::Error),
                None
            ]
        );
        assert!(Status::Error.passes(rows[2].expect()));
        assert!(!Status::Ok.passes(rows[2].expect()));
    }
}
