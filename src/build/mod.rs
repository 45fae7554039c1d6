//! `c64kit build`: assemble a source file into a .prg (or raw binary), with
//! optional VICE label file, listing and disk image. Nothing is written unless
//! assembly succeeds, and then all outputs are written or none (see `output`).
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod args;
mod clock;
mod deps;
mod malloc;
mod resident;
mod tass_console;

pub use resident::give_back_code;
pub use tass_console::VERSION as TASS_VERSION;

use clap::ArgMatches;

use c64asm::{LabelFormat, OutputFormat};

use args::Target;
pub use args::{Args, AsmFlags};

use crate::console::{err, errln, out, outln};
use crate::output::{OutputError, Outputs};

/// An option the command line can't have, as 64tass refuses it: a drop-in
/// 64tass names itself (as started) before the fatal error and points to
/// 64tass's own help, as 64tass 1.58's `arguments.c` does.
pub fn option_refused(msg: &str, as_64tass: bool) {
    if as_64tass {
        errln!("{}: fatal error: {msg}", tass_console::program_name());
        errln!("Try '64tass --help' or '64tass --usage' for more information.");
    } else {
        errln!("fatal error: {msg}");
        errln!("Try 'c64kit build --help' for more information.");
    }
}

pub fn main(args: Args, matches: &ArgMatches) -> ExitCode {
    malloc::tune_for_a_build();
    // The command line's parser is not run again.
    resident::give_back_code();
    let mut opts = match args.options(matches) {
        Ok(o) => o,
        Err(msg) => {
            // An unknown `-W` name: 64tass's fatal error, as for any
            // option it doesn't know.
            option_refused(&msg, args.as_64tass);
            return ExitCode::FAILURE;
        }
    };
    // Checked before assembling: a name the disk can't hold stops the build early.
    let disk_name = match disk_name(&args) {
        Ok(name) => name,
        Err(msg) => {
            errln!("error: {msg} - nothing written");
            return ExitCode::FAILURE;
        }
    };
    if args.output.is_empty()
        && args.output_append.is_empty()
        && args.no_output.is_none()
        && !args.as_64tass
        && !names_a_file(&args.files[0])
    {
        errln!(
            "error: {} is not a file (standard input, a pipe or a device), so there is no \
             default output name: give -o FILE (or -o - for standard output) - nothing written",
            args.files[0].display()
        );
        return ExitCode::FAILURE;
    }
    let outputs = args.outputs(matches);
    let labels = args.label_files(matches);
    let written = Written {
        outputs: &outputs,
        labels: &labels,
        list: args.list_target(matches),
        lone_map: args.lone_map(matches),
    };
    // The diagnostics file is written apart from the others (also when the build
    // fails), but it is an output like them: checked now, before any work.
    if let Err(msg) = report(&args, matches, &written, &[], None) {
        errln!("error: {msg} - nothing written");
        return ExitCode::FAILURE;
    }
    let source = &args.files[0];
    let progress = std::sync::Arc::new(c64asm::Progress::default());
    opts.progress = Some(progress.clone());
    // Each later pass begins by giving back the code the passes before it
    // ran: it runs less of it (most lines' parses are kept), and a build's
    // peak is at its last pass's end. (Pass 1 follows the start's.)
    opts.at_pass = Some(|pass| {
        if pass > 1 {
            resident::give_back_code();
        }
    });
    let result = crate::progress::while_running(
        || c64asm::assemble_files(&args.files, &opts),
        || {
            format!(
                "assembling {}: pass {}, {} lines",
                source.display(),
                progress.pass(),
                crate::progress::thousands(progress.lines())
            )
        },
    );
    // The passes' code is not run again: the writers' takes its place.
    resident::give_back_code();
    // A `--labels-root` scope or an `--output-section` the program lacks is
    // 64tass's fatal error, found as it writes the label files and outputs:
    // an error, so the warnings are not shown.
    let missing_root = result.as_ref().ok().and_then(|p| {
        missing_label_root(p, &labels).or_else(|| missing_output_section(p, &outputs))
    });
    let wrapped = match (&result, &missing_root) {
        (Ok(p), None) => label_address_wrapped(p, &labels, &opts.warnings),
        _ => None,
    };
    let tass = args.tass_messages();
    // A file written to standard output (`-`) makes 64tass quiet: no header or
    // summary mixed into it, whichever output it is.
    let to_stdout = written
        .paths(&args)
        .iter()
        .any(|(p, _)| p.as_os_str() == "-");
    let summary = tass && args.quiet.is_none() && !to_stdout;
    let (shown, read) = match tass {
        true => tass_messages(&args, matches, &result, missing_root.as_deref(), wrapped),
        false => messages(&result, missing_root.as_deref(), wrapped),
    };
    if summary {
        let (sources, files, binary) = match &result {
            Ok(p) => (p.warnings.files(), p.files(), p.files_binary()),
            Err(d) => (d.files(), d.files_read(), d.files_read_binary()),
        };
        let mut head = tass_console::head(&sources, files, binary);
        if let (Ok(p), None) = (&result, &missing_root) {
            let lone_map = written.lone_map.is_some();
            head.push_str(&tass_console::outputs(p, &outputs, lone_map));
        }
        out!("{head}");
    }
    // 64tass assembles once more to write a listing (before the label files
    // and outputs, so also when one of those fails).
    let listing = written.list.is_some() && result.is_ok();
    // 64tass counts a pass before it tests it against its limit: "too many
    // passes" comes with one more than were run.
    let passes = match &result {
        Ok(p) => p.passes() + u32::from(listing),
        Err(d) => progress.pass() + u32::from(d.iter().any(|d| d.gave_up())),
    };
    let tail = || {
        if summary {
            out!(
                "{}",
                tass_console::tail(shown.errors, shown.warnings, passes)
            );
        }
    };
    let diagnostics = shown.text.as_str();
    if let Err(msg) = report(&args, matches, &written, &read, Some(diagnostics)) {
        // Shown here instead, so that no message is lost.
        err!("{diagnostics}");
        errln!("error: {msg} - nothing written");
        return ExitCode::FAILURE;
    }
    if missing_root.is_some() {
        tail();
        return ExitCode::FAILURE;
    }
    let program = match result {
        Ok(p) => p,
        Err(_) if tass => {
            tail();
            return ExitCode::FAILURE;
        }
        Err(diags) => {
            let errors = diags.errors().count();
            errln!(
                "{}: {errors} error{} - nothing written",
                source.display(),
                if errors == 1 { "" } else { "s" }
            );
            return ExitCode::FAILURE;
        }
    };
    let stdout = match write_outputs(&args, &written, &program, disk_name.as_deref()) {
        Ok(text) => text,
        Err(msg) => {
            errln!("error: {msg}");
            return ExitCode::FAILURE;
        }
    };
    if !stdout.is_empty() {
        crate::console::bytes_to_stdout(&stdout);
    }
    tail();
    // Made an error by `-Werror`: the files are written all the same, as
    // 64tass writes them before it finds the address.
    if wrapped == Some("error") {
        return ExitCode::FAILURE;
    }
    // A summary would be mixed into what went to standard output (64tass is silent too).
    if args.quiet.is_none() && !to_stdout && !tass {
        let name = outputs
            .first()
            .map_or("(no output)".to_string(), |t| t.path.display().to_string());
        let len = program.image.len();
        if len == 0 {
            outln!("{name}: no bytes assembled");
        } else {
            outln!(
                "{name}: ${:04X}-${:04X} ({len} byte{})",
                program.load_address,
                program.end_address() - 1,
                if len == 1 { "" } else { "s" }
            );
        }
    }
    // The process ends here: skip freeing the symbol table piece by piece.
    std::mem::forget(program);
    ExitCode::SUCCESS
}

