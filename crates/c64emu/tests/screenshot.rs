//! The screenshot PNG: decode it and check border, background and glyph pixels.
use c64emu::Machine;
use c64emu::charset::CHARGEN;
use c64emu::render::{self, BORDER_X, BORDER_Y, HEIGHT, PALETTE, WIDTH};

fn decode(png_bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    (info, buf)
}

fn rgb(buf: &[u8], x: usize, y: usize) -> u32 {
    let i = (y * WIDTH + x) * 3;
    (u32::from(buf[i]) << 16) | (u32::from(buf[i + 1]) << 8) | u32::from(buf[i + 2])
}

#[test]
fn png_shows_border_background_and_glyphs() {
    let mut m = Machine::new();
    // white "A", then a reverse red "B"
    m.print_petscii(b"\x05A\x1C\x12B");
    let mut bytes = Vec::new();
    render::write_png(&m, &mut bytes).unwrap();
    let (info, buf) = decode(&bytes);
    assert_eq!((info.width as usize, info.height as usize), (WIDTH, HEIGHT));
    assert_eq!((WIDTH, HEIGHT), (384, 272));
    assert_eq!(info.color_type, png::ColorType::Rgb);
    // border light blue (14), background blue (6)
    assert_eq!(rgb(&buf, 0, 0), PALETTE[14]);
    assert_eq!(rgb(&buf, WIDTH - 1, HEIGHT - 1), PALETTE[14]);
    assert_eq!(rgb(&buf, BORDER_X + 200, BORDER_Y + 100), PALETTE[6]);
    assert_eq!(PALETTE[6], 0x352879);
    // every pixel of the "A" cell follows the character set
    for line in 0..8 {
        let bits = CHARGEN[8 + line];
        for bit in 0..8 {
            let on = bits & (0x80 >> bit) != 0;
            let expected = if on { PALETTE[1] } else { PALETTE[6] };
            assert_eq!(
                rgb(&buf, BORDER_X + bit, BORDER_Y + line),
                expected,
                "A {line},{bit}"
            );
            // reverse "B" in red: glyph bits inverted
            let bits_b = CHARGEN[16 + line];
            let on_b = bits_b & (0x80 >> bit) == 0;
            let expected_b = if on_b { PALETTE[2] } else { PALETTE[6] };
            assert_eq!(
                rgb(&buf, BORDER_X + 8 + bit, BORDER_Y + line),
                expected_b,
                "B"
            );
        }
    }
    assert!(
        CHARGEN[8..16].iter().any(|&b| b != 0),
        "the A glyph is drawn"
    );
}

#[test]
fn border_and_background_follow_the_registers_and_blanking() {
    let mut m = Machine::new();
    m.load_raw(
        0xC000,
        &[
            0xA9, 0x00, 0x8D, 0x20, 0xD0, 0xA9, 0x01, 0x8D, 0x21, 0xD0, 0x60,
        ],
    )
    .unwrap();
    m.call(0xC000, 1000).unwrap();
    let f = render::frame(&m);
    assert_eq!(f[0], PALETTE[0]);
    assert_eq!(f[(BORDER_Y + 100) * WIDTH + BORDER_X + 100], PALETTE[1]);
    // blank the screen: $D011 bit 4 off -> all border
    m.load_raw(0xC000, &[0xA9, 0x0B, 0x8D, 0x11, 0xD0, 0x60])
        .unwrap();
    m.call(0xC000, 1000).unwrap();
    assert!(render::frame(&m).iter().all(|&p| p == PALETTE[0]));
}

#[test]
fn lowercase_set_and_custom_charset_in_ram() {
    let mut m = Machine::new();
    // charset at $3000 (D018 = $1C), glyph 1 = solid
    m.write(0x3008, &[0xFF; 8]);
    m.poke(0x0400, 1);
    m.load_raw(0xC000, &[0xA9, 0x1C, 0x8D, 0x18, 0xD0, 0x60])
        .unwrap();
    m.call(0xC000, 1000).unwrap();
    let f = render::frame(&m);
    let text_color = PALETTE[m.screen_colors()[0] as usize];
    assert!((0..8).all(|x| f[BORDER_Y * WIDTH + BORDER_X + x] == text_color));
}

#[test]
fn a_user_character_rom_is_used_for_the_picture() {
    let mut rom = [0u8; 4096];
    rom[8..16].copy_from_slice(&[0xFF; 8]); // screen code 1 ("A") fully set
    let mut m = Machine::with_chargen(&rom);
    m.print_petscii(b"A");
    let f = render::frame(&m);
    for y in 0..8 {
        for x in 0..8 {
            assert_eq!(f[(BORDER_Y + y) * WIDTH + BORDER_X + x], PALETTE[14]);
            assert_eq!(f[(BORDER_Y + y) * WIDTH + BORDER_X + 8 + x], PALETTE[6]);
        }
    }
}
