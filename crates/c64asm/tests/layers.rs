//! The assembler's modules (`src/asm/`) are layers: data flows one way,
//! from text to lines to values and addresses to bytes, listing and labels
//! (see the diagram in `src/asm/mod.rs`, checked against [`LAYERS`] here).
//! A module may name only modules of lower layers, or those before it in
//! its own layer, so a reader can understand each from what is below it;
//! the methods it adds to the `Assembler` call lower layers' methods but for
//! the known calls of [`UPWARD_CALLS`]. These tests read the sources and
//! name every place that breaks the rule.

use std::path::{Path, PathBuf};

/// The layers of `src/asm/`, lowest first, each with its modules in order.
/// `mod.rs` (the `Assembler` and its passes) is above them all: a module
/// may name the `Assembler` from it, nothing else.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "pure code",
        &[
            "checks",
            "commands",
            "files",
            "mnemonics",
            "builtins",
            "by_file",
            "call_chains",
            "macro_text",
            "line_ids",
            "line_entry",
            "seen_texts",
            "stars",
        ],
    ),
    ("messages", &["report"]),
    ("text into lines", &["lines", "head"]),
    ("pass state", &["state"]),
    ("records", &["listed", "result"]),
    (
        "values, addresses, bytes",
        &[
            "eval",
            "addresses",
            "wraps",
            "warnings",
            "functions",
            "emit",
            "replay",
        ],
    ),
    ("the line loop", &["compile", "labelled"]),
    (
        "directives and instructions",
        &[
            "optimize",
            "scopes",
            "include",
            "data",
            "control",
            "loops",
            "macros",
            "blocks",
            "encode",
            "settings",
            "target",
            "directives",
            "instr",
            "unused",
        ],
    ),
];

/// The methods of a lower layer's `impl Assembler` that still call one of a
/// higher layer's (the `Assembler` is one struct: a call needs no import),
/// each with why. A new one fails the test, and so does one that is gone
/// (take it out here).
const UPWARD_CALLS: &[(&str, &str)] = &[
    // The listing asks where a line's statement starts (the result's
    // source map asks the same).
    ("listed", "statement"),
    // The label file gives a label's size.
    ("result", "code_size"),
    // An expression calls functions (built-in and user ones), makes `*`'s
    // code object, and reports what its operators met.
    ("eval", "call_builtin"),
    ("eval", "convert"),
    ("eval", "call_function"),
    ("eval", "star_code"),
    ("eval", "strict_bool"),
    ("eval", "strict_bool_warnings"),
    ("eval", "float_compare_warning"),
    ("eval", "float_round_warning"),
    ("eval", "operand_wrap_warning"),
    // A name the line's failed replay check knows to resolve as before (a
    // label that moved) is taken from the check, not searched for.
    ("eval", "known_read"),
    // `binary()` reads a file as `.binary` does.
    ("functions", "binary_file"),
    // The line loop hands each line to its directive or instruction, and
    // a macro call to the macros.
    ("compile", "command"),
    ("compile", "skipped_command"),
    ("compile", "nothing_after"),
    ("compile", "instruction_line"),
    // An instruction after a label replayed without its name looked up.
    ("compile", "labelled_instruction_replayed"),
    ("compile", "call_macro_value"),
    ("compile", "call_by_expression"),
    ("compile", "close_logical"),
    ("compile", "close_union"),
    ("compile", "opt_invalidate"),
    // A line starting with a name goes to `labelled`, which builds on the
    // loop's pieces (the rest of the line, a code label's definition).
    ("compile", "labelled_line"),
    // It hands an instruction, a labelled directive and a macro call written
    // first on, as the loop does.
    ("labelled", "labelled_command"),
    ("labelled", "instruction_line"),
    ("labelled", "call_macro_value"),
];

/// The lowest layer computes without the assembler: its modules never name it.
const PURE_LAYER: usize = 0;

fn asm_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/asm")
}

/// (layer, position in the whole order) of a module.
fn rank(module: &str) -> Option<(usize, usize)> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(layer, (_, mods))| mods.iter().map(move |m| (layer, *m)))
        .enumerate()
        .find(|(_, (_, m))| *m == module)
        .map(|(order, (layer, _))| (layer, order))
}