/// Type of an assembly's result.
type Assembled = Result<c64asm::Program, c64asm::Diagnostics>;

/// The messages of a build in c64kit's layout, and the files it read.
fn messages(
    result: &Assembled,
    missing_root: Option<&str>,
    wrapped: Option<&str>,
) -> (c64asm::TassReport, Vec<PathBuf>) {
    let (text, read) = match (result, missing_root) {
        (Ok(p), Some(msg)) => (format!("fatal error: {msg}\n"), p.files().to_vec()),
        (Ok(p), None) => {
            let mut text = p.warnings.to_string();
            if let Some(severity) = wrapped {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                let message = c64asm::LABEL_ADDRESS_WRAPPED;
                text.push_str(&format!("{severity}: {message}\n"));
            }
            (text, p.files().to_vec())
        }
        (Err(d), _) => (d.to_string(), d.files()),
    };
    let report = c64asm::TassReport {
        text,
        errors: 0,
        warnings: 0,
    };
    (report, read)
}

/// The messages of a build as 64tass prints them, with its counts of
/// errors and warnings, and the files it read. A message that has no place
/// names the program (`64tass: fatal error: ...`).
fn tass_messages(
    args: &Args,
    m: &ArgMatches,
    result: &Assembled,
    missing_root: Option<&str>,
    wrapped: Option<&str>,
) -> (c64asm::TassReport, Vec<PathBuf>) {
    let program = tass_console::program_name();
    let style = c64asm::TassStyle {
        caret: tass_console::caret(m),
        warnings: args.asm.no_warn.is_none(),
        program: &program,
        color: tass_console::colored(args, m),
    };
    let (diags, read) = match result {
        Ok(p) => (&p.warnings, p.files().to_vec()),
        Err(d) => (d, d.files()),
    };
    let mut shown = diags.render_64tass(&style);
    // 64tass shows no warning once there is an error (it counts them still).
    if missing_root.is_some() {
        let errors_only = c64asm::TassStyle {
            warnings: false,
            ..style
        };
        shown.text = diags.render_64tass(&errors_only).text;
    }
    // Found as the label files are written: after the others.
    let late = match (missing_root, wrapped) {
        (Some(msg), _) => Some(("fatal error", msg)),
        (None, Some(severity)) => Some((severity, c64asm::LABEL_ADDRESS_WRAPPED)),
        (None, None) => None,
    };
    if let Some((severity, msg)) = late {
        shown
            .text
            .push_str(&format!("{program}: {severity}: {msg}\n"));
        match severity {
            "warning" => shown.warnings += 1,
            _ => shown.errors += 1,
        }
    }
    (shown, read)
}

