//! `testbench`: run VICE's C64 testbench rows on c64kit (see `tools/testbench`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use clap::Parser;

use c64testbench::{Category, Line, Published, Row, Runner, exec, report};

/// Runs the C64 rows of VICE's testbench list on c64kit: exitcode rows by the value
/// written to the debug cartridge, screenshot rows against the reference pictures;
/// prints a table per category and writes a CSV per row.
#[derive(Parser)]
#[command(name = "testbench")]
struct Args {
    /// The vice-testprogs folder (holding testbench/x64sc-testlist.txt)
    #[arg(long, value_name = "DIR", default_value = "../shared/vice-testprogs")]
    testprogs: PathBuf,
    /// The c64kit binary to run
    #[arg(long, value_name = "FILE", default_value = "target/release/c64kit")]
    c64kit: PathBuf,
    /// Run on these C64 ROMs [default: $C64KIT_ROMS; without either: the stub KERNAL]
    #[arg(long, value_name = "DIR")]
    roms: Option<PathBuf>,
    /// A 1541 DOS ROM: run every row with a true 1541 (c64kit's `--drive-rom`), as
    /// x64sc does by default [default: the virtual drive]
    #[arg(long, value_name = "FILE")]
    drive_rom: Option<PathBuf>,
    /// Only rows of this category (lorenz, cpu, cia, interrupts, general, vicii,
    /// expansions, other); repeatable
    #[arg(long, value_name = "NAME")]
    category: Vec<String>,
    /// Only rows whose line contains one of these texts
    filters: Vec<String>,
    /// Write one line per row to FILE
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Compare with a published result file (e.g. results/x64sc-r45384-result.txt,
    /// relative to the testbench folder), row by row
    #[arg(long, value_name = "FILE")]
    compare: Option<PathBuf>,
    /// Do not run: read the rows' results from a CSV this tool wrote
    #[arg(long, value_name = "FILE", conflicts_with = "csv")]
    from_csv: Option<PathBuf>,
    /// Print the table as Markdown (for docs/emulator.md) instead of text
    #[arg(long)]
    markdown: bool,
    /// Rows run at once
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Print each row as it ends
    #[arg(short, long)]
    verbose: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("testbench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn other_name(path: &std::path::Path) -> String {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("other");
    name.split(['-', '.']).next().unwrap_or(name).to_string()
}

fn run(args: &Args) -> Result<(), String> {
    let testprogs = std::fs::canonicalize(&args.testprogs).unwrap_or(args.testprogs.clone());
    let list_dir = testprogs.join("testbench");
    let (lines, other) = match &args.from_csv {
        Some(csv) => {
            let text =
                std::fs::read_to_string(csv).map_err(|e| format!("{}: {e}", csv.display()))?;
            let (lines, other) =
                report::from_csv(&text).map_err(|e| format!("{}: {e}", csv.display()))?;
            (lines, Some(other))
        }
        None => (
            run_rows(args, &list_dir)?,
            args.compare.as_deref().map(other_name),
        ),
    };
    if args.markdown {
        print!(
            "{}",
            report::markdown_table(&lines, other.as_deref().unwrap_or("other"))
        );
    } else {
        print!("{}", report::text_table(&lines, other.as_deref()));
    }
    if let Some(csv) = &args.csv {
        let text = report::to_csv(&lines, other.as_deref().unwrap_or("other"));
        std::fs::write(csv, text).map_err(|e| format!("{}: {e}", csv.display()))?;
    }
    Ok(())
}

fn run_rows(args: &Args, list_dir: &std::path::Path) -> Result<Vec<Line>, String> {
    let list_path = list_dir.join("x64sc-testlist.txt");
    let text = std::fs::read_to_string(&list_path).map_err(|e| {
        format!(
            "{}: {e} (give the vice-testprogs folder with --testprogs)",
            list_path.display()
        )
    })?;
    let categories: Vec<Category> = args
        .category
        .iter()
        .map(|c| Category::from_key(c).ok_or_else(|| format!("--category {c:?}: not a category")))
        .collect::<Result<_, _>>()?;
    let rows: Vec<Row> = c64testbench::list::parse_list(&text)
        .into_iter()
        .filter(|r| categories.is_empty() || categories.contains(&r.category()))
        .filter(|r| {
            args.filters.is_empty() || args.filters.iter().any(|f| r.line().contains(f.as_str()))
        })
        .collect();
    let published = match &args.compare {
        Some(p) => {
            let path = if p.is_file() {
                p.clone()
            } else {
                list_dir.join(p)
            };
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(Published::parse(&text))
        }
        None => None,
    };
    let roms = args.roms.clone().or_else(|| {
        std::env::var_os("C64KIT_ROMS")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    });
    let scratch = std::env::temp_dir().join(format!("c64testbench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
    let c64kit = std::fs::canonicalize(&args.c64kit).map_err(|e| {
        format!(
            "{}: {e} (build it: cargo build --release)",
            args.c64kit.display()
        )
    })?;
    let runner = Runner {
        has_cia_flag: exec::has_flag(&c64kit, "--cia"),
        has_vic_flag: exec::has_flag(&c64kit, "--vic"),
        has_sid_flag: exec::has_flag(&c64kit, "--sid"),
        has_expansion_flags: exec::has_flag(&c64kit, "--cart"),
        has_memory_flags: exec::has_flag(&c64kit, "--plus60k"),
        c64kit,
        list_dir: list_dir.to_path_buf(),
        roms: roms.map(|r| std::fs::canonicalize(&r).unwrap_or(r)),
        drive_rom: args
            .drive_rom
            .as_ref()
            .map(|r| std::fs::canonicalize(r).unwrap_or(r.clone())),
        scratch: scratch.clone(),
        wall_limit: Duration::from_secs(1800),
    };
    let done = Mutex::new(0usize);
    let total = rows.len();
    let results = runner.run_all(&rows, args.jobs, &|_, row, r| {
        let mut n = done.lock().unwrap_or_else(|e| e.into_inner());
        *n += 1;
        if args.verbose {
            let mark = if r.passed(row) { "pass" } else { "FAIL" };
            eprintln!(
                "[{}/{total}] {mark} {:<11} {}  {}",
                *n,
                r.outcome.word(),
                row.line(),
                r.detail
            );
        }
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let others = match &published {
        Some(p) => p.match_rows(&rows),
        None => vec![None; rows.len()],
    };
    Ok(rows
        .into_iter()
        .zip(results)
        .zip(others)
        .map(|((row, result), other)| Line { row, result, other })
        .collect())
}
