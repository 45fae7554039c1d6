//! RYG, the game (asm/Juego.asm, asm/PintaJuego.asm): whole games typed through the
//! keyboard, headless. After every move the test checks `tableroActual` against the
//! rules of `rygsolve`, the painted board line by line with each cat's own number, the
//! last-move lines and, at the end, the result. See docs/ryg.md, "Playing RYG".

mod cli_support;
mod common;

use c64emu::{Machine, Stop};
use common::juego::*;
use common::*;
use rygsolve::{Move, Position, Side, Solver, Square, Strategy};

/// Colour nibbles (screen colour RAM).
const YELLOW: u8 = 7;
const CYAN: u8 = 3;
const WHITE: u8 = 1;
const LIGHT_RED: u8 = 10;

// ---------------------------------------------------------------------------
// The game as the tests follow it: rygsolve's rules, plus the cats' numbers.
// ---------------------------------------------------------------------------

/// The game's keys for mouse moves 0-3.
const MOUSE_KEYS: [char; 4] = ['q', 'w', 's', 'a'];

/// A position and the number each cat carries for the whole game: cat `k + 1`
/// stands on `numbers[k]` (cat 1 starts on (0,0), cat 4 on (0,6)).
#[derive(Clone, Copy, PartialEq, Debug)]
struct Game {
    pos: Position,
    numbers: [Square; 4],
}

impl Game {
    fn initial() -> Game {
        Game::numbered(Position::initial())
    }

    /// `pos` with its cats numbered in scan order, as a new game numbers them.
    fn numbered(pos: Position) -> Game {
        Game {
            pos,
            numbers: pos.cats(),
        }
    }

    /// (from, to, game after) of mouse move `dir`, if legal.
    fn mouse_move(&self, dir: u8) -> Option<(Square, Square, Game)> {
        let next = self.pos.apply(Move::Mouse { dir }).ok()?;
        Some((self.pos.mouse(), next.mouse(), Game { pos: next, ..*self }))
    }

    /// (number 1-4, from, to, game after) of the cat move `2k + dir` (cat k in scan
    /// order, as the AI numbers its moves), if legal.
    fn cat_move(&self, mv: u8) -> Option<(usize, Square, Square, Game)> {
        let cat = Move::Cat {
            cat: mv / 2,
            dir: mv % 2,
        };
        let next = self.pos.apply(cat).ok()?;
        let from = self.pos.cats()[usize::from(mv / 2)];
        let to = self.pos.destination(cat)?;
        let k = self.numbers.iter().position(|&sq| sq == from)?;
        let mut numbers = self.numbers;
        numbers[k] = to;
        Some((k + 1, from, to, Game { pos: next, numbers }))
    }

    /// The cat move of the cat numbered `number` (1-4) in direction `dir`.
    fn numbered_cat_move(&self, number: usize, dir: u8) -> Option<(usize, Square, Square, Game)> {
        let from = self.numbers[number - 1];
        let k = self.pos.cats().iter().position(|&sq| sq == from)? as u8;
        self.cat_move(2 * k + dir)
    }

