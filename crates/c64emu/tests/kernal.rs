//! Each native KERNAL/BASIC routine, driven from 6502 code through the real entries.
mod common;

use c64emu::{Machine, Stop};
use common::*;

/// Run `code` + RTS at $C000 via `call`.
fn run(m: &mut Machine, code: &[u8]) {
    let mut bytes = code.to_vec();
    bytes.push(0x60);
    m.load_raw(0xC000, &bytes).unwrap();
    m.call(0xC000, 10_000_000).expect("code returns");
}

fn printed(text: &[u8]) -> Machine {
    let mut m = Machine::new();
    run(&mut m, &print_code(text));
    m
}

fn line(m: &Machine, row: usize) -> String {
    m.screen_line(row)
}

#[test]
fn chrout_prints_petscii_as_screen_codes() {
    let m = printed(b"AB1@ \xC1\xFF");
    assert_eq!(
        m.read(0x0400, 7),
        vec![0x01, 0x02, 0x31, 0x00, 0x20, 0x41, 0x5E]
    );
    assert_eq!(m.cursor(), (0, 7));
    assert_eq!((m.peek(0xD3), m.peek(0xD6)), (7, 0));
    assert_eq!(m.read(0xD1, 2), vec![0x00, 0x04]);
    assert_eq!(m.read(0xF3, 2), vec![0x00, 0xD8]);
}

#[test]
fn chrout_return_and_wrap_at_column_40() {
    let mut text = vec![b'X'; 41];
    text.extend(b"\rY");
    let m = printed(&text);
    assert_eq!(line(&m, 0), "X".repeat(40));
    assert_eq!(line(&m, 1), "X");
    assert_eq!(line(&m, 2), "Y");
    assert_eq!(m.cursor(), (2, 1));
}

#[test]
fn chrout_scrolls_past_row_24() {
    let mut text = Vec::new();
    for i in 0..26u8 {
        text.push(b'A' + (i % 26));
        text.push(b'\r');
    }
    let m = printed(&text);
    // 26 lines + final RETURN: "A" and "B" scrolled away, the last row is blank.
    assert_eq!(line(&m, 0), "C");
    assert_eq!(line(&m, 23), "Z");
    assert_eq!(line(&m, 24), "");
    assert_eq!(m.cursor(), (24, 0));
}

#[test]
fn chrout_colours_and_reverse() {
    // RED "A" RVS-ON "B" RVS-OFF WHITE "C" ORANGE LTBLUE "D"
    let m = printed(b"\x1CA\x12B\x92\x05C\x81\x9AD");
    assert_eq!(m.read(0x0400, 4), vec![0x01, 0x82, 0x03, 0x04]);
    assert_eq!(&m.screen_colors()[..4], &[2, 2, 1, 14]);
    assert_eq!(m.peek(0x0286), 14);
    assert_eq!(m.peek(0xC7), 0);
    // every colour code
    let codes = [
        0x90, 0x05, 0x1C, 0x9F, 0x9C, 0x1E, 0x1F, 0x9E, 0x81, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A,
        0x9B,
    ];
    let mut text = Vec::new();
    for c in codes {
        text.extend([c, b'*']);
    }
    let m = printed(&text);
    assert_eq!(&m.screen_colors()[..16], &(0..16).collect::<Vec<u8>>()[..]);
}

#[test]
fn return_ends_reverse_mode() {
    let m = printed(b"\x12A\rB");
    assert_eq!(m.peek(0x0400), 0x81);
    assert_eq!(m.peek(0x0428), 0x02);
}

#[test]
fn home_clr_and_cursor_keys() {
    let m = printed(b"ABC\x13X\x11\x11\x1D\x1DY\x91Z\x9D\x9DW");
    assert_eq!(line(&m, 0), "XBC");
    assert_eq!(line(&m, 1), "   WZ");
    assert_eq!(line(&m, 2), "   Y");
    let m = printed(b"ABC\x93D");
    assert_eq!(line(&m, 0), "D");
    assert_eq!(m.cursor(), (0, 1));
    // left from column 0 goes to the end of the previous row; up at row 0 stays
    let m = printed(b"\x11\x9DQ\x13\x91R");
    assert_eq!(line(&m, 0), format!("R{}Q", " ".repeat(38)));
}

