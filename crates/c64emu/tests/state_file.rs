//! Snapshot files: a machine saved and loaded goes on exactly as the one that was not
//! (every chip's state, to the byte), and a wrong or damaged file is refused with the
//! machine left as it was.

use c64emu::{Machine, StateError, render};

/// A program that keeps the chips busy: the SID's noise voice read back, CIA 1's
/// timer A counting and read into the border, sprites on, the screen written, with the
/// KERNAL's interrupt running and a key typed meanwhile.
fn busy() -> Machine {
    let mut m = Machine::new();
    #[rustfmt::skip]
    let code = [
        0xA9, 0xFF, 0x8D, 0x0E, 0xD4, 0x8D, 0x0F, 0xD4, // SID voice 3 frequency $FFFF
        0xA9, 0x81, 0x8D, 0x12, 0xD4,                   // noise, gate on
        0xA9, 0x0F, 0x8D, 0x18, 0xD4,                   // volume 15
        0xA9, 0xFF, 0x8D, 0x15, 0xD0,                   // all sprites on
        0xA9, 0x40, 0x8D, 0x04, 0xDC, 0xA9, 0x00, 0x8D, 0x05, 0xDC,
        0xA9, 0x11, 0x8D, 0x0E, 0xDC,                   // CIA 1 timer A: $0040, continuous
        0xAD, 0x1B, 0xD4, 0x9D, 0x00, 0x04,             // loop: LDA $D41B; STA $0400,X
        0xAD, 0x04, 0xDC, 0x8D, 0x20, 0xD0,             // LDA $DC04; STA $D020
        0xE8, 0x4C, 0x26, 0xC0,                         // INX; JMP loop
    ];
    m.write(0xC000, &code);
    m.start_at(0xC000);
    m.type_keys("AB");
    m
}

#[test]
fn a_loaded_snapshot_goes_on_as_the_machine_did() {
    let mut m = busy();
    m.run(123_457);
    let file = m.save_state();
    m.run(200_003);
    let expected = m.save_state();

    let mut other = busy();
    other.run(999);
    other.load_state(&file).unwrap();
    // Loading gives back the very state saved...
    assert_eq!(other.save_state(), file);
    // ...and running on from it the very state the machine reached.
    other.run(200_003);
    assert_eq!(other.regs(), m.regs());
    assert_eq!(other.cycles(), m.cycles());
    assert_eq!(other.ram()[..], m.ram()[..]);
    assert_eq!(render::frame(&other), render::frame(&m));
    assert_eq!(other.save_state(), expected);
}

#[test]
fn wrong_and_damaged_files_are_refused_and_change_nothing() {
    let mut m = busy();
    m.run(50_000);
    let file = m.save_state();
    let mut target = busy();
    let before = target.save_state();
    let refused = |target: &mut Machine, bytes: &[u8]| {
        let e = target.load_state(bytes).unwrap_err();
        assert_eq!(target.save_state(), before, "{e}");
        e
    };

    assert_eq!(refused(&mut target, b"hello"), StateError::NotASnapshot);
    let mut version = file.clone();
    version[16] = 9;
    assert_eq!(refused(&mut target, &version), StateError::Version(9));
    let mut flipped = file.clone();
    flipped[40_000] ^= 1;
    assert_eq!(refused(&mut target, &flipped), StateError::Checksum);
    let short = &file[..file.len() - 100];
    assert_eq!(refused(&mut target, short), StateError::Checksum);

    // Another character ROM: another machine.
    let mut chargen = [0u8; 4096];
    chargen[7] = 1;
    let mut other_roms = Machine::with_chargen(&chargen);
    let e = other_roms.load_state(&file).unwrap_err();
    assert_eq!(e, StateError::OtherRoms);
    assert!(e.to_string().contains("other ROMs"), "{e}");
}