    /// The board as the game paints it (columns 0-26 of screen rows 2-18, trailing
    /// spaces removed): each cat with its number; `dot` is the square the last piece left.
    fn painted(&self, dot: Option<Square>) -> Vec<String> {
        let mut lines = vec!["    0  1  2  3  4  5  6  7".to_string()];
        for r in 0..8u8 {
            let mut upper = format!(" {r} ");
            let mut lower = "   ".to_string();
            for c in 0..8u8 {
                let (u, l) = match Square::new(r, c) {
                    None => ("   ".to_string(), "   ".to_string()),
                    Some(sq) => match self.pos.piece_at(sq) {
                        Some(Side::Mouse) => (" R ".into(), "   ".into()),
                        Some(Side::Cats) => {
                            let n = self
                                .numbers
                                .iter()
                                .position(|&s| s == sq)
                                .expect("numbered")
                                + 1;
                            (" G ".into(), format!(" {n} "))
                        }
                        None if dot == Some(sq) => (" . ".into(), "   ".into()),
                        None => ("   ".into(), "   ".into()),
                    },
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

/// "row,column" of a square, as the game prints it.
fn rc(sq: Square) -> String {
    format!("{},{}", sq.row(), sq.col())
}

// ---------------------------------------------------------------------------
// Driving the program
// ---------------------------------------------------------------------------

fn matrix(m: &Machine) -> [u8; 64] {
    m.read(sym("tableroActual") + OFFSET_MATRIX as u16, 64)
        .try_into()
        .expect("64 bytes")
}

/// The position in tableroActual with `to_move` to move.
fn position(m: &Machine, to_move: Side) -> Position {
    Position::from_matrix(&matrix(m), to_move).expect("tableroActual holds a position")
}

fn turn(m: &Machine) -> u8 {
    m.peek(sym("tableroActual") + OFFSET_TURN as u16)
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

/// Colour of the piece letter of a square (upper line, middle character).
fn piece_colour(m: &Machine, sq: Square) -> u8 {
    let (r, c) = (usize::from(sq.row()), usize::from(sq.col()));
    m.screen_colors()[(3 + 2 * r) * 40 + 4 + 3 * c] & 0x0F
}

/// Checks the whole state after a move: tableroActual, the painted board with the move
/// marked and the cats' numbers, and that the moved piece is yellow.
fn check(m: &Machine, game: &Game, dot: Option<Square>, moved_to: Square, what: &str) {
    let ctx = format!("{what}\n{}", m.screen_text());
    assert_eq!(
        position(m, game.pos.to_move()),
        game.pos,
        "tableroActual after {ctx}"
    );
    assert_eq!(turn(m), game.pos.to_move().turn_byte(), "turn after {ctx}");
    let prefix = m.read(sym("tableroActual"), 4);
    assert_eq!(&prefix[..3], &PREFIX, "prefix intact after {ctx}");
    assert_eq!(prefix[3], 0, "level 0 after {ctx}");
    assert_eq!(painted(m), game.painted(dot), "painted board after {ctx}");
    assert_eq!(
        piece_colour(m, moved_to),
        YELLOW,
        "the moved piece is yellow: {ctx}"
    );
}

/// Plays a game against the C64's cats: `moves` are (mouse move 0-3, the cats' expected
/// reply 2k+dir, or None when the game ends after the mouse's move). Every reply is
/// named by the moving cat's own number. Returns the final game.
fn play_against_c64(m: &mut Machine, moves: &[(u8, Option<u8>)]) -> Game {
    let mut game = Game::initial();
    for (i, &(dir, reply)) in moves.iter().enumerate() {
        let (mf, mt, after_mouse) = game.mouse_move(dir).expect("legal mouse move");
        press(m, &MOUSE_KEYS[usize::from(dir)].to_string());
        let what = format!("mouse move {} ({})", i + 1, MOUSE_KEYS[usize::from(dir)]);
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
                let (n, cf, ct, after_cats) = after_mouse.cat_move(mv).expect("legal cat move");
                assert_eq!(
                    line(m, 20),
                    format!("CAT {n} MOVED {} TO {}", rc(cf), rc(ct)),
                    "{what}\n{}",
                    m.screen_text()
                );
                check(m, &after_cats, Some(cf), ct, &what);
                game = after_cats;
            }
            None => {
                check(m, &after_mouse, Some(mf), mt, &what);
                game = after_mouse;
            }
        }
    }
    game
}

/// The level-3 cats' replies along the game where the mouse always plays its first
/// move of longest resistance (the exact solver's): 44 plies, the mouse ends trapped.
fn longest_game_against_level_3() -> Vec<(u8, Option<u8>)> {
    let solver = Solver::new();
    let strategy = Strategy::fastest(&solver, &Position::initial()).expect("the cats win");
    let mut p = Position::initial();
    let mut moves = Vec::new();
    while !p.is_over() {
        let mouse = solver.best_moves(&p)[0];
        p = p.apply(mouse).expect("legal");
        let reply = strategy.reply(&p).expect("the strategy answers").mv;
        p = p.apply(reply).expect("legal");
        moves.push((mouse.number(), Some(reply.number())));
    }
    assert_eq!(moves.len(), 22, "44 plies");
    moves
}

/// The shortest mouse win against level 1 (from the AI prototype's sample games):
/// 13 mouse moves.
const MOUSE_WIN_MOUSE: [u8; 13] = [0, 1, 1, 1, 1, 3, 3, 3, 1, 0, 1, 0, 0];
const MOUSE_WIN_CATS: [u8; 12] = [1, 1, 1, 1, 1, 4, 5, 6, 4, 0, 3, 0];

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
    assert_eq!(line(&m, 18), "> 3  PERFECT: THE CATS ALWAYS WIN");
    assert_eq!(line(&m, 20), " MOUSE KEYS: Q W");
    assert_eq!(line(&m, 21), "             A S   (DIAGONALS)");
    assert_eq!(line(&m, 22), " CATS: 1-4 CHOOSES ONE, THEN A OR S");
    assert_eq!(line(&m, 24), " RETURN: PLAY       X: BACK TO BASIC");
    assert_eq!(get(&m, "profundidad"), 3, "level 3 by default");

    press(&mut m, "t1");
    assert_eq!(line(&m, 11), "  P  YOU (MOUSE) AGAINST THE C64 CATS");
    assert_eq!(line(&m, 13), "> T  TWO PLAYERS: MOUSE AND CATS");
    assert_eq!(line(&m, 16), "> 1  EASY");
    assert_eq!(line(&m, 18), "  3  PERFECT: THE CATS ALWAYS WIN");
    assert_eq!(get(&m, "profundidad"), 1);
    assert_eq!(get(&m, "paModo"), 2);

    press(&mut m, "z");
    assert_eq!(line(&m, 23), " KEYS: P D T, 1 2 3, RETURN OR X");
    assert_eq!(position(&m, Side::Mouse), Position::initial());

    press(&mut m, "D2");
    assert_eq!(line(&m, 12), "> D  DEMO: C64 AGAINST C64");
    assert_eq!(line(&m, 17), "> 2  MEDIUM");
    assert_eq!(get(&m, "profundidad"), 2);

    m.type_keys("x");
    assert_eq!(m.run(BUDGET), Stop::ReturnedToBasic);
    assert_eq!(m.strict_violations(), &[]);
}

/// The longest game the mouse can force against level 3 lasts 44 plies, as with
/// perfect play: every one of the C64's 22 replies is the strategy's, each named by the
/// moving cat's own number.
#[test]
fn scripted_game_at_level_3_the_cats_trap_the_mouse_in_44_plies() {
    let mut m = boot();
    // The game's code and texts (from `juego` to Arbol.asm) must survive a whole game.
    let code = sym("juego")..sym("inicializaArbol");
    let code_before = m.read(code.start, code.end - code.start);
    press(&mut m, "\n");
    assert_eq!(line(&m, 1), "YOU: MOUSE   C64: CATS         LEVEL 3");
    assert_eq!(painted(&m), Game::initial().painted(None));
    assert_eq!(line(&m, 21), "MOUSE TO MOVE: Q W A S");
    let end = play_against_c64(&mut m, &longest_game_against_level_3());
    assert_eq!(end.pos.winner(), Some(Side::Cats));
    assert_eq!(line(&m, 21), "THE CATS WIN: THE MOUSE IS TRAPPED!");
    assert_eq!(line(&m, 23), END_KEYS);
    assert_eq!(get(&m, "paResultado"), 3);
    assert_eq!(get(&m, "paJugadas"), 22);
    assert_eq!(
        m.read(code.start, code.end - code.start),
        code_before,
        "code and texts intact"
    );

    // Keys of the game do nothing now; N starts a new game with the same settings.
    press(&mut m, "q");
    assert_eq!(position(&m, Side::Mouse), end.pos);
    assert_eq!(line(&m, 22), "KEYS: N, M OR X");
    press(&mut m, "n");
    assert_eq!(position(&m, Side::Mouse), Position::initial());
    assert_eq!(turn(&m), TURN_MOUSE);
    assert_eq!(painted(&m), Game::initial().painted(None));
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
    assert_eq!(end.pos.mouse().row(), 0, "the mouse is on row 0");
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
        assert_eq!(painted(m), Game::initial().painted(None), "{what}");
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
        position(&m, Side::Cats).mouse(),
        Square::new(6, 4).expect("dark")
    );
}

/// Two players: the mouse runs up the right-hand side while cat 3 wanders off. The
/// player picks cats by the numbers painted under them, and those stay with the cats.
#[test]
fn two_players_choose_a_cat_by_its_number_then_its_direction() {
    let mut m = boot();
    press(&mut m, "t\n");
    assert_eq!(line(&m, 1), "TWO PLAYERS: MOUSE AND CATS");
    let mut game = Game::initial();
    // (mouse move, cat number, cat key) per round.
    let rounds: [(u8, usize, char); 6] = [
        (1, 3, 's'),
        (1, 3, 's'),
        (0, 3, 's'),
        (1, 3, 'a'),
        (0, 3, 'a'),
        (1, 3, 's'),
    ];
    for (round, &(dir, number, key)) in rounds.iter().enumerate() {
        let (mf, mt, after_mouse) = game.mouse_move(dir).expect("legal mouse move");
        press(&mut m, &MOUSE_KEYS[usize::from(dir)].to_string());
        check(&m, &after_mouse, Some(mf), mt, "mouse");
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
            let cat1 = game.numbers[0];
            assert_eq!(piece_colour(&m, cat1), CYAN, "the chosen cat is cyan");
            press(&mut m, "a");
            assert_eq!(line(&m, 22), "ILLEGAL MOVE: SQUARE OFF BOARD OR TAKEN");
            assert_eq!(
                position(&m, Side::Cats),
                after_mouse.pos,
                "an illegal cat move changes nothing"
            );
            assert_eq!(turn(&m), TURN_CATS);
        }
        let d = u8::from(key == 's');
        let (n, cf, ct, after_cats) = after_mouse
            .numbered_cat_move(number, d)
            .expect("legal cat move");
        assert_eq!(n, number);
        press(&mut m, &format!("{number}{key}"));
        check(&m, &after_cats, Some(cf), ct, "cat");
        assert_eq!(piece_colour(&m, after_cats.pos.mouse()), WHITE);
        assert_eq!(piece_colour(&m, after_cats.numbers[0]), LIGHT_RED);
        assert_eq!(
            line(&m, 20),
            format!("CAT {number} MOVED {} TO {}", rc(cf), rc(ct))
        );
        game = after_cats;
    }
    // The mouse is on (1,5); (0,6) holds a cat, (0,4) is free.
    assert_eq!(game.pos.mouse(), Square::new(1, 5).expect("dark"));
    press(&mut m, "w");
    assert_eq!(line(&m, 22), "ILLEGAL MOVE: SQUARE OFF BOARD OR TAKEN");
    assert_eq!(position(&m, Side::Mouse), game.pos);
    press(&mut m, "q");
    let (_, _, end) = game.mouse_move(0).expect("legal");
    assert_eq!(position(&m, Side::Cats), end.pos);
    assert_eq!(line(&m, 21), "THE MOUSE WINS: IT REACHED ROW 0!");
    assert_eq!(line(&m, 23), END_KEYS);
}

/// A cat keeps its number for the whole game even where the scan order (the order the
/// AI numbers its moves in) would give it another: cat 1 moves below cats 2-4, cat 4
/// below cat 3, and the numbers painted under them, the "CAT n MOVED" line and the
/// keys that choose them all follow the cats.
#[test]
fn cats_keep_their_numbers_for_the_whole_game() {
    let mut m = boot();
    press(&mut m, "t\n");
    let mut game = Game::initial();
    // (mouse move, cat number, direction)
    let rounds: [(u8, usize, u8); 4] = [(0, 1, 1), (1, 4, 1), (0, 1, 0), (1, 2, 1)];
    for &(dir, number, d) in &rounds {
        let (_, _, after_mouse) = game.mouse_move(dir).expect("legal mouse move");
        press(&mut m, &MOUSE_KEYS[usize::from(dir)].to_string());
        let key = if d == 0 { 'a' } else { 's' };
        let (n, cf, ct, after_cats) = after_mouse
            .numbered_cat_move(number, d)
            .expect("legal cat move");
        press(&mut m, &format!("{number}{key}"));
        assert_eq!(n, number);
        assert_eq!(
            line(&m, 20),
            format!("CAT {number} MOVED {} TO {}", rc(cf), rc(ct))
        );
        check(&m, &after_cats, Some(cf), ct, &format!("cat {number}"));
        game = after_cats;
    }
    // Cat 1 went (0,0) -> (1,1) -> (2,0): in scan order it is now the last cat.
    assert_eq!(game.numbers[0], Square::new(2, 0).expect("dark"));
    let scan = game.pos.cats();
    assert_eq!(scan.iter().position(|&sq| sq == game.numbers[0]), Some(3));
    assert_eq!(line(&m, 20), "CAT 2 MOVED 0,2 TO 1,3");
    assert_ne!(game.numbers, scan, "the numbers differ from the scan order");
    assert_eq!(
        get(&m, "paGatos"),
        game.numbers[0].matrix_offset() as u8,
        "paGatos holds cat 1's square"
    );
}

/// Against the C64 the same holds: the AI numbers its moves in scan order, the game
/// names the moving cat by its own number.
#[test]
fn the_c64_cats_are_named_by_their_own_numbers() {
    let mut m = boot();
    press(&mut m, "\n");
    // Whatever the level-3 moves are, the line and the board must agree with the
    // numbers the cats had; once cat 1 has left row 0 the scan order differs from them.
    let mut game = Game::initial();
    let mut renumbered = 0;
    for dir in [1u8, 1, 0] {
        let (_, _, after_mouse) = game.mouse_move(dir).expect("legal mouse move");
        press(&mut m, &MOUSE_KEYS[usize::from(dir)].to_string());
        let after = position(&m, Side::Mouse);
        let mv = after_mouse.pos.move_to(&after).expect("a legal cat move");
        let (n, cf, ct, after_cats) = after_mouse.cat_move(mv.number()).expect("legal");
        assert_eq!(
            line(&m, 20),
            format!("CAT {n} MOVED {} TO {}", rc(cf), rc(ct))
        );
        check(&m, &after_cats, Some(cf), ct, "C64 cat");
        let scan_number = after_mouse.pos.cats().iter().position(|&sq| sq == cf);
        renumbered += usize::from(scan_number != Some(n - 1));
        game = after_cats;
    }
    assert!(renumbered > 0, "a cat named unlike its scan order");
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
        position(&m, Side::Mouse),
        Position::initial(),
        "a new game starts from the beginning"
    );
    assert_eq!(painted(&m), Game::initial().painted(None));
}

