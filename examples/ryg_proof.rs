//! Proof of strength of RYG's cats (asm/Minimax.asm) in the emulator.
//!
//! From the initial position it explores every mouse strategy: at each mouse turn it
//! tries every legal mouse move; at each cat turn it asks the emulated AI (`juegaGatos`
//! on `tableroActual`). Each explored position keeps a machine snapshot, so every branch
//! continues from the exact machine state its game left. Positions already explored are
//! not explored again (the AI is deterministic). The exact solver judges every cat move:
//! did it keep a won game won, and did it keep the shortest win? Afterwards every game
//! the AI allows (every sequence of mouse moves) is counted by length.
//!
//! The last line reads `mouse_wins=N positions=P max_cycles=C mean_cycles=M
//! max_plies=L optimal_moves=A/B`. Run through `tools/ryg-proof [--depth N]
//! [--search-only] [--source asm/RYG.asm]`; see docs/ryg-ai.md.

use std::collections::{HashMap, HashSet};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use c64emu::{Machine, Snapshot};
use c64harness::Build;
use clap::Parser;
use rygsolve::{Move, Position, Side, Solver, Square, every_mouse_line};

/// One PAL second of 6502 cycles: the budget for a cat move.
const PAL_SECOND: u64 = 985_248;
/// Give up on a call after this many cycles (a broken program must not hang the proof).
const CALL_LIMIT: u64 = 200_000_000;
const SIN_JUGADA: u8 = 0xFF;
/// The interrupt-disable bit of the status register.
const FLAG_I: u8 = 0x04;
const OFF_TURN: u16 = 4;
const OFF_MATRIX: u16 = 24;

#[derive(Parser, Debug)]
#[command(about = "Explore every mouse strategy against the emulated RYG cats")]
struct Args {
    /// The cats' level, the program's `profundidad`: 1 easy and 2 medium search that
    /// deep; 3 plays from its strategy table (see --search-only); 4 and 5 search only.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=5))]
    depth: u8,
    /// The program's main source.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/asm/RYG.asm"))]
    source: PathBuf,
    /// Level 3 without its strategy table: the depth-3 search alone (`jgConTabla` = 0).
    #[arg(long)]
    search_only: bool,
    /// Print every position the mouse wins, every cat move that threw a win and every
    /// cat move that did not keep the shortest win.
    #[arg(long)]
    verbose: bool,
}

/// The emulated program and where its fields are.
struct Program {
    machine: Machine,
    tablero: u16,
    profundidad: u16,
    jugada: u16,
    de_tabla: u16,
    nodos: u16,
    evals: u16,
}

fn symbol(build: &Build, name: &str) -> Result<u16, String> {
    build
        .symbol(name)
        .ok_or_else(|| format!("the program has no symbol `{name}`"))
}

impl Program {
    fn load(source: &PathBuf, depth: u8, search_only: bool) -> Result<Program, String> {
        let build = Build::assemble(source)
            .map_err(|e| format!("{} does not assemble:\n{e}", source.display()))?;
        let machine = build.machine().map_err(|e| e.to_string())?.into_machine();
        let mut p = Program {
            tablero: symbol(&build, "tableroActual")?,
            profundidad: symbol(&build, "profundidad")?,
            jugada: symbol(&build, "jgJugada")?,
            de_tabla: symbol(&build, "jgDeTabla")?,
            nodos: symbol(&build, "jgNodosLo")?,
            evals: symbol(&build, "jgEvalLo")?,
            machine,
        };
        p.machine.poke(p.profundidad, depth);
        let con_tabla = symbol(&build, "jgConTabla")?;
        p.machine.poke(con_tabla, u8::from(!search_only));
        Ok(p)
    }

    /// The position in tableroActual (side to move given).
    fn position(&self, to_move: Side) -> Result<Position, String> {
        let bytes = self.machine.read(self.tablero + OFF_MATRIX, 64);
        let matrix: [u8; 64] = bytes.try_into().map_err(|_| "short read".to_string())?;
        Position::from_matrix(&matrix, to_move).map_err(|e| format!("tableroActual: {e:?}"))
    }

