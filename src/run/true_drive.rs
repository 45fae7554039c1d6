//! `--drive 1541` / `--drive-rom`: a true 1541 on the serial bus instead of the virtual
//! drive, with `--disk`'s .d64, .g64 or .p64 (or the program's, when the program is a disk)
//! in it.

use std::path::{Path, PathBuf};

use c64emu::Machine;

use super::{Args, EXIT_LOAD_ERROR, EXIT_USAGE, Fail, fail, read};

/// DOS ROM file names looked for in the ROM directory (VICE's first).
const ROM_NAMES: [&str; 5] = [
    "dos1541-325302-01+901229-05.bin",
    "dos1541-325302-01+901229-03.bin",
    "dos1541",
    "dos1541.bin",
    "1541.rom",
];

/// The DOS ROM's bytes when the options ask for a true 1541, None for the virtual
/// drive.
pub fn rom(args: &Args, roms: Option<&Path>) -> Result<Option<Vec<u8>>, Fail> {
    let wanted = match args.drive.as_deref() {
        None => args.drive_rom.is_some(),
        Some("1541") => true,
        Some("virtual") if args.drive_rom.is_some() => {
            return Err(fail(
                EXIT_USAGE,
                "--drive virtual and --drive-rom: the DOS ROM is for --drive 1541",
            ));
        }
        Some("virtual") => false,
        Some(other) => {
            return Err(fail(
                EXIT_USAGE,
                format!("--drive {other}: the drives are virtual and 1541"),
            ));
        }
    };
    if !wanted {
        return Ok(None);
    }
    let Some(dir) = roms else {
        return Err(fail(
            EXIT_USAGE,
            "--drive 1541 needs the C64's own ROMs (--roms DIR): the 1541 talks to the real KERNAL's serial routines",
        ));
    };
    let path = match &args.drive_rom {
        Some(p) => p.clone(),
        None => find_rom(dir).ok_or_else(|| {
            fail(
                EXIT_LOAD_ERROR,
                format!(
                    "--drive 1541: no DOS ROM in {} (looked for {}); give one with --drive-rom FILE",
                    dir.display(),
                    ROM_NAMES.join(", ")
                ),
            )
        })?,
    };
    let bytes = read(&path)?;
    // Checked here so the message names the file.
    if !matches!(bytes.len(), 0x4000 | 0x8000) {
        return Err(fail(
            EXIT_LOAD_ERROR,
            format!(
                "{}: a 1541 DOS ROM is 16384 bytes, this is {}",
                path.display(),
                bytes.len()
            ),
        ));
    }
    Ok(Some(bytes))
}

fn find_rom(dir: &Path) -> Option<PathBuf> {
    let names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    ROM_NAMES
        .iter()
        .find_map(|c| names.iter().find(|n| n.eq_ignore_ascii_case(c)))
        .map(|n| dir.join(n))
}

/// Attach drive 8: the true 1541 when `rom` is given, else `--disk` in the virtual
/// drive.
pub fn attach(m: &mut Machine, args: &Args, rom: Option<&Vec<u8>>) -> Result<(), Fail> {
    let Some(rom) = rom else {
        if let Some(disk) = &args.disk {
            refuse_track_image(disk)?;
            m.attach_disk(disk)
                .map_err(|e| fail(EXIT_LOAD_ERROR, e.to_string()))?;
        }
        return Ok(());
    };
    let image = match &args.disk {
        Some(path) if path.is_dir() => {
            return Err(fail(
                EXIT_USAGE,
                format!(
                    "--disk {}: a true 1541 reads .d64, .g64 and .p64 images, not host directories (use --drive virtual)",
                    path.display()
                ),
            ));
        }
        Some(path) => Some(
            std::fs::read(path)
                .map_err(|e| fail(EXIT_LOAD_ERROR, format!("--disk {}: {e}", path.display())))?,
        ),
        None => None,
    };
    m.attach_1541(rom, image.as_deref(), false)
        .map_err(|e| fail(EXIT_LOAD_ERROR, format!("--drive 1541: {e}")))
}

/// A .g64 or .p64 holds tracks, not files: only a true drive can read it.
fn refuse_track_image(path: &Path) -> Result<(), Fail> {
    if path.is_dir() {
        return Ok(());
    }
    // An unreadable file is the virtual drive's to report (it names --disk).
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(());
    };
    let kind = c64emu::ImageKind::of(&bytes);
    if kind.needs_true_drive() {
        return Err(fail(
            EXIT_USAGE,
            format!(
                "--disk {}: a {:?} image holds tracks, which only a true 1541 reads \
                 (--drive 1541 with a DOS ROM); the virtual drive reads .d64 images and \
                 host directories",
                path.display(),
                kind
            ),
        ));
    }
    Ok(())
}

/// The program file is a disk image: into the true drive if there is one, else the
/// virtual drive.
pub fn insert(m: &mut Machine, path: &Path, bytes: &[u8]) -> Result<(), Fail> {
    match m.true_drive_mut() {
        Some(drive) => drive
            .insert_image(bytes, false)
            .map_err(|e| fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display()))),
        None => m
            .attach_disk(path)
            .map_err(|e| fail(EXIT_LOAD_ERROR, e.to_string())),
    }
}
