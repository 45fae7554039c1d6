//! `c64kit build`: assemble a source file into a .prg (or raw binary), with
//! optional VICE label file, listing and disk image. Nothing is written unless
//! assembly succeeds, and then all outputs are written or none (see `output`).
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::console::{err, errln, outln};
use crate::output::{OutputError, Outputs};

#[derive(clap::Args)]
pub struct Args {
    /// Source file (64tass syntax)
    pub file: PathBuf,
    /// Output file [default: the source path with extension .prg]
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write the bytes only, without the 2-byte load address
    #[arg(long)]
    pub raw: bool,
    /// Write a VICE monitor label file (`al C:0810 .name` lines)
    #[arg(long, value_name = "FILE")]
    pub labels: Option<PathBuf>,
    /// Write a listing (address, bytes, source line)
    #[arg(long, value_name = "FILE")]
    pub listing: Option<PathBuf>,
    /// Define a constant before assembly, e.g. -D DEBUG=1 or -D BASE=$c000 (value defaults to 1)
    #[arg(short = 'D', long = "define", value_name = "NAME=VALUE")]
    pub defines: Vec<String>,
    /// Also search this directory for .include and .binary files
    #[arg(short = 'I', long = "include-dir", value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// Accept undocumented NMOS opcodes (like 64tass -i)
    #[arg(short = 'i', long = "illegal")]
    pub illegal: bool,
    /// Also write a 35-track 1541 disk image holding the program
    #[arg(long, value_name = "FILE.d64")]
    pub d64: Option<PathBuf>,
    /// Disk and file name on the D64 [default: the source file's name, upper case]
    #[arg(long, value_name = "NAME", requires = "d64")]
    pub disk_name: Option<String>,
}

pub fn main(args: Args) -> ExitCode {
    let mut defines = Vec::new();
    for d in &args.defines {
        match parse_define(d) {
            Ok(def) => defines.push(def),
            Err(msg) => {
                errln!("error: -D {d}: {msg}");
                return ExitCode::FAILURE;
            }
        }
    }
    // Checked before assembling: a name the disk can't hold stops the build early.
    let disk_name = match disk_name(&args) {
        Ok(name) => name,
        Err(msg) => {
            errln!("error: {msg} - nothing written");
            return ExitCode::FAILURE;
        }
    };
    let opts = c64asm::Options {
        defines,
        include_dirs: args.include_dirs.clone(),
        illegal_opcodes: args.illegal,
    };
    let program = match c64asm::assemble_with(&args.file, &opts) {
        Ok(p) => p,
        Err(diags) => {
            err!("{diags}");
            let errors = diags.errors().count();
            errln!(
                "{}: {errors} error{} - nothing written",
                args.file.display(),
                if errors == 1 { "" } else { "s" }
            );
            return ExitCode::FAILURE;
        }
    };
    if !program.warnings.is_empty() {
        err!("{}", program.warnings);
    }
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.file.with_extension("prg"));
    if let Err(msg) = write_outputs(&args, &output, &program, disk_name.as_deref()) {
        errln!("error: {msg}");
        return ExitCode::FAILURE;
    }
    let len = program.image.len();
    if len == 0 {
        outln!("{}: no bytes assembled", output.display());
    } else {
        outln!(
            "{}: ${:04X}-${:04X} ({len} byte{})",
            output.display(),
            program.load_address,
            program.end_address() - 1,
            if len == 1 { "" } else { "s" }
        );
    }
    // The process ends here: skip freeing the symbol table piece by piece.
    std::mem::forget(program);
    ExitCode::SUCCESS
}

/// Every file the build writes, as one group: all are written, or none changes.
fn write_outputs(
    args: &Args,
    output: &Path,
    program: &c64asm::Program,
    disk_name: Option<&str>,
) -> Result<(), String> {
    let nothing = |e: OutputError| {
        if e.partial() {
            format!("{e} (other outputs were already written)")
        } else {
            format!("{e} - nothing written")
        }
    };
    let mut outputs = Outputs::new();
    outputs.input(&args.file, "the source");
    let bytes = if args.raw {
        program.image.clone()
    } else {
        program.prg_bytes()
    };
    let what = if args.output.is_some() {
        "-o"
    } else {
        "the output"
    };
    outputs.add(output, what, &bytes).map_err(nothing)?;
    if let Some(p) = &args.labels {
        let text = program.vice_labels();
        outputs
            .add(p, "--labels", text.as_bytes())
            .map_err(nothing)?;
    }
    if let Some(p) = &args.listing {
        let text = program.listing();
        outputs
            .add(p, "--listing", text.as_bytes())
            .map_err(nothing)?;
    }
    if let (Some(p), Some(name)) = (&args.d64, disk_name) {
        let image = c64d64::image_with_prg(name, &program.prg_bytes())
            .map_err(|e| format!("--d64 {}: {e} - nothing written", p.display()))?;
        outputs.add(p, "--d64", &image).map_err(nothing)?;
    }
    outputs.commit().map_err(nothing)
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
    let stem = args.file.file_stem().unwrap_or_default().to_string_lossy();
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

/// `NAME=VALUE` with VALUE decimal, `$hex`, `0xhex` or `%binary` (optionally negative).
fn parse_define(text: &str) -> Result<(String, i64), String> {
    let (name, value) = match text.split_once('=') {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (text.trim(), "1"),
    };
    let valid_name = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid_name {
        return Err(format!("'{name}' is not a valid symbol name"));
    }
    let (negative, digits) = match value.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, value),
    };
    let parsed = if let Some(hex) = digits
        .strip_prefix('$')
        .or_else(|| digits.strip_prefix("0x"))
    {
        i64::from_str_radix(hex, 16)
    } else if let Some(bin) = digits.strip_prefix('%') {
        i64::from_str_radix(bin, 2)
    } else {
        digits.parse::<i64>()
    };
    let v =
        parsed.map_err(|_| format!("'{value}' is not a number (use decimal, $hex or %binary)"))?;
    Ok((name.to_string(), if negative { -v } else { v }))
}

#[cfg(test)]
mod tests {
    use super::parse_define;

    #[test]
    fn defines_accept_the_usual_number_formats() {
        assert_eq!(parse_define("A=10"), Ok(("A".into(), 10)));
        assert_eq!(parse_define("B=$c000"), Ok(("B".into(), 0xc000)));
        assert_eq!(parse_define("C=0x10"), Ok(("C".into(), 16)));
        assert_eq!(parse_define("D=%101"), Ok(("D".into(), 5)));
        assert_eq!(parse_define("E=-3"), Ok(("E".into(), -3)));
        assert_eq!(parse_define("DEBUG"), Ok(("DEBUG".into(), 1)));
        assert!(parse_define("1X=1").is_err());
        assert!(parse_define("X=abc").is_err());
    }
}
