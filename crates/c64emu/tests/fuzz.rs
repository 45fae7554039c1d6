//! Property tests: arbitrary programs and arbitrary RAM never panic the emulator, and
//! every run ends within its cycle budget.
use c64emu::{Machine, Stop, Trace};
use proptest::prelude::*;

const BUDGET: u64 = 100_000;
/// The longest instruction (or native routine) can overshoot the budget a little.
const SLACK: u64 = 200;

fn fill(seed: u64, ram: &mut [u8]) {
    let mut x = seed | 1;
    for b in ram {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_prg_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600),
                               keys in "[A-Z0-9 \n]{0,8}") {
        let mut m = Machine::new();
        m.set_strict(true);
        m.type_keys(&keys);
        match m.load_prg(&bytes) {
            Ok(loaded) => {
                let entry = loaded.sys.unwrap_or(loaded.start);
                m.start_at(entry);
                let before = m.cycles();
                let stop = m.run(BUDGET);
                prop_assert!(m.cycles() <= before + BUDGET + SLACK, "{stop:?}");
                let _ = m.screen_text();
                let _ = c64emu::render::frame(&m);
            }
            Err(e) => prop_assert!(bytes.len() < 2 || bytes.len() - 2 + usize::from(u16::from_le_bytes([bytes[0], bytes[1]])) > 0x10000, "{e}"),
        }
    }

    #[test]
    fn random_ram_never_panics(seed in any::<u64>(), pc in any::<u16>(),
                               traced in any::<bool>()) {
        let mut m = Machine::new();
        let mut ram = vec![0u8; 0x10000];
        fill(seed, &mut ram);
        m.write(2, &ram[2..]);
        let mut regs = m.regs();
        regs.pc = pc;
        m.set_regs(regs);
        if traced {
            m.set_trace(Some(Trace::new(std::io::sink())));
        }
        let before = m.cycles();
        let stop = m.run(BUDGET);
        prop_assert!(m.cycles() <= before + BUDGET + SLACK, "{stop:?}");
        // a second run from wherever it stopped also ends
        let _ = m.run(1000);
        let _ = c64emu::render::frame(&m);
    }

    #[test]
    fn random_roms_never_panic(seed in any::<u64>(), keys in "[A-Z0-9 \n]{0,4}") {
        let mut image = vec![0u8; 0x4000];
        fill(seed, &mut image);
        let roms = c64emu::RomSet::from_images(&image[..0x2000], &image[0x2000..], None).unwrap();
        let mut m = Machine::with_roms(&roms);
        m.type_keys(&keys);
        let before = m.cycles();
        let stop = m.run(BUDGET);
        prop_assert!(m.cycles() <= before + BUDGET + SLACK, "{stop:?}");
        let _ = m.run_until_idle(1000);
        let _ = c64emu::render::frame(&m);
    }

    #[test]
    fn random_routine_calls_end(seed in any::<u64>(), target in any::<u16>()) {
        let mut m = Machine::new();
        let mut ram = vec![0u8; 0x10000];
        fill(seed, &mut ram);
        m.write(0x0200, &ram[0x0200..]);
        let before = m.cycles();
        let r = m.call(target, BUDGET);
        prop_assert!(m.cycles() <= before + BUDGET + SLACK, "{r:?}");
        if let Err(Stop::UnknownTarget(_)) = r {
            prop_assert!(false, "numeric targets always resolve");
        }
    }
}