/// A source path that is a regular file (or nothing yet: reading it will say so), whose
/// name the default output can take.
fn names_a_file(path: &Path) -> bool {
    match std::fs::metadata(path) {
        _ if path.as_os_str() == "-" => false,
        Ok(meta) => meta.is_file(),
        Err(_) => true,
    }
}

/// Diagnostics go to standard error, the `-E` (or `--error-append`) file, or nowhere
/// (`--no-error`). The file may be no input (the sources, and the files in `read`)
/// and no other output; with `text` None it is only checked.
fn report(
    args: &Args,
    m: &ArgMatches,
    written: &Written,
    read: &[PathBuf],
    text: Option<&str>,
) -> Result<(), String> {
    if args.no_error.is_some() {
        return Ok(());
    }
    match args.error_target(m) {
        Some((path, _)) if path.as_os_str() == "-" => {
            if let Some(text) = text.filter(|t| !t.is_empty()) {
                out!("{text}");
            }
            Ok(())
        }
        Some((path, append)) => {
            let mut outputs = Outputs::new();
            for f in &args.files {
                outputs.input(f, "the source");
            }
            for f in read {
                outputs.input(f, "a file the source reads");
            }
            let what = if append { "--error-append" } else { "--error" };
            let reserved = written
                .paths(args)
                .iter()
                .try_for_each(|(p, other)| match other.ends_with("-append") {
                    true => outputs.reserve_append(p, other),
                    false => outputs.reserve(p, other),
                })
                .and_then(|()| outputs.reserve(&path, what));
            reserved.map_err(|e| e.to_string())?;
            // 64tass opens the file whether or not there is anything to say: a
            // build without messages leaves it empty (or, appended to, unchanged).
            let Some(text) = text else {
                return Ok(());
            };
            // A fresh group: the reservations above claimed the name already.
            let mut outputs = Outputs::new();
            let added = match append {
                true => outputs.append(&path, what, text.as_bytes()),
                false => outputs.add(&path, what, text.as_bytes()),
            };
            added
                .and_then(|()| outputs.commit())
                .map_err(|e| e.to_string())
        }
        None => {
            if let Some(text) = text.filter(|t| !t.is_empty()) {
                err!("{text}");
            }
            Ok(())
        }
    }
}

/// An address that wrapped around memory in a VICE label file is 64tass's
/// `-Wwrap-addr` warning, once and with no place, found as it writes the
/// file: its severity ("warning", or "error" with `-Werror`), if any.
fn label_address_wrapped(
    program: &c64asm::Program,
    labels: &[Target<LabelFormat>],
    warnings: &c64asm::Warnings,
) -> Option<&'static str> {
    if warnings.none || !warnings.wrap_addr {
        return None;
    }
    labels
        .iter()
        .any(|t| program.label_address_wrapped(t.format, t.scope.as_deref()))
        .then_some(if warnings.is_error("wrap-addr") {
            "error"
        } else {
            "warning"
        })
}

/// 64tass's message for the first label file whose `--labels-root` names no
/// scope of the program, if any.
fn missing_label_root(program: &c64asm::Program, labels: &[Target<LabelFormat>]) -> Option<String> {
    labels.iter().find_map(|t| {
        let root = t.scope.as_deref()?;
        program.labels_from(t.format, root).err()
    })
}

