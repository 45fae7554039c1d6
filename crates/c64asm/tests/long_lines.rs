//! One line with sixty thousand values: recording it for the listing and the source
//! map costs work in proportion to the line (it used to copy the whole line for each
//! value), and a message repeated for each value is shown a bounded number of times,
//! with a note that counts the rest (it used to print the line once per value).
//!
//! Work is counted in bytes allocated, which is exact where time would be blurred by
//! the machine's load. One test in this binary, so that no other test's allocations
//! are counted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use c64asm::{Options, assemble_str};

struct Counting;

static ALLOCATED: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards to the system allocator, only counting.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: the caller's layout, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: allocated above by the system allocator with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size as u64, Ordering::Relaxed);
        // SAFETY: as for `dealloc`, and the caller's new size.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocated_by(f: impl FnOnce()) -> u64 {
    let before = ALLOCATED.load(Ordering::Relaxed);
    f();
    ALLOCATED.load(Ordering::Relaxed) - before
}

#[test]
fn a_line_of_60k_values_costs_in_proportion_and_reports_within_bounds() {
    const VALUES: usize = 60_000;
    let values: Vec<String> = (0..VALUES).map(|i| (i % 256).to_string()).collect();
    let line = format!(" .byte {}\n", values.join(", "));

    // Fits in memory from $0000: no warnings; with and without recording.
    let src = format!("* = $0\n{line}");
    let plain = Options {
        record_lines: false,
        ..Options::default()
    };
    let recorded = Options::default();
    assert!(recorded.record_lines);
    let without = allocated_by(|| {
        let p = assemble_str("long.asm", &src, &plain).unwrap();
        assert_eq!(p.image.len(), VALUES);
    });
    let with = allocated_by(|| {
        let p = assemble_str("long.asm", &src, &recorded).unwrap();
        // One row for the line, its source shown once.
        assert_eq!(p.listing().matches(".byte 0, 1, 2,").count(), 1);
        assert_eq!(p.source_map().lines().count(), 2, "{}", p.source_map());
    });
    assert!(
        with < without + 40 * line.len() as u64,
        "recording allocated {with} bytes, {without} without, for a line of {}",
        line.len()
    );

    // Every value too large for a byte: one error each, shown a thousand times (64tass
    // shows every one; a table line of a few hundred is shown whole), each with the
    // part of the line around its caret.
    const SHOWN: usize = 1000;
    let src = format!("* = $0\n .byte {}\n", vec!["300"; VALUES].join(", "));
    let errors = assemble_str("long.asm", &src, &Options::default()).unwrap_err();
    let shown: Vec<_> = errors.iter().collect();
    assert_eq!(shown.len(), SHOWN, "{}", shown[0].message);
    assert_eq!(
        shown[SHOWN - 1].notes,
        [format!(
            "{} more errors of this kind on this line not shown",
            VALUES - SHOWN
        )]
    );
    assert!(shown[..SHOWN - 1].iter().all(|e| e.notes.is_empty()));
    let text = errors.to_string();
    assert!(text.len() < SHOWN * 400, "{} bytes of messages", text.len());
    let first: Vec<&str> = text.lines().take(5).collect();
    assert_eq!(first[1], "  --> long.asm:2:8");
    // The caret (on the first character of the value) and 60 bytes after it.
    let line = src.lines().nth(1).unwrap();
    assert_eq!(first[3], format!("2 | {}...", &line[..7 + 1 + 60]));
    assert_eq!(first[4], "  |        ^");
}
