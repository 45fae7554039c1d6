//! VICE's testbench list: `PATH,PROGRAM,TYPE,CYCLES[,OPTION...]`, one row per test,
//! and what each row asks of the machine (its options), in c64kit's terms.

use std::fmt;

/// One row of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Folder relative to the list's folder (`../CPU/asap/`).
    pub path: String,
    /// Program file in that folder; empty for a cartridge-only row.
    pub program: String,
    /// `exitcode` or `screenshot` (interactive and analyzer rows are not read).
    pub kind: Kind,
    /// VICE's -limitcycles: cycles from power-on.
    pub cycles: u64,
    /// The options as written.
    pub options: Vec<String>,
}

/// How a row is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// By the value written to the debug cartridge.
    ExitCode,
    /// By the screen at the end against a reference picture.
    Screenshot,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::ExitCode => "exitcode",
            Kind::Screenshot => "screenshot",
        })
    }
}

/// The outcome a row passes with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// $00 written to the debug cartridge (and, for a screenshot row, the same picture).
    Ok,
    /// $FF written (`expect:error`).
    Error,
    /// Nothing written within the cycles (`expect:timeout`).
    Timeout,
}

/// c64kit's options for a memory expansion option of the list (VICE's testbench
/// runs dqbb with its default 16 KiB).
fn memory_args(option: &str) -> Option<Vec<String>> {
    let args: &[&str] = match option {
        "dqbb" => &["--dqbb", "16k"],
        "isepic" => &["--isepic"],
        "plus60k" => &["--plus60k"],
        "plus256k" => &["--plus256k"],
        _ => {
            let size = option.strip_prefix("ramcart").filter(|s| is_size(s))?;
            return Some(vec!["--ramcart".to_string(), size.to_string()]);
        }
    };
    Some(args.iter().map(|a| a.to_string()).collect())
}

/// What the machine must be for a row, in c64kit's terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Machine {
    /// `--cia 6526` or `--cia 6526a` (cia-old / cia-new).
    pub cia: Option<&'static str>,
    /// The VIC-II (`--vic`), as VICE's testbench picks it (`-model c64c`, then `-ntsc`,
    /// `-ntscold`, `-VICIImodel`): the C64C's 8565, or its NTSC 8562 (vicii-ntsc); the
    /// C64's 6569 or 6567 (R8) with vicii-old; the 6567R56A (vicii-ntscold); also the
    /// name of the chip's own reference pictures.
    pub vic: &'static str,
    /// The SID (`--sid`): the C64C's 8580 VICE's testbench runs, the 6581 for sid-old.
    pub sid: &'static str,
    /// A disk image to put in drive 8 (mountd64:FILE, mountg64:FILE, mountp64:FILE), relative to the
    /// row's folder.
    pub disk: Option<String>,
    /// The disk is a track image (mountg64, mountp64) that only a true 1541 reads.
    pub needs_true_drive: bool,
    /// A cartridge to plug in (mountcrt:FILE), relative to the row's folder.
    pub cart: Option<String>,
    /// An REU's size as `--reu` takes it (reu512k: `512k`).
    pub reu: Option<String>,
    /// A GeoRAM's size as `--georam` takes it (geo512k: `512k`).
    pub georam: Option<String>,
    /// c64kit's options for the other memory expansions (dqbb: `--dqbb 16k`,
    /// ramcart128k: `--ramcart 128k`, isepic: `--isepic`, plus60k: `--plus60k`,
    /// plus256k: `--plus256k`).
    pub memory: Vec<String>,
    /// Options c64kit has no machine for (an expansion, a cartridge, a drive model):
    /// the row is reported unsupported.
    pub unsupported: Vec<String>,
}