/// The mouse also wins when its move leaves the cats without a move. The position is
/// put into tableroActual behind the game's back: the cats get numbers again, in scan
/// order.
#[test]
fn the_mouse_wins_when_the_cats_cannot_move() {
    let mut m = boot();
    press(&mut m, "t\n");
    // Three cats on row 7, one on (6,0); the mouse on (6,2) steps to (7,1), the only
    // square the cat on (6,0) could go to.
    let sq = |r, c| Square::new(r, c).expect("dark");
    let pos = Position::new(
        sq(6, 2),
        [sq(6, 0), sq(7, 3), sq(7, 5), sq(7, 7)],
        Side::Mouse,
    )
    .expect("a position");
    m.write(
        sym("tableroActual") + OFFSET_MATRIX as u16,
        &pos.to_matrix(),
    );
    press(&mut m, "a");
    let (_, mt, end) = Game::numbered(pos).mouse_move(3).expect("legal");
    assert_eq!(end.pos.winner(), Some(Side::Mouse));
    assert_eq!(position(&m, Side::Cats), end.pos);
    assert_eq!(painted(&m), end.painted(Some(sq(6, 2))));
    assert_eq!(piece_colour(&m, mt), YELLOW);
    assert_eq!(line(&m, 21), "THE MOUSE WINS: THE CATS ARE STUCK!");
    assert_eq!(get(&m, "paResultado"), 2);
}

