//! Reading a test file's tree: `[program]`, `[symbols]`, `[chars]`, `[defaults]` and
//! each `[[test]]` (merged with the defaults, one test per row of its `cases`), into
//! specs whose numbers are literals or expressions for the assembler.

use std::path::{Path, PathBuf};

use crate::regs::{Flag, Reg};

use super::diag::{Diag, Place};
use super::spec::*;
use super::tree::{Key, Node, Val, check_keys, get};

/// A 64tass expression from the file.
#[derive(Clone, Debug)]
pub struct Expr {
    /// Its text (after a table row's values went in).
    pub text: String,
    /// Where it is written.
    pub place: Place,
    /// Where `text` starts in the file when the file holds it as it is.
    pub at: Option<usize>,
}

/// Text for `.text`, in 64tass's default encoding or as screen codes.
#[derive(Clone, Debug)]
pub struct TextExpr {
    /// The expression: a string literal or a name of one.
    pub expr: Expr,
    /// Screen codes (`.enc "screen"`).
    pub screen: bool,
}

/// Everything the assembler evaluates for a file.
#[derive(Clone, Debug, Default)]
pub struct Exprs {
    /// Numbers.
    pub exprs: Vec<Expr>,
    /// Texts.
    pub texts: Vec<TextExpr>,
}

/// Which ROMs the machine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roms {
    /// The emulator's stub KERNAL.
    Stub,
    /// The user's ROMs (`--roms`, `C64KIT_ROMS`).
    User,
}

/// `[program]`.
#[derive(Clone, Debug)]
pub struct ProgramSpec {
    /// Sources, relative to the test file's directory, in order.
    pub sources: Vec<(PathBuf, Place)>,
    /// 64tass's command-line flags.
    pub flags: Vec<String>,
    /// Where the flags are.
    pub flags_place: Place,
    /// The ROMs.
    pub roms: Roms,
    /// The default cycle budget.
    pub max_cycles: Option<u64>,
}

/// A whole test file.
#[derive(Clone, Debug)]
pub struct SuiteSpec {
    /// What to assemble.
    pub program: ProgramSpec,
    /// `[symbols]`: names defined for the expressions.
    pub symbols: Vec<(String, Num, Place)>,
    /// `[chars]`: the byte of each character of `chars` rows.
    pub chars: Vec<(char, Num)>,
    /// The tests.
    pub tests: Vec<TestSpec>,
    /// The expressions and texts the specs refer to.
    pub exprs: Exprs,
}

/// The default cycle budget of a test.
pub const DEFAULT_MAX_CYCLES: u64 = 1_000_000;

const TOP: [&str; 5] = ["program", "symbols", "chars", "defaults", "test"];
const PROGRAM: [&str; 5] = ["source", "sources", "flags", "roms", "max_cycles"];
const TEST: [&str; 15] = [
    "name",
    "skip",
    "mem",
    "regs",
    "keys",
    "before",
    "mock",
    "call",
    "run",
    "autostart",
    "until",
    "until_idle",
    "max_cycles",
    "cases",
    "expect",
];
const EXPECT: [&str; 14] = [
    "mem",
    "regs",
    "cycles",
    "screen",
    "screen_contains",
    "reached",
    "not_reached",
    "writes_only",
    "no_uninitialised_reads",
    "no_code_writes",
    "no_rom_shadow_reads",
    "preserved",
    "stop",
    "mock_calls",
];
const MOCK: [&str; 3] = ["regs", "mem", "calls"];
const DATA_FORMS: [&str; 8] = [
    "bytes", "word", "words", "text", "screen", "fill", "file", "chars",
];