impl Row {
    /// Parses one line; None for comments, blank lines and interactive or analyzer rows.
    pub fn parse(line: &str) -> Option<Row> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let mut fields = line.split(',');
        let path = fields.next()?.to_string();
        let program = fields.next()?.to_string();
        let kind = match fields.next()? {
            "exitcode" => Kind::ExitCode,
            "screenshot" => Kind::Screenshot,
            _ => return None,
        };
        let cycles = fields.next()?.trim().parse().ok()?;
        let options = fields.map(str::to_string).collect();
        Some(Row {
            path,
            program,
            kind,
            cycles,
            options,
        })
    }

    /// The row as the list writes it.
    pub fn line(&self) -> String {
        let mut parts = vec![
            self.path.clone(),
            self.program.clone(),
            self.kind.to_string(),
            self.cycles.to_string(),
        ];
        parts.extend(self.options.iter().cloned());
        parts.join(",")
    }

    /// What passes: $00, or what `expect:error` / `expect:timeout` say.
    pub fn expect(&self) -> Expect {
        if self.options.iter().any(|o| o == "expect:timeout") {
            Expect::Timeout
        } else if self.options.iter().any(|o| o == "expect:error") {
            Expect::Error
        } else {
            Expect::Ok
        }
    }

    /// The machine the options ask for.
    pub fn machine(&self) -> Machine {
        let mut m = Machine {
            sid: "8580",
            ..Machine::default()
        };
        // The C64C VICE's testbench runs (-default -model c64c): PAL, 8565 VIC-II.
        let (mut standard, mut old) = ("PAL", false);
        for o in &self.options {
            match o.as_str() {
                "default" | "vicii-new" => {}
                "vicii-pal" => standard = "PAL",
                "vicii-ntsc" => standard = "NTSC",
                "vicii-ntscold" => standard = "NTSCOLD",
                "vicii-drean" => standard = "PALN",
                "vicii-old" => old = true,
                "sid-old" => m.sid = "6581",
                "sid-new" => m.sid = "8580",
                "cia-old" => m.cia = Some("6526"),
                "cia-new" => m.cia = Some("6526a"),
                // Notes for the reader and the expected outcome, not the machine.
                _ if ["expect:", "comment:", "warn:"]
                    .iter()
                    .any(|p| o.starts_with(p)) => {}
                _ => {
                    if let Some(file) = o.strip_prefix("mountd64:") {
                        m.disk = Some(file.to_string());
                    } else if let Some(file) =
                        o.strip_prefix("mountg64:").or(o.strip_prefix("mountp64:"))
                    {
                        m.disk = Some(file.to_string());
                        m.needs_true_drive = true;
                    } else if let Some(file) = o.strip_prefix("mountcrt:") {
                        m.cart = Some(file.to_string());
                    } else if let Some(size) = o.strip_prefix("reu").filter(|s| is_size(s)) {
                        m.reu = Some(size.to_string());
                    } else if let Some(size) = o.strip_prefix("geo").filter(|s| is_size(s)) {
                        m.georam = Some(size.to_string());
                    } else if let Some(args) = memory_args(o) {
                        m.memory.extend(args);
                    } else {
                        m.unsupported.push(o.clone());
                    }
                }
            }
        }
        m.vic = match (standard, old) {
            ("PAL", false) => "8565",
            ("PAL", true) => "6569",
            ("NTSC", false) => "8562",
            ("NTSC", true) => "6567",
            ("NTSCOLD", _) => "6567r56a",
            _ => "6572",
        };
        m
    }

    /// The category of the table in docs/emulator.md.
    pub fn category(&self) -> Category {
        let top = self
            .path
            .trim_start_matches("./")
            .trim_start_matches("../")
            .split('/')
            .next()
            .unwrap_or("");
        let cartridge = self.options.iter().any(|o| o.starts_with("mountcrt:"));
        match top {
            _ if self.path.contains("Lorenz-2.15") => Category::Lorenz,
            "CPU" => Category::Cpu,
            "CIA" => Category::Cia,
            "interrupts" => Category::Interrupts,
            "VICII" => Category::Vicii,
            "general" => Category::General,
            "C64" if !cartridge => Category::General,
            "selftest" | "vdrive" => Category::Other,
            _ => Category::Expansions,
        }
    }

    /// The key a published result file gives the row: path, program, type, the disk,
    /// GCR disk and cartridge mounted, the CIA and SID flags, the video standard.
    pub fn result_key(&self) -> String {
        let mut d64 = "";
        let mut g64 = "";
        let mut crt = "";
        let mut cia = "-1";
        let mut sid = "-1";
        let mut video = "-1";
        for o in &self.options {
            if let Some(f) = o.strip_prefix("mountd64:").or(o.strip_prefix("mountd71:")) {
                d64 = f;
            } else if let Some(f) = o.strip_prefix("mountg64:") {
                g64 = f;
            } else if let Some(f) = o.strip_prefix("mountcrt:") {
                crt = f;
            }
            match o.as_str() {
                "cia-old" => cia = "0",
                "cia-new" => cia = "1",
                "sid-old" => sid = "0",
                "sid-new" => sid = "1",
                "vicii-pal" => video = "PAL",
                "vicii-ntsc" => video = "NTSC",
                "vicii-ntscold" => video = "NTSCOLD",
                _ => {}
            }
        }
        [
            self.path.as_str(),
            &self.program,
            &self.kind.to_string(),
            d64,
            g64,
            crt,
            cia,
            sid,
            video,
        ]
        .join(",")
    }
}