#[test]
fn cursor_down_on_last_row_scrolls() {
    let mut text = vec![b'T'];
    text.extend([0x11; 25]);
    let m = printed(&text);
    assert_eq!(line(&m, 0), "");
    assert_eq!(m.cursor(), (24, 1));
}

#[test]
fn del_and_ins_edit_the_line() {
    let m = printed(b"ABCD\x9D\x9D\x14");
    assert_eq!(line(&m, 0), "ACD");
    assert_eq!(m.cursor(), (0, 1));
    // INS opens a gap; the next character fills it; control codes in insert mode show reversed
    let m = printed(b"ACD\x9D\x9D\x94B");
    assert_eq!(line(&m, 0), "ABCD");
    let m = printed(b"AB\x9D\x94\x1C");
    assert_eq!(m.read(0x0400, 3), vec![0x01, 0x9C, 0x02]); // reverse £ = RED shown
    assert_eq!(m.peek(0x0286), 14);
}

#[test]
fn quote_mode_prints_control_codes_reversed() {
    // "<CLR><DOWN><RED>" then a closing quote; after it, codes act again.
    let m = printed(b"\"\x93\x11\x1C\"\x11Z");
    assert_eq!(m.read(0x0400, 5), vec![0x22, 0xD3, 0x91, 0x9C, 0x22]);
    assert_eq!(m.peek(0x0286), 14);
    assert_eq!(line(&m, 1), "     Z");
    // DEL still deletes in quote mode; RETURN ends it
    let m = printed(b"\"AB\x14\rC\x13\x11\x11D");
    assert_eq!(line(&m, 0), "\"A");
    assert_eq!(m.peek(0xD4), 0);
}

#[test]
fn charset_switch_codes() {
    let m = printed(b"\x0E");
    assert_eq!(m.vic_reg(0x18) & 2, 2);
    let m = printed(b"\x0E\x8E");
    assert_eq!(m.vic_reg(0x18) & 2, 0);
}

#[test]
fn print_string_ab1e_and_number_bdcd() {
    let mut m = Machine::new();
    m.write(0xC100, b"HELLO\"NOT THIS\0");
    // LDA #$00 LDY #$C1 JSR $AB1E ; LDA #$30 LDX #$39 JSR $BDCD (12345)
    run(
        &mut m,
        &[
            0xA9, 0x00, 0xA0, 0xC1, 0x20, 0x1E, 0xAB, 0xA9, 0x30, 0xA2, 0x39, 0x20, 0xCD, 0xBD,
        ],
    );
    assert_eq!(line(&m, 0), "HELLO12345");
    let mut m = Machine::new();
    run(
        &mut m,
        &[
            0xA9, 0x00, 0xA2, 0x00, 0x20, 0xCD, 0xBD, 0xA9, 0xFF, 0xAA, 0x20, 0xCD, 0xBD,
        ],
    );
    assert_eq!(line(&m, 0), "065535");
}

#[test]
fn clear_screen_e544_and_home_e566() {
    let mut m = printed(b"\x1CABC\rDEF");
    run(&mut m, &[0x20, 0x66, 0xE5, 0xA9, b'X', 0x20, 0xD2, 0xFF]);
    assert_eq!(line(&m, 0), "XBC");
    run(&mut m, &[0x20, 0x44, 0xE5]);
    assert_eq!(m.screen_text().trim(), "");
    assert_eq!(m.cursor(), (0, 0));
    assert!(m.screen_colors().iter().all(|&c| c == 2));
}

#[test]
fn plot_reads_and_sets_the_cursor() {
    let mut m = Machine::new();
    // CLC LDX #5 LDY #10 JSR PLOT; LDA #'Q' JSR CHROUT; SEC JSR PLOT; STX $FB STY $FC
    run(
        &mut m,
        &[
            0x18, 0xA2, 5, 0xA0, 10, 0x20, 0xF0, 0xFF, 0xA9, b'Q', 0x20, 0xD2, 0xFF, 0x38, 0x20,
            0xF0, 0xFF, 0x86, 0xFB, 0x84, 0xFC,
        ],
    );
    assert_eq!(m.peek(0x0400 + 5 * 40 + 10), 0x11);
    assert_eq!(m.read(0xFB, 2), vec![5, 11]);
}