/// A source file of `src/asm/`: the module it belongs to, and whether it is
/// that module's root (`super::` then means `asm`) or a submodule's file.
struct Source {
    module: String,
    root: bool,
    /// The file's text, and its path under `src/asm` as messages name it.
    text: String,
    file: String,
}

impl Source {
    fn new(path: PathBuf, module: String, root: bool) -> Source {
        let text = std::fs::read_to_string(&path).expect("a source is readable");
        let file = path.strip_prefix(asm_dir()).unwrap().display().to_string();
        Source {
            module,
            root,
            text,
            file,
        }
    }
}

fn sources() -> Vec<Source> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(asm_dir())
        .expect("src/asm is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut files: Vec<_> = std::fs::read_dir(&path)
                .expect("a module directory is readable")
                .map(|e| e.expect("a directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "rs"))
                .collect();
            files.sort();
            for file in files {
                let root = file.file_name().is_some_and(|f| f == "mod.rs");
                out.push(Source::new(file, name.clone(), root));
            }
        } else if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
            out.push(Source::new(path, name, true));
        }
    }
    out
}

/// The code of a file, line by line: comments blanked, and nothing from
/// its unit tests on (they may use anything).
fn code_lines(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let next = lines[i + 1..].iter().find(|l| !l.trim().is_empty());
        if line.trim() == "#[cfg(test)]" && next.is_some_and(|l| l.trim_start().starts_with("mod "))
        {
            break;
        }
        out.push(strip_comment(line).to_string());
    }
    out
}

/// A line without its `//` comment (one outside a string).
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'/' if !in_str && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// The first names of the paths after `at` in `line`: `ident` or the
/// items of a `{...}` group (`{a, b::c}` gives `a` and `b`).
fn first_names(line: &str, at: usize) -> Vec<String> {
    let rest = &line[at..];
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '*')
            .collect()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let mut names = Vec::new();
        let mut depth = 0;
        let mut start = true;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => start = true,
                c if start && !c.is_whitespace() => {
                    names.push(ident(&group[i..]));
                    start = false;
                }
                _ => {}
            }
        }
        names
    } else {
        vec![ident(rest)]
    }
}

/// Every module of `asm` a file's code names, with the line (1-based).
/// `from_root`: the file is its module's root, so `super::` is `asm`.
fn named(code: &[String], from_root: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in code.iter().enumerate() {
        let prefixes: &[&str] = if from_root {
            &["crate::asm::", "super::"]
        } else {
            &["crate::asm::", "super::super::"]
        };
        for prefix in prefixes {
            let mut from = 0;
            while let Some(i) = line[from..].find(prefix) {
                let at = from + i + prefix.len();
                from = at;
                // `super::super::x` is not `super::` followed by `super`.
                if *prefix == "super::" && line[at..].starts_with("super::") {
                    continue;
                }
                // A `super::` in `crate::asm::x::super::` or `super::super::`
                // (seen as `super::super::`) is counted once.
                let before = &line[..at - prefix.len()];
                if *prefix == "super::"
                    && (before.ends_with("super::") || before.ends_with("asm::"))
                {
                    continue;
                }
                for name in first_names(line, at) {
                    out.push((n + 1, name));
                }
            }
        }
    }
    out
}

#[test]
fn every_module_has_a_layer() {
    let mut missing = Vec::new();
    for s in sources() {
        if rank(&s.module).is_none() && !missing.contains(&s.module) {
            missing.push(s.module);
        }
    }
    assert!(
        missing.is_empty(),
        "modules of src/asm in no layer (add them to LAYERS here and to the diagram in src/asm/mod.rs): {missing:?}"
    );
}