/// A size as the list writes it: digits and k or m (`512k`, `16m`).
fn is_size(s: &str) -> bool {
    s.len() > 1 && s.ends_with(['k', 'm']) && s[..s.len() - 1].bytes().all(|b| b.is_ascii_digit())
}

/// The rows of a list file's text.
pub fn parse_list(text: &str) -> Vec<Row> {
    text.lines().filter_map(Row::parse).collect()
}

/// The categories of docs/emulator.md's table, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// `../general/Lorenz-2.15/`.
    Lorenz,
    /// `../CPU/`.
    Cpu,
    /// `../CIA/`.
    Cia,
    /// `../interrupts/`.
    Interrupts,
    /// `../general/` (not Lorenz) and `../C64/` without a cartridge.
    General,
    /// `../VICII/`.
    Vicii,
    /// SID, REU, GeoRAM, cartridges, the 1541 drive, RAM expansions.
    Expansions,
    /// The testbench's own self-tests and the virtual-drive rows.
    Other,
}

impl Category {
    /// Every category, in table order.
    pub const ALL: [Category; 8] = [
        Category::Lorenz,
        Category::Cpu,
        Category::Cia,
        Category::Interrupts,
        Category::General,
        Category::Vicii,
        Category::Expansions,
        Category::Other,
    ];

