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
/// blank disk. The image file itself is never changed.
pub fn put_on_disk(m: &mut Machine, args: &Args, name: &str, prg: &[u8]) -> Result<(), Fail> {
    let given = match &args.disk {
        Some(path) => Some(read(path)?),
        None => None,
    };
    let image = disk_with_program(given.as_deref(), name, prg).map_err(|e| {
        fail(
            EXIT_LOAD_ERROR,
            format!("the program on drive 8's disk: {e}"),
        )
    })?;
    let Some(drive) = m.true_drive_mut() else {
        return Ok(());
    };
    drive
        .insert_d64(&image, false)
        .map_err(|e| fail(EXIT_LOAD_ERROR, format!("--drive 1541: {e}")))
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

/// Give BASIC `LOAD"NAME",8,1` at READY and run until it is back at READY. Ok(None):
/// loaded; Ok(Some(stop)): the run ended during the load (the cycle limit, the debug
/// cartridge, a JAM) and that is how it ends.
pub fn load(m: &mut Machine, args: &Args, name: &str) -> Result<Option<Stop>, Fail> {
    let end = m.cycles()
        + match args.max_cycles {
            Some(n) => n.saturating_sub(m.cycles()),
            None => LOAD_CYCLES,
        };
    if let Err(stop) = feed(m, format!("LOAD\"{name}\",8,1\r").as_bytes(), end) {
        return Ok(Some(stop));
    }
    match m.run_until_idle(end.saturating_sub(m.cycles())) {
        Ok(_) => Ok(None),
        Err(Stop::CycleLimit) if args.max_cycles.is_none() => Err(fail(
            EXIT_LOAD_ERROR,
            format!("LOAD\"{name}\",8,1 did not come back to READY within {LOAD_CYCLES} cycles"),
        )),
        Err(stop) => Ok(Some(stop)),
    }
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