#[test]
fn modules_name_only_lower_layers() {
    let mut wrong = Vec::new();
    for s in sources() {
        let Some((layer, order)) = rank(&s.module) else {
            continue;
        };
        let (text, file) = (&s.text, &s.file);
        let code = code_lines(text);
        for (line, name) in named(&code, s.root) {
            if name == "Assembler" {
                continue;
            }
            match rank(&name) {
                Some((_, o)) if o < order || name == s.module => {}
                Some((l, _)) => wrong.push(format!(
                    "asm/{file}:{line}: `{}` (layer {layer}, {}) names `{name}` (layer {l}, {}), \
                     which is not below it",
                    s.module, LAYERS[layer].0, LAYERS[l].0
                )),
                None => wrong.push(format!(
                    "asm/{file}:{line}: `{}` names `{name}` of src/asm/mod.rs, the top: only \
                     the `Assembler` may be named from there (move `{name}` into the lowest \
                     layer that needs it)",
                    s.module
                )),
            }
        }
        if layer == PURE_LAYER
            && let Some(n) = code.iter().position(|l| l.contains("Assembler"))
        {
            wrong.push(format!(
                "asm/{file}:{}: `{}` is in the layer of pure functions but names the Assembler",
                n + 1,
                s.module
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// The rest of the crate is below the assembler: only `lib.rs` runs it.
#[test]
fn only_the_crate_root_names_the_assembler() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                if path != asm_dir() {
                    stack.push(path);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path == src.join("lib.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source is readable");
            for (n, line) in code_lines(&text).iter().enumerate() {
                if line.contains("crate::asm") {
                    wrong.push(format!(
                        "{}:{}",
                        path.strip_prefix(&src).unwrap().display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "modules below the assembler that name it: {wrong:?}"
    );
}

/// The `impl Assembler` blocks of a file's code: (index of the first line, lines).
fn assembler_impls(code: &[String]) -> Vec<(usize, &[String])> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let l = &code[i];
        if l.starts_with("impl") && l.contains("Assembler") && l.ends_with('{') {
            let end = code[i..]
                .iter()
                .position(|l| l == "}")
                .map_or(code.len(), |e| i + e);
            out.push((i, &code[i..end]));
            i = end;
        }
        i += 1;
    }
    out
}

/// The methods an `impl Assembler` block defines (`    fn name`, `    pub fn name`).
fn methods(block: &[String]) -> Vec<String> {
    block
        .iter()
        .filter_map(|l| {
            let l = l.strip_prefix("    ")?;
            if l.starts_with(' ') {
                return None;
            }
            let rest = l.split_once("fn ")?;
            let before = rest.0.trim();
            if !(before.is_empty() || before.starts_with("pub")) {
                return None;
            }
            let name: String = rest
                .1
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// The methods called on `self` in a block (`self.name(`, also across a
/// line break), with the line (index in the block).
fn self_calls(block: &[String]) -> Vec<(usize, String)> {
    let text = block.join("\n");
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("self") {
        let at = from + i;
        from = at + 4;
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        if at > 0 && word(bytes[at - 1]) || bytes.get(at + 4).is_some_and(|&c| word(c)) {
            continue;
        }
        let rest = text[at + 4..].trim_start();
        let Some(rest) = rest.strip_prefix('.') else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let after = &rest[name.len()..];
        if !name.is_empty() && (after.starts_with('(') || after.starts_with("::<")) {
            out.push((text[..at].matches('\n').count(), name));
        }
    }
    out
}

#[test]
fn methods_call_lower_layers_but_for_the_known_calls() {
    let mut defined: Vec<(String, String)> = Vec::new();
    let mut calls: Vec<(String, String, String)> = Vec::new();
    for s in sources() {
        let (text, file) = (&s.text, &s.file);
        let code = code_lines(text);
        for (start, block) in assembler_impls(&code) {
            for m in methods(block) {
                defined.push((m, s.module.clone()));
            }
            for (line, name) in self_calls(block) {
                let place = format!("asm/{file}:{}", start + line + 1);
                calls.push((s.module.clone(), name, place));
            }
        }
    }
    let order = |m: &str| rank(m).map_or(usize::MAX, |(_, o)| o);
    let mut found: Vec<(String, String)> = Vec::new();
    let mut wrong = Vec::new();
    for (module, name, place) in &calls {
        let owners: Vec<&String> = defined
            .iter()
            .filter(|(m, _)| m == name)
            .map(|(_, o)| o)
            .collect();
        if owners.is_empty() || owners.iter().any(|o| order(o) <= order(module)) {
            continue;
        }
        let pair = (module.clone(), name.clone());
        if !found.contains(&pair) {
            found.push(pair);
        }
        if !UPWARD_CALLS.contains(&(module.as_str(), name.as_str())) {
            wrong.push(format!(
                "{place}: `{module}` calls `{name}` of `{}`, a higher layer (move the \
                 method down, or the call up; or add it to UPWARD_CALLS with why)",
                owners[0]
            ));
        }
    }
    for (module, name) in UPWARD_CALLS {
        if !found.iter().any(|(m, n)| m == module && n == name) {
            wrong.push(format!(
                "`{module}` no longer calls `{name}` of a higher layer: take it out of UPWARD_CALLS"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "calls against the layers:\n{}",
        wrong.join("\n")
    );
}

/// The diagram in `src/asm/mod.rs` shows the layers checked here: each
/// module in the row of its layer (a row goes on in the lines under it).
#[test]
fn the_diagram_shows_the_layers() {
    let text = std::fs::read_to_string(asm_dir().join("mod.rs")).expect("mod.rs is readable");
    let doc: Vec<&str> = text.lines().map_while(|l| l.strip_prefix("//!")).collect();
    let start = doc
        .iter()
        .position(|l| l.trim() == "```text")
        .expect("a ```text diagram in src/asm/mod.rs");
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    for line in doc[start + 1..].iter().take_while(|l| l.trim() != "```") {
        let words: Vec<String> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        match words.first().and_then(|w| w.parse::<usize>().ok()) {
            Some(n) => rows.push((n, words[1..].to_vec())),
            None => rows
                .last_mut()
                .expect("the diagram starts with a numbered row")
                .1
                .extend(words),
        }
    }
    for (layer, (title, mods)) in LAYERS.iter().enumerate() {
        let row = rows
            .iter()
            .find(|(n, _)| *n == layer)
            .unwrap_or_else(|| panic!("no row {layer} ({title}) in the diagram"));
        for m in *mods {
            assert!(
                row.1.iter().any(|w| w == m),
                "the diagram's row {layer} ({title}) lacks `{m}`"
            );
        }
    }
    for (n, words) in &rows {
        for w in words {
            if let Some((layer, _)) = rank(w) {
                assert_eq!(
                    layer, *n,
                    "the diagram shows `{w}` in row {n}, it is in layer {layer}"
                );
            }
        }
    }
}

/// The checks themselves: a name above is found, in each way a path is written.
#[test]
fn upward_names_are_found() {
    let code: Vec<String> = [
        "use super::compile::{Cmd, Step};",
        "use super::{Assembler, lines::LineRef, eval};",
        "let x = crate::asm::data::Chunk::default(); // super::macros",
        "use super::super::state::Wait;",
    ]
    .iter()
    .map(|l| strip_comment(l).to_string())
    .collect();
    let names: Vec<String> = named(&code, true).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["compile", "Assembler", "lines", "eval", "data"]);
    let names: Vec<String> = named(&code, false).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["data", "state"]);
}

/// The method checks' reading: definitions and calls on `self`, also split
/// over lines, but not a field's method or another value's.
#[test]
fn methods_and_calls_are_found() {
    let code: Vec<String> = [
        "impl Assembler<'_> {",
        "    pub fn a(&mut self) {",
        "        self.b(1);",
        "        let x = self",
        "            .c::<u8>();",
        "        self.st.d();",
        "        itself.e();",
        "    }",
        "    pub(super) fn f(&self) {}",
        "}",
        "impl Other {",
        "    fn g(&self) {}",
        "}",
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    let blocks = assembler_impls(&code);
    assert_eq!(blocks.len(), 1);
    assert_eq!(methods(blocks[0].1), ["a", "f"]);
    let calls: Vec<(usize, String)> = self_calls(blocks[0].1);
    assert_eq!(calls, [(2, "b".to_string()), (3, "c".to_string())]);
}
