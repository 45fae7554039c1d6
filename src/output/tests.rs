//! The group's promises, where the CLI can't easily provoke them: a commit that fails
//! half-way undoes what it created, and streams report their write errors.

use std::io::Write;
use std::path::PathBuf;

use super::{Outputs, Problem};

struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("c64kit-output-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_commit_that_fails_half_way_removes_what_it_created() {
    let s = Scratch::new("undo");
    let mut outputs = Outputs::new();
    outputs.add_new_dir(&s.0.join("proj/src"), "dir").unwrap();
    outputs
        .add_new(&s.0.join("proj/a.txt"), "file", b"a")
        .unwrap();
    outputs
        .add_new(&s.0.join("late.txt"), "file", b"ours")
        .unwrap();
    outputs
        .add(&s.0.join("replaced.txt"), "file", b"new")
        .unwrap();
    // Someone else creates a file between staging and commit: it is never overwritten.
    std::fs::write(s.0.join("late.txt"), "theirs").unwrap();
    let e = outputs.commit().unwrap_err();
    assert!(matches!(e.problem, Problem::Io(_)), "{e}");
    assert!(!e.partial());
    assert_eq!(
        std::fs::read_to_string(s.0.join("late.txt")).unwrap(),
        "theirs"
    );
    assert_eq!(
        s.names(),
        ["late.txt"],
        "created dirs and files removed, temporaries too"
    );
}

#[test]
fn a_stream_is_committed_by_rename_and_its_errors_fail_the_commit() {
    let s = Scratch::new("stream");
    let mut outputs = Outputs::new();
    let mut trace = outputs.stream(&s.0.join("trace.txt"), "--trace").unwrap();
    writeln!(trace, "line 1").unwrap();
    assert!(
        !s.0.join("trace.txt").exists(),
        "nothing visible before the commit"
    );
    drop(trace);
    outputs.commit().unwrap();
    assert_eq!(
        std::fs::read_to_string(s.0.join("trace.txt")).unwrap(),
        "line 1\n"
    );
    assert_eq!(s.names(), ["trace.txt"]);

    // Still open at commit: refused, and the old file stays.
    let mut outputs = Outputs::new();
    let trace = outputs.stream(&s.0.join("trace.txt"), "--trace").unwrap();
    let e = outputs.commit().unwrap_err();
    assert!(e.to_string().contains("still being written"), "{e}");
    drop(trace);
    assert_eq!(
        std::fs::read_to_string(s.0.join("trace.txt")).unwrap(),
        "line 1\n"
    );
    assert_eq!(s.names(), ["trace.txt"]);
}

#[cfg(target_os = "linux")]
#[test]
fn a_stream_into_a_full_device_fails_the_commit() {
    let mut outputs = Outputs::new();
    let mut trace = outputs.stream("/dev/full".as_ref(), "--trace").unwrap();
    // BufWriter: the error shows when the buffer is flushed (here, at drop).
    let _ = writeln!(trace, "a line");
    drop(trace);
    let e = outputs.commit().unwrap_err();
    assert!(
        e.to_string().starts_with("--trace /dev/full: cannot write"),
        "{e}"
    );
}

#[test]
fn add_with_reports_the_writers_error_and_writes_nothing() {
    let s = Scratch::new("add-with");
    let mut outputs = Outputs::new();
    outputs.add(&s.0.join("a.prg"), "-o", b"prg").unwrap();
    let e = outputs
        .add_with(&s.0.join("shot.png"), "--screenshot", |_| {
            Err::<(), _>("the encoder gave up")
        })
        .unwrap_err();
    assert!(
        e.to_string().ends_with("cannot write: the encoder gave up"),
        "{e}"
    );
    drop(outputs);
    assert!(s.names().is_empty(), "{:?}", s.names());
}