    /// Writes `p` into tableroActual's matrix and turn byte.
    fn set_position(&mut self, p: &Position) {
        let matrix = p.to_matrix();
        self.machine.write(self.tablero + OFF_MATRIX, &matrix);
        self.machine
            .poke(self.tablero + OFF_TURN, p.to_move().turn_byte());
    }
}

/// What the AI did in one cat-to-move position.
#[derive(Clone, Copy)]
struct Reply {
    after: Option<Position>,
    cycles: u64,
    nodes: u64,
    evals: u64,
    from_table: bool,
}

#[derive(Default)]
struct Report {
    mouse_wins: HashSet<Position>,
    mouse_positions: usize,
    threw_win: Vec<Position>,
    already_lost: usize,
    not_best: Vec<Position>,
    moves_made: usize,
    optimal: usize,
    from_table: usize,
    max_cycles: u64,
    sum_cycles: u64,
    over_budget: usize,
    max_nodes: u64,
    sum_nodes: u64,
    max_evals: u64,
    sum_evals: u64,
}

fn run(args: &Args) -> Result<(Report, HashMap<Position, Reply>), String> {
    let mut program = Program::load(&args.source, args.depth, args.search_only)?;
    let solver = Solver::new();
    let start = Position::initial();
    program.set_position(&start);

    let mut report = Report::default();
    let mut replies: HashMap<Position, Reply> = HashMap::new();
    let mut seen: HashSet<Position> = HashSet::from([start]);
    // Depth-first over mouse-to-move positions, each with the machine as its game left it.
    let mut stack: Vec<(Position, Snapshot)> = vec![(start, program.machine.snapshot())];
    while let Some((p, snapshot)) = stack.pop() {
        for mv in p.mouse_moves() {
            let Ok(q) = p.apply(mv) else { continue };
            if q.mouse().row() == 0 {
                report.mouse_wins.insert(q);
                continue;
            }
            // A position met before gets the same reply: the AI is deterministic, and
            // the position after it is already explored or on the stack.
            if replies.contains_key(&q) {
                continue;
            }
            program.machine.restore(&snapshot);
            program.set_position(&q);
            let reply = ask_ai(&mut program)?;
            judge(&solver, &q, &reply, &mut report);
            replies.insert(q, reply);
            match reply.after {
                None => {
                    report.mouse_wins.insert(q);
                }
                Some(next) => {
                    if seen.insert(next) {
                        // The machine as this game left it is where the next branch starts.
                        stack.push((next, program.machine.snapshot()));
                    }
                }
            }
        }
    }
    report.mouse_positions = seen.len();
    Ok((report, replies))
}

/// Runs juegaGatos on the position in tableroActual.
fn ask_ai(program: &mut Program) -> Result<Reply, String> {
    let before = program.position(Side::Cats)?;
    // Interrupts masked: the cycles are juegaGatos' own.
    let regs = program.machine.regs();
    program.machine.set_regs(c64emu::Regs {
        p: regs.p | FLAG_I,
        ..regs
    });
    let result = program
        .machine
        .call("juegaGatos", CALL_LIMIT)
        .map_err(|stop| format!("juegaGatos did not return in {before:?}: {stop}"))?;
    let m = &program.machine;
    let word = |addr: u16| u64::from(m.peek(addr)) | u64::from(m.peek(addr + 1)) << 8;
    let after = if m.peek(program.jugada) == SIN_JUGADA {
        None
    } else {
        let next = program.position(Side::Mouse)?;
        if cat_move(&before, &next).is_none() {
            return Err(format!("the AI played an illegal move in {before:?}"));
        }
        Some(next)
    };
    Ok(Reply {
        after,
        cycles: result.cycles,
        nodes: word(program.nodos),
        evals: word(program.evals),
        from_table: m.peek(program.de_tabla) == 0xFF,
    })
}

/// The cat move from `before` to `after`, also when the game counts as over in `before`.
fn cat_move(before: &Position, after: &Position) -> Option<Move> {
    (0..4u8)
        .flat_map(|cat| (0..2u8).map(move |dir| Move::Cat { cat, dir }))
        .find(|&mv| {
            before.check_on_board(mv).is_ok_and(|to: Square| {
                let mut cats = before.cats();
                if let Move::Cat { cat, .. } = mv {
                    cats[cat as usize] = to;
                }
                Position::new(before.mouse(), cats, Side::Mouse).ok() == Some(*after)
            })
        })
}

