//! Proof of strength of RYG's cats (asm/Minimax.asm) in the emulator.
//!
//! From the initial position it explores every mouse strategy: at each mouse turn it
//! tries every legal mouse move; at each cat turn it asks the emulated AI (`juegaGatos`
//! on `tableroActual`). Each explored position keeps a machine snapshot, so every branch
//! continues from the exact machine state its game left. Positions already explored are
//! not explored again (the AI is deterministic). The exact solver judges every cat move.
//!
//! The last line reads `mouse_wins=N positions=P max_cycles=C mean_cycles=M`.
//! Run through `tools/ryg-proof [--depth N] [--source asm/RYG.asm]`; see docs/ryg-ai.md.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::process::ExitCode;

use c64emu::{Machine, Snapshot};
use clap::Parser;
use rygsolve::{Move, Position, Side, Solver, Square};

/// One PAL second of 6502 cycles: the budget for a cat move.
const PAL_SECOND: u64 = 985_248;
/// Give up on a call after this many cycles (a broken program must not hang the proof).
const CALL_LIMIT: u64 = 200_000_000;
const SIN_JUGADA: u8 = 0xFF;
const OFF_TURN: u16 = 4;
const OFF_MATRIX: u16 = 24;

#[derive(Parser, Debug)]
#[command(about = "Explore every mouse strategy against the emulated RYG cats")]
struct Args {
    /// Search depth of the cats (the program's `profundidad`): 1 easy, 2 medium, 3 hard.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=5))]
    depth: u8,
    /// The program's main source.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/asm/RYG.asm"))]
    source: PathBuf,
    /// Print every game the mouse wins (its moves) and every cat move that threw a win.
    #[arg(long)]
    verbose: bool,
}

/// The emulated program and where its fields are.
struct Program {
    machine: Machine,
    tablero: u16,
    profundidad: u16,
    jugada: u16,
    nodos: u16,
    evals: u16,
}

fn symbol(program: &c64asm::Program, name: &str) -> Result<u16, String> {
    program
        .symbol(name)
        .and_then(|v| u16::try_from(v).ok())
        .ok_or_else(|| format!("the program has no symbol `{name}`"))
}

impl Program {
    fn load(source: &PathBuf, depth: u8) -> Result<Program, String> {
        let program = c64asm::assemble(source)
            .map_err(|d| format!("{} does not assemble:\n{d}", source.display()))?;
        let mut machine = Machine::new();
        machine
            .load_prg(&program.prg_bytes())
            .map_err(|e| format!("cannot load the program: {e:?}"))?;
        machine.set_symbols(program.address_labels());
        let p = Program {
            tablero: symbol(&program, "tableroActual")?,
            profundidad: symbol(&program, "profundidad")?,
            jugada: symbol(&program, "jgJugada")?,
            nodos: symbol(&program, "jgNodosLo")?,
            evals: symbol(&program, "jgEvalLo")?,
            machine,
        };
        let mut p = p;
        p.machine.poke(p.profundidad, depth);
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
}

#[derive(Default)]
struct Report {
    mouse_wins: HashSet<Position>,
    mouse_positions: usize,
    threw_win: Vec<Position>,
    already_lost: usize,
    max_cycles: u64,
    sum_cycles: u64,
    over_budget: usize,
    max_nodes: u64,
    sum_nodes: u64,
    max_evals: u64,
    sum_evals: u64,
}

fn run(args: &Args) -> Result<(Report, usize), String> {
    let mut program = Program::load(&args.source, args.depth)?;
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
            judge(&solver, &q, &reply, &mut report, args.verbose);
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
    Ok((report, replies.len()))
}

/// Runs juegaGatos on the position in tableroActual.
fn ask_ai(program: &mut Program) -> Result<Reply, String> {
    let before = program.position(Side::Cats)?;
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

fn judge(solver: &Solver, q: &Position, r: &Reply, report: &mut Report, verbose: bool) {
    report.max_cycles = report.max_cycles.max(r.cycles);
    report.sum_cycles += r.cycles;
    if r.cycles > PAL_SECOND {
        report.over_budget += 1;
    }
    report.max_nodes = report.max_nodes.max(r.nodes);
    report.sum_nodes += r.nodes;
    report.max_evals = report.max_evals.max(r.evals);
    report.sum_evals += r.evals;
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
        if verbose {
            println!("cat move threw the win in {q:?}");
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok((report, cat_positions)) => {
            let n = cat_positions.max(1) as u64;
            let mean = (report.sum_cycles + n / 2) / n;
            println!("depth={} (profundidad)", args.depth);
            println!(
                "mouse-to-move positions={} cat-to-move positions={}",
                report.mouse_positions, cat_positions
            );
            println!(
                "cat moves that threw a won position={} (positions already lost={})",
                report.threw_win.len(),
                report.already_lost
            );
            println!(
                "nodes per move: max={} mean={:.1}; evaluations: max={} mean={:.1}",
                report.max_nodes,
                report.sum_nodes as f64 / n as f64,
                report.max_evals,
                report.sum_evals as f64 / n as f64
            );
            println!(
                "cat moves over {PAL_SECOND} cycles (one PAL second)={}",
                report.over_budget
            );
            if args.verbose {
                for win in &report.mouse_wins {
                    println!("mouse wins in {win:?}");
                }
            }
            println!(
                "mouse_wins={} positions={} max_cycles={} mean_cycles={}",
                report.mouse_wins.len(),
                report.mouse_positions + cat_positions,
                report.max_cycles,
                mean
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("ryg-proof: {e}");
            ExitCode::FAILURE
        }
    }
}
