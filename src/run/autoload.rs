//! Autostart through a true 1541, as VICE's autostart of a .prg (its default "disk
//! image" mode): the program goes on the disk in drive 8 under its name, BASIC is told
//! `LOAD"NAME",8,1` and the KERNAL loads it over the serial bus. The machine is then in
//! the state a C64 owner's LOAD leaves: the name's string at the top of BASIC's string
//! space ($9FFC-$9FFF for "TEST"), the file name pointer, length, device and secondary
//! address in zero page, the serial lines as the last UNTALK left them, "SEARCHING
//! FOR"/"LOADING"/"READY." on the screen.

use std::path::Path;

use c64emu::{Machine, Stop};

use super::{Args, EXIT_LOAD_ERROR, Fail, fail, read};

/// A LOAD that has not reached READY in this many cycles is given up (without
/// --max-cycles): 664 blocks at the standard KERNAL's speed take about 150 M.
const LOAD_CYCLES: u64 = 400_000_000;

/// The name the program gets on the disk and is loaded by: its file name without the
/// extension, as the C64 types it (VICE's autostart does the same).
pub fn disk_name(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    c64d64::suggest_name(&stem)
}

/// The name to LOAD the first program of a disk image by: its directory name when it
/// can be typed, else `*` (the first file).
pub fn typed_name(petscii: &str) -> String {
    // Letters are typed unshifted: a name with shifted letters ($61-$7A) is not typable.
    if c64d64::check_name(petscii).is_ok() && !petscii.chars().any(|c| c.is_ascii_lowercase()) {
        petscii.to_string()
    } else {
        "*".into()
    }
}

/// Put `prg` (load address first) on the disk in drive 8 as `name`: on a copy of
/// `--disk`'s image (its other files stay; a file of that name is replaced), or on a
/// blank disk. The image file itself is never changed. False: `--disk` is an image
/// that holds no files we can add to (a .g64, a .p64, a 42-track .d64); it stays in
/// the drive as it is and the program must be loaded some other way.
pub fn put_on_disk(m: &mut Machine, args: &Args, name: &str, prg: &[u8]) -> Result<bool, Fail> {
    let given = match &args.disk {
        Some(path) => Some(read(path)?),
        None => None,
    };
    let image = match disk_with_program(given.as_deref(), name, prg) {
        Ok(image) => image,
        Err(c64d64::D64Error::BadSize(_)) if given.is_some() => return Ok(false),
        Err(e) => {
            return Err(fail(
                EXIT_LOAD_ERROR,
                format!("the program on drive 8's disk: {e}"),
            ));
        }
    };
    let Some(drive) = m.true_drive_mut() else {
        return Ok(false);
    };
    drive
        .insert_d64(&image, false)
        .map_err(|e| fail(EXIT_LOAD_ERROR, format!("--drive 1541: {e}")))?;
    Ok(true)
}

/// The image with `prg` on it as `name`: `given` with the file replaced, or a new disk.
fn disk_with_program(
    given: Option<&[u8]>,
    name: &str,
    prg: &[u8],
) -> Result<Vec<u8>, c64d64::D64Error> {
    let Some(image) = given else {
        return c64d64::image_with_prg(name, prg);
    };
    let mut disk = c64d64::Disk::from_bytes(image)?;
    disk.scratch(name.as_bytes())?;
    disk.add_prg(name, prg)?;
    Ok(disk.bytes().to_vec())
}

/// How the LOAD went.
pub enum Loaded {
    /// BASIC is back at READY: RUN (or SYS) is next.
    Ready,
    /// The program took over while it loaded (a loader that overwrites a vector): it
    /// runs, and nothing is typed (VICE's autostart stops when the CPU leaves the ROMs).
    Started,
    /// The run ended during the load (the cycle limit, the debug cartridge, a JAM): this
    /// is how it ends.
    Ended(Stop),
}

/// Give BASIC `LOAD"NAME",8,1` at READY and run until it is back at READY, or the
/// program runs, or the run ends.
pub fn load(m: &mut Machine, args: &Args, name: &str) -> Result<Loaded, Fail> {
    let end = m.cycles()
        + match args.max_cycles {
            Some(n) => n.saturating_sub(m.cycles()),
            None => LOAD_CYCLES,
        };
    if let Err(stop) = feed(m, format!("LOAD\"{name}\",8,1\r").as_bytes(), end) {
        return Ok(Loaded::Ended(stop));
    }
    loop {
        let left = end.saturating_sub(m.cycles());
        if left == 0 && args.max_cycles.is_none() {
            return Err(fail(
                EXIT_LOAD_ERROR,
                format!(
                    "LOAD\"{name}\",8,1 did not come back to READY within {LOAD_CYCLES} cycles"
                ),
            ));
        }
        if left == 0 {
            return Ok(Loaded::Ended(Stop::CycleLimit));
        }
        match m.run_until_idle(left.min(m.cycles_per_frame())) {
            Ok(_) => return Ok(Loaded::Ready),
            Err(Stop::CycleLimit) if outside_roms(m.regs().pc) => return Ok(Loaded::Started),
            Err(Stop::CycleLimit) => {}
            Err(stop) => return Ok(Loaded::Ended(stop)),
        }
    }
}

