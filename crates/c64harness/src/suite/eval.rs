//! The test file's expressions, evaluated by the assembler itself: one small 64tass
//! source defines the program's symbols (with their assembled values) and the file's
//! `[symbols]`, then writes each expression with `.dint` and each text with `.text`.
//! What it assembles to are the values; its errors are mapped back to the test file
//! (file:line:col and a caret), an unknown name with the nearest known ones.

use c64asm::{Diagnostic, Kind, Options, Program, SymbolValue};

use super::diag::{Diag, Place};
use super::parse::{Expr, Exprs};
use super::spec::Num;

/// The values of a file's expressions and texts, by index.
#[derive(Clone, Debug, Default)]
pub struct Values {
    /// Numbers.
    pub nums: Vec<i64>,
    /// Encoded texts.
    pub texts: Vec<Vec<u8>>,
}

/// Where a line of the generated source came from.
struct Origin<'a> {
    expr: &'a Expr,
    /// 1-based column where the expression starts in the generated line.
    col: usize,
    /// The expression went in as written (no dotted names replaced).
    verbatim: bool,
}

/// Evaluates `exprs` (and the `[symbols]` they may use) against `program`'s symbols,
/// with the assembler options the program was assembled with.
pub fn evaluate(
    program: &Program,
    opts: &Options,
    symbols: &[(String, Num, Place)],
    exprs: &Exprs,
) -> Result<Values, Vec<Diag>> {
    if exprs.exprs.is_empty() && exprs.texts.is_empty() {
        return Ok(Values::default());
    }
    let fold = |s: &str| match opts.case_sensitive {
        true => s.to_string(),
        false => s.to_lowercase(),
    };
    let prefix = unique_prefix(program, &fold);
    let mut src = String::new();
    let mut origins: Vec<Option<Origin>> = Vec::new();
    // The program's symbols. Scoped names (`scope.name`) cannot be defined at the top:
    // the expressions get their values instead.
    let mut dotted: Vec<(String, String)> = Vec::new();
    let mut known: Vec<String> = Vec::new();
    for s in program.symbols() {
        let value = match &s.value {
            SymbolValue::Address(a) => format!("${a:x}"),
            SymbolValue::Number(n) => n.to_string(),
            SymbolValue::Other => match &s.repr {
                Some(r) if r.starts_with('"') || r.starts_with('\'') => r.clone(),
                _ => continue,
            },
        };
        known.push(s.name.clone());
        if s.name.contains('.') {
            dotted.push((fold(&s.name), value));
        } else {
            line(
                &mut src,
                &mut origins,
                format!("{} = {value}", s.name),
                None,
            );
        }
    }
    for (name, num, _) in symbols {
        known.push(name.clone());
        match num {
            Num::Lit(n, _) => line(&mut src, &mut origins, format!("{name} = {n}"), None),
            Num::Expr(i, _) => {
                let e = &exprs.exprs[*i];
                expr_line(
                    &mut src,
                    &mut origins,
                    format!("{name} = "),
                    e,
                    &dotted,
                    &fold,
                );
            }
        }
    }
    line(&mut src, &mut origins, "* = 0".into(), None);
    for (i, e) in exprs.exprs.iter().enumerate() {
        let head = format!("{prefix}{i} .dint ");
        expr_line(&mut src, &mut origins, head, e, &dotted, &fold);
    }
    for (i, t) in exprs.texts.iter().enumerate() {
        let enc = if t.screen { "screen" } else { "none" };
        line(&mut src, &mut origins, format!(".enc \"{enc}\""), None);
        let head = format!("{prefix}t{i} .text ");
        let literal = format!("\"{}\"", t.expr.text.replace('"', "\"\""));
        let col = head.chars().count() + 2;
        line(
            &mut src,
            &mut origins,
            format!("{head}{literal}"),
            Some(Origin {
                expr: &t.expr,
                col,
                verbatim: !t.expr.text.contains('"'),
            }),
        );
    }
    line(&mut src, &mut origins, ".enc \"none\"".into(), None);
    line(&mut src, &mut origins, format!("{prefix}end"), None);

    let eval_opts = Options {
        ascii: opts.ascii,
        case_sensitive: opts.case_sensitive,
        long_address: true,
        warnings: c64asm::Warnings {
            none: true,
            ..Default::default()
        },
        ..Options::default()
    };
    let out = match c64asm::assemble_str("test file expressions", &src, &eval_opts) {
        Ok(p) => p,
        Err(diags) => {
            return Err(diags
                .errors()
                .map(|d| to_diag(d, &origins, &known))
                .collect());
        }
    };
    // One expression a symbol: a map, not a search per expression.
    let addrs: std::collections::HashMap<&str, usize> = out
        .symbols()
        .iter()
        .filter_map(|s| match s.value {
            SymbolValue::Address(a) => Some((s.name.as_str(), a as usize)),
            _ => None,
        })
        .collect();
    let addr = |name: &str| addrs.get(name).copied().unwrap_or(0);
    let base = out.load_address as usize;
    let bytes = |from: usize, to: usize| -> Vec<u8> {
        out.image
            .get(from.saturating_sub(base)..to.saturating_sub(base))
            .unwrap_or(&[])
            .to_vec()
    };
    let nums = (0..exprs.exprs.len())
        .map(|i| {
            let a = addr(&format!("{prefix}{i}"));
            let b = bytes(a, a + 4);
            i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64
        })
        .collect();
    let texts = (0..exprs.texts.len())
        .map(|i| {
            let a = addr(&format!("{prefix}t{i}"));
            let next = match i + 1 < exprs.texts.len() {
                true => addr(&format!("{prefix}t{}", i + 1)),
                false => addr(&format!("{prefix}end")),
            };
            bytes(a, next)
        })
        .collect();
    Ok(Values { nums, texts })
}