#[test]
fn poked_cursor_is_honoured() {
    let mut m = Machine::new();
    m.poke(0xD6, 3);
    m.poke(0xD3, 4);
    run(&mut m, &[0x20, 0x6C, 0xE5, 0xA9, b'P', 0x20, 0xD2, 0xFF]);
    assert_eq!(m.peek(0x0400 + 3 * 40 + 4), 0x10);
    assert_eq!(m.read(0xD1, 2), vec![0x78, 0x04]);
}

#[test]
fn screen_iobase_readst() {
    let mut m = Machine::new();
    m.poke(0x90, 0x40);
    // JSR SCREEN; STX $FB; STY $FC; JSR IOBASE; STX $FD; STY $FE; JSR READST; STA $02
    run(
        &mut m,
        &[
            0x20, 0xED, 0xFF, 0x86, 0xFB, 0x84, 0xFC, 0x20, 0xF3, 0xFF, 0x86, 0xFD, 0x84, 0xFE,
            0x20, 0xB7, 0xFF, 0x85, 0x02,
        ],
    );
    assert_eq!(m.read(0xFB, 4), vec![40, 25, 0x00, 0xDC]);
    assert_eq!(m.peek(0x02), 0x40);
}

#[test]
fn clrchn_and_clall_reset_the_channels() {
    let mut m = Machine::new();
    m.write(0x98, &[2, 5, 9]); // $98 files, $99 input, $9A output
    run(&mut m, &[0x20, 0xCC, 0xFF]);
    assert_eq!(m.read(0x98, 3), vec![2, 0, 3]);
    m.write(0x98, &[2, 5, 9]);
    run(&mut m, &[0x20, 0xE7, 0xFF]);
    assert_eq!(m.read(0x98, 3), vec![0, 0, 3]);
}

#[test]
fn settim_rdtim_and_the_jiffy_clock() {
    let mut m = Machine::new();
    // LDA #$03 LDX #$02 LDY #$01 JSR SETTIM
    run(&mut m, &[0xA9, 3, 0xA2, 2, 0xA0, 1, 0x20, 0xDB, 0xFF]);
    assert_eq!(m.read(0xA0, 3), vec![1, 2, 3]);
    run(
        &mut m,
        &[0x20, 0xDE, 0xFF, 0x85, 0xFB, 0x86, 0xFC, 0x84, 0xFD],
    );
    assert_eq!(m.read(0xFB, 3), vec![3, 2, 1]);
    // One emulated second of a busy loop with interrupts on: 60 jiffies (PAL timer $4025).
    m.write(0xA0, &[0, 0, 0]);
    m.load_raw(0xC000, &[0x58, 0x4C, 0x01, 0xC0]).unwrap(); // CLI; JMP *
    m.start_at(0xC000);
    assert_eq!(m.run(985_248), Stop::CycleLimit);
    let jiffies = m.peek(0xA2);
    assert!((59..=60).contains(&jiffies), "{jiffies} jiffies");
}

#[test]
fn irq_can_be_hooked_through_0314() {
    let mut m = Machine::new();
    // handler at $C100: INC $FB; JMP $EA31
    m.load_raw(0xC100, &[0xE6, 0xFB, 0x4C, 0x31, 0xEA]).unwrap();
    // $C000: SEI; LDA #$00 STA $0314; LDA #$C1 STA $0315; CLI; JMP *
    m.load_raw(
        0xC000,
        &[
            0x78, 0xA9, 0x00, 0x8D, 0x14, 0x03, 0xA9, 0xC1, 0x8D, 0x15, 0x03, 0x58, 0x4C, 0x0C,
            0xC0,
        ],
    )
    .unwrap();
    m.start_at(0xC000);
    m.run(16421 * 10 + 100);
    assert_eq!(m.peek(0xFB), 10);
    assert_eq!(m.peek(0xA2), 10);
}

#[test]
fn getin_takes_typed_keys_as_it_asks() {
    let mut m = Machine::new();
    m.type_keys("A1{RETURN}");
    // Four GETINs in a row: the stub KERNAL hands each typed key over when asked.
    let code = [
        0x20, 0xE4, 0xFF, 0x85, 0xFB, 0x20, 0xE4, 0xFF, 0x85, 0xFC, 0x20, 0xE4, 0xFF, 0x85, 0xFD,
        0x20, 0xE4, 0xFF, 0x85, 0xFE,
    ];
    run(&mut m, &code);
    assert_eq!(m.read(0xFB, 4), vec![0x41, 0x31, 0x0D, 0x00]);
    assert!(m.waiting_for_input());
    assert_eq!(m.keys_pending(), 0);
    // The last key is down in the matrix for the typist's hold time, seen as held.
    assert_eq!(m.peek(0xCB), 1, "RETURN is key 1");
    assert_eq!(m.peek(0xC5), 1);
}