fn judge(solver: &Solver, q: &Position, r: &Reply, report: &mut Report) {
    report.max_cycles = report.max_cycles.max(r.cycles);
    report.sum_cycles += r.cycles;
    if r.cycles > PAL_SECOND {
        report.over_budget += 1;
    }
    report.max_nodes = report.max_nodes.max(r.nodes);
    report.sum_nodes += r.nodes;
    report.max_evals = report.max_evals.max(r.evals);
    report.sum_evals += r.evals;
    report.from_table += usize::from(r.from_table);
    if let Some(next) = r.after {
        report.moves_made += 1;
        // A best move: the fastest win when winning, the longest resistance when not.
        let best = solver
            .best_moves(q)
            .iter()
            .any(|&mv| q.apply(mv) == Ok(next));
        if best {
            report.optimal += 1;
        } else {
            report.not_best.push(*q);
        }
    }
    let won_before = solver.outcome(q).winner == Side::Cats;
    if !won_before {
        report.already_lost += 1;
        return;
    }
    let kept = r
        .after
        .is_some_and(|next| solver.outcome(&next).winner == Side::Cats);
    if !kept {
        report.threw_win.push(*q);
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = run(&args).and_then(|(report, replies)| {
        match print_report(&args, &report, &replies) {
            // A reader that stopped early (`| head`) is not an error.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => other.map_err(|e| format!("cannot write the report: {e}")),
        }
    });
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ryg-proof: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The report; the last line carries the figures the tests and docs/ryg-ai.md pin.
fn print_report(
    args: &Args,
    report: &Report,
    replies: &HashMap<Position, Reply>,
) -> std::io::Result<()> {
    let cat_positions = replies.len();
    let n = cat_positions.max(1) as u64;
    let mean = (report.sum_cycles + n / 2) / n;
    // Every game the AI allows, from the replies it gave.
    let lines = every_mouse_line(&Position::initial(), |p| {
        let after = replies.get(p)?.after?;
        p.move_to(&after)
    })
    .map_err(|e| std::io::Error::other(format!("the replies do not make a game tree: {e}")))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "depth={} (profundidad){}",
        args.depth,
        if args.search_only {
            ", search only"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "mouse-to-move positions={} cat-to-move positions={}",
        report.mouse_positions, cat_positions
    )?;
    writeln!(
        out,
        "cat moves that threw a won position={} (positions already lost={})",
        report.threw_win.len(),
        report.already_lost
    )?;
    writeln!(
        out,
        "cat moves from the strategy table={} of {}",
        report.from_table, cat_positions
    )?;
    writeln!(
        out,
        "nodes per move: max={} mean={:.1}; evaluations: max={} mean={:.1}",
        report.max_nodes,
        report.sum_nodes as f64 / n as f64,
        report.max_evals,
        report.sum_evals as f64 / n as f64
    )?;
    writeln!(
        out,
        "cat moves over {PAL_SECOND} cycles (one PAL second)={}",
        report.over_budget
    )?;
    let lengths = |games: &std::collections::BTreeMap<u16, u128>| {
        games
            .iter()
            .map(|(plies, count)| format!("{plies}:{count}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(
        out,
        "games={} cats win by plies: {}",
        lines.games(),
        lengths(&lines.cats_win)
    )?;
    writeln!(out, "mouse wins by plies: {}", lengths(&lines.mouse_wins))?;
    if args.verbose {
        for win in &report.mouse_wins {
            writeln!(out, "mouse wins in {win:?}")?;
        }
        for q in &report.threw_win {
            writeln!(out, "cat move threw the win in {q:?}")?;
        }
        for q in &report.not_best {
            writeln!(out, "cat move not among the best in {q:?}")?;
        }
    }
    writeln!(
        out,
        "mouse_wins={} positions={} max_cycles={} mean_cycles={} max_plies={} optimal_moves={}/{}",
        report.mouse_wins.len(),
        report.mouse_positions + cat_positions,
        report.max_cycles,
        mean,
        lines.max_plies(),
        report.optimal,
        report.moves_made
    )?;
    out.flush()
}
