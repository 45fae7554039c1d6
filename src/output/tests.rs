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

/// As in a read-only directory: every directory refuses temporaries for this thread.
struct NoRoomBeside;

impl NoRoomBeside {
    fn on() -> NoRoomBeside {
        super::target::tests_hook::NO_ROOM_BESIDE.with(|n| n.set(true));
        NoRoomBeside
    }
}

impl Drop for NoRoomBeside {
    fn drop(&mut self) {
        super::target::tests_hook::NO_ROOM_BESIDE.with(|n| n.set(false));
    }
}

#[cfg(unix)]
fn inode(path: &std::path::Path) -> u64 {
    std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(path).unwrap())
}

/// A writable file in a directory that takes no new file is written in place at the
/// commit (as 64tass writes it), appended to in place, and streamed to through a
/// temporary elsewhere; nothing changes before the commit, and nothing is left over.
#[test]
fn a_file_whose_directory_takes_no_temporary_is_written_in_place() {
    let s = Scratch::new("no-room");
    let (prg, labels, trace) = (s.0.join("a.prg"), s.0.join("a.labels"), s.0.join("t.txt"));
    for p in [&prg, &labels, &trace] {
        std::fs::write(p, "old").unwrap();
    }
    #[cfg(unix)]
    let before = inode(&prg);
    let _hook = NoRoomBeside::on();
    let mut outputs = Outputs::new();
    outputs.add(&prg, "-o", b"new bytes").unwrap();
    outputs
        .append(&labels, "--labels-append", b"+more")
        .unwrap();
    let mut stream = outputs.stream(&trace, "--trace").unwrap();
    writeln!(stream, "traced").unwrap();
    drop(stream);
    for p in [&prg, &labels, &trace] {
        assert_eq!(
            std::fs::read_to_string(p).unwrap(),
            "old",
            "before the commit"
        );
    }
    outputs.commit().unwrap();
    assert_eq!(std::fs::read_to_string(&prg).unwrap(), "new bytes");
    assert_eq!(std::fs::read_to_string(&labels).unwrap(), "old+more");
    assert_eq!(std::fs::read_to_string(&trace).unwrap(), "traced\n");
    #[cfg(unix)]
    assert_eq!(inode(&prg), before, "written in place");
    assert_eq!(s.names(), ["a.labels", "a.prg", "t.txt"]);
    // A new file can't be made there at all: an error, nothing written.
    let mut outputs = Outputs::new();
    assert!(outputs.add(&s.0.join("new.prg"), "-o", b"x").is_err());
    assert_eq!(s.names(), ["a.labels", "a.prg", "t.txt"]);
}

/// A stream that is not committed (the run failed) leaves a file written in place as
/// it was, and its temporary elsewhere is removed.
#[test]
fn an_uncommitted_stream_in_place_changes_nothing() {
    let s = Scratch::new("no-room-drop");
    let trace = s.0.join("t.txt");
    std::fs::write(&trace, "old").unwrap();
    let _hook = NoRoomBeside::on();
    let mut outputs = Outputs::new();
    let mut stream = outputs.stream(&trace, "--trace").unwrap();
    writeln!(stream, "half a trace").unwrap();
    drop(stream);
    drop(outputs);
    assert_eq!(std::fs::read_to_string(&trace).unwrap(), "old");
    let leftovers: Vec<_> = std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            n.starts_with(".t.txt.c64kit-") && n.contains(&format!("-{}-", std::process::id()))
        })
        .collect();
    assert_eq!(leftovers, [""; 0]);
}

/// A file with other hard links keeps its inode; a stream into it changes nothing until
/// the commit (it used to be emptied when the run started).
#[cfg(unix)]
#[test]
fn a_stream_into_a_hard_linked_file_waits_for_the_commit() {
    let s = Scratch::new("linked-stream");
    let (a, b) = (s.0.join("a.txt"), s.0.join("b.txt"));
    std::fs::write(&a, "old").unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let mut outputs = Outputs::new();
    let mut stream = outputs.stream(&a, "--trace").unwrap();
    writeln!(stream, "new").unwrap();
    drop(stream);
    assert_eq!(std::fs::read_to_string(&b).unwrap(), "old");
    outputs.commit().unwrap();
    assert_eq!(
        std::fs::read_to_string(&b).unwrap(),
        "new\n",
        "through the other link"
    );
    assert_eq!(s.names(), ["a.txt", "b.txt"]);
}

/// A write in place that fails puts the old bytes back.
#[test]
fn a_failed_write_in_place_puts_the_old_bytes_back() {
    let s = Scratch::new("restore");
    let path = s.0.join("a.prg");
    std::fs::write(&path, "the old bytes").unwrap();
    for truncate in [true, false] {
        let file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        let e = super::overwrite(file, &path, truncate, |f| {
            f.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(e.0.to_string(), "disk full");
        assert!(e.1, "restored");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "the old bytes");
    }
}