#[test]
fn feeding_the_key_buffer_fills_it_only_when_empty_ten_at_a_time() {
    let mut m = Machine::new();
    let line = b"LOAD\"TEST\",8,1\r";
    assert_eq!(m.feed_key_buffer(line), 10);
    assert_eq!(m.peek(0xC6), 10);
    assert_eq!(m.read(0x0277, 10), line[..10].to_vec());
    assert_eq!(m.feed_key_buffer(&line[10..]), 0, "the buffer is not empty");
    assert_eq!(m.peek(0xC6), 10);
    // $FB = 0; loop: JSR GETIN; LDX $FB; STA $C200,X; INC $FB; LDX $FB; CPX #10; BNE loop
    // (GETIN changes X and Y): the ten come out in order.
    let code = [
        0xA9, 0x00, 0x85, 0xFB, 0x20, 0xE4, 0xFF, 0xA6, 0xFB, 0x9D, 0x00, 0xC2, 0xE6, 0xFB, 0xA6,
        0xFB, 0xE0, 0x0A, 0xD0, 0xF0,
    ];
    run(&mut m, &code);
    assert_eq!(m.read(0xC200, 10), line[..10].to_vec());
    assert_eq!(m.peek(0xC6), 0);
    assert_eq!(m.feed_key_buffer(&line[10..]), 5);
    assert_eq!(m.read(0x0277, 5), line[10..].to_vec());
    assert!(!m.waiting_for_input());
}

#[test]
fn the_irq_scan_puts_keys_in_the_buffer_for_programs_that_poll_c6() {
    let mut m = Machine::new();
    m.type_keys("XY");
    // CLI; wait until $C6 != 0 (the IRQ's SCNKEY saw the key); SEI; then GETIN
    let code = [
        0x58, 0xA5, 0xC6, 0xF0, 0xFC, 0x78, 0x20, 0xE4, 0xFF, 0x85, 0xFB,
    ];
    run(&mut m, &code);
    assert_eq!(m.peek(0xFB), 0x58);
    // The program never asked, so the key came after the typist's idle wait.
    assert!(m.cycles() >= c64emu::timing::CLOCK_HZ, "{}", m.cycles());
    assert_eq!(m.keys_pending(), 1, "Y is still to come");
}

#[test]
fn a_program_scanning_the_matrix_itself_sees_typed_keys() {
    let mut m = Machine::new();
    m.type_keys("A");
    // SEI; loop: LDA #$FD; STA $DC00 (column 1); LDA $DC01; AND #$04 (row 2: A);
    // BNE loop; LDA $DC01 ; STA $FB; wait for release: LDA $DC01; AND #$04; BEQ *-5
    let code = [
        0x78, 0xA9, 0xFD, 0x8D, 0x00, 0xDC, 0xAD, 0x01, 0xDC, 0x29, 0x04, 0xD0, 0xF4, 0xAD, 0x01,
        0xDC, 0x85, 0xFB, 0xAD, 0x01, 0xDC, 0x29, 0x04, 0xF0, 0xF9,
    ];
    run(&mut m, &code);
    assert_eq!(m.peek(0xFB), 0xFB, "row 2 low while A is down");
    assert_eq!(m.keys_pending(), 0);
    // Held for at least the typist's hold time.
    assert!(m.cycles() >= c64emu::timing::HOLD);
}

#[test]
fn chrin_reads_a_line_with_echo_and_editing() {
    let mut m = Machine::new();
    m.type_keys("HELLX{DEL}O{RETURN}");
    // print "? " then read chars into $C200 until RETURN
    let mut code = print_code(b"? ");
    code.extend([
        0xA2, 0x00, 0x20, 0xCF, 0xFF, 0x9D, 0x00, 0xC2, 0xE8, 0xC9, 0x0D, 0xD0, 0xF5,
    ]);
    run(&mut m, &code);
    assert_eq!(m.read(0xC200, 6), b"HELLO\r".to_vec());
    assert_eq!(line(&m, 0), "? HELLO");
    assert_eq!(m.cursor(), (1, 0));
}

