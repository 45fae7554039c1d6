//! RYG, the game (asm/Juego.asm, asm/PintaJuego.asm): whole games typed through the
//! keyboard, headless. After every move the test checks `tableroActual` against a small
//! rules model, the painted board line by line, the last-move lines and, at the end, the
//! result. See docs/ryg.md, "Playing RYG".

mod common;

use c64emu::{Machine, Stop};
use common::*;

/// Cycle budget to reach the next wait for a key (a whole demo game fits).
const BUDGET: u64 = 400_000_000;

/// The KERNAL's count of keys in its buffer.
const KEY_COUNT: u16 = 0xC6;

/// Colour nibbles (screen colour RAM).
const YELLOW: u8 = 7;
const CYAN: u8 = 3;
const WHITE: u8 = 1;
const LIGHT_RED: u8 = 10;

// ---------------------------------------------------------------------------
// A tiny rules model: squares 0-63 (row * 8 + column), as tableroActual's matrix.
// ---------------------------------------------------------------------------

const MOUSE_STEPS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, 1), (1, -1)];
const CAT_STEPS: [(i8, i8); 2] = [(1, -1), (1, 1)];
/// The game's keys for mouse moves 0-3.
const MOUSE_KEYS: [char; 4] = ['q', 'w', 's', 'a'];

#[derive(Clone, Copy, PartialEq, Debug)]
struct Pos([u8; 64]);

impl Pos {
    fn initial() -> Pos {
        let mut sq = [EMPTY; 64];
        for c in [0, 2, 4, 6] {
            sq[c] = CAT;
        }
        sq[7 * 8 + 3] = MOUSE;
        Pos(sq)
    }

    fn mouse(&self) -> usize {
        self.0.iter().position(|&p| p == MOUSE).expect("a mouse")
    }

    fn cats(&self) -> Vec<usize> {
        (0..64).filter(|&s| self.0[s] == CAT).collect()
    }

    fn target(&self, from: usize, (dr, dc): (i8, i8)) -> Option<usize> {
        let r = (from / 8) as i8 + dr;
        let c = (from % 8) as i8 + dc;
        let to = ((0..8).contains(&r) && (0..8).contains(&c)).then(|| (r * 8 + c) as usize)?;
        (self.0[to] == EMPTY).then_some(to)
    }

    fn moved(&self, from: usize, to: usize) -> Pos {
        let mut next = *self;
        next.0[to] = next.0[from];
        next.0[from] = EMPTY;
        next
    }

    /// (from, to, new position) of mouse move 0-3, if legal.
    fn mouse_move(&self, dir: usize) -> Option<(usize, usize, Pos)> {
        let from = self.mouse();
        let to = self.target(from, MOUSE_STEPS[dir])?;
        Some((from, to, self.moved(from, to)))
    }

    /// (from, to, new position) of cat move 2k + dir (cat k in scan order), if legal.
    fn cat_move(&self, mv: usize) -> Option<(usize, usize, Pos)> {
        let from = *self.cats().get(mv / 2)?;
        let to = self.target(from, CAT_STEPS[mv % 2])?;
        Some((from, to, self.moved(from, to)))
    }

    fn mouse_can_move(&self) -> bool {
        (0..4).any(|d| self.mouse_move(d).is_some())
    }

    fn cats_can_move(&self) -> bool {
        (0..8).any(|m| self.cat_move(m).is_some())
    }

    /// The board as the game paints it (columns 0-26 of screen rows 2-18, trailing
    /// spaces removed); `dot` is the square the last piece left.
    fn painted(&self, dot: Option<usize>) -> Vec<String> {
        let mut lines = vec!["    0  1  2  3  4  5  6  7".to_string()];
        let mut cat = 0;
        for r in 0..8 {
            let mut upper = format!(" {r} ");
            let mut lower = "   ".to_string();
            for c in 0..8 {
                let s = r * 8 + c;
                let (u, l) = match self.0[s] {
                    _ if (r + c) % 2 == 1 => ("   ".to_string(), "   ".to_string()),
                    MOUSE => (" R ".into(), "   ".into()),
                    CAT => {
                        cat += 1;
                        (" G ".into(), format!(" {cat} "))
                    }
                    _ if dot == Some(s) => (" . ".into(), "   ".into()),
                    _ => ("   ".into(), "   ".into()),
                };
                upper += &u;
                lower += &l;
            }
            lines.push(upper.trim_end().to_string());
            lines.push(lower.trim_end().to_string());
        }
        lines
    }
}

