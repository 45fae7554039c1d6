//! The allocator's settings for a build (glibc only).

/// Blocks of 128 KiB and more get pages of their own from the kernel, given
/// back when freed, as glibc does until a large block is freed: then it raises
/// that threshold up to the freed block's size, and later large buffers (the
/// listing's rows, the parse's tables) come from the heap, where growing them
/// leaves their old copies' pages resident (about 0.5 MB on the shapes of
/// docs/performance.md).
///
/// One arena for every thread: the assembly runs on a thread of its own,
/// which would otherwise get an arena of its own beside the main thread's,
/// each with its own free space resident (about 0.15 MB on small builds).
/// The threads don't allocate at the same time (the main one waits).
pub fn tune_for_a_build() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_MMAP_THRESHOLD: i32 = -3;
        const M_ARENA_MAX: i32 = -8;
        // SAFETY: mallopt only sets a parameter of glibc's allocator; any
        // value is valid (a refused one leaves it as it was).
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 128 * 1024);
            mallopt(M_ARENA_MAX, 1);
        }
    }
}