/// Reads a whole file's tree; every problem found is reported, not just the first.
pub fn suite(root: &Node, dir: &Path) -> Result<SuiteSpec, Vec<Diag>> {
    let mut p = Parser {
        dir,
        exprs: Exprs::default(),
        diags: Vec::new(),
    };
    let Ok(top) = root.table("a test file") else {
        return Err(vec![root.err("a test file is a TOML table")]);
    };
    p.diags.extend(check_keys(top, &TOP, "a test file"));
    let program = match get(top, "program") {
        Some(node) => p.program(node),
        None => {
            p.diags
                .push(root.err("no [program]: say what to assemble (source = \"main.asm\")"));
            None
        }
    };
    let symbols = get(top, "symbols").map_or_else(Vec::new, |n| p.symbols(n));
    let chars = get(top, "chars").map_or_else(Vec::new, |n| p.chars(n));
    let default_max = program
        .as_ref()
        .and_then(|p| p.max_cycles)
        .unwrap_or(DEFAULT_MAX_CYCLES);
    let defaults = get(top, "defaults");
    if let Some(d) = defaults
        && let Ok(t) = d.table("[defaults]")
    {
        p.diags.extend(check_keys(t, &TEST, "[defaults]"));
    }
    let mut tests = Vec::new();
    match get(top, "test") {
        Some(list) => {
            for node in list.list() {
                let merged = match defaults {
                    Some(d) => merge(d, node),
                    None => node.clone(),
                };
                tests.extend(p.cases(&merged, default_max));
            }
        }
        None => p.diags.push(root.err("no [[test]] in the file")),
    }
    match program {
        Some(program) if p.diags.is_empty() => Ok(SuiteSpec {
            program,
            symbols,
            chars,
            tests,
            exprs: p.exprs,
        }),
        _ => Err(p.diags),
    }
}

/// `defaults` with `test` over it: tables merge key by key, anything else is replaced.
pub fn merge(defaults: &Node, test: &Node) -> Node {
    match (&defaults.val, &test.val) {
        (Val::Table(d), Val::Table(t)) => {
            let mut out: Vec<(Key, Node)> = d.clone();
            for (k, v) in t {
                match out.iter_mut().find(|(ok, _)| ok.name == k.name) {
                    Some((ok, ov)) => {
                        *ov = merge(ov, v);
                        *ok = k.clone();
                    }
                    None => out.push((k.clone(), v.clone())),
                }
            }
            Node {
                val: Val::Table(out),
                place: test.place.clone(),
            }
        }
        _ => test.clone(),
    }
}

/// A table row's values put into a test: a string that is exactly `{name}` becomes
/// the row's value, and `{name}` inside text becomes its text.
fn substitute(node: &Node, row: &[(Key, Node)]) -> Node {
    match &node.val {
        Val::Str(s, at) => {
            if let Some(name) = s.strip_prefix('{').and_then(|r| r.strip_suffix('}'))
                && let Some(v) = get(row, name)
            {
                return v.clone();
            }
            let text = substitute_text(s, row);
            let at = if text == *s { *at } else { None };
            Node {
                val: Val::Str(text, at),
                place: node.place.clone(),
            }
        }
        Val::Array(a) => Node {
            val: Val::Array(a.iter().map(|n| substitute(n, row)).collect()),
            place: node.place.clone(),
        },
        Val::Table(t) => Node {
            val: Val::Table(
                t.iter()
                    .map(|(k, v)| {
                        let key = Key {
                            name: substitute_text(&k.name, row),
                            place: k.place.clone(),
                        };
                        (key, substitute(v, row))
                    })
                    .collect(),
            ),
            place: node.place.clone(),
        },
        _ => node.clone(),
    }
}

fn substitute_text(s: &str, row: &[(Key, Node)]) -> String {
    let mut out = s.to_string();
    for (k, v) in row {
        let pattern = format!("{{{}}}", k.name);
        if out.contains(&pattern) {
            out = out.replace(&pattern, &cell_text(v));
        }
    }
    out
}

/// A row's value as text: a string's text, anything else as the file writes it.
fn cell_text(v: &Node) -> String {
    match &v.val {
        Val::Str(s, _) => s.clone(),
        _ => v
            .place
            .file
            .text
            .get(v.place.span.clone())
            .unwrap_or("")
            .to_string(),
    }
}

struct Parser<'a> {
    dir: &'a Path,
    exprs: Exprs,
    diags: Vec<Diag>,
}

