//! The allocator's settings for a build (glibc only).

/// Blocks of 128 KiB and more get pages of their own from the kernel, given
/// back when freed, as glibc does until a large block is freed: then it raises
/// that threshold up to the freed block's size, and later large buffers (the
/// listing's rows, the parse's tables) come from the heap, where growing them
/// leaves their old copies' pages resident (about 0.5 MB on the shapes of
/// docs/performance.md).
pub fn fix_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_MMAP_THRESHOLD: i32 = -3;
        // SAFETY: mallopt only sets a parameter of glibc's allocator; any
        // value is valid (a refused one leaves it as it was).
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 128 * 1024);
        }
    }
}
