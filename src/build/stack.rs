//! The main thread's stack once the command line is read (Linux only).

/// How far below this function's frame its own call (`madvise`) reaches:
/// pages from there down are given back.
#[cfg(target_os = "linux")]
const KEEP: usize = 16 * 1024;
/// How far down: deeper than the parse reaches (about 90 KiB), well within
/// the main thread's stack and the gap the kernel keeps free below it.
#[cfg(target_os = "linux")]
const SPAN: usize = 256 * 1024;

/// Give back the stack pages the command line's parse wrote below the
/// current frame. clap's generated functions for `build`'s options have
/// frames of 50 KiB and more, written page by page by their stack probes,
/// which stayed resident to the end; the build runs shallower (the
/// assembly on a thread of its own). What lies below the stack pointer is
/// dead, and a page reached again later is a fresh zero page. Inlined into
/// its caller, whose code comes first in the binary (link/assembler-first.ld).
///
/// # Safety
///
/// To be called on the main thread only: its stack has that room below it.
#[inline(always)]
pub unsafe fn give_back_parse_frames() {
    #[cfg(target_os = "linux")]
    {
        unsafe extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        const MADV_DONTNEED: i32 = 4;
        let marker = 0u8;
        let here = std::hint::black_box(&raw const marker) as usize;
        let end = here.saturating_sub(KEEP) & !0xfff;
        let start = end.saturating_sub(SPAN);
        // SAFETY: the range is below every live frame of this thread (its
        // deepest, this one, less KEEP for the call made from here) and
        // within the main thread's stack mapping or the guard gap below it,
        // where nothing else is mapped. An unmapped part only makes the
        // call report ENOMEM; the result is not needed.
        unsafe {
            madvise(start as *mut std::ffi::c_void, end - start, MADV_DONTNEED);
        }
    }
}
