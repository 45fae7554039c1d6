//! Code pages given back once their part of a build is done (Linux only).
//!
//! The kernel maps a file's pages 64 KiB around each one first read (its
//! fault-around), and every page mapped counts in the RSS until the process
//! ends: the loader's relocations and the C libraries' start-up, the command
//! line's parser and the passes leave about 1.5 MB of code and read-only data
//! mapped that the next part of a build never runs. Unmapping their pages
//! (`MADV_DONTNEED`) costs nothing to keep: the pages stay in the page cache,
//! and one run again is mapped again by a minor fault.
//!
//! Only the pages still the file's own are given back: a page written to since
//! it was mapped (a debugger's breakpoint, a uprobe, a text relocation) is a
//! private copy, which `MADV_DONTNEED` would throw away. `/proc/self/pagemap`
//! tells them apart; without it nothing is done.

/// Gives back the pages of the program's and its libraries' read-only
/// segments (code and constants) that are mapped now and are the file's.
pub fn give_back_code() {
    #[cfg(target_os = "linux")]
    linux::give_back_code();
}

#[cfg(target_os = "linux")]
mod linux {
    use std::fs::File;
    use std::os::unix::fs::FileExt;

    /// A page table entry's bits in `/proc/self/pagemap` (the kernel's
    /// `Documentation/admin-guide/mm/pagemap.rst`).
    const PRESENT: u64 = 1 << 63;
    const FILE_PAGE: u64 = 1 << 61;

    const PAGE: usize = 4096;

    /// The segments to look at: start and end address, page-aligned inward.
    struct Segments {
        list: [(usize, usize); 32],
        len: usize,
    }

    pub fn give_back_code() {
        let Ok(pagemap) = File::open("/proc/self/pagemap") else {
            return;
        };
        let mut segments = Segments {
            list: [(0, 0); 32],
            len: 0,
        };
        // SAFETY: the callback only reads the `dl_phdr_info` it is given, for
        // the duration of the call, and writes to `segments` through the
        // pointer passed as its data (alive for the whole iteration).
        unsafe {
            libc::dl_iterate_phdr(Some(collect), (&raw mut segments).cast());
        }
        let mut entries = [0u64; 128];
        for &(start, end) in &segments.list[..segments.len] {
            let mut page = start;
            while page < end {
                let count = ((end - page) / PAGE).min(entries.len());
                let bytes = as_bytes(&mut entries[..count]);
                let Ok(read) = pagemap.read_at(bytes, (page / PAGE * 8) as u64) else {
                    return;
                };
                let count = read / 8;
                if count == 0 {
                    return;
                }
                give_back_file_pages(page, &entries[..count]);
                page += count * PAGE;
            }
        }
    }

    /// Gives back the runs of present pages that are the file's, from `first`
    /// on, by their pagemap entries. Fault-around maps pages 16 at a time: a
    /// block of 16 with none present, or all present and the file's, is
    /// passed over in one test.
    fn give_back_file_pages(first: usize, entries: &[u64]) {
        let mut run_start = None;
        let mut i = 0;
        while i < entries.len() {
            if let Some(block) = entries.get(i..i + 16) {
                if block.iter().fold(0, |any, e| any | e) & PRESENT == 0 {
                    if let Some(s) = run_start.take() {
                        give_back(first, s, i);
                    }
                    i += 16;
                    continue;
                }
                if block.iter().fold(!0, |all, e| all & e) & (PRESENT | FILE_PAGE)
                    == PRESENT | FILE_PAGE
                {
                    run_start.get_or_insert(i);
                    i += 16;
                    continue;
                }
            }
            let the_files = entries[i] & (PRESENT | FILE_PAGE) == PRESENT | FILE_PAGE;
            match (the_files, run_start) {
                (true, None) => run_start = Some(i),
                (false, Some(s)) => {
                    give_back(first, s, i);
                    run_start = None;
                }
                _ => {}
            }
            i += 1;
        }
        if let Some(s) = run_start {
            give_back(first, s, entries.len());
        }
    }

    /// Gives back pages `from..to` counted from the page at `first`.
    fn give_back(first: usize, from: usize, to: usize) {
        // SAFETY: the range is whole pages of a read-only private file
        // mapping that are the file's own: dropping them changes no content
        // (a read maps the file's page again).
        unsafe {
            libc::madvise(
                (first + from * PAGE) as *mut libc::c_void,
                (to - from) * PAGE,
                libc::MADV_DONTNEED,
            );
        }
    }

    fn as_bytes(entries: &mut [u64]) -> &mut [u8] {
        // SAFETY: u64s are bytes in any order, and the slice covers exactly them.
        unsafe { std::slice::from_raw_parts_mut(entries.as_mut_ptr().cast(), entries.len() * 8) }
    }

    unsafe extern "C" fn collect(
        info: *mut libc::dl_phdr_info,
        _size: libc::size_t,
        data: *mut libc::c_void,
    ) -> libc::c_int {
        // SAFETY: `dl_iterate_phdr` passes a valid info and our data pointer.
        let (info, segments) = unsafe { (&*info, &mut *data.cast::<Segments>()) };
        // SAFETY: a non-null name is a C string (the vDSO's is `linux-vdso.so.1`).
        let name = match info.dlpi_name.is_null() {
            true => &[][..],
            false => unsafe { std::ffi::CStr::from_ptr(info.dlpi_name) }.to_bytes(),
        };
        if name.starts_with(b"linux-vdso") || name.starts_with(b"linux-gate") {
            return 0;
        }
        // SAFETY: the loader's program headers, `dlpi_phnum` of them.
        let headers = unsafe { std::slice::from_raw_parts(info.dlpi_phdr, info.dlpi_phnum.into()) };
        for h in headers {
            if h.p_type != libc::PT_LOAD || h.p_flags & libc::PF_W != 0 {
                continue;
            }
            let start = (info.dlpi_addr as usize + h.p_vaddr as usize).next_multiple_of(PAGE);
            let end = (info.dlpi_addr as usize + (h.p_vaddr + h.p_memsz) as usize) / PAGE * PAGE;
            if start < end && segments.len < segments.list.len() {
                segments.list[segments.len] = (start, end);
                segments.len += 1;
            }
        }
        0
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// Resident file-backed pages (KiB): `RssFile` in `/proc/self/status`.
    fn rss_file() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("RssFile:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// The code and constants mapped so far are given back, and what runs
    /// after reads them as before.
    #[test]
    fn gives_back_mapped_code_and_reads_it_again() {
        const TABLE: [u32; 4096] = {
            let mut t = [0u32; 4096];
            let mut i = 0;
            while i < t.len() {
                t[i] = (i as u32).wrapping_mul(2_654_435_761);
                i += 1;
            }
            t
        };
        static TABLE_IN_RODATA: [u32; 4096] = TABLE;
        let sum = |t: &[u32]| t.iter().fold(0u32, |a, &x| a.wrapping_add(x));
        let before_sum = sum(&TABLE_IN_RODATA);
        let before = rss_file();
        super::give_back_code();
        let after = rss_file();
        assert!(after < before, "RssFile {before} kB -> {after} kB");
        assert_eq!(sum(std::hint::black_box(&TABLE_IN_RODATA)), before_sum);
        assert_eq!(before_sum, sum(&TABLE));
    }
}