/// 64tass's message for the first output whose `--output-section` names no
/// section of the program, if any.
fn missing_output_section(
    program: &c64asm::Program,
    outputs: &[Target<OutputFormat>],
) -> Option<String> {
    outputs.iter().find_map(|t| {
        let section = t.scope.as_deref()?;
        program.blocks_of(Some(section)).err()
    })
}

/// The files chosen on the command line, each with what goes into it.
struct Written<'a> {
    outputs: &'a [Target<OutputFormat>],
    labels: &'a [Target<LabelFormat>],
    /// The listing, and whether it is appended (`--list-append`).
    list: Option<(PathBuf, bool)>,
    /// A map with no output (`--no-output`), and whether it is appended.
    lone_map: Option<(PathBuf, bool)>,
}

impl Written<'_> {
    /// Every file these outputs name, with the option that names it.
    fn paths(&self, args: &Args) -> Vec<(PathBuf, &'static str)> {
        let mut all: Vec<(PathBuf, &'static str)> = Vec::new();
        // An append's name ends in `-append`: it may name a file written before.
        let kind = |append: bool, what, appended| if append { appended } else { what };
        for t in self.outputs {
            all.push((t.path.clone(), kind(t.append, "-o", "--output-append")));
            if let Some((map, append)) = &t.map {
                all.push((map.clone(), kind(*append, "--map", "--map-append")));
            }
        }
        let list = self.list.as_ref();
        for (path, what) in [
            (self.lone_map.as_ref().map(|m| &m.0), "--map"),
            (
                list.map(|l| &l.0),
                kind(list.is_some_and(|l| l.1), "--list", "--list-append"),
            ),
            (args.source_map.as_ref(), "--source-map"),
            (args.dependencies.as_ref(), "--dependencies"),
            (args.d64.as_ref(), "--d64"),
        ] {
            if let Some(p) = path {
                all.push((p.clone(), what));
            }
        }
        all.extend(self.labels.iter().map(|t| {
            let what = kind(t.append, "--labels", "--labels-append");
            (t.path.clone(), what)
        }));
        all
    }
}

