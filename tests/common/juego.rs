//! Driving the whole program from the keyboard, headless, as a player would.

use c64emu::Machine;

use super::machine;

/// Cycle limit to reach the next wait for a key (a whole demo game fits).
pub const BUDGET: u64 = 400_000_000;

/// The KERNAL's count of keys in its keyboard buffer (zero page).
const KEY_COUNT: u16 = 0xC6;

/// Runs until the program waits for a key (`esperandoTecla`) with every typed key
/// taken, and strict mode still clean.
pub fn wait(m: &mut Machine) {
    for _ in 0..1000 {
        if let Err(stop) = m.run_until("esperandoTecla", BUDGET) {
            panic!("stopped: {stop}\n{}", m.screen_text());
        }
        if m.keys_pending() == 0 && m.peek(KEY_COUNT) == 0 {
            assert_eq!(m.strict_violations(), &[], "strict mode stays clean");
            return;
        }
    }
    panic!("the program never waited for a key");
}

/// Types `keys` and waits for the program to ask for the next one.
pub fn press(m: &mut Machine, keys: &str) {
    m.type_keys(keys);
    wait(m);
}

/// The program started with its SYS line and waiting on its title screen.
pub fn boot() -> Machine {
    let mut m = machine();
    m.autostart().expect("SYS line");
    wait(&mut m);
    m
}

/// Screen row `row` as text, without trailing spaces.
pub fn line(m: &Machine, row: usize) -> String {
    m.screen_line(row).trim_end().to_string()
}