#[test]
fn chrin_waits_for_keys() {
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0x20, 0xCF, 0xFF, 0x60]).unwrap();
    assert_eq!(m.call(0xC000, 100_000), Err(Stop::CycleLimit));
    assert!(m.waiting_for_input());
    assert_eq!(m.input_cursor(), Some((0, 0)));
}

#[test]
fn stop_key_from_typed_stop() {
    let mut m = Machine::new();
    // JSR STOP; PHP; PLA; STA $FB
    run(&mut m, &[0x20, 0xE1, 0xFF, 0x08, 0x68, 0x85, 0xFB]);
    assert_eq!(m.peek(0xFB) & 0x02, 0, "Z clear: not pressed");
    m.type_keys("{STOP}");
    // loop: JSR STOP; BNE loop; PHP; PLA; STA $FB
    run(
        &mut m,
        &[0x20, 0xE1, 0xFF, 0xD0, 0xFB, 0x08, 0x68, 0x85, 0xFB],
    );
    assert_eq!(m.peek(0xFB) & 0x03, 0x03, "Z and C set: pressed");
    // held in the matrix (column 7, row 7)
    let mut m = Machine::new();
    m.set_matrix_key(7, 7, true);
    run(&mut m, &[0x20, 0xE1, 0xFF, 0x08, 0x68, 0x85, 0xFB]);
    assert_eq!(m.peek(0xFB) & 0x02, 0x02);
}

#[test]
fn scnkey_reports_the_matrix_in_cb() {
    let mut m = Machine::new();
    m.set_matrix_key(1, 2, true); // A
    m.set_matrix_key(1, 7, true); // left SHIFT
    run(&mut m, &[0x20, 0x9F, 0xFF]);
    assert_eq!(m.peek(0xCB), 10);
    assert_eq!(m.peek(0x028D), 1);
    // the program can also scan the matrix itself
    run(
        &mut m,
        &[0xA9, 0xFD, 0x8D, 0x00, 0xDC, 0xAD, 0x01, 0xDC, 0x85, 0xFB],
    );
    assert_eq!(m.peek(0xFB), 0x7B);
}

#[test]
fn unimplemented_kernal_entry_names_entry_and_caller() {
    let mut m = Machine::new();
    // $C000: NOP; JSR $FF87 (RAMTAS)
    m.load_raw(0xC000, &[0xEA, 0x20, 0x87, 0xFF, 0x60]).unwrap();
    assert_eq!(
        m.call(0xC000, 1000),
        Err(Stop::UnimplementedKernal {
            entry: 0xFF87,
            caller: 0xC001
        })
    );
    let mut m = Machine::new();
    m.load_raw(0xC000, &[0x20, 0x00, 0xE0, 0x60]).unwrap();
    assert_eq!(
        m.call(0xC000, 1000),
        Err(Stop::UnimplementedKernal {
            entry: 0xE000,
            caller: 0xC000
        })
    );
}

#[test]
fn chrout_vector_can_be_hooked() {
    let mut m = Machine::new();
    // $C100: INC $FB; JMP $F1CA (the original CHROUT)
    m.load_raw(0xC100, &[0xE6, 0xFB, 0x4C, 0xCA, 0xF1]).unwrap();
    m.write(0x0326, &[0x00, 0xC1]);
    run(&mut m, &print_code(b"OK"));
    assert_eq!(m.peek(0xFB), 2);
    assert_eq!(line(&m, 0), "OK");
}

#[test]
fn an_unacknowledged_irq_is_taken_again_after_rti() {
    let mut m = Machine::new();
    // handler at $C100: INC $FB; PLA TAY PLA TAX PLA RTI (no $DC0D read)
    m.load_raw(0xC100, &[0xE6, 0xFB, 0x68, 0xA8, 0x68, 0xAA, 0x68, 0x40])
        .unwrap();
    m.write(0x0314, &[0x00, 0xC1]);
    m.load_raw(0xC000, &[0x58, 0x4C, 0x01, 0xC0]).unwrap(); // CLI; JMP *
    m.start_at(0xC000);
    m.run(16421 + 2000);
    assert!(m.peek(0xFB) > 5, "re-entered {} times", m.peek(0xFB));
}