/// Is `pc` outside BASIC's and the KERNAL's ROMs and BASIC's CHRGET in zero page
/// ($0073-$008A), where BASIC and a LOAD run?
fn outside_roms(pc: u16) -> bool {
    !(0xA000..0xC000).contains(&pc) && !(0x0073..=0x008A).contains(&pc) && pc < 0xE000
}

/// Put a command line into the KERNAL's key buffer as VICE's autostart does: a buffer
/// full whenever it is empty, looked at once a frame. Err: the run ended meanwhile.
pub fn feed(m: &mut Machine, line: &[u8], end: u64) -> Result<(), Stop> {
    let mut rest = line;
    loop {
        rest = &rest[m.feed_key_buffer(rest)..];
        if rest.is_empty() {
            return Ok(());
        }
        let left = end.saturating_sub(m.cycles());
        if left == 0 {
            return Err(Stop::CycleLimit);
        }
        match m.run(m.cycles_per_frame().min(left)) {
            Stop::CycleLimit => {}
            stop => return Err(stop),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_load_runs_in_basic_and_the_kernal_only() {
        assert!(!outside_roms(0xA7AE));
        assert!(!outside_roms(0xEE13));
        assert!(!outside_roms(0x0073), "CHRGET");
        assert!(!outside_roms(0x008A));
        assert!(outside_roms(0x008B));
        assert!(outside_roms(0x0801));
        assert!(outside_roms(0xC000));
        assert!(outside_roms(0x9FFF));
    }

    #[test]
    fn the_disk_name_is_the_file_name_as_the_c64_types_it() {
        assert_eq!(disk_name(Path::new("dir/test.prg")), "TEST");
        assert_eq!(disk_name(Path::new("ef2-inst4a.prg")), "EF2-INST4A");
        assert_eq!(disk_name(Path::new("a,b.p00")), "A-B");
        assert_eq!(
            disk_name(Path::new("a-very-long-program-name.prg")),
            "A-VERY-LONG-PROG"
        );
    }

    #[test]
    fn a_disk_program_is_loaded_by_its_name_when_it_can_be_typed() {
        assert_eq!(typed_name("GAME"), "GAME");
        assert_eq!(typed_name("A*B"), "*");
        assert_eq!(typed_name("\u{c1}BC"), "*");
        assert_eq!(typed_name("abc"), "*", "shifted letters");
    }

    #[test]
    fn a_track_image_or_42_track_disk_cannot_take_the_program() {
        // put_on_disk leaves these in the drive as given and the program is loaded
        // into memory instead.
        for size in [205_312, 206_114, 296_522] {
            let image = vec![0u8; size];
            assert_eq!(
                disk_with_program(Some(&image), "TEST", &[0x01, 0x08, 0]),
                Err(c64d64::D64Error::BadSize(size))
            );
        }
    }

    #[test]
    fn the_program_goes_on_a_blank_disk_or_beside_the_given_disks_files() {
        let prg = [
            0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0,
        ];
        let blank = disk_with_program(None, "TEST", &prg).unwrap();
        let disk = c64d64::Disk::from_bytes(&blank).unwrap();
        assert_eq!(disk.read_file("TEST").unwrap(), prg.to_vec());
        assert_eq!(disk.directory().unwrap().len(), 1);

        let mut given = c64d64::Disk::new("DATA", "01").unwrap();
        given.add_prg("LEVELS", &[0x00, 0xC0, 1, 2, 3]).unwrap();
        given.add_prg("TEST", &[0x00, 0xC0, 9]).unwrap();
        let image = disk_with_program(Some(given.bytes()), "TEST", &prg).unwrap();
        let disk = c64d64::Disk::from_bytes(&image).unwrap();
        assert_eq!(disk.read_file("LEVELS").unwrap(), vec![0x00, 0xC0, 1, 2, 3]);
        assert_eq!(disk.read_file("TEST").unwrap(), prg.to_vec(), "replaced");
        let names: Vec<Vec<u8>> = disk
            .directory()
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, vec![b"LEVELS".to_vec(), b"TEST".to_vec()]);
    }
}