    /// The name the table shows.
    pub fn name(self) -> &'static str {
        match self {
            Category::Lorenz => "Lorenz 2.15 CPU suite",
            Category::Cpu => "CPU",
            Category::Cia => "CIA",
            Category::Interrupts => "interrupts",
            Category::General => "general",
            Category::Vicii => "VICII",
            Category::Expansions => "SID/REU/GeoRAM/cartridges/drive/RAM expansions",
            Category::Other => "testbench self-tests, virtual drive",
        }
    }

    /// The short name `--category` takes.
    pub fn key(self) -> &'static str {
        match self {
            Category::Lorenz => "lorenz",
            Category::Cpu => "cpu",
            Category::Cia => "cia",
            Category::Interrupts => "interrupts",
            Category::General => "general",
            Category::Vicii => "vicii",
            Category::Expansions => "expansions",
            Category::Other => "other",
        }
    }

    /// The category `--category NAME` names.
    pub fn from_key(key: &str) -> Option<Category> {
        Category::ALL
            .into_iter()
            .find(|c| c.key().eq_ignore_ascii_case(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_parse_and_say_what_they_need() {
        let r =
            Row::parse("../general/Lorenz-2.15/src/,irq.prg,exitcode,26000000,cia-old").unwrap();
        assert_eq!(r.cycles, 26_000_000);
        assert_eq!(r.category(), Category::Lorenz);
        assert_eq!(r.machine().cia, Some("6526"));
        assert_eq!(
            r.result_key(),
            "../general/Lorenz-2.15/src/,irq.prg,exitcode,,,,0,-1,-1"
        );
        assert_eq!(
            r.line(),
            "../general/Lorenz-2.15/src/,irq.prg,exitcode,26000000,cia-old"
        );
        let r = Row::parse("../VICII/f/,f.prg,screenshot,5,vicii-pal,warn:vicfetch").unwrap();
        assert!(r.machine().unsupported.is_empty());
        assert_eq!(r.machine().vic, "8565");
        // The video standard and the chip's age pick the VIC-II as VICE's testbench.
        for (options, vic) in [
            ("vicii-pal,vicii-old", "6569"),
            ("vicii-ntsc", "8562"),
            ("vicii-ntsc,vicii-old", "6567"),
            ("vicii-ntscold", "6567r56a"),
            ("vicii-drean", "6572"),
        ] {
            let r = Row::parse(&format!("../VICII/f/,f.prg,exitcode,5,{options}")).unwrap();
            assert_eq!(r.machine().vic, vic, "{options}");
            assert!(r.machine().unsupported.is_empty());
        }
        let r = Row::parse("../REU/x/,a.prg,exitcode,5,reu512k,expect:timeout").unwrap();
        assert!(r.machine().unsupported.is_empty());
        assert_eq!(r.machine().reu.as_deref(), Some("512k"));
        assert_eq!(r.expect(), Expect::Timeout);
        assert_eq!(r.category(), Category::Expansions);
        let r = Row::parse("../GEO-RAM/,g.prg,exitcode,5,geo512k,ramcart128k,ramcart").unwrap();
        assert_eq!(r.machine().georam.as_deref(), Some("512k"));
        assert_eq!(r.machine().memory, ["--ramcart", "128k"]);
        assert_eq!(r.machine().unsupported, ["ramcart"]);
        let r = Row::parse("../m/,m.prg,exitcode,5,dqbb,isepic,plus60k,plus256k").unwrap();
        assert_eq!(
            r.machine().memory,
            ["--dqbb", "16k", "--isepic", "--plus60k", "--plus256k"]
        );
        let r = Row::parse("../drive/rpm/,rpm1.prg,exitcode,1,mountd64:rpm.d64,vicii-pal").unwrap();
        assert_eq!(r.machine().disk.as_deref(), Some("rpm.d64"));
        assert_eq!(
            r.result_key(),
            "../drive/rpm/,rpm1.prg,exitcode,rpm.d64,,,-1,-1,PAL"
        );
        assert!(!r.machine().needs_true_drive);
        let r = Row::parse("../drive/rpm/,rpm1.prg,exitcode,1,mountg64:rpm.g64,vicii-pal").unwrap();
        assert_eq!(r.machine().disk.as_deref(), Some("rpm.g64"));
        assert!(r.machine().needs_true_drive);
        assert!(r.machine().unsupported.is_empty());
        assert_eq!(
            r.result_key(),
            "../drive/rpm/,rpm1.prg,exitcode,,rpm.g64,,-1,-1,PAL"
        );
        let r = Row::parse("../drive/rpm/,rpm1.prg,exitcode,1,mountp64:rpm.p64").unwrap();
        assert_eq!(r.machine().disk.as_deref(), Some("rpm.p64"));
        assert!(r.machine().needs_true_drive);
        let r = Row::parse("../C64/carts/,,exitcode,1,mountcrt:8k.crt").unwrap();
        assert_eq!(r.category(), Category::Expansions);
        assert_eq!(r.machine().cart.as_deref(), Some("8k.crt"));
        assert_eq!(
            Row::parse("../C64/bankio/,b.prg,exitcode,1")
                .unwrap()
                .category(),
            Category::General
        );
        assert!(Row::parse("../x/,y.prg,interactive,0").is_none());
        assert!(Row::parse("# comment,a,exitcode,1").is_none());
    }
}