fn rc(s: usize) -> String {
    format!("{},{}", s / 8, s % 8)
}

// ---------------------------------------------------------------------------
// Driving the program
// ---------------------------------------------------------------------------

/// Runs until the program waits for a key with every typed key taken.
fn wait(m: &mut Machine) {
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

fn press(m: &mut Machine, keys: &str) {
    m.type_keys(keys);
    wait(m);
}

/// The program booted to its title screen.
fn boot() -> Machine {
    let mut m = machine();
    m.autostart().expect("SYS line");
    wait(&mut m);
    m
}

fn line(m: &Machine, row: usize) -> String {
    m.screen_line(row)
}

fn matrix(m: &Machine) -> [u8; 64] {
    m.read(sym("tableroActual") + OFF_MATRIX as u16, 64)
        .try_into()
        .expect("64 bytes")
}

fn turn(m: &Machine) -> u8 {
    m.peek(sym("tableroActual") + OFF_TURN as u16)
}

/// Board lines as painted: columns 0-26 of screen rows 2-18 (the key panel starts at 28).
fn painted(m: &Machine) -> Vec<String> {
    (2..19)
        .map(|row| {
            let l = line(m, row);
            let cut: String = l.chars().take(27).collect();
            cut.trim_end().to_string()
        })
        .collect()
}

/// Colour of the piece letter of square `s` (upper line, middle character).
fn piece_colour(m: &Machine, s: usize) -> u8 {
    let (r, c) = (s / 8, s % 8);
    m.screen_colors()[(3 + 2 * r) * 40 + 4 + 3 * c] & 0x0F
}

/// Checks the whole state after a move: tableroActual, the painted board with the move
/// marked, and the mouse / cat lines.
fn check(m: &Machine, pos: &Pos, dot: Option<usize>, moved_to: usize, what: &str) {
    let ctx = format!("{what}\n{}", m.screen_text());
    assert_eq!(Pos(matrix(m)), *pos, "tableroActual after {ctx}");
    let prefix = m.read(sym("tableroActual"), 4);
    assert_eq!(&prefix[..3], &[0xAA; 3], "prefix intact after {ctx}");
    assert_eq!(prefix[3], 0, "level 0 after {ctx}");
    assert_eq!(painted(m), pos.painted(dot), "painted board after {ctx}");
    assert_eq!(
        piece_colour(m, moved_to),
        YELLOW,
        "the moved piece is yellow: {ctx}"
    );
}

/// Plays a game against the C64's cats: `moves` are (mouse move 0-3, the cats' expected
/// reply 2k+dir, or None when the game ends after the mouse's move). Returns the final
/// position.
fn play_against_c64(m: &mut Machine, moves: &[(usize, Option<usize>)]) -> Pos {
    let mut pos = Pos::initial();
    for (i, &(dir, reply)) in moves.iter().enumerate() {
        let (mf, mt, after_mouse) = pos.mouse_move(dir).expect("legal mouse move");
        press(m, &MOUSE_KEYS[dir].to_string());
        let what = format!("mouse move {} ({})", i + 1, MOUSE_KEYS[dir]);
        assert_eq!(
            line(m, 19),
            format!("MOUSE MOVED {} TO {}", rc(mf), rc(mt)),
            "{what}"
        );
        assert_eq!(
            line(m, 16)[28..].trim_end(),
            format!("MOVES: {}", i + 1),
            "{what}"
        );
        match reply {
            Some(mv) => {
                let (cf, ct, after_cats) = after_mouse.cat_move(mv).expect("legal cat move");
                let k = mv / 2 + 1;
                assert_eq!(
                    line(m, 20),
                    format!("CAT {k} MOVED {} TO {}", rc(cf), rc(ct)),
                    "{what}\n{}",
                    m.screen_text()
                );
                check(m, &after_cats, Some(cf), ct, &what);
                assert_eq!(turn(m), TURN_MOUSE, "{what}");
                pos = after_cats;
            }
            None => {
                check(m, &after_mouse, Some(mf), mt, &what);
                pos = after_mouse;
            }
        }
    }
    pos
}

/// The longest game the mouse can force against level 3 (from the AI prototype's
/// sample-games.txt, 48 plies): the mouse ends trapped.
const CATS_WIN_MOUSE: [usize; 24] = [
    0, 0, 0, 1, 0, 2, 2, 0, 2, 1, 2, 2, 0, 2, 2, 0, 3, 0, 2, 2, 0, 2, 0, 2,
];
const CATS_WIN_CATS: [usize; 24] = [
    1, 1, 1, 1, 4, 2, 0, 0, 1, 4, 1, 7, 1, 4, 0, 0, 1, 7, 1, 1, 1, 4, 5, 1,
];
/// The shortest mouse win against level 1 (same file): 13 mouse moves.
const MOUSE_WIN_MOUSE: [usize; 13] = [0, 1, 1, 1, 1, 3, 3, 3, 1, 0, 1, 0, 0];
const MOUSE_WIN_CATS: [usize; 12] = [1, 1, 1, 1, 1, 4, 5, 6, 4, 0, 3, 0];

const END_KEYS: &str = "N: NEW GAME   M: TITLE   X: BASIC";

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[test]
fn title_screen_shows_the_options_and_marks_the_choices() {
    let mut m = boot();
    assert_eq!(line(&m, 0), "   RYG - EL RATON Y LOS GATOS");
    assert_eq!(line(&m, 11), "> P  YOU (MOUSE) AGAINST THE C64 CATS");
    assert_eq!(line(&m, 12), "  D  DEMO: C64 AGAINST C64");
    assert_eq!(line(&m, 13), "  T  TWO PLAYERS: MOUSE AND CATS");
    assert_eq!(line(&m, 18), "> 3  HARD: THEY NEVER LOSE");
    assert_eq!(line(&m, 20), " MOUSE KEYS: Q W");
    assert_eq!(line(&m, 21), "             A S   (DIAGONALS)");
    assert_eq!(line(&m, 22), " CATS: 1-4 CHOOSES ONE, THEN A OR S");
    assert_eq!(line(&m, 24), " RETURN: PLAY       X: BACK TO BASIC");
    assert_eq!(get(&m, "profundidad"), 3, "level 3 by default");

    press(&mut m, "t1");
    assert_eq!(line(&m, 11), "  P  YOU (MOUSE) AGAINST THE C64 CATS");
    assert_eq!(line(&m, 13), "> T  TWO PLAYERS: MOUSE AND CATS");
    assert_eq!(line(&m, 16), "> 1  EASY");
    assert_eq!(line(&m, 18), "  3  HARD: THEY NEVER LOSE");
    assert_eq!(get(&m, "profundidad"), 1);
    assert_eq!(get(&m, "paModo"), 2);

    press(&mut m, "z");
    assert_eq!(line(&m, 23), " KEYS: P D T, 1 2 3, RETURN OR X");
    assert_eq!(Pos(matrix(&m)), Pos::initial());

    press(&mut m, "D2");
    assert_eq!(line(&m, 12), "> D  DEMO: C64 AGAINST C64");
    assert_eq!(line(&m, 17), "> 2  MEDIUM");
    assert_eq!(get(&m, "profundidad"), 2);

    m.type_keys("x");
    assert_eq!(m.run(BUDGET), Stop::ReturnedToBasic);
    assert_eq!(m.strict_violations(), &[]);
}

#[test]
fn scripted_game_at_level_3_the_cats_trap_the_mouse() {
    let mut m = boot();
    // The game's code and texts (from `juego` to Arbol.asm) must survive a whole game.
    let code = sym("juego")..sym("inicializaArbol");
    let code_before = m.read(code.start, code.len());
    press(&mut m, "\n");
    assert_eq!(line(&m, 1), "YOU: MOUSE   C64: CATS         LEVEL 3");
    assert_eq!(painted(&m), Pos::initial().painted(None));
    assert_eq!(line(&m, 21), "MOUSE TO MOVE: Q W A S");
    let moves: Vec<_> = CATS_WIN_MOUSE
        .iter()
        .zip(CATS_WIN_CATS)
        .map(|(&d, c)| (d, Some(c)))
        .collect();
    let end = play_against_c64(&mut m, &moves);
    assert!(!end.mouse_can_move());
    assert_eq!(line(&m, 21), "THE CATS WIN: THE MOUSE IS TRAPPED!");
    assert_eq!(line(&m, 23), END_KEYS);
    assert_eq!(get(&m, "paResultado"), 3);
    assert_eq!(
        m.read(code.start, code.len()),
        code_before,
        "code and texts intact"
    );

    // Keys of the game do nothing now; N starts a new game with the same settings.
    press(&mut m, "q");
    assert_eq!(Pos(matrix(&m)), end);
    assert_eq!(line(&m, 22), "KEYS: N, M OR X");
    press(&mut m, "n");
    assert_eq!(Pos(matrix(&m)), Pos::initial());
    assert_eq!(turn(&m), TURN_MOUSE);
    assert_eq!(painted(&m), Pos::initial().painted(None));
    assert_eq!(line(&m, 19), "");
    assert_eq!(line(&m, 20), "");
    assert_eq!(line(&m, 21), "MOUSE TO MOVE: Q W A S");
}

#[test]
fn scripted_game_at_level_1_the_mouse_reaches_row_0() {
    let mut m = boot();
    press(&mut m, "1\n");
    assert_eq!(line(&m, 1), "YOU: MOUSE   C64: CATS         LEVEL 1");
    let mut moves: Vec<_> = MOUSE_WIN_MOUSE[..12]
        .iter()
        .zip(MOUSE_WIN_CATS)
        .map(|(&d, c)| (d, Some(c)))
        .collect();
    moves.push((MOUSE_WIN_MOUSE[12], None));
    let end = play_against_c64(&mut m, &moves);
    assert!(end.mouse() < 8, "the mouse is on row 0");
    assert_eq!(line(&m, 21), "THE MOUSE WINS: IT REACHED ROW 0!");
    assert_eq!(line(&m, 23), END_KEYS);
    // M goes to the title (level 1 still chosen), X from there back to BASIC.
    press(&mut m, "m");
    assert_eq!(line(&m, 16), "> 1  EASY");
    m.type_keys("x");
    assert_eq!(m.run(BUDGET), Stop::ReturnedToBasic);
    assert_eq!(m.strict_violations(), &[]);
}

#[test]
fn invalid_keys_and_illegal_mouse_moves_change_nothing() {
    let mut m = boot();
    press(&mut m, "\n");
    let start = m.ram().to_vec();
    let actual = sym("tableroActual") as usize;
    let unchanged = |m: &Machine, what: &str| {
        assert_eq!(
            &m.ram()[actual..actual + BOARD_LEN],
            &start[actual..actual + BOARD_LEN],
            "{what}: tableroActual unchanged"
        );
        assert_eq!(get(m, "paJugadas"), 0, "{what}: no move counted");
        assert_eq!(painted(m), Pos::initial().painted(None), "{what}");
    };
    for key in ["z", "1", "{SPACE}", "e", "{RETURN}", "{DOWN}"] {
        press(&mut m, key);
        assert_eq!(
            line(&m, 22),
            "MOVE THE MOUSE WITH Q W A S (X: END)",
            "key {key}"
        );
        unchanged(&m, key);
    }
    // From (7,3) the moves down (S, A) leave the board.
    for key in ["s", "a"] {
        press(&mut m, key);
        assert_eq!(
            line(&m, 22),
            "ILLEGAL MOVE: SQUARE OFF BOARD OR TAKEN",
            "key {key}"
        );
        assert_eq!(line(&m, 21), "MOUSE TO MOVE: Q W A S");
        unchanged(&m, key);
    }
    // A legal move clears the warning; shifted letters count as plain ones.
    press(&mut m, "W");
    assert_eq!(line(&m, 22), "");
    assert_eq!(get(&m, "paJugadas"), 1);
    assert_eq!(
        m.peek(sym("tableroActual") + OFF_MATRIX as u16 + 6 * 8 + 4),
        MOUSE
    );
}

/// Two players: the mouse runs up the right-hand side while cat 4 wanders off.
#[test]
fn two_players_choose_a_cat_then_its_direction() {
    let mut m = boot();
    press(&mut m, "t\n");
    assert_eq!(line(&m, 1), "TWO PLAYERS: MOUSE AND CATS");
    let mut pos = Pos::initial();
    // (mouse key, cat keys) per round; the cat number is its scan-order number 1-4.
    let rounds: [(usize, &str); 6] = [
        (1, "3s"),
        (1, "4s"),
        (0, "4s"),
        (1, "4a"),
        (0, "4a"),
        (1, "4s"),
    ];
    for (round, &(dir, cat_keys)) in rounds.iter().enumerate() {
        let (mf, mt, after_mouse) = pos.mouse_move(dir).unwrap();
        press(&mut m, &MOUSE_KEYS[dir].to_string());
        check(&m, &after_mouse, Some(mf), mt, "mouse");
        assert_eq!(turn(&m), TURN_CATS);
        assert_eq!(line(&m, 21), "CATS TO MOVE: CHOOSE A CAT, 1-4");
        if round == 0 {
            // A direction before a cat, a bad key, an illegal cat move: all refused.
            press(&mut m, "a");
            assert_eq!(line(&m, 22), "CHOOSE A CAT FIRST: 1-4");
            press(&mut m, "5");
            assert_eq!(line(&m, 22), "CAT 1-4, THEN A OR S (X: END)");
            press(&mut m, "1");
            assert_eq!(line(&m, 21), "CAT 1: A = DOWN-LEFT, S = DOWN-RIGHT");
            assert_eq!(line(&m, 22), "");
            assert_eq!(piece_colour(&m, 0), CYAN, "the chosen cat is cyan");
            press(&mut m, "a");
            assert_eq!(line(&m, 22), "ILLEGAL MOVE: SQUARE OFF BOARD OR TAKEN");
            assert_eq!(
                Pos(matrix(&m)),
                after_mouse,
                "an illegal cat move changes nothing"
            );
            assert_eq!(turn(&m), TURN_CATS);
        }
        let k = (cat_keys.as_bytes()[0] - b'1') as usize;
        let d = usize::from(cat_keys.as_bytes()[1] == b's');
        let (cf, ct, after_cats) = after_mouse.cat_move(2 * k + d).unwrap();
        press(&mut m, cat_keys);
        check(&m, &after_cats, Some(cf), ct, "cat");
        assert_eq!(piece_colour(&m, after_cats.mouse()), WHITE);
        assert_eq!(piece_colour(&m, after_cats.cats()[0]), LIGHT_RED);
        assert_eq!(
            line(&m, 20),
            format!("CAT {} MOVED {} TO {}", k + 1, rc(cf), rc(ct))
        );
        assert_eq!(turn(&m), TURN_MOUSE);
        pos = after_cats;
    }
    // The mouse is on (1,5); (0,6) holds a cat, (0,4) is free.
    assert_eq!(pos.mouse(), 13);
    press(&mut m, "w");
    assert_eq!(line(&m, 22), "ILLEGAL MOVE: SQUARE OFF BOARD OR TAKEN");
    assert_eq!(Pos(matrix(&m)), pos);
    press(&mut m, "q");
    let (_, _, end) = pos.mouse_move(0).unwrap();
    assert_eq!(Pos(matrix(&m)), end);
    assert_eq!(line(&m, 21), "THE MOUSE WINS: IT REACHED ROW 0!");
    assert_eq!(line(&m, 23), END_KEYS);
}

#[test]
fn x_ends_a_game_and_returns_to_the_title() {
    let mut m = boot();
    press(&mut m, "t\nq");
    press(&mut m, "x");
    assert_eq!(line(&m, 0), "   RYG - EL RATON Y LOS GATOS");
    assert_eq!(line(&m, 13), "> T  TWO PLAYERS: MOUSE AND CATS");
    press(&mut m, "\n");
    assert_eq!(
        Pos(matrix(&m)),
        Pos::initial(),
        "a new game starts from the beginning"
    );
}

/// The mouse also wins when its move leaves the cats without a move.
#[test]
fn the_mouse_wins_when_the_cats_cannot_move() {
    let mut m = boot();
    press(&mut m, "t\n");
    // Three cats on row 7, one on (6,7); the mouse on (6,5) steps to (7,6), the last
    // square the cat on (6,7) could go to.
    let mut pos = Pos([EMPTY; 64]);
    for s in [56, 58, 60, 55] {
        pos.0[s] = CAT;
    }
    pos.0[6 * 8 + 5] = MOUSE;
    m.write(sym("tableroActual") + OFF_MATRIX as u16, &pos.0);
    press(&mut m, "s");
    let (_, _, end) = pos.mouse_move(2).unwrap();
    assert!(!end.cats_can_move());
    assert_eq!(Pos(matrix(&m)), end);
    assert_eq!(line(&m, 21), "THE MOUSE WINS: THE CATS ARE STUCK!");
    assert_eq!(get(&m, "paResultado"), 2);
}

#[test]
fn demo_mode_plays_a_whole_game_that_the_level_3_cats_win() {
    let mut m = boot();
    press(&mut m, "d\n");
    // The first wait for a key is the end of the game.
    assert_eq!(line(&m, 1), "DEMO: C64 AGAINST C64          LEVEL 3");
    assert_eq!(line(&m, 14)[28..].trim_end(), "KEY: STOP");
    let end = Pos(matrix(&m));
    assert!(!end.mouse_can_move(), "{}", m.screen_text());
    assert_eq!(line(&m, 21), "THE CATS WIN: THE MOUSE IS TRAPPED!");
    assert_eq!(line(&m, 23), END_KEYS);
    let moves = get(&m, "paJugadas");
    assert!(moves >= 10, "a real game: {moves} mouse moves");
    assert_eq!(line(&m, 16)[28..].trim_end(), format!("MOVES: {moves}"));
}

#[test]
fn demo_mode_at_level_1_ends_with_a_consistent_result() {
    let mut m = boot();
    m.poke(sym("paPausa"), 0);
    press(&mut m, "1d\n");
    let end = Pos(matrix(&m));
    match get(&m, "paResultado") {
        1 => {
            assert!(end.mouse() < 8);
            assert_eq!(line(&m, 21), "THE MOUSE WINS: IT REACHED ROW 0!");
        }
        2 => {
            assert!(!end.cats_can_move());
            assert_eq!(line(&m, 21), "THE MOUSE WINS: THE CATS ARE STUCK!");
        }
        3 => {
            assert!(!end.mouse_can_move());
            assert_eq!(line(&m, 21), "THE CATS WIN: THE MOUSE IS TRAPPED!");
        }
        other => panic!("result {other}\n{}", m.screen_text()),
    }
}

#[test]
fn a_key_stops_the_demo() {
    let mut m = boot();
    m.type_keys("d\n");
    // Let the demo make a few moves, then press a key: back to the title.
    let _ = m.run(3_000_000);
    assert!(get(&m, "paJugadas") >= 1, "{}", m.screen_text());
    press(&mut m, "z");
    assert_eq!(line(&m, 0), "   RYG - EL RATON Y LOS GATOS");
    assert_eq!(line(&m, 12), "> D  DEMO: C64 AGAINST C64");
}