/// Every file the build writes, as one group: all are written, or none changes.
/// What goes to standard output (`-` as a file name, as in 64tass) is returned.
// Never inlined: tools/gen-link-order splits a build's profile here.
#[inline(never)]
fn write_outputs(
    args: &Args,
    written: &Written,
    program: &c64asm::Program,
    disk_name: Option<&str>,
) -> Result<Vec<u8>, String> {
    let nothing = |e: OutputError| {
        if e.partial() {
            format!("{e} (other outputs were already written)")
        } else {
            format!("{e} - nothing written")
        }
    };
    let mut group = Outputs::new();
    for f in &args.files {
        group.input(f, "the source");
    }
    for f in program.files() {
        group.input(f, "a file the source reads");
    }
    let mut stdout = Vec::new();
    // `append`: the option's name when the bytes go to the end of the file.
    let mut add = |group: &mut Outputs,
                   path: &Path,
                   (what, append): (&str, Option<&str>),
                   bytes: &[u8]|
     -> Result<(), String> {
        if path.as_os_str() == "-" {
            stdout.extend_from_slice(bytes);
            return Ok(());
        }
        match append {
            Some(what) => group.append(path, what, bytes),
            None => group.add(path, what, bytes),
        }
        .map_err(nothing)
    };
    let failed = |path: &Path, e: String| format!("{}: {e} - nothing written", path.display());
    let no_default = args.output.is_empty() && args.output_append.is_empty();
    // 64tass flattens each memory in place as it writes an output of it:
    // what the later outputs find depends on the ones before.
    let mut run = program.output_run();
    // 64tass flattens each output's sections as it writes it: the maps of
    // the outputs after show them without their sections.
    let mut before: Vec<Option<String>> = Vec::new();
    // 64tass writes the listing and the label files first, then each output
    // after its map: an append to a file written before lands after it.
    // The tool a memory map's first line names: 64tass for a drop-in 64tass.
    let tool = match args.as_64tass {
        true => tass_console::VERSION,
        false => concat!("c64kit ", env!("CARGO_PKG_VERSION")),
    };
    if let Some((p, append)) = &written.list {
        let columns = c64asm::ListingColumns {
            monitor: args.no_monitor.is_none(),
            source: args.no_source.is_none(),
            line_numbers: args.line_numbers.is_some(),
        };
        // Written as it is made: a listing is the largest output, and not
        // held whole.
        let append = *append;
        let head = match (args.as_64tass, append) {
            (true, _) => tass_console::listing_head(append),
            (false, true) => String::new(),
            (false, false) => c64asm::LISTING_TITLE.to_string(),
        };
        let write = |w: &mut dyn std::io::Write| program.write_listing(columns, &head, w);
        if p.as_os_str() == "-" {
            let mut text = Vec::new();
            write(&mut text).map_err(|e| e.to_string())?;
            add(&mut group, p, ("--list", None), &text)?;
        } else if append {
            group
                .append_with(p, "--list-append", write)
                .map_err(nothing)?;
        } else {
            group.add_with(p, "--list", write).map_err(nothing)?;
        }
    }
    for t in written.labels {
        let text = match &t.scope {
            Some(root) => program
                .labels_from(t.format, root)
                .map_err(|e| failed(&t.path, e))?,
            None => program.labels(t.format),
        };
        let append = t.append.then_some("--labels-append");
        add(&mut group, &t.path, ("--labels", append), text.as_bytes())?;
    }
    for t in written.outputs {
        let what = if no_default { "the output" } else { "-o" };
        let bytes = run
            .output_long(t.format, t.scope.as_deref(), t.long)
            .map_err(|e| failed(&t.path, e))?;
        if let Some((map, append)) = &t.map {
            let name = t.path.display().to_string();
            let title = (!append).then_some(tool);
            let text = program
                .memory_map_of(&name, t.scope.as_deref(), title, &scopes(&before))
                .map_err(|e| failed(&t.path, e))?;
            let append = append.then_some("--map-append");
            add(&mut group, map, ("--map", append), text.as_bytes())?;
        }
        let append = t.append.then_some("--output-append");
        add(&mut group, &t.path, (what, append), &bytes)?;
        before.push(t.scope.clone());
    }
    if let Some((map, append)) = &written.lone_map {
        let title = (!append).then_some(tool);
        let text = program.memory_map_of("", None, title, &scopes(&before))?;
        let append = append.then_some("--map-append");
        add(&mut group, map, ("--map", append), text.as_bytes())?;
    }
    if let Some(p) = &args.source_map {
        add(
            &mut group,
            p,
            ("--source-map", None),
            program.source_map().as_bytes(),
        )?;
    }
    if let Some(p) = &args.dependencies {
        // 64tass's order: outputs, listing, label files, maps, error file.
        let default_target = args.default_output();
        let mut targets: Vec<&Path> = written.outputs.iter().map(|t| t.path.as_path()).collect();
        if written.outputs.is_empty() && written.lone_map.is_none() {
            targets.push(&default_target);
        }
        targets.extend(written.list.as_ref().map(|l| l.0.as_path()));
        targets.extend(written.labels.iter().map(|t| t.path.as_path()));
        targets.extend(
            written
                .outputs
                .iter()
                .filter_map(|t| t.map.as_ref().map(|m| m.0.as_path())),
        );
        targets.extend(written.lone_map.as_ref().map(|m| m.0.as_path()));
        targets.extend(args.error_file.as_deref().or(args.error_append.as_deref()));
        let rule = deps::make_rule(
            &targets,
            &args.files,
            program.files(),
            program.files_looked_up(),
            args.make_phony.is_some(),
        );
        add(&mut group, p, ("--dependencies", None), rule.as_bytes())?;
    }
    if let (Some(p), Some(name)) = (&args.d64, disk_name) {
        let image = c64d64::image_with_prg(name, &program.prg_bytes())
            .map_err(|e| format!("--d64 {}: {e} - nothing written", p.display()))?;
        add(&mut group, p, ("--d64", None), &image)?;
    }
    group.commit().map_err(nothing)?;
    Ok(stdout)
}

/// The name of the disk and of the file on it: `--disk-name`, or the source file's
/// name in upper case (its first 16 characters). None without `--d64`.
fn disk_name(args: &Args) -> Result<Option<String>, String> {
    let Some(d64) = &args.d64 else {
        return Ok(None);
    };
    if let Some(name) = &args.disk_name {
        c64d64::check_name(name).map_err(|e| format!("--disk-name: {e}"))?;
        return Ok(Some(name.clone()));
    }
    let stem = args.files[0]
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy();
    let name: String = stem
        .chars()
        .take(16)
        .collect::<String>()
        .to_ascii_uppercase();
    match c64d64::check_name(&name) {
        Ok(()) => Ok(Some(name)),
        Err(e) => Err(format!(
            "--d64 {}: {e} (the name comes from the source file's); \
             name the disk with --disk-name, e.g. --disk-name \"{}\"",
            d64.display(),
            c64d64::suggest_name(&stem)
        )),
    }
}

/// The sections of the outputs written so far, as `memory_map_of` takes them.
fn scopes(before: &[Option<String>]) -> Vec<Option<&str>> {
    before.iter().map(Option::as_deref).collect()
}