/// At level 3 the demo shows perfect play on both sides: the level-3 cats against the
/// C64 mouse, which always searches there and holds out the whole 44 plies.
#[test]
fn demo_mode_at_level_3_plays_the_perfect_44_ply_game() {
    let mut m = boot();
    m.poke(sym("paPausa"), 0);
    press(&mut m, "d\n");
    // The first wait for a key is the end of the game.
    assert_eq!(line(&m, 1), "DEMO: C64 AGAINST C64          LEVEL 3");
    assert_eq!(line(&m, 14)[28..].trim_end(), "KEY: STOP");
    let end = position(&m, Side::Mouse);
    assert_eq!(end.winner(), Some(Side::Cats), "{}", m.screen_text());
    assert_eq!(line(&m, 21), "THE CATS WIN: THE MOUSE IS TRAPPED!");
    assert_eq!(line(&m, 23), END_KEYS);
    assert_eq!(get(&m, "paJugadas"), 22, "22 mouse moves: 44 plies");
    assert_eq!(line(&m, 16)[28..].trim_end(), "MOVES: 22");
    // Another demo game is the same game: no dice at level 3.
    press(&mut m, "n");
    assert_eq!(position(&m, Side::Mouse), end);
    assert_eq!(get(&m, "paJugadas"), 22);
}