impl Parser<'_> {
    fn keep<T>(&mut self, r: Result<T, Diag>) -> Option<T> {
        r.map_err(|d| self.diags.push(d)).ok()
    }

    fn knum(&mut self, node: &Node) -> Option<Num> {
        let r = self.num(node);
        self.keep(r)
    }

    fn kkey(&mut self, k: &Key) -> Option<Num> {
        let r = self.key_num(k);
        self.keep(r)
    }

    fn program(&mut self, node: &Node) -> Option<ProgramSpec> {
        let t = self.keep(node.table("[program]"))?;
        self.diags.extend(check_keys(t, &PROGRAM, "[program]"));
        let mut sources = Vec::new();
        for key in ["source", "sources"] {
            if let Some(n) = get(t, key) {
                for s in n.list() {
                    if let Some(path) = self.keep(s.str("a source")) {
                        sources.push((joined(self.dir, path), s.place.clone()));
                    }
                }
            }
        }
        if sources.is_empty() {
            self.diags
                .push(node.err("[program] names no source: add source = \"main.asm\""));
        }
        let mut flags = Vec::new();
        let flags_place = get(t, "flags").map_or(node.place.clone(), |n| n.place.clone());
        if let Some(n) = get(t, "flags") {
            for f in n.list() {
                if let Some(s) = self.keep(f.str("a flag")) {
                    flags.push(s.to_string());
                }
            }
        }
        let roms = match get(t, "roms") {
            None => Roms::Stub,
            Some(n) => match self.keep(n.str("roms"))? {
                "stub" => Roms::Stub,
                "user" => Roms::User,
                other => {
                    self.diags.push(n.err(format!(
                        "roms = {other:?}: \"stub\" (the emulator's KERNAL) or \"user\" (--roms DIR, $C64KIT_ROMS)"
                    )));
                    Roms::Stub
                }
            },
        };
        let max_cycles = match get(t, "max_cycles") {
            Some(n) => Some(self.keep(n.count("max_cycles"))?),
            None => None,
        };
        Some(ProgramSpec {
            sources,
            flags,
            flags_place,
            roms,
            max_cycles,
        })
    }

    fn symbols(&mut self, node: &Node) -> Vec<(String, Num, Place)> {
        let Some(t) = self.keep(node.table("[symbols]")) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in t {
            if let Some(n) = self.knum(v) {
                out.push((k.name.clone(), n, k.place.clone()));
            }
        }
        out
    }

    fn chars(&mut self, node: &Node) -> Vec<(char, Num)> {
        let Some(t) = self.keep(node.table("[chars]")) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in t {
            let mut it = k.name.chars();
            match (it.next(), it.next()) {
                (Some(c), None) => {
                    if let Some(n) = self.knum(v) {
                        out.push((c, n));
                    }
                }
                _ => self.diags.push(Diag::new(
                    k.place.clone(),
                    format!(
                        "[chars] maps one character to a byte; `{}` is not one character",
                        k.name
                    ),
                )),
            }
        }
        out
    }

    /// One test per row of `cases` (one test without it).
    fn cases(&mut self, node: &Node, default_max: u64) -> Vec<TestSpec> {
        let Some(t) = self.keep(node.table("a [[test]]")) else {
            return Vec::new();
        };
        self.diags.extend(check_keys(t, &TEST, "a test"));
        let Some(cases) = get(t, "cases") else {
            return self.test(node, None, default_max).into_iter().collect();
        };
        let named =
            get(t, "name").is_some_and(|n| matches!(&n.val, Val::Str(s, _) if s.contains('{')));
        let mut out = Vec::new();
        for row in cases.list() {
            let Some(cells) = self.keep(row.table("a row of cases")) else {
                continue;
            };
            let body = Node {
                val: Val::Table(
                    t.iter()
                        .filter(|(k, _)| k.name != "cases")
                        .map(|(k, v)| (k.clone(), substitute(v, cells)))
                        .collect(),
                ),
                place: node.place.clone(),
            };
            let label = (!named).then(|| {
                let values: Vec<String> = cells
                    .iter()
                    .map(|(k, v)| format!("{}={}", k.name, cell_text(v)))
                    .collect();
                format!(" [{}]", values.join(", "))
            });
            out.extend(self.test(&body, Some((label, row)), default_max));
        }
        out
    }

    fn test(
        &mut self,
        node: &Node,
        row: Option<(Option<String>, &Node)>,
        default_max: u64,
    ) -> Option<TestSpec> {
        let t = node.table("a test").ok()?;
        let before_errors = self.diags.len();
        let raw_name = match get(t, "name") {
            Some(n) => self.keep(n.str("a test's name"))?.to_string(),
            None => {
                self.diags
                    .push(node.err("a test without a name: add name = \"what it shows\""));
                return None;
            }
        };
        let name = match &row {
            Some((Some(label), _)) => format!("{raw_name}{label}"),
            _ => raw_name,
        };
        let place = match row {
            Some((_, r)) => r.place.clone(),
            None => get(t, "name").map_or(node.place.clone(), |n| n.place.clone()),
        };
        let skip = match get(t, "skip") {
            Some(n) => Some(self.keep(n.str("skip (the reason)"))?.to_string()),
            None => None,
        };
        let mem = get(t, "mem").map_or_else(Vec::new, |n| self.mem(n));
        let regs = get(t, "regs").map_or_else(Vec::new, |n| self.regs(n));
        let keys = match get(t, "keys") {
            Some(n) => {
                let text = self.keep(n.str("keys"))?;
                if let Err(e) = c64emu::Machine::check_key_text(text) {
                    self.diags.push(n.err(format!("keys: {e}")));
                }
                Some((text.to_string(), n.place.clone()))
            }
            None => None,
        };
        let before = get(t, "before").map_or_else(Vec::new, |n| {
            n.list().into_iter().filter_map(|x| self.knum(x)).collect()
        });
        let mocks = get(t, "mock").map_or_else(Vec::new, |n| self.mocks(n));
        let action = self.action(node, t, !mocks.is_empty())?;
        let max_cycles = match get(t, "max_cycles") {
            Some(n) => self.keep(n.count("max_cycles"))?,
            None => default_max,
        };
        let expect = match get(t, "expect") {
            Some(n) => self.expect(n, &mocks),
            None => Expect::default(),
        };
        (self.diags.len() == before_errors).then_some(TestSpec {
            name,
            place,
            skip,
            mem,
            regs,
            keys,
            before,
            mocks,
            action,
            max_cycles,
            expect,
        })
    }

    fn action(&mut self, node: &Node, t: &[(Key, Node)], mocks: bool) -> Option<Action> {
        let call = get(t, "call");
        let run = get(t, "run");
        let auto = get(t, "autostart");
        let given: Vec<&Node> = [call, run, auto].into_iter().flatten().collect();
        if given.len() != 1 {
            let d = match given.get(1) {
                Some(second) => second.err("a test does one thing: call, run or autostart"),
                None => node.err("the test runs nothing: add call = \"routine\" (or run = \"label\", autostart = true)"),
            };
            self.diags.push(d);
            return None;
        }
        let until = get(t, "until");
        let idle = match get(t, "until_idle") {
            Some(n) => self.keep(n.bool("until_idle"))?.then_some(n),
            None => None,
        };
        if let Some(c) = call {
            if let Some(extra) = until.or(idle) {
                self.diags.push(
                    extra.err(
                        "a call ends at its RTS: until and until_idle are for run and autostart",
                    ),
                );
                return None;
            }
            return Some(Action::Call(self.knum(c)?));
        }
        let start = match run {
            Some(r) => Start::At(self.knum(r)?),
            None => {
                let a = auto?;
                if !self.keep(a.bool("autostart"))? {
                    self.diags.push(a.err("autostart = false runs nothing"));
                    return None;
                }
                Start::Sys
            }
        };
        let end = match (until, idle) {
            (Some(_), Some(i)) => {
                self.diags.push(i.err("until and until_idle: give one"));
                return None;
            }
            (Some(u), None) => Until::Reach(self.knum(u)?),
            (None, Some(i)) => {
                if mocks {
                    self.diags.push(
                        i.err("mocks work with call, until and runs to BASIC, not with until_idle"),
                    );
                    return None;
                }
                Until::Idle
            }
            (None, None) => Until::Basic,
        };
        Some(Action::Run(start, end))
    }

    fn expect(&mut self, node: &Node, mocks: &[MockSpec]) -> Expect {
        let mut e = Expect::default();
        let Some(t) = self.keep(node.table("expect")) else {
            return e;
        };
        self.diags.extend(check_keys(t, &EXPECT, "expect"));
        for (k, v) in t {
            match k.name.as_str() {
                "mem" => e.mem = self.mem(v),
                "regs" => e.regs = self.regs(v),
                "cycles" => e.cycles = self.keep(cycles(v)),
                "screen" => {
                    for (row, line) in v.list().into_iter().enumerate() {
                        if let Some(s) = self.keep(line.str("a screen row")) {
                            e.screen.push((row, s.to_string(), line.place.clone()));
                        }
                    }
                    if e.screen.len() > 25 {
                        self.diags.push(v.err("the screen has 25 rows"));
                    }
                }
                "screen_contains" => {
                    for s in v.list() {
                        if let Some(text) = self.keep(s.str("screen text")) {
                            e.screen_contains.push((text.to_string(), s.place.clone()));
                        }
                    }
                }
                "reached" | "not_reached" => {
                    let addrs: Vec<Num> =
                        v.list().into_iter().filter_map(|x| self.knum(x)).collect();
                    match k.name.as_str() {
                        "reached" => e.reached = addrs,
                        _ => e.not_reached = addrs,
                    }
                }
                "writes_only" => {
                    let ranges = v
                        .list()
                        .into_iter()
                        .filter_map(|x| {
                            let r = self.range(x);
                            self.keep(r)
                        })
                        .collect();
                    e.writes_only = Some((ranges, v.place.clone()));
                }
                "no_uninitialised_reads" | "no_code_writes" | "no_rom_shadow_reads" => {
                    let on = self.keep(v.bool(&k.name)).unwrap_or(false);
                    let slot = match k.name.as_str() {
                        "no_uninitialised_reads" => &mut e.no_uninitialised_reads,
                        "no_code_writes" => &mut e.no_code_writes,
                        _ => &mut e.no_rom_shadow_reads,
                    };
                    *slot = on.then(|| v.place.clone());
                }
                "preserved" => {
                    for r in v.list() {
                        let Some(name) = self.keep(r.str("a register")) else {
                            continue;
                        };
                        match Reg::from_name(name) {
                            Some(reg) => e.preserved.push((reg, r.place.clone())),
                            None => self.diags.push(
                                r.err(format!("`{name}` is not a register (a, x, y, sp, p)")),
                            ),
                        }
                    }
                }
                "stop" => {
                    let Some(name) = self.keep(v.str("stop")) else {
                        continue;
                    };
                    match StopKind::NAMES.iter().find(|(n, _)| *n == name) {
                        Some(&(_, kind)) => e.stop = Some((kind, v.place.clone())),
                        None => {
                            let names: Vec<&str> = StopKind::NAMES.iter().map(|n| n.0).collect();
                            self.diags.push(
                                v.err(format!("stop = {name:?}: one of {}", names.join(", "))),
                            );
                        }
                    }
                }
                "mock_calls" => self.diags.push(
                    k.place
                        .clone()
                        .diag("a mock's calls go in the mock: mock.NAME = { calls = 2 }"),
                ),
                _ => {}
            }
        }
        let _ = mocks;
        e
    }

    fn mocks(&mut self, node: &Node) -> Vec<MockSpec> {
        let Some(t) = self.keep(node.table("mock")) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in t {
            let target = self.kkey(k);
            let Some(body) = self.keep(v.table("a mock")) else {
                continue;
            };
            self.diags.extend(check_keys(body, &MOCK, "a mock"));
            let regs = get(body, "regs").map_or_else(Vec::new, |n| self.regs(n));
            let mem = get(body, "mem").map_or_else(Vec::new, |n| self.mem(n));
            let calls = match get(body, "calls") {
                Some(n) => self.keep(n.count("calls")).map(|c| (c, n.place.clone())),
                None => None,
            };
            if let Some(target) = target {
                out.push(MockSpec {
                    target,
                    regs,
                    mem,
                    calls,
                });
            }
        }
        out
    }

    fn mem(&mut self, node: &Node) -> Vec<Mem> {
        let Some(t) = self.keep(node.table("mem")) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in t {
            let addr = self.kkey(k);
            let data = {
                let r = self.data(v, k);
                self.keep(r)
            };
            if let (Some(addr), Some(data)) = (addr, data) {
                out.push(Mem {
                    addr,
                    data,
                    place: v.place.clone(),
                });
            }
        }
        out
    }

    fn regs(&mut self, node: &Node) -> Vec<RegSpec> {
        let Some(t) = self.keep(node.table("regs")) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in t {
            if let Some(r) = Reg::from_name(&k.name) {
                if let Some(n) = self.knum(v) {
                    out.push(RegSpec::Reg(r, n));
                }
            } else if let Some(f) = Flag::from_name(&k.name) {
                let on = match v.val {
                    Val::Bool(b) => Some(b),
                    Val::Int(0) => Some(false),
                    Val::Int(1) => Some(true),
                    _ => {
                        self.diags
                            .push(v.err(format!("the flag {} is true or false (or 1, 0)", k.name)));
                        None
                    }
                };
                if let Some(on) = on {
                    out.push(RegSpec::Flag(f, on, v.place.clone()));
                }
            } else {
                self.diags.push(Diag::new(
                    k.place.clone(),
                    format!(
                        "`{}` is neither a register (a, x, y, sp, p) nor a flag (c, z, i, d, v, n)",
                        k.name
                    ),
                ));
            }
        }
        out
    }

    /// A number: an integer, or a string holding a 64tass expression.
    fn num(&mut self, node: &Node) -> Result<Num, Diag> {
        match &node.val {
            Val::Int(n) => Ok(Num::Lit(*n, node.place.clone())),
            Val::Str(s, at) => Ok(self.expr(s, node.place.clone(), *at)),
            _ => Err(node.err(format!(
                "a number or a 64tass expression in a string (\"$c000\", \"table+3\"), not {}",
                node.kind()
            ))),
        }
    }

    fn expr(&mut self, text: &str, place: Place, at: Option<usize>) -> Num {
        self.exprs.exprs.push(Expr {
            text: text.to_string(),
            place: place.clone(),
            at,
        });
        Num::Expr(self.exprs.exprs.len() - 1, place)
    }

    /// A key that names an address: a label or any expression.
    fn key_num(&mut self, k: &Key) -> Result<Num, Diag> {
        let raw = k.place.file.text.get(k.place.span.clone()).unwrap_or("");
        let at = if raw == k.name {
            Some(k.place.span.start)
        } else if raw.len() == k.name.len() + 2 && raw.get(1..raw.len() - 1) == Some(&k.name) {
            Some(k.place.span.start + 1)
        } else {
            None
        };
        Ok(self.expr(&k.name, k.place.clone(), at))
    }

    fn range(&mut self, node: &Node) -> Result<Range, Diag> {
        let text = match &node.val {
            Val::Str(s, _) => s.clone(),
            _ => {
                return Ok(Range {
                    start: self.num(node)?,
                    len: None,
                });
            }
        };
        // `addr:len`, split at the last colon outside quotes and parentheses.
        let mut depth = 0i32;
        let mut quote = None;
        let mut split = None;
        for (i, c) in text.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '(' | '[') => depth += 1,
                (None, ')' | ']') => depth -= 1,
                (None, ':') if depth == 0 => split = Some(i),
                _ => {}
            }
        }
        let at = match &node.val {
            Val::Str(_, at) => *at,
            _ => None,
        };
        match split {
            None => Ok(Range {
                start: self.expr(&text, node.place.clone(), at),
                len: None,
            }),
            Some(i) => Ok(Range {
                start: self.expr(&text[..i], node.place.clone(), at),
                len: Some(self.expr(&text[i + 1..], node.place.clone(), at.map(|a| a + i + 1))),
            }),
        }
    }

    /// Bytes: a number, an array of numbers, or a table naming the form.
    fn data(&mut self, v: &Node, key: &Key) -> Result<Data, Diag> {
        match &v.val {
            Val::Int(_) | Val::Str(..) => Ok(Data::Bytes(vec![self.num(v)?])),
            Val::Array(items) => Ok(Data::Bytes(
                items
                    .iter()
                    .map(|x| self.num(x))
                    .collect::<Result<_, _>>()?,
            )),
            Val::Bool(_) => Err(v.err("bytes are numbers, not true or false")),
            Val::Table(t) => {
                let forms: Vec<&(Key, Node)> = t
                    .iter()
                    .filter(|(k, _)| DATA_FORMS.contains(&k.name.as_str()))
                    .collect();
                let first = match forms.as_slice() {
                    [one] => one,
                    [] => {
                        let unknown = &t.first().map_or(key, |(k, _)| k).place;
                        let mut d = Diag::new(
                            unknown.clone(),
                            format!(
                                "bytes are a number, an array, or one of {{ {} }}",
                                DATA_FORMS.join(", ")
                            ),
                        );
                        if t.len() == 1
                            && matches!(t[0].1.val, Val::Int(_) | Val::Str(..) | Val::Table(_))
                        {
                            d = d.note(format!(
                                "a label with a dot must be quoted: \"{}.{}\" = ...",
                                key.name, t[0].0.name
                            ));
                        }
                        return Err(d);
                    }
                    [_, second, ..] => {
                        return Err(Diag::new(
                            second.0.place.clone(),
                            "one form of bytes per value",
                        ));
                    }
                };
                let (k, n) = (&first.0, &first.1);
                let extra: Vec<&str> = match k.name.as_str() {
                    "fill" => vec!["len"],
                    _ => vec![],
                };
                for (other, _) in t {
                    if other.name != k.name && !extra.contains(&other.name.as_str()) {
                        return Err(Diag::new(
                            other.place.clone(),
                            format!("`{}` does not go with `{}`", other.name, k.name),
                        ));
                    }
                }
                match k.name.as_str() {
                    "bytes" => Ok(Data::Bytes(
                        n.list()
                            .into_iter()
                            .map(|x| self.num(x))
                            .collect::<Result<_, _>>()?,
                    )),
                    "word" | "words" => Ok(Data::Words(
                        n.list()
                            .into_iter()
                            .map(|x| self.num(x))
                            .collect::<Result<_, _>>()?,
                    )),
                    "text" | "screen" => {
                        let s = n.str("text")?;
                        let at = match &n.val {
                            Val::Str(_, at) => *at,
                            _ => None,
                        };
                        self.exprs.texts.push(TextExpr {
                            expr: Expr {
                                text: s.to_string(),
                                place: n.place.clone(),
                                at,
                            },
                            screen: k.name == "screen",
                        });
                        Ok(Data::Text(self.exprs.texts.len() - 1))
                    }
                    "fill" => {
                        let len = get(t, "len")
                            .ok_or_else(|| n.err("fill needs a length: { fill = 0, len = 64 }"))?;
                        Ok(Data::Fill {
                            value: self.num(n)?,
                            len: self.num(len)?,
                        })
                    }
                    "file" => Ok(Data::File(joined(self.dir, n.str("a file")?))),
                    _ => {
                        let mut rows = Vec::new();
                        for r in n.list() {
                            rows.push((r.str("a row of chars")?.to_string(), r.place.clone()));
                        }
                        Ok(Data::Chars(rows))
                    }
                }
            }
        }
    }
}