/// A line of the generated source.
fn line<'e>(
    src: &mut String,
    origins: &mut Vec<Option<Origin<'e>>>,
    text: String,
    origin: Option<Origin<'e>>,
) {
    src.push_str(&text);
    src.push('\n');
    origins.push(origin);
}

/// `head` and the expression `e` after it (scoped names replaced), remembering where
/// it came from for the messages.
fn expr_line<'e>(
    src: &mut String,
    origins: &mut Vec<Option<Origin<'e>>>,
    head: String,
    e: &'e Expr,
    dotted: &[(String, String)],
    fold: &impl Fn(&str) -> String,
) {
    let (text, verbatim) = replace_dotted(&e.text, dotted, fold);
    let col = head.chars().count() + 1;
    let origin = Origin {
        expr: e,
        col,
        verbatim,
    };
    line(src, origins, format!("{head}{text}"), Some(origin));
}

/// A prefix no symbol of the program starts with.
fn unique_prefix(program: &Program, fold: &impl Fn(&str) -> String) -> String {
    let mut prefix = String::from("c64kit_test_");
    while program
        .symbols()
        .iter()
        .any(|s| fold(&s.name).starts_with(&fold(&prefix)))
    {
        prefix.push('_');
    }
    prefix
}

/// `text` with each scoped name of the program (`scope.name`) replaced by its value;
/// false if anything was replaced.
fn replace_dotted(
    text: &str,
    dotted: &[(String, String)],
    fold: &impl Fn(&str) -> String,
) -> (String, bool) {
    if dotted.is_empty() || !text.contains('.') {
        return (text.to_string(), true);
    }
    let mut out = String::new();
    let mut rest = text;
    let mut verbatim = true;
    let mut quote: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        if let Some(q) = quote {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            if c == q {
                quote = None;
            }
            continue;
        }
        if c == '"' || c == '\'' {
            quote = Some(c);
            out.push(c);
            rest = &rest[1..];
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let end = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_' || ch == '.'))
                .unwrap_or(rest.len());
            let word = rest[..end].trim_end_matches('.');
            match dotted.iter().find(|(n, _)| *n == fold(word)) {
                Some((_, v)) if word.contains('.') => {
                    out.push_str(v);
                    verbatim = false;
                }
                _ => out.push_str(word),
            }
            rest = &rest[word.len()..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    (out, verbatim)
}

/// An assembler error on the generated source, as a problem at the expression.
fn to_diag(d: &Diagnostic, origins: &[Option<Origin>], known: &[String]) -> Diag {
    let origin = d
        .line
        .checked_sub(1)
        .and_then(|l| origins.get(l))
        .and_then(Option::as_ref);
    let Some(o) = origin else {
        // Not an expression's line: the program's symbols did not go in again.
        let place = known_place(origins);
        return Diag::new(
            place,
            format!("cannot evaluate the test file's expressions: {}", d.message),
        );
    };
    let e = o.expr;
    let mut place = e.place.clone();
    if let (Some(at), true) = (e.at, o.verbatim)
        && let Some(offset) = d.column.checked_sub(o.col)
    {
        let byte: usize = e.text.chars().take(offset).map(char::len_utf8).sum();
        let len = undefined_name(d).map_or(1, str::len).max(1);
        let start = at + byte.min(e.text.len());
        place.span = start..(start + len).min(at + e.text.len().max(1));
    }
    let mut diag = Diag::new(place, d.message.clone());
    if let Some(name) = undefined_name(d) {
        let close: Vec<&str> = close_names(name, known);
        if !close.is_empty() {
            diag = diag.note(format!(
                "did you mean {}?",
                close
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    for n in &d.notes {
        if !n.starts_with("searched in") {
            diag = diag.note(n.clone());
        }
    }
    diag
}

/// Some place in the file for an error that belongs to no expression.
fn known_place(origins: &[Option<Origin>]) -> Place {
    origins
        .iter()
        .flatten()
        .next()
        .map(|o| o.expr.place.clone())
        .expect("an evaluation without expressions is never assembled")
}

/// The name in "not defined symbol 'name'".
fn undefined_name(d: &Diagnostic) -> Option<&str> {
    if d.kind != Kind::UndefinedSymbol {
        return None;
    }
    let start = d.message.find('\'')? + 1;
    let end = start + d.message[start..].find('\'')?;
    Some(&d.message[start..end])
}

/// Up to three known names like `name`: a few edits away (case aside), or, for a
/// scoped name, like its last part; the closest first.
fn close_names<'a>(name: &str, known: &'a [String]) -> Vec<&'a str> {
    let lower = name.to_lowercase();
    let limit = (lower.chars().count() / 3).max(1);
    let mut scored: Vec<(usize, &str)> = known
        .iter()
        .filter_map(|k| {
            let kl = k.to_lowercase();
            let tail = kl.rsplit('.').next().unwrap_or(&kl).to_string();
            let d = strsim::damerau_levenshtein(&lower, &kl)
                .min(strsim::damerau_levenshtein(&lower, &tail));
            (d <= limit).then_some((d, k.as_str()))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, k)| k).collect()
}