#[test]
fn demo_mode_at_level_1_ends_with_a_consistent_result() {
    let mut m = boot();
    m.poke(sym("paPausa"), 0);
    press(&mut m, "1d\n");
    let mouse_to_move = position(&m, Side::Mouse);
    match get(&m, "paResultado") {
        1 => {
            assert_eq!(mouse_to_move.mouse().row(), 0);
            assert_eq!(line(&m, 21), "THE MOUSE WINS: IT REACHED ROW 0!");
        }
        2 => {
            assert_eq!(
                mouse_to_move.with_to_move(Side::Cats).winner(),
                Some(Side::Mouse)
            );
            assert_eq!(line(&m, 21), "THE MOUSE WINS: THE CATS ARE STUCK!");
        }
        3 => {
            assert_eq!(mouse_to_move.winner(), Some(Side::Cats));
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

/// The screen docs/ryg.md shows is the game's at level 3 after RETURN and Q.
#[test]
fn the_screen_in_the_docs_is_the_games() {
    let mut m = boot();
    press(&mut m, "\nq");
    let want = docs::block_after(&docs::doc("ryg.md"), "### The screen");
    let got: Vec<String> = (0..want.len()).map(|row| line(&m, row)).collect();
    assert_eq!(got, want);
}

/// docs/ryg.md's command for a whole demo game, run as written: it ends successfully
/// with the demo's result on the screen.
#[test]
fn the_demo_command_in_the_docs_plays_a_whole_game() {
    let doc = docs::doc("ryg.md");
    let line = doc
        .lines()
        .find(|l| l.ends_with("# a whole demo game"))
        .expect("the demo command");
    let command = line.split('#').next().unwrap();
    let args = cli_support::split_shell_words(command.strip_prefix("cargo run -- ").unwrap());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_c64kit"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", cli_support::both(&out));
    let screen = cli_support::text(&out.stdout);
    assert!(
        screen.contains("THE CATS WIN: THE MOUSE IS TRAPPED!"),
        "{screen}"
    );
}