/// `rel` from `dir`, with `x/..` taken out (so messages say `asm/RYG.asm`, not
/// `asm/tests/../RYG.asm`); an absolute `rel` as it is.
fn joined(dir: &Path, rel: &str) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in dir.join(rel).components() {
        match c {
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// `cycles = 129` or `cycles = "<= 200"`.
fn cycles(v: &Node) -> Result<(Cmp, u64, Place), Diag> {
    let bad = || {
        v.err("cycles = N, or a comparison in a string: \"<= 200\", \"< 200\", \">= 10\", \"> 10\", \"== 129\"")
    };
    match &v.val {
        Val::Int(n) if *n >= 0 => Ok((Cmp::Eq, *n as u64, v.place.clone())),
        Val::Str(s, _) => {
            let s = s.trim();
            let (cmp, rest) = [
                ("<=", Cmp::Le),
                (">=", Cmp::Ge),
                ("==", Cmp::Eq),
                ("<", Cmp::Lt),
                (">", Cmp::Gt),
            ]
            .into_iter()
            .find_map(|(op, c)| s.strip_prefix(op).map(|r| (c, r)))
            .ok_or_else(bad)?;
            let digits: String = rest.trim().chars().filter(|&c| c != '_').collect();
            let n = digits.parse::<u64>().map_err(|_| bad())?;
            Ok((cmp, n, v.place.clone()))
        }
        _ => Err(bad()),
    }
}

impl Place {
    /// A problem here.
    pub fn diag(self, message: impl Into<String>) -> Diag {
        Diag::new(self, message)
    }
}
