//! Evaluating expressions: symbol lookup through the scope stack (with the
//! pass bookkeeping that decides whether another pass is needed), operators,
//! member access, indexing and calls.

use std::rc::Rc;

use super::Assembler;
use super::lines::{LineRef, ParseKind};
use super::macro_text::macro_column;
use super::report::{EResult, Reported};
use crate::diag::Kind;
use crate::intern::Name;
use crate::source::Span;
use crate::symbols::{GLOBAL, LabelId, PcType};
use crate::syntax::ast::{AddrOp, BinOp, Pos, TextMode, UnOp};
use crate::syntax::compiled::{Expr, ExprKind};
use crate::value::builtins::BUILTINS;
use crate::value::seq::IndexArg;
use crate::value::{
    self, AddrMode, Address, Bits, Builtin, CodeRef, Dict, Env, FResult, Fault, FuncId, MacroKind,
    NsId, Value,
};

/// "not defined symbol 'name'": 64tass names a symbol in a message only
/// when it fits in 40 columns.
pub(super) fn not_defined_words(name: &str) -> String {
    // `+`, `--`: an anonymous label (no symbol is named so).
    if !name.is_empty() && (name.bytes().all(|b| b == b'+') || name.bytes().all(|b| b == b'-')) {
        return format!("not defined anonsymbol '{name}'");
    }
    if name.chars().count() > 40 {
        "not defined symbol".into()
    } else {
        format!("not defined symbol '{name}'")
    }
}

/// Where a name was looked for, for "not defined symbol".
#[derive(Clone, Copy, Debug)]
pub enum Searched {
    /// The current scope and its parents.
    Scopes,
    /// One object's members (`label.member`).
    Object(NsId),
}

/// Evaluated arguments of a line: most lines have one or two, kept inline
/// (a line is evaluated once per pass; an allocation each would show).
pub type Args = smallvec::SmallVec<[Located; 2]>;

/// A value with the position it came from.
#[derive(Clone, Debug)]
pub struct Located {
    pub val: Value,
    pub pos: Pos,
}

impl Env for Assembler<'_> {
    fn name_of(&self, name: u32) -> String {
        self.names.name(name).to_string()
    }

    fn has_member(&self, scope: &Value, name: u32) -> Option<FResult<bool>> {
        let ns = self.namespace_of(scope)?;
        // 64tass 1.58 only asks this of variables: a constant is an error.
        Some(match self.lookup_in(ns, name) {
            None => Ok(false),
            Some(id) if self.syms.label(id).constant() => Err(Fault::new(format!(
                "not a variable '{}'",
                self.names.name(name)
            ))),
            Some(_) => Ok(true),
        })
    }

    /// 64tass reports a character it can't encode at once, wherever the
    /// string is (see `Fault::eager`).
    fn encode(&self, s: &str) -> FResult<Vec<u8>> {
        match self.encode_or_mark(s) {
            Ok(bytes) => Ok(bytes),
            // Reported already: the text's bytes with a `?` for it.
            Err((_, bytes)) if self.marking.get() => Ok(bytes),
            Err((f, _)) => Err(f),
        }
    }

    fn approximate(&self, approx: std::cmp::Ordering, exact: std::cmp::Ordering) {
        if self.approx.get().is_none() {
            self.approx.set(Some((approx, exact)));
        }
    }

    fn rounded(&self) {
        self.rounded.set(true);
    }

    /// As 64tass lists them: the table's order, the labels defined in this
    /// pass (and constants of the last one), an anonymous scope's name empty.
    fn namespace_members(&self, ns: NsId) -> Option<Vec<String>> {
        let (pass, fixeddig) = (self.st.pass, self.st.fixeddig);
        let members = self.syms.table_order(ns, &self.names);
        let shown = members
            .into_iter()
            .filter(|&id| self.syms.label(id).visible(pass, fixeddig));
        Some(
            shown
                .map(|id| {
                    let name = self.syms.display(id, &self.names);
                    let name = if name.starts_with('\u{1}') { "" } else { name };
                    format!("<label '{name}'>")
                })
                .collect(),
        )
    }

    fn report_and_go_on(&self, f: &Fault) -> bool {
        self.conversions_failed.borrow_mut().push(f.clone());
        true
    }

    fn bool_misused(&self, msg: String) {
        if self.opts.warnings.strict_bool {
            self.bool_uses.borrow_mut().push(msg);
        }
    }

    fn code_value(&self, code: CodeRef) -> Value {
        let c = self.syms.code(code.id);
        let raw = c.addr as i64 + code.offs as i64;
        let addr = raw as u32 & self.out.all_mem;
        if addr as i64 != raw {
            self.addr_wrapped.set(true);
        }
        pc_value(addr, self.syms.code_type(code.id))
    }
}

/// A string where no encoding is in effect: one character is its code point
/// in as few bytes as hold it (64tass's rule inside `.cdef`, `.tdef` and
/// `.edef` arguments).
fn unencoded(s: &str) -> FResult<Vec<u8>> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            let c = c as u32;
            let len = if c < 0x100 {
                1
            } else if c < 0x10000 {
                2
            } else {
                3
            };
            Ok(c.to_le_bytes()[..len].to_vec())
        }
        (None, _) => Err(Fault::new("empty string not allowed")),
        _ => Err(Fault::new("more than a single character")),
    }
}

/// Where the `index`th character of the string literal at `pos` is in the
/// line (a doubled quote is one character), if `pos` starts a literal.
/// An expression inside its grouping brackets: `(("a"))` is the string.
fn unparen(e: &Expr) -> &Expr {
    match e.kind() {
        ExprKind::Paren(inner) => unparen(inner),
        _ => e,
    }
}

pub(super) fn char_in_literal(line: &LineRef, pos: usize, index: usize) -> Option<usize> {
    let text = &line.text[..line.end];
    let is_quote = |b: u8| b == b'"' || b == b'\'';
    let bytes = text.as_bytes();
    // An encoded string's prefix (`s"..."`, `p"..."`) comes before the quote.
    let pos = match bytes.get(pos)? {
        b if b.is_ascii_alphabetic() && bytes.get(pos + 1).is_some_and(|&q| is_quote(q)) => pos + 1,
        _ => pos,
    };
    let quote = *bytes.get(pos)?;
    if !is_quote(quote) {
        return None;
    }
    let mut chars = text[pos + 1..].char_indices().peekable();
    let mut n = 0;
    while let Some((at, c)) = chars.next() {
        if c == quote as char {
            if chars.peek().map(|&(_, d)| d) != Some(quote as char) {
                return None;
            }
            chars.next();
        }
        if n == index {
            return Some(pos + 1 + at);
        }
        n += 1;
    }
    None
}

/// A character in 64tass's message: quoted with `'`, or with `"` if it is
/// one of the apostrophes (a control character is written as its code when
/// the message is, see [`super::report::printable_message`]).
pub fn quoted_char(c: char) -> String {
    let q = if matches!(c, '\'' | '\u{2018}'..='\u{201b}' | '\u{ff07}') {
        '"'
    } else {
        '\''
    };
    format!("{q}{c}{q}")
}

/// A program counter value typed like the value it was set from.
pub fn pc_value(addr: u32, typ: PcType) -> Value {
    match typ {
        PcType::Address(mode, bits) => {
            let inner = if bits == 0 {
                PcType::Int
            } else {
                PcType::Bits(bits)
            };
            Value::Addr(std::rc::Rc::new(value::Address {
                mode,
                val: pc_value(addr, inner),
            }))
        }
        PcType::Int => Value::Int(addr as i64),
        PcType::Float(lo, hi) => {
            Value::Float(addr as f64 + f64::from_bits(lo as u64 | (hi as u64) << 32))
        }
        PcType::Bits(len) => {
            let len = if len >= 32 || (addr as u64) >> len == 0 {
                len
            } else if addr <= 0xff {
                8
            } else if addr <= 0xffff {
                16
            } else {
                24
            };
            Value::Bits(Bits::new(addr as u64, len))
        }
        PcType::Bytes(len) => {
            // As long as the bytes it was set from, or as long as it needs.
            let len = if len >= 4 || (addr as u64) >> (8 * len) == 0 {
                len
            } else if addr <= 0xff {
                1
            } else if addr <= 0xffff {
                2
            } else {
                3
            };
            Value::Bytes(
                (0..len)
                    .map(|i| (addr as u64 >> (8 * i)) as u8)
                    .collect::<Vec<u8>>()
                    .into(),
            )
        }
    }
}

impl Assembler<'_> {
    /// Encode a string in the encoding in effect; a character it can't
    /// encode is an error, given with the text's bytes with `?` for each
    /// such character (what 64tass makes of it: the text keeps its length).
    pub fn encode_or_mark(&self, s: &str) -> Result<Vec<u8>, (Fault, Vec<u8>)> {
        if self.no_encoding {
            return unencoded(s).map_err(|f| (f, Vec::new()));
        }
        let now = crate::encoding::Now {
            pass: self.st.pass,
            fixeddig: self.st.fixeddig,
        };
        self.encs.encode(self.st.encoding, s, now).map_err(|u| {
            let fault = Fault {
                eager: true,
                char_index: Some(s[..u.offset.min(s.len())].chars().count()),
                ..Fault::new(format!(
                    "can't encode character {} (U+{:04X})",
                    quoted_char(u.ch),
                    u.ch as u32
                ))
            };
            (fault, u.bytes)
        })
    }

    pub fn span_at(&self, line: &LineRef, pos: Pos) -> Span {
        let p = pos as usize;
        let end =
            p + crate::syntax::scan::ident_len(&line.text[..line.end], p, self.dialect.unicode)
                .max(1);
        line.span(p, end.min(line.end.max(p + 1)))
    }

    /// Report a fault at `pos` (faults about values not known yet are only
    /// consequences of an earlier "not defined" and are not repeated).
    pub fn fault(&mut self, line: &LineRef, pos: Pos, f: Fault) -> Reported {
        if let Some(kept) = f.kept {
            self.raise_kept_owned(kept, f.eager);
        } else if !f.none {
            let kind = if f.msg.starts_with("division by zero") {
                Kind::DivisionByZero
            } else if f.msg.starts_with("too large") || f.msg.starts_with("value needs") {
                Kind::ValueOutOfRange
            } else if f.msg.starts_with("can't encode") {
                // One per encoding and pass, as 64tass reports them.
                if !self.unencodable.insert(self.st.encoding) {
                    return Reported;
                }
                Kind::Encoding
            } else if f.msg.contains("c64kit") {
                Kind::NotSupported
            } else {
                Kind::Type
            };
            let pos = match f.char_index {
                Some(i) => char_in_literal(line, pos as usize, i).unwrap_or(pos as usize) as Pos,
                None => pos,
            };
            let span = self.span_at(line, pos);
            let before = self.diags.len();
            self.error(span, kind, f.msg);
            if kind == Kind::Encoding && self.diags.len() > before {
                use crate::diag::NotePlace;
                let enc = self.encs.get(self.st.encoding);
                let note = "definition of encoding was here";
                match (enc.defined, enc.named_at) {
                    (Some(at), _) => self.related(at, note),
                    (None, Some(at)) => self.tass_note(NotePlace::At(at), note.into()),
                    (None, None) => {}
                }
            }
            if f.eager && self.deferring > 0 && self.diags.len() > before {
                self.eager.push(before);
            }
        }
        Reported
    }

    pub fn check<T>(&mut self, line: &LineRef, pos: Pos, r: FResult<T>) -> EResult<T> {
        r.map_err(|f| self.fault(line, pos, f))
    }

    /// An operation's result inside an expression: a failure becomes an
    /// error value, reported where the value is used (unless it is one
    /// 64tass reports at once, or a value not known yet).
    #[inline]
    pub fn check_value(&mut self, line: &LineRef, pos: Pos, r: FResult<Value>) -> EResult<Value> {
        match r {
            Ok(v) => Ok(v),
            Err(f) => self.failed_value(line, pos, f),
        }
    }

    #[cold]
    fn failed_value(&mut self, line: &LineRef, pos: Pos, f: Fault) -> EResult<Value> {
        if f.eager || f.none {
            Err(self.fault(line, pos, f))
        } else if f.kept.is_some() {
            Ok(Value::Error(Rc::new(f)))
        } else {
            self.keeping(|a| Err(a.fault(line, pos, f)), |v| v)
        }
    }

    // --------------------------------------------------------------- lookup

    /// A symbol as an expression sees it: the scope stack from the innermost
    /// scope outwards (cheap locals only in their own scope), then the built-ins.
    pub fn lookup(&mut self, name: Name) -> Option<LabelId> {
        if self.names.is_cheap_local(name) {
            return self.lookup_in(self.st.cheap, name);
        }
        self.lookup_outwards(name)
    }

    /// A name an expression reads is a cheap local (searched in its label's
    /// scope only) unless `-T`: 64tass then reads every name of an expression
    /// through the scope stack, `_x` too.
    pub fn reads_cheap(&self, name: Name) -> bool {
        !self.dialect.tasm && self.names.is_cheap_local(name)
    }

    /// [`Self::lookup`] of a name an expression reads (see [`Self::reads_cheap`]).
    pub fn read_lookup(&mut self, name: Name) -> Option<LabelId> {
        if self.reads_cheap(name) {
            return self.lookup_in(self.st.cheap, name);
        }
        self.lookup_outwards(name)
    }

    /// The scope stack from the innermost scope outwards.
    #[inline]
    fn lookup_outwards(&mut self, name: Name) -> Option<LabelId> {
        let bottom = self.st.bottom;
        for i in (bottom..self.st.contexts.len()).rev() {
            let ns = self.st.contexts[i].ns;
            if let Some(id) = self.lookup_in(ns, name) {
                return Some(id);
            }
        }
        None
    }

    /// `-Wshadow`, as 64tass checks it when a symbol is read once the values
    /// have settled: the symbol found hides a built-in (`len`, `x`, ...) or a
    /// symbol of the same name with another value in an outer scope. Reported
    /// at the hiding definition.
    pub(super) fn shadow_check(&mut self, name: Name, id: LabelId, line: &LineRef) {
        let text = self.names.name(name);
        if text.starts_with('_') {
            return;
        }
        // An outer symbol of another value first, then a built-in.
        let bottom = self.st.bottom;
        let Some(inner) = (bottom..self.st.contexts.len())
            .rev()
            .find(|&i| self.lookup_in(self.st.contexts[i].ns, name) == Some(id))
        else {
            return;
        };
        let value = &self.syms.label(id).value;
        // 64tass compares code labels by content: the same place, size and
        // type with nothing defined under either is the same value.
        let syms = &self.syms;
        let same_code = |x, y| syms.same_code(x, y, true);
        let outer = (bottom..inner).rev().find_map(|i| {
            self.lookup_in(self.st.contexts[i].ns, name)
                .filter(|&outer| {
                    !crate::value::same_with(&self.syms.label(outer).value, value, &same_code)
                })
        });
        let hides_outer = outer.is_some();
        // The name as its definition spells it (`RANDOM` for the built-in
        // `random` without `-C`), as 64tass shows it.
        let msg = if hides_outer {
            format!("shadow definition '{}'", self.syms.display(id, &self.names))
        } else if let Some(builtin) = self.builtin(name) {
            // A symbol holding the built-in's own value (a function's
            // parameter `a` given the register `a`) hides nothing.
            let value = &self.syms.label(id).value;
            if crate::value::same_with(&builtin, value, &|x, y| self.syms.same_code(x, y, true)) {
                return;
            }
            let shown = self.syms.display(id, &self.names);
            format!("shadow definition of built-in '{shown}'")
        } else {
            return;
        };
        let span = self.syms.span(id);
        let column = self.shadow_column(span, line);
        let on_its_line = {
            let f = self.src.get(span.file);
            span.file == line.file && f.line_index(span.start as usize) == line.index as usize
        };
        let at = (span.file, span.start);
        if self.st.fn_calls > 0
            && self.st.fn_params.contains(&at)
            && !self.st.shadow_in_fn.insert(at)
        {
            return;
        }
        let depth = self.st.contexts[inner].depth as usize;
        let shown = self.diags.len();
        self.warn_shadow(id, span, msg, depth, column, on_its_line);
        // 64tass's note on the hidden symbol, named as the hiding one is.
        if let Some(outer) = outer {
            let name = self.syms.display(id, &self.names).to_string();
            self.original_definition_under_new(shown, self.syms.span(outer), &name);
        }
    }

    /// The column 64tass gives a `-Wshadow` of a definition read on another
    /// line, when it is another message than the definition's own line's: 64tass
    /// shows it in the file's text (a macro's line, not its expansion), at
    /// the definition's column moved as the reading line's substitutions move
    /// a column of that line (it takes them for any place it reports). None
    /// when nothing moves and the line is the file's own text (the same message).
    fn shadow_column(&self, def: Span, line: &LineRef) -> Option<u32> {
        let f = self.src.get(def.file);
        let def_line = f.line_index(def.start as usize);
        if def.file == line.file && def_line == line.index as usize {
            return None;
        }
        let pos = def.start - f.line_span(def_line).0 as u32;
        let moved = match self.st.loop_head {
            true => pos,
            false => macro_column(&self.line_subs(line.file, line.index as usize), pos),
        };
        if moved == pos && self.line_subs(def.file, def_line).is_empty() {
            return None;
        }
        Some(self.origin_column(def.file, def_line, moved))
    }

    /// `-Wcase-symbol`: the symbol read is written with other letter case
    /// than where it was defined.
    pub(super) fn case_symbol_check(&mut self, line: &LineRef, pos: Pos, id: LabelId) {
        let defined = self.syms.display(id, &self.names).to_string();
        let shown = self.diags.len();
        self.case_mismatch(line, pos, &defined);
        self.original_definition_under_new(shown, self.syms.span(id), &defined);
    }

    /// `-Wcase-symbol` when the name at `pos` is not written as `defined`.
    fn case_mismatch(&mut self, line: &LineRef, pos: Pos, defined: &str) {
        let p = pos as usize;
        let len = crate::syntax::scan::ident_len(&line.text[..line.end], p, self.dialect.unicode);
        let written = &line.text[p..p + len];
        if written != defined {
            let msg = format!("symbol case mismatch '{written}'");
            let span = self.span_at(line, pos);
            self.warn("case-symbol", span, msg);
        }
    }

    /// A symbol of one namespace, if visible now ([`Label::visible`]):
    /// variables of earlier passes don't count, so a `.weak` variable set in
    /// this pass shows through a stronger one that is only set further down
    /// (64tass's include-guard idiom).
    #[inline]
    pub fn lookup_in(&self, ns: NsId, name: Name) -> Option<LabelId> {
        let (pass, fixeddig) = (self.st.pass, self.st.fixeddig);
        self.syms
            .lookup_in_if(ns, name, |l| l.visible(pass, fixeddig))
    }

    /// Mark a label read (it may now need another pass if redefined later),
    /// and used unless reads don't count now (see `referencing`).
    pub fn touch(&mut self, id: LabelId) {
        let pass = self.st.pass;
        let referencing = self.referencing;
        let l = self.syms.label_mut(id);
        l.usepass = crate::symbols::PassNo::of(pass);
        if referencing {
            l.set_referenced(true);
        }
    }

    pub fn builtin(&mut self, name: Name) -> Option<Value> {
        let i = name as usize;
        let mut id = self.builtin_ids.get(i).copied().unwrap_or(0);
        if id == 0 {
            let text = self.names.name(name);
            id = BUILTINS
                .binary_search_by(|(n, _)| (*n).cmp(text))
                .map_or(1, |b| b as u8 + 2);
            if self.builtin_ids.len() <= i {
                self.builtin_ids.resize(i + 1, 0);
            }
            self.builtin_ids[i] = id;
        }
        match id {
            // The registers depend on the processor, which may change.
            1 => self.register_letter(self.names.bytes(name)),
            _ => Some(BUILTINS[id as usize - 2].1.clone()),
        }
    }

    /// Whether an operand's `(zp, r)` is a tuple, its register letter
    /// shadowed by a label (see `shadowed_index`): it is then evaluated as
    /// written, not encoded straight from its modes.
    pub(super) fn index_shadowed(&mut self, line: &LineRef, e: &Expr) -> bool {
        let mut x = e;
        while let ExprKind::Addr(op, inner) = x.kind() {
            if matches!(op, AddrOp::Index(_)) && self.shadowed_index(line, x.pos).is_some() {
                return true;
            }
            x = inner;
        }
        false
    }

    /// `(zp, x)` with a blank before the register: 64tass looks the letter
    /// up as a name there (only `,x` and `,y` right after the comma are
    /// index operators), so a label of that name, which shadows the register
    /// (`-Wshadow`), makes the operand a tuple of both values. The name and
    /// where it is, if so.
    fn shadowed_index(&mut self, line: &LineRef, comma: Pos) -> Option<(Name, usize)> {
        let comma = comma as usize;
        if line.at(comma) != b',' || !matches!(line.at(comma + 1), b' ' | b'\t') {
            return None;
        }
        let at = line.skip_ws(comma + 1);
        let letter = [line.at(at)];
        let letter = std::str::from_utf8(&letter).ok()?;
        let name = crate::syntax::expr::intern_name(&mut self.names, letter, self.dialect);
        self.read_lookup(name).map(|_| (name, at))
    }

    /// The processor registers usable as operands (`asl a`, `lda 2, x`), by
    /// a name's bytes.
    fn register_letter(&self, name: &[u8]) -> Option<Value> {
        match *name {
            [c @ b'a'..=b'z'] if self.registers & 1 << (c - b'a') != 0 => {
                Some(Value::Register(c as char))
            }
            _ => None,
        }
    }

    /// The value of a symbol, or none and a "not defined" report. Inlined
    /// into `eval_value`, the usual caller (out of line it costs a call per
    /// name read).
    #[inline(always)]
    fn symbol(&mut self, line: &LineRef, name: Name, pos: Pos) -> EResult<Value> {
        // A name the line's record check found resolving as before (a
        // label that moved) is not searched for again.
        let found = if name == self.replay.known_name {
            self.known_read(line, name)
        } else {
            self.read_lookup(name)
        };
        if let Some(id) = found {
            self.touch(id);
            self.replay.read(name, id);
            // The shadow is found by the lookup itself, before the case of
            // the name found is looked at (64tass's order of the two).
            if self.opts.warnings.shadow && self.st.fixeddig && !self.st.constcreated {
                self.shadow_check(name, id, line);
            }
            if self.opts.warnings.case_symbol && !self.dialect.case_sensitive {
                self.case_symbol_check(line, pos, id);
            }
            return Ok(self.syms.label(id).value.clone());
        }
        if !self.names.is_cheap_local(name)
            && let Some(v) = self.builtin(name)
        {
            if self.opts.warnings.case_symbol && !self.dialect.case_sensitive {
                // Built-ins (`len`, the registers) are spelt in lower case.
                let defined = self.names.name(name).to_string();
                let shown = self.diags.len();
                self.case_mismatch(line, pos, &defined);
                if self.diags.len() > shown {
                    self.builtin_definition(&defined);
                }
            }
            return Ok(v);
        }
        if !self.undefined_is_none() {
            // A cheap local is looked for in its label's scope only.
            let searched = if self.reads_cheap(name) {
                Searched::Object(self.st.cheap)
            } else {
                Searched::Scopes
            };
            // An error value, as 64tass's: reported where the value is used,
            // and only the first of an operation's failed operands.
            let what = self.names.name(name).to_string();
            return self.keeping(
                |a| {
                    a.not_defined(line, pos, what, searched);
                    Ok(Value::None)
                },
                |v| v,
            );
        }
        if !self.st.constcreated {
            // Only another pass is due: 64tass's value is still the error
            // (not shown), so a value holding it settles as it does.
            let what = self.names.name(name);
            return Ok(Value::Error(std::rc::Rc::new(Fault::new(format!(
                "not defined symbol '{what}'"
            )))));
        }
        Ok(Value::None)
    }

    /// "not defined symbol", once per name and scope searched in a pass (as
    /// 64tass), with where the search went.
    pub fn not_defined(&mut self, line: &LineRef, pos: Pos, what: String, searched: Searched) {
        if self.undefined_is_none() {
            return;
        }
        self.undefined_seen = self.undefined_seen.wrapping_add(1);
        let (ns, object) = match searched {
            Searched::Scopes => (self.st.context(), false),
            Searched::Object(ns) => (ns, true),
        };
        // 64tass's key: the name and the scope the search started from,
        // whether it went outwards or looked in that object only (a
        // function's calls: one scope).
        let first = self.macros.first_call_scope.get(&ns.0).copied();
        let key = (what.clone(), first.unwrap_or(ns).0);
        // Kept in a value, the error is made even for a name reported
        // already: an operation's result is its first failed operand's error
        // (`nosucha-nosuchb` after `nosuchb` was reported reports `nosucha`,
        // after `nosucha` was, nothing), and whether it is shown is decided
        // where the value is used, as 64tass does.
        if self.deferring == 0 && !self.undefined.insert(key.clone()) {
            return;
        }
        let span = self.span_at(line, pos);
        // The name as written (symbols may be case-folded), as 64tass shows it.
        let at = pos as usize;
        let shown = line
            .text
            .get(at..at + what.len())
            .filter(|t| t.eq_ignore_ascii_case(&what))
            .unwrap_or(&what);
        let msg = not_defined_words(shown);
        let before = self.diags.len();
        self.error(span, Kind::UndefinedSymbol, msg);
        if self.diags.len() == before {
            // Not shown (the same place this pass, or its line's bound).
            return;
        }
        if self.deferring > 0
            && let Some(d) = self.diags.last_mut()
        {
            d.undefined = Some(Box::new(key));
        }
        self.searched_note(ns, object, false);
    }

    /// The note under "not defined": where the search went (`object`: in
    /// the scope `ns` only, else from it outwards). `tass_only`: given in
    /// 64tass's layout only (c64kit's own gave none there).
    fn searched_note(&mut self, ns: NsId, object: bool, tass_only: bool) {
        use crate::diag::NotePlace;
        let text = match (object, ns == crate::symbols::GLOBAL) {
            (_, true) => "searched in the global scope",
            (false, false) => "searched in this scope and in all it's parents",
            (true, false) => "searched in this object only",
        };
        let place = match self.scope_place(ns) {
            Some(span) if ns != crate::symbols::GLOBAL => NotePlace::At(span),
            _ => NotePlace::File,
        };
        // A function's own scope (`f.x`) is placed at its definition in
        // 64tass's layout only (c64kit's own names no place for it).
        let own = matches!(place, NotePlace::File).then(|| self.macros.func_owning(ns));
        if let Some(Some(f)) = own {
            let start = self.src.get(f.file).line_span(f.line as usize).0;
            let at = NotePlace::At(Span::new(f.file, start, start));
            if !tass_only {
                self.note(text.into());
            }
            self.tass_note(at, text.into());
            return;
        }
        match (place, tass_only) {
            (place, true) => self.tass_note(place, text.into()),
            (NotePlace::At(span), false) => {
                self.related(span, text);
                // A macro call's scope in another call's expansion: 64tass
                // names the calls that led there above the note.
                if let Some(chain) = self.call_chains.get(ns) {
                    let chain = chain.to_vec();
                    self.tass_note_in(NotePlace::At(span), chain, text.into());
                }
            }
            (_, false) => self.note(text.into()),
        }
    }

    /// Where 64tass places a scope in a "searched in" note: at the label
    /// that made it (a macro call's scope at the call), a function call's
    /// at the start of the `.function` line.
    fn scope_place(&self, ns: NsId) -> Option<Span> {
        if let Some(id) = self.syms.ns(ns).creator() {
            return Some(self.syms.span(id));
        }
        let f = *self.macros.call_scope_function.get(&ns.0)?;
        let f = self.macros.func(FuncId(f, false));
        let start = self.src.get(f.file).line_span(f.line as usize).0;
        Some(Span::new(f.file, start, start))
    }

    /// `-`, `--`, `+`, `++`: searched in the current scope, then outwards.
    fn anon(&mut self, line: &LineRef, n: i32, pos: Pos) -> EResult<Value> {
        if let Some(id) = self.find_anon(n) {
            self.touch(id);
            self.replay.read_anon(n, id);
            return Ok(self.syms.label(id).value.clone());
        }
        // An error value, as a name's: reported where the value is used
        // (`jmp @b ++` refuses its size first and says no more).
        self.keeping(
            |a| {
                a.anon_not_defined(line, n, pos);
                Ok(Value::None)
            },
            |v| v,
        )
    }

    /// "not defined anonsymbol" for `-`, `--`, `+`, `++` (`n` as in
    /// [`Self::find_anon`]) at `pos`: not while a pass more is coming.
    #[cold]
    #[inline(never)]
    pub fn anon_not_defined(&mut self, line: &LineRef, n: i32, pos: Pos) {
        if self.doomed() {
            return;
        }
        let what = if n < 0 {
            "-".repeat(n.unsigned_abs() as usize)
        } else {
            "+".repeat(n as usize + 1)
        };
        let span = line.span(pos as usize, pos as usize + what.len());
        let before = self.diags.len();
        self.error(
            span,
            Kind::UndefinedSymbol,
            format!("not defined anonsymbol '{what}'"),
        );
        // Searched from the current scope outwards, as a name is.
        if self.diags.len() > before {
            self.searched_note(self.st.context(), false, true);
        }
    }

    /// The anonymous label `-`, `--`, `+`, `++` (`n`: -1, -2, 0, 1) names
    /// now: searched in the current scope, then outwards.
    pub fn find_anon(&self, n: i32) -> Option<LabelId> {
        let back = n < 0;
        let (pass, fixeddig) = (self.st.pass, self.st.fixeddig);
        for i in (self.st.bottom..self.st.contexts.len()).rev() {
            let ns = self.st.contexts[i].ns;
            let space = self.syms.ns(ns);
            let count = if back {
                space.backr as i64 + n as i64
            } else {
                space.forwr as i64 + n as i64
            };
            if count < 0 {
                continue;
            }
            if let Some(id) = self.syms.anon(ns, back, count as u32)
                && self.syms.label(id).visible(pass, fixeddig)
            {
                return Some(id);
            }
        }
        None
    }

    /// The namespace a value opens (`label.member`).
    pub fn namespace_of(&self, v: &Value) -> Option<NsId> {
        match v {
            Value::Code(c) => Some(self.syms.code(c.id).names),
            Value::Namespace(ns) => Some(*ns),
            Value::Macro(MacroKind::Struct | MacroKind::Union, id) => {
                Some(self.macros.get(*id).names)
            }
            // A `.function`'s, not a `.sfunction`'s (see `member_scope`).
            Value::Func(f @ FuncId(_, false)) => Some(self.macros.func(*f).names),
            _ => None,
        }
    }

    /// The scope `v.name` looks in: also a `.sfunction`'s own, which 64tass
    /// reads members of (none, as nothing can define one) but won't define
    /// into at a line's start.
    fn member_scope(&self, v: &Value) -> Option<NsId> {
        match v {
            Value::Func(f) => Some(self.macros.func(*f).names),
            v => self.namespace_of(v),
        }
    }

    // --------------------------------------------------------------- evaluation

    /// Evaluate an argument list: `*list` spreads into several values.
    pub fn eval_args(&mut self, line: &LineRef, exprs: &[Expr]) -> EResult<Args> {
        self.eval_list(line, exprs, false)
    }

    /// Evaluate the elements of a list, tuple or call: with `keep`, an
    /// element that fails is an error value (reported only if used).
    pub fn eval_list(&mut self, line: &LineRef, exprs: &[Expr], keep: bool) -> EResult<Args> {
        let mut out = Args::with_capacity(exprs.len());
        for e in exprs {
            if let ExprKind::Unary(UnOp::Splat, inner) = e.kind() {
                let v = self.eval_maybe_kept(line, inner, keep)?;
                match v.elements() {
                    Some(items) => out.extend(items.iter().map(|x| Located {
                        val: x.clone(),
                        pos: e.pos,
                    })),
                    None => out.push(Located { val: v, pos: e.pos }),
                }
            } else {
                let (v, pos) = self.eval_placed(line, e, keep);
                out.push(Located { val: v?, pos });
            }
        }
        Ok(out)
    }

    /// A value on its own (an argument, a data value) and where 64tass
    /// places it (see [`Assembler::value_start`]).
    #[inline(always)]
    pub(super) fn eval_placed(
        &mut self,
        line: &LineRef,
        e: &Expr,
        keep: bool,
    ) -> (EResult<Value>, Pos) {
        if !e.may_choose() {
            return (self.eval_maybe_kept(line, e, keep), e.start());
        }
        let mark = self.chosen.borrow().len();
        let v = self.eval_maybe_kept(line, e, keep);
        let pos = self.value_start(e);
        self.chosen.borrow_mut().truncate(mark);
        (v, pos)
    }

    #[inline]
    fn eval_maybe_kept(&mut self, line: &LineRef, e: &Expr, keep: bool) -> EResult<Value> {
        if keep {
            self.eval_kept(line, e)
        } else {
            self.eval(line, e)
        }
    }

    /// Evaluate with a failure kept in the value (see [`Value::Error`]).
    pub fn eval_kept(&mut self, line: &LineRef, e: &Expr) -> EResult<Value> {
        self.keeping(|a| a.eval_value(line, e), |v| v)
    }

    /// An error value coming out of a symbol, an element or a call is used
    /// here: report what it holds.
    #[inline]
    pub(super) fn used(&mut self, line: &LineRef, pos: Pos, v: Value) -> EResult<Value> {
        match v {
            Value::Error(f) => Err(self.used_error_owned(line, pos, f)),
            v => Ok(v),
        }
    }

    /// The left side of an operator failed and was reported: 64tass goes on
    /// with the right side (an error reported at once there is reported too,
    /// and an error value is the result, reported where it is used:
    /// `sint(32768) < x"00"[5]` gives both).
    #[cold]
    fn other_side_too(&mut self, line: &LineRef, pos: Pos, b: &Expr, r: Reported) -> Reported {
        if let Ok(Value::Error(f)) = self.eval_value(line, b) {
            self.used_error(line, pos, &f);
        }
        r
    }

    /// The right side failed and was reported: a left side holding an error
    /// is still the operation's result in 64tass, and reported too
    /// (`x"00"[5] < sint(32768)`).
    #[cold]
    fn left_error_too(&mut self, line: &LineRef, pos: Pos, x: Value, r: Reported) -> Reported {
        if let Value::Error(f) = x {
            self.used_error(line, pos, &f);
        }
        r
    }

    #[cold]
    fn used_error(&mut self, line: &LineRef, pos: Pos, f: &Fault) -> Reported {
        self.fault(line, pos, f.clone())
    }

    /// [`Self::used_error`] for the value's last holder: its kept errors are
    /// moved into the report, not copied and then freed.
    #[cold]
    fn used_error_owned(&mut self, line: &LineRef, pos: Pos, f: Rc<Fault>) -> Reported {
        let f = Rc::try_unwrap(f).unwrap_or_else(|f| (*f).clone());
        self.fault(line, pos, f)
    }

    /// The one expression argument of a directive (`.if`, `.rept`, `.page`,
    /// `.include`, `.offs` ...), with where 64tass places its value (its
    /// errors and a `-Wstrict-bool` warning are reported there).
    pub fn one_value(&mut self, line: &LineRef, args: usize) -> Option<(Value, u32)> {
        self.single_value(line, args, "exactly")
    }

    /// The argument of a directive that may also go without one
    /// (`.namespace`, `.virtual`, `.encode`; the caller sees whether there
    /// is one): more is "expected at most one argument".
    pub fn optional_value(&mut self, line: &LineRef, args: usize) -> Option<(Value, u32)> {
        self.single_value(line, args, "at most")
    }

    fn single_value(&mut self, line: &LineRef, args: usize, how: &str) -> Option<(Value, u32)> {
        self.single_value_seen(line, args, how, |_| {})
    }

    /// [`Self::one_value`] for a `.if`: also whether its expression is
    /// made of integer literals and operators that read nothing else
    /// ([`integers_only`]), whose value is the same in every reading.
    pub fn condition_value(
        &mut self,
        line: &LineRef,
        args: usize,
        constant: &mut bool,
    ) -> Option<(Value, u32)> {
        self.single_value_seen(line, args, "exactly", |e| {
            *constant = integers_only(e);
        })
    }

    /// [`Self::single_value`], showing `seen` the one expression.
    #[inline(always)]
    fn single_value_seen(
        &mut self,
        line: &LineRef,
        args: usize,
        how: &str,
        seen: impl FnOnce(&Expr),
    ) -> Option<(Value, u32)> {
        let parsed = self.parse_exprs(line, args, ParseKind::List)?;
        let Ok(exprs) = &parsed.result else {
            return None;
        };
        let [e] = &exprs[..] else {
            self.read_for_uses(line, exprs);
            // At the directive, in 64tass's words.
            let msg = match exprs.len() {
                0 => format!("expected {how} one argument"),
                n => format!("expected {how} one argument, got {n}"),
            };
            self.error(line.directive_span(args), Kind::Syntax, msg);
            return None;
        };
        seen(e);
        // Its value is placed where 64tass places it: at its start, inside
        // brackets, at the branch a `?:` took (`.rept 1+[2]` at the `1`).
        let (v, place) = self.eval_placed(line, e, false);
        Some((v.ok()?, place))
    }

    /// Whether a directive's list has `min` to `max` elements; if not,
    /// reported at the directive in 64tass's words (see [`Self::argnum`])
    /// after its elements are read (see [`Self::read_for_uses`]).
    pub fn list_argnum(
        &mut self,
        line: &LineRef,
        args: usize,
        exprs: &[Expr],
        min: usize,
        max: usize,
    ) -> bool {
        if (min..=max).contains(&exprs.len()) {
            return true;
        }
        self.read_for_uses(line, exprs);
        self.argnum(line, args, exprs.len(), min, max)
    }

    /// 64tass evaluates a list's elements before it counts them: in a list
    /// of the wrong length the names are still read (a `.proc` named only
    /// there is assembled in the next pass), and what an element reports at
    /// once is reported. A failure kept in a value is not: it is never used.
    pub fn read_for_uses(&mut self, line: &LineRef, exprs: &[Expr]) {
        let _ = self.eval_list(line, exprs, true);
    }

    /// Whether a directive given `got` arguments takes that many (`min` to
    /// `max`); if not, reported at the directive in 64tass's words.
    pub fn argnum(
        &mut self,
        line: &LineRef,
        args: usize,
        got: usize,
        min: usize,
        max: usize,
    ) -> bool {
        match super::builtins::arg_count(got, min, max) {
            Ok(()) => true,
            Err(f) => {
                self.error(line.directive_span(args), Kind::Syntax, f.msg);
                false
            }
        }
    }

    /// Evaluate an expression whose value is used here (a directive's or an
    /// instruction's operand): an error it holds is reported now.
    #[inline]
    pub fn eval(&mut self, line: &LineRef, e: &Expr) -> EResult<Value> {
        let v = self.eval_value(line, e)?;
        self.used(line, e.pos, v)
    }

    /// [`Self::eval`] of a lone name at `pos` (a macro call's callee,
    /// `#name`, a condition `.if DEBUG`), without a node made for it.
    /// Inlined into each (its one call out of line for a macro call cost
    /// more than the condition saved).
    #[inline(always)]
    pub(super) fn eval_name(&mut self, line: &LineRef, name: Name, pos: Pos) -> EResult<Value> {
        let v = self.symbol(line, name, pos)?;
        self.used(line, pos, v)
    }

    /// The index of the character of `s` whose encoding holds byte `at`
    /// (of an escape, `{clr}`, its first character).
    pub(super) fn char_of_byte(&self, s: &str, at: usize) -> Option<usize> {
        let mut start = 0;
        for (n, (i, c)) in s.char_indices().enumerate() {
            // A prefix that ends inside an escape can't be encoded: skipped.
            if let Ok(b) = self.encode_or_mark(&s[..i + c.len_utf8()]) {
                if b.len() > at {
                    return Some(start);
                }
                start = n + 1;
            }
        }
        None
    }

    /// A prefixed string literal's bytes. 64tass reports what is wrong
    /// with one at once, and goes on with the bytes it made of it (`?` for
    /// a character the encoding lacks, see [`text_mode`]): an operation on
    /// them is made and may fail too (`s""[0]` is also out of range).
    fn enc_str(&mut self, line: &LineRef, pos: Pos, mode: TextMode, s: &str) -> EResult<Value> {
        if self.no_encoding {
            return self.unencoded_str(line, pos, mode, s);
        }
        let (bytes, unknown) = match self.encode_or_mark(s) {
            Ok(bytes) => (bytes, None),
            // Reported already: the text's bytes with a `?` for it.
            Err((_, bytes)) if self.marking.get() => (bytes, None),
            Err((f, bytes)) => (bytes, Some(f)),
        };
        let (bytes, fault) = text_mode(mode, bytes);
        let fault = fault.map(|(mut f, at)| {
            // At the character that gave the byte; the others at the
            // quote, after the one-letter prefix.
            f.char_index = at.and_then(|at| self.char_of_byte(s, at));
            let place = if at.is_none() { pos + 1 } else { pos };
            (f, place, at.is_some())
        });
        // 64tass reads the text a character at a time and stops at the first
        // one at fault: a character the encoding lacks, or a byte of it.
        let (unknown, fault) = match (unknown, fault) {
            (Some(u), Some((f, place, true))) => match (u.char_index, f.char_index) {
                (Some(c), Some(m)) if m < c => (None, Some((f, place))),
                _ => (Some(u), None),
            },
            (u, f) => (u, f.map(|(f, place, _)| (f, place))),
        };
        if let Some(u) = unknown {
            self.fault(line, pos, u.eager());
        }
        if let Some((f, place)) = fault {
            self.fault(line, place, f.eager());
        }
        Ok(Value::Bytes(bytes.into()))
    }

    /// A prefixed string literal where no encoding is in effect (the
    /// arguments of `.cdef`, `.tdef`, `.edef`), as 64tass makes its bytes:
    /// empty is no bytes (for `n""` and `p""`, which add one, "empty string
    /// not allowed"), one character is its code point, more is an error.
    /// An error is at the quote.
    fn unencoded_str(
        &mut self,
        line: &LineRef,
        pos: Pos,
        mode: TextMode,
        s: &str,
    ) -> EResult<Value> {
        let bytes = if s.is_empty() && !matches!(mode, TextMode::Null | TextMode::PText) {
            Ok(Vec::new())
        } else {
            unencoded(s)
        };
        match bytes {
            Ok(b) => Ok(Value::Bytes(b.into())),
            Err(f) => {
                // Reported here, once; the value is then unknown, so what
                // uses it defines nothing and says no more (64tass's error
                // object), while the line's other arguments go on.
                self.fault(line, pos + 1, f.eager());
                Ok(Value::None)
            }
        }
    }

    /// Evaluate an expression; an error value (see [`Value::Error`]) passes
    /// through operators unreported, as 64tass's error objects do.
    pub(super) fn eval_value(&mut self, line: &LineRef, e: &Expr) -> EResult<Value> {
        match e.kind() {
            ExprKind::Int(v) => Ok(Value::Int(v)),
            ExprKind::Bits(b) => Ok(Value::Bits(b.bits())),
            ExprKind::Big(v) => Ok(v.clone()),
            // A literal beyond a float (`1e400`, see `scan::number`) fails
            // where it is used, as 64tass's error object does.
            ExprKind::Float(f) if f.is_infinite() => {
                Err(self.fault(line, e.pos, Fault::new(FLOAT_OVERFLOW)))
            }
            ExprKind::Float(f) => Ok(Value::Float(f)),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Bytes(b) => Ok(Value::Bytes(b.clone())),
            ExprKind::EncStr(mode, s) => self.enc_str(line, e.pos, mode, s),
            ExprKind::Gap => Ok(Value::Gap),
            ExprKind::Default => Ok(Value::Default),
            ExprKind::Fold => Ok(Value::Fold),
            ExprKind::Failed => Ok(Value::None),
            ExprKind::Star => Ok(Value::Code(self.star_code())),
            ExprKind::Anon(n) => self.anon(line, n, e.pos),
            ExprKind::Ident(name) => self.symbol(line, name, e.pos),
            ExprKind::Symbol(n, w) => Ok(Value::Symbol(n, w)),
            ExprKind::AnonSymbol(_) => {
                let span = self.span_at(line, e.pos);
                self.error(
                    span,
                    Kind::NotSupported,
                    "anonymous symbol values (.+, .-) are not supported by c64kit yet".into(),
                );
                Err(Reported)
            }
            ExprKind::Paren(inner) => self.eval_value(line, inner),
            ExprKind::Unary(UnOp::Splat, inner) => self.eval_value(line, inner),
            ExprKind::Unary(op, inner) => {
                let v = self.operand(line, inner)?;
                // A byte of a number or a label (`<label`): no checks to make.
                if let Some(b) = self.integer_byte(op, &v) {
                    return Ok(b);
                }
                self.unary_of(line, op, inner, e.pos, v)
            }
            ExprKind::Binary(op @ (BinOp::Min | BinOp::Max), ab) => {
                let r = self.binary(line, op, &ab[0], &ab[1], e.pos);
                self.note_chosen(e, self.picked.get());
                r
            }
            ExprKind::Binary(op, ab) => self.binary(line, op, &ab[0], &ab[1], e.pos),
            ExprKind::Cond(parts) => {
                // 64tass evaluates both sides: the one not taken only loses
                // its errors (but reports those it reports at once).
                let c = self.eval_value(line, &parts[0])?;
                let a = self.eval_kept(line, &parts[1]);
                let b = self.eval_kept(line, &parts[2]);
                if c.is_none() {
                    return Ok(Value::None);
                }
                let r = value::convert::to_bool(&c, self);
                let at = self.condition_place(&parts[0]);
                if r.is_ok() {
                    self.strict_bool(line, &c, at);
                }
                let taken = self.check(line, at, r)?;
                self.note_chosen(e, node_id(&parts[if taken { 1 } else { 2 }]));
                if taken { a } else { b }
            }
            ExprKind::DCond(parts) => {
                // Element-wise condition on lists: evaluate both sides.
                let c = self.eval_value(line, &parts[0])?;
                let a = self.eval_value(line, &parts[1])?;
                let b = self.eval_value(line, &parts[2])?;
                let mut conditions = Vec::new();
                let r = dcond([&c, &a, &b], self, &mut conditions);
                // 64tass converts each element the condition holds, each
                // one a warning at the condition.
                let at = self.condition_place(&parts[0]);
                for leaf in &conditions {
                    self.strict_bool(line, leaf, at);
                }
                match r {
                    Ok(v) => Ok(v),
                    Err((f, 0)) => self.check_value(line, at, Err(f)),
                    Err((f, j)) => self.check_value(line, self.value_start(&parts[j]), Err(f)),
                }
            }
            ExprKind::List(items) => {
                let vals = self.eval_list(line, items, true)?;
                Ok(Value::list(vals.into_iter().map(|l| l.val).collect()))
            }
            ExprKind::Tuple(items) => {
                let vals = self.eval_list(line, items, true)?;
                Ok(Value::tuple(vals.into_iter().map(|l| l.val).collect()))
            }
            ExprKind::Dict(pairs) => {
                let mut d = Dict::default();
                for (k, v) in pairs.iter() {
                    // `*d`: another dictionary's entries (its default too), or
                    // the elements of a list (`key:value` pairs, keys alone),
                    // in place.
                    if let (None, Some(v)) = (k, v)
                        && let ExprKind::Unary(UnOp::Splat, inner) = v.kind()
                    {
                        match self.eval(line, inner)? {
                            Value::Dict(o) => {
                                for (key, val) in o.pairs.iter() {
                                    d.put(key.clone(), val.clone());
                                }
                                if o.default.is_some() {
                                    d.default = o.default.clone();
                                }
                            }
                            other => {
                                let items =
                                    other.elements().unwrap_or(std::slice::from_ref(&other));
                                if d.add_elements(items).is_err() {
                                    let span = self.span_at(line, inner.pos);
                                    self.error(
                                        span,
                                        Kind::Syntax,
                                        "not a key and value pair".into(),
                                    );
                                    return Err(Reported);
                                }
                            }
                        }
                        continue;
                    }
                    let val = v.map(|v| self.eval_kept(line, v)).transpose()?;
                    match k {
                        None => d.default = val,
                        Some(k) => {
                            let key = match k.kind() {
                                ExprKind::Symbol(n, w) => Value::Symbol(n, w),
                                // A failed key is reported: 64tass hashes keys at once.
                                _ => self.eval(line, k)?,
                            };
                            d.put(key, val);
                        }
                    }
                }
                Ok(Value::Dict(Rc::new(d)))
            }
            ExprKind::Member(ab) => self.member(line, &ab[0], &ab[1], e.pos),
            ExprKind::Call(f, args) => self.call(line, f, args, e.pos),
            ExprKind::Index(v, args) => {
                let base = self.eval_value(line, v)?;
                self.maybe_label_data_ahead(&base);
                if base.is_none() || matches!(base, Value::Error(_)) {
                    return Ok(base);
                }
                // One index (the usual `table[i]`) is kept on the stack.
                let (one, many);
                let idx: &[IndexArg] = match args {
                    [a] if !matches!(a.kind(), ExprKind::Slice(_)) => {
                        one = [IndexArg::Value(self.eval_value(line, a)?)];
                        &one
                    }
                    _ => {
                        many = self.index_args(line, args)?;
                        &many
                    }
                };
                if let Value::Code(c) = base {
                    if idx.len() != 1 {
                        // A label's bytes are one row: 64tass takes one index.
                        let at = args.first().map_or(e.pos, |a| a.start());
                        let msg = format!("expected exactly one argument, got {}", idx.len());
                        return self.check_value(line, at, Err(Fault::new(msg)));
                    }
                    return self.index_code(line, c, idx, args, e.pos);
                }
                self.rounded.set(false);
                let r = value::index(&base, idx, self);
                self.float_round_warning(line, args.first().map_or(e.pos, |a| a.pos));
                self.index_result(line, r, idx, args, e.pos)
            }
            // A colon list (`1:2:3`, 64tass's `:` operator).
            ExprKind::Slice(parts) => {
                let items = parts
                    .iter()
                    .map(|p| self.eval_value(line, p))
                    .collect::<EResult<Vec<Value>>>()?;
                Ok(Value::ColonList(items.into()))
            }
            ExprKind::Addr(op, inner) => {
                // `(zp, x)` with a blank is read as indexed by the parser where
                // 64tass takes it so (the operand's own parentheses); elsewhere
                // it is a tuple holding a register. Where a label shadows the
                // register (see `shadowed_index`) it is a tuple of both values,
                // the operand's parentheses around it the tuple's own.
                let mut shadow = None;
                let (op, inner) = match (op, inner.kind()) {
                    (AddrOp::Ind, ExprKind::Addr(index @ AddrOp::Index(_), base)) => {
                        shadow = self.shadowed_index(line, inner.pos);
                        if shadow.is_some() {
                            (index, base)
                        } else {
                            (op, inner)
                        }
                    }
                    _ => (op, inner),
                };
                let v = self.eval_value(line, inner)?;
                if shadow.is_none() && matches!(op, AddrOp::Index(_)) {
                    shadow = self.shadowed_index(line, e.pos);
                }
                if let Some((name, at)) = shadow {
                    let r = self.symbol(line, name, at as Pos)?;
                    return Ok(Value::tuple(vec![v, r]));
                }
                Ok(apply_mode(v, op))
            }
        }
    }

    /// `-Wstrict-bool`'s warnings for `!v`: a list's or tuple's elements
    /// each say their own, as 64tass negates them one by one; a dictionary
    /// can't be negated (an error, no warning).
    fn strict_not(&mut self, line: &LineRef, pos: Pos, v: &Value) {
        match v {
            Value::List(items) | Value::Tuple(items) => {
                for x in items.iter() {
                    self.strict_not(line, pos, x);
                }
            }
            Value::Dict(_) => {}
            // 64tass negates a string's encoded bytes, and says so.
            Value::Str(s) => {
                if let Ok(b) = value::Env::encode(&*self, s) {
                    let b = Value::bytes(b, false);
                    self.strict_logic(line, pos, "logical not '!'", &[&b]);
                }
            }
            _ => {
                self.strict_logic(line, pos, "logical not '!'", &[v]);
                // 64tass then takes a code's address and negates that,
                // which warns again (`!*`: of code, then of bits).
                if let Value::Code(c) = v {
                    let addr = value::Env::code_value(&*self, *c);
                    self.strict_logic(line, pos, "logical not '!'", &[&addr]);
                }
            }
        }
    }

    /// A unary operator on its operand's value `v` (`inner` is the
    /// operand, `pos` the operator). A byte of a number or a code label
    /// is answered before ([`Self::integer_byte`]), where it is read.
    fn unary_of(
        &mut self,
        line: &LineRef,
        op: UnOp,
        inner: &Expr,
        pos: Pos,
        v: Value,
    ) -> EResult<Value> {
        self.rounded.set(false);
        if op == UnOp::Not && self.opts.warnings.strict_bool {
            self.strict_not(line, pos, &v);
        }
        let outer = self.bool_uses.take();
        let r = value::unary(op, &v, self);
        // A byte of a wrapped label plus offset is taken silently.
        if matches!(
            op,
            UnOp::Lower
                | UnOp::Higher
                | UnOp::Word
                | UnOp::HWord
                | UnOp::BSWord
                | UnOp::TasmWord
                | UnOp::TasmLow
                | UnOp::TasmHigh
        ) {
            self.addr_wrapped.set(false);
        }
        self.float_round_warning(line, pos);
        *self.bool_uses.borrow_mut() = outer;
        let at = match &r {
            Err(f) if f.char_index.is_some() => unparen(inner).start(),
            _ => pos,
        };
        let v = self.check_value(line, at, r)?;
        self.locate_lazy(line, pos, v)
    }

    /// A byte operator of an integer or bit string, or of a label whose
    /// address is one (`<label`, `>value`): the general path's result and
    /// the state it leaves (nothing rounded, no wrap left to report, no
    /// bool read), none of its checks. `None`: the general path.
    #[inline]
    pub(super) fn integer_byte(&mut self, op: UnOp, v: &Value) -> Option<Value> {
        if !value::is_byte_op(op) {
            return None;
        }
        let b = match v {
            Value::Int(_) | Value::Bits(_) => value::int_byte(op, v)?,
            Value::Code(c) => value::int_byte(op, &self.code_value(*c))?,
            _ => return None,
        };
        self.rounded.set(false);
        self.addr_wrapped.set(false);
        Some(b)
    }

    /// `-T`: an operator of TASM's expressions over its operands' words.
    /// As in 64tass, the operands' kinds are checked first: a value that
    /// is not a number, bit string, code label, string or address on
    /// either side makes "... of X and Y not possible" at the operator
    /// (`rec.size`, a structure or with a function); then each operand
    /// becomes its word, where its own error is placed.
    fn tasm_binary(
        &mut self,
        line: &LineRef,
        op: BinOp,
        (apos, a): (Pos, &Expr),
        (bpos, b): (Pos, &Expr),
        pos: Pos,
    ) -> EResult<Value> {
        fn numeric(v: &Value) -> bool {
            matches!(
                v,
                Value::Int(_)
                    | Value::BigInt(_)
                    | Value::Bits(_)
                    | Value::BigBits(_)
                    | Value::Code(_)
                    | Value::Str(_)
                    | Value::Addr(_)
            )
        }
        let x = self.eval_value(line, a)?;
        let y = self.eval_value(line, b)?;
        // An error (an undefined name kept for its use) is the result, the
        // left one first, as 64tass reports it in place of the operation.
        for v in [&x, &y] {
            if v.is_none() || matches!(v, Value::Error(_)) {
                return Ok(v.clone());
            }
        }
        if !numeric(&x) || !numeric(&y) {
            let f = value::ops::not_possible(op, &x, &y, self);
            return self.check_value(line, pos, Err(f));
        }
        let x = self.unary_of(line, UnOp::TasmWord, a, apos, x)?;
        let y = self.unary_of(line, UnOp::TasmWord, b, bpos, y)?;
        let r = value::binary(op, &x, &y, self);
        self.check_value(line, pos, r)
    }

    fn binary(
        &mut self,
        line: &LineRef,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        pos: Pos,
    ) -> EResult<Value> {
        if let (ExprKind::Unary(UnOp::TasmWord, ia), ExprKind::Unary(UnOp::TasmWord, ib)) =
            (a.kind(), b.kind())
        {
            return self.tasm_binary(line, op, (a.pos, ia), (b.pos, ib), pos);
        }
        let seen = self.undefined_seen;
        let x = match self.operand(line, a) {
            Ok(x) => x,
            // A name not defined is an error value in 64tass: the result,
            // the right side's errors are not looked at (`size(nosuch) +
            // size(word)` reports `nosuch` only).
            Err(r) if self.undefined_seen != seen => return Err(r),
            Err(r) => return Err(self.other_side_too(line, pos, b, r)),
        };
        // `&&` and `||` only evaluate the side they return.
        if matches!(op, BinOp::LAnd | BinOp::LOr)
            && x.elements().is_none()
            && !matches!(x, Value::Fold)
        {
            return self.and_or(line, op, (a, x), b, pos);
        }
        let y = match self.operand(line, b) {
            Ok(y) => y,
            Err(r) => return Err(self.left_error_too(line, pos, x, r)),
        };
        if let Some(v) = self.binary_quick(op, &x, &y) {
            // Numbers and code labels (all `binary_quick` takes): nothing
            // of theirs to free, and no call made to find that out.
            std::mem::forget((x, y));
            return Ok(v);
        }
        self.binary_values(line, op, (a, x), (b, y), pos)
    }

    /// An operator's operand: a number or a name (most operands) as
    /// [`Self::eval_value`] reads them, without its frame; anything else
    /// there.
    #[inline(always)]
    fn operand(&mut self, line: &LineRef, e: &Expr) -> EResult<Value> {
        match e.kind() {
            ExprKind::Int(v) => Ok(Value::Int(v)),
            ExprKind::Ident(name) => self.symbol(line, name, e.pos),
            _ => self.eval_value(line, e),
        }
    }

    /// `&&` or `||` of a single value `x` (the left side `a`, evaluated):
    /// the right side evaluated, its errors kept unless it is the result.
    #[inline(never)]
    fn and_or(
        &mut self,
        line: &LineRef,
        op: BinOp,
        (a, x): (&Expr, Value),
        b: &Expr,
        pos: Pos,
    ) -> EResult<Value> {
        // As `?:`, both sides are evaluated; the other side's
        // errors are only reported if it is the result.
        let y = self.eval_kept(line, b);
        if x.is_none() {
            return Ok(Value::None);
        }
        // A kept error is the result, as in any other operation.
        if matches!(x, Value::Error(_)) {
            return Ok(x);
        }
        if self.opts.warnings.strict_bool
            && let Ok(yv) = &y
        {
            let what = if op == BinOp::LAnd {
                "logical and '&&'"
            } else {
                "logical or '||'"
            };
            self.strict_logic(line, pos, what, &[&x, yv]);
        }
        let r = value::convert::to_bool(&x, self);
        if r.is_err()
            && let Ok(yv) = &y
            && (yv.elements().is_some() || matches!(x, Value::Dict(_) | Value::Gap))
        {
            // No truth value (a dictionary, a gap): against a list, element
            // by element as any other operator; else "not possible".
            let r = value::binary(op, &x, yv, self);
            let v = self.check_value(line, pos, r)?;
            return self.locate_lazy(line, pos, v);
        }
        let t = self.check(line, a.pos, r)?;
        if t == (op == BinOp::LAnd) { y } else { Ok(x) }
    }

    /// [`Self::binary`] of its operands' values (`x` of `a`, `y` of `b`)
    /// where the quick way did not answer: the general way, with its
    /// warnings and the places of its errors. Out of line: the usual
    /// operations are answered without its frame.
    #[inline(never)]
    fn binary_values(
        &mut self,
        line: &LineRef,
        op: BinOp,
        (a, x): (&Expr, Value),
        (b, y): (&Expr, Value),
        pos: Pos,
    ) -> EResult<Value> {
        if op == BinOp::LXor
            && x.elements().is_none()
            && value::convert::to_bool(&x, self).is_ok()
            && let Err(f) = value::convert::to_bool(&y, self)
        {
            // The right side's truth is what fails: reported there.
            return self.check_value(line, unparen(b).start(), Err(f));
        }
        if op == BinOp::LXor && self.opts.warnings.strict_bool {
            self.strict_logic(line, pos, "logical xor '^^'", &[&x, &y]);
        }
        if self.opts.warnings.strict_bool && matches!((&x, &y), (Value::Fold, _) | (_, Value::Fold))
        {
            self.strict_fold(line, pos, op, &x, &y);
        }
        // The uses of an enclosing operation wait for it (none, mostly:
        // then nothing is swapped; the report below leaves none behind).
        // (The condition's borrow ends before the take.)
        let outer = if self.bool_uses.borrow().is_empty() {
            None
        } else {
            Some(self.bool_uses.take())
        };
        // The count of a repetition is placed at itself (64tass takes its
        // unsigned value there: "can't get integer value of struct"), a
        // bool taken as the count too.
        let count_at = (op == BinOp::Repeat && value::seq::repeats(&x)).then(|| unparen(b).start());
        if let Some(at) = count_at
            && !y.is_none()
            && !matches!(y, Value::Error(_))
            && let Err(f) = value::convert::to_uval(&y, 32, self)
        {
            if let Some(outer) = outer {
                *self.bool_uses.borrow_mut() = outer;
            }
            return self.check_value(line, at, Err(f));
        }
        self.approx.set(None);
        let stored = || {
            (op == BinOp::Shr && !computed_here(a, self.picked.get()))
                .then(|| value::int::stored_shr(&x, &y))
        };
        if matches!(op, BinOp::In | BinOp::NotIn) {
            self.maybe_label_data_ahead(&y);
        }
        let r = match stored().flatten() {
            Some(r) => r,
            None => match (op, &y) {
                (BinOp::In | BinOp::NotIn, Value::Code(code)) if !needle_of_scope(&x) => {
                    let needle = self.code_needle(&x);
                    let needle = self.check_value(line, unparen(a).start(), needle)?;
                    self.code_contains(&needle, *code, op == BinOp::NotIn)
                }
                _ => value::binary(op, &x, &y, self),
            },
        };
        self.strict_bool_warnings(line, count_at.unwrap_or(pos));
        if let Some(outer) = outer {
            *self.bool_uses.borrow_mut() = outer;
        }
        if self.addr_wrapped.get() {
            // A label plus an offset taken as its address: at that operand.
            let at = if matches!(x, Value::Code(_)) { a } else { b };
            self.operand_wrap_warning(line, unparen(at).start());
        }
        if let (BinOp::Min | BinOp::Max, Ok(v)) = (op, &r) {
            // On a tie 64tass gives the second operand.
            let first = value::same(v, &x) && !value::same(&x, &y);
            self.picked.set(node_id(if first { a } else { b }));
        }
        self.float_compare_warning(line, op, pos);
        // A symbol looked for in a scope where it is a constant.
        let not_variable = matches!(op, BinOp::In | BinOp::NotIn)
            && matches!(&r, Err(f) if f.msg.starts_with("not a variable"));
        // A string that can't be encoded is reported at its character (or
        // at the list holding it).
        let at = match &r {
            Err(f) if f.char_index.is_some() => {
                let seq = |v: &Value| matches!(v, Value::List(_) | Value::Tuple(_));
                match (&x, &y) {
                    (Value::Str(_), _) => unparen(a).start(),
                    (_, Value::Str(_)) => unparen(b).start(),
                    (v, _) if seq(v) => unparen(a).start(),
                    (_, v) if seq(v) => unparen(b).start(),
                    _ => pos,
                }
            }
            // That one at the symbol.
            Err(_) if not_variable => unparen(a).start(),
            Err(f) if f.msg == FLOAT_OVERFLOW => huge_int_side(a, b, &x, &y).unwrap_or(pos),
            _ => pos,
        };
        let v = match r {
            Err(f) if not_variable => self.not_a_variable(line, at, f, (&x, &y))?,
            r => self.check_value(line, at, r)?,
        };
        // So are the elements' overflows of a list operation.
        let lazy_at = match huge_int_side(a, b, &x, &y) {
            Some(at) if holds_lazy_overflow(&v) => at,
            _ => pos,
        };
        self.locate_lazy(line, lazy_at, v)
    }

    /// The usual operations (integers, a code label plus or minus a
    /// number) answered without the general way's checks, none of which
    /// applies to them: no bool, list, float, error or repetition is there
    /// to note or place, nothing was wrapped, and the state is left as the
    /// general way leaves it (no approximate comparison). `>>` goes the
    /// general way (a stored negative number shifts otherwise).
    #[inline]
    fn binary_quick(&self, op: BinOp, x: &Value, y: &Value) -> Option<Value> {
        if op == BinOp::Shr || self.addr_wrapped.get() {
            return None;
        }
        let v = value::binary_quick(op, x, y)?;
        debug_assert!(
            matches!(value::binary(op, x, y, self), Ok(g) if g.type_name() == v.type_name() && value::same(&g, &v)),
            "{x:?} {op:?} {y:?}"
        );
        self.approx.set(None);
        Some(v)
    }

    /// "not a variable" of `name in scope`, kept in the value as other
    /// errors are, with 64tass's note (in its layout only) on where the
    /// constant was defined.
    #[cold]
    fn not_a_variable(
        &mut self,
        line: &LineRef,
        pos: Pos,
        f: value::convert::Fault,
        (needle, scope): (&Value, &Value),
    ) -> EResult<Value> {
        let defined = match needle {
            Value::Symbol(name, _) => self
                .namespace_of(scope)
                .and_then(|ns| self.lookup_in(ns, *name))
                .map(|id| (self.syms.span(id), self.names.name(*name).to_string())),
            _ => None,
        };
        let report = |a: &mut Self| {
            let before = a.diags.len();
            let e = a.fault(line, pos, f);
            if let Some((span, text)) = defined
                && a.diags.len() > before
            {
                let text = format!("original definition of '{text}' was here");
                a.tass_note(crate::diag::NotePlace::At(span), text);
            }
            Err(e)
        };
        self.keeping(report, |v| v)
    }

    /// Element errors an operation made while working on a list (each kept
    /// in the list, reported if used) are placed at the operator, as 64tass
    /// reports them there.
    fn locate_lazy(&mut self, line: &LineRef, pos: Pos, v: Value) -> EResult<Value> {
        fn has_lazy(v: &Value) -> bool {
            match v {
                Value::Error(f) => f.kept.is_none() && !f.none,
                Value::List(x) | Value::Tuple(x) => x.iter().any(has_lazy),
                _ => false,
            }
        }
        if v.elements().is_none() || !has_lazy(&v) {
            return Ok(v);
        }
        let placed = |a: &mut Self, items: &[Value]| -> EResult<Vec<Value>> {
            items
                .iter()
                .map(|x| a.locate_lazy_item(line, pos, x))
                .collect()
        };
        Ok(match &v {
            Value::List(x) => Value::list(placed(self, x)?),
            Value::Tuple(x) => Value::tuple(placed(self, x)?),
            _ => v,
        })
    }

    fn locate_lazy_item(&mut self, line: &LineRef, pos: Pos, v: &Value) -> EResult<Value> {
        match v {
            Value::Error(f) if f.kept.is_none() && !f.none => {
                let f = (**f).clone();
                self.keeping(|a| Err(a.fault(line, pos, f)), |v| v)
            }
            Value::List(_) | Value::Tuple(_) => self.locate_lazy(line, pos, v.clone()),
            _ => Ok(v.clone()),
        }
    }

    /// `-Wstrict-bool` for a logical operator folding a list (`... && list`):
    /// each step is an operation of its own, warned as one.
    fn strict_fold(&mut self, line: &LineRef, pos: Pos, op: BinOp, x: &Value, y: &Value) {
        if !matches!(op, BinOp::LAnd | BinOp::LOr | BinOp::LXor) {
            return;
        }
        let what = &format!("{} '{}'", op.name(), op.symbol());
        let (items, left) = match (x, y) {
            (Value::Fold, v) => (v.elements().unwrap_or_default(), true),
            (v, _) => (v.elements().unwrap_or_default(), false),
        };
        let mut order: Vec<&Value> = items.iter().collect();
        if !left {
            order.reverse();
        }
        let Some((first, rest)) = order.split_first() else {
            return;
        };
        let mut acc = (*first).clone();
        for item in rest {
            let (a, b) = if left { (&acc, *item) } else { (*item, &acc) };
            self.strict_logic(line, pos, what, &[a, b]);
            match value::binary(op, a, b, self) {
                Ok(v) => acc = v,
                Err(_) => return,
            }
        }
    }

    /// `-Wstrict-bool` for `!`, `&&`, `||`, `^^` on values that are not
    /// bools (lists are applied element by element, not warned about).
    pub(super) fn strict_logic(&mut self, line: &LineRef, pos: Pos, what: &str, vals: &[&Value]) {
        // A list on the left is taken element by element (each says its
        // own); on the right it is an operand as any other, and so is a
        // kept error (64tass: "of bool 'true' and error").
        let plain = |(i, v): (usize, &&Value)| match v {
            Value::None | Value::Fold => false,
            Value::Error(_) => i > 0,
            _ => i > 0 || v.elements().is_none(),
        };
        if vals.iter().enumerate().all(plain) && vals.iter().any(|v| !matches!(v, Value::Bool(_))) {
            let described: Vec<String> = vals
                .iter()
                .map(|v| value::convert::describe(v, self))
                .collect();
            let msg = format!("{what} of {} not possible", described.join(" and "));
            let span = self.span_at(line, pos);
            self.warn("strict-bool", span, msg);
        }
    }

    /// `a.b`, `a.(b, c)`
    /// `base.member`; `dot` is where the `.` is (blanks may follow it).
    fn member(&mut self, line: &LineRef, base: &Expr, member: &Expr, dot: Pos) -> EResult<Value> {
        let v = self.eval_value(line, base)?;
        if v.is_none() || matches!(v, Value::Error(_)) {
            return Ok(v);
        }
        self.member_of(line, &v, member, dot)
    }

    fn member_of(&mut self, line: &LineRef, v: &Value, member: &Expr, dot: Pos) -> EResult<Value> {
        match v {
            Value::List(items) | Value::Tuple(items) => {
                return self.member_of_each(line, v, &items.clone(), member, dot);
            }
            // An element not known yet or failed stays itself.
            Value::None | Value::Error(_) => return Ok(v.clone()),
            _ => {}
        }
        match member.kind() {
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                let mut out = Vec::new();
                for m in items.iter() {
                    out.push(self.member_of(line, v, m, dot)?);
                }
                Ok(if matches!(member.kind(), ExprKind::List(_)) {
                    Value::list(out)
                } else {
                    Value::tuple(out)
                })
            }
            ExprKind::Symbol(name, written) => {
                if let Value::Dict(d) = v {
                    // `{.x: 1}.x`: the key is the symbol `.x`.
                    let key = Value::Symbol(name, written);
                    let r = value::seq::dict_get(d, &key, self);
                    let r = r.and_then(|found| {
                        found.ok_or_else(|| {
                            Fault::new(format!(
                                "key not in dictionary symbol '{}'",
                                self.names.name(written)
                            ))
                        })
                    });
                    return self.check_value(line, member.pos, r);
                }
                let Some(ns) = self.member_scope(v) else {
                    let r: FResult<Value> = Err(Fault::new(format!(
                        "member '.' of {} and symbol '{}' not possible",
                        value::convert::describe(v, self),
                        self.names.name(name)
                    )));
                    // At the dot, as 64tass.
                    return self.check(line, dot, r);
                };
                if let Some(id) = self.lookup_in(ns, name) {
                    self.touch(id);
                    if self.opts.warnings.case_symbol && !self.dialect.case_sensitive {
                        self.case_symbol_check(line, member.pos, id);
                    }
                    return Ok(self.syms.label(id).value.clone());
                }
                // 64tass doesn't look further for an unused constant's value.
                if self.referencing {
                    self.not_defined(
                        line,
                        member.pos,
                        self.names.name(name).to_string(),
                        Searched::Object(ns),
                    );
                }
                Ok(Value::None)
            }
            ExprKind::AnonSymbol(n) => {
                let back = n < 0;
                let count = if back { (-n - 1) as u32 } else { n as u32 };
                // The label as written (`--`, `+`), for the messages.
                let signs = || if back { "-" } else { "+" }.repeat(count as usize + 1);
                let Some(ns) = self.member_scope(v) else {
                    let r: FResult<Value> = Err(Fault::new(format!(
                        "member '.' of {} and anonsymbol '{}' not possible",
                        value::convert::describe(v, self),
                        signs(),
                    )));
                    return self.check(line, dot, r);
                };
                // Counted from where the scope's own counters stand, as
                // 64tass does: past a closed scope's end, `.+` finds nothing.
                let space = self.syms.ns(ns);
                let counter = if back { space.backr } else { space.forwr };
                let slot = counter as i64 + n as i64;
                let found = u32::try_from(slot)
                    .ok()
                    .and_then(|slot| self.syms.anon(ns, back, slot));
                match found {
                    Some(id) => {
                        self.touch(id);
                        Ok(self.syms.label(id).value.clone())
                    }
                    None => {
                        if self.referencing {
                            self.not_defined(line, member.pos, signs(), Searched::Object(ns));
                        }
                        Ok(Value::None)
                    }
                }
            }
            ExprKind::Binary(BinOp::Exp, ab) => {
                // `a.b ** 2` is `a.(b ** 2)` in 64tass: `**` of a bare symbol.
                let rhs = self.eval_value(line, &ab[1])?;
                if rhs.is_none() || matches!(rhs, Value::Error(_)) {
                    return Ok(rhs);
                }
                let left = match ab[0].kind() {
                    ExprKind::Symbol(_, w) => format!("symbol '{}'", self.names.name(w)),
                    _ => "symbol".to_string(),
                };
                let r: FResult<Value> = Err(Fault::new(format!(
                    "exponent '**' of {left} and {} not possible",
                    value::convert::describe(&rhs, self)
                )));
                self.check(line, member.pos, r)
            }
            _ => {
                let span = self.span_at(line, member.pos);
                self.error(span, Kind::Syntax, "a symbol is expected after '.'".into());
                Err(Reported)
            }
        }
    }

    /// `list.x`: the member of each element, in a sequence of the list's
    /// type; `list.(x, y)` pairs elements and members (a lone element or
    /// member meets the other side whole), as 64tass applies `.` like any
    /// operator to a list.
    fn member_of_each(
        &mut self,
        line: &LineRef,
        v: &Value,
        items: &[Value],
        member: &Expr,
        dot: Pos,
    ) -> EResult<Value> {
        let wrap = |out: Vec<Value>| match v {
            Value::List(_) => Value::list(out),
            _ => Value::tuple(out),
        };
        if let ExprKind::Tuple(members) | ExprKind::List(members) = member.kind() {
            if items.len() == members.len() {
                let mut out = Vec::with_capacity(items.len());
                for (item, m) in items.iter().zip(members.iter()) {
                    out.push(self.member_of(line, item, m, dot)?);
                }
                return Ok(if items.is_empty() {
                    v.clone()
                } else {
                    wrap(out)
                });
            }
            if items.len() == 1 {
                return self.member_of(line, &items[0], member, dot);
            }
            if members.len() == 1 {
                return self.member_of_each(line, v, items, &members[0], dot);
            }
            let r: FResult<Value> = Err(Fault::new(format!(
                "operands could not be broadcast together with shapes {} and {}",
                items.len(),
                members.len()
            )));
            // At the dot, as 64tass.
            return self.check(line, dot, r);
        }
        if items.is_empty() {
            return Ok(v.clone());
        }
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(self.member_of(line, item, member, dot)?);
        }
        Ok(wrap(out))
    }

    /// Note that `e` (a `?:`, `<?` or `>?`) gave the branch `child`.
    fn note_chosen(&self, e: &Expr, child: usize) {
        let mut chosen = self.chosen.borrow_mut();
        // Only what an argument or data value's place needs is read back
        // (see `eval_list`): elsewhere the notes are dropped now and then.
        if chosen.len() >= 64 {
            chosen.clear();
        }
        chosen.push((node_id(e), child));
    }

    /// Where 64tass places the value of `e` just evaluated: after its
    /// brackets, at the branch a `?:`, `<?` or `>?` chose (`.byte true ?
    /// 300 : 1` is too large at the `300`), else where its text starts.
    fn value_start(&self, e: &Expr) -> Pos {
        let chosen = self.chosen.borrow();
        let mut e = e;
        loop {
            let parts = match e.kind() {
                ExprKind::Paren(inner) => {
                    e = inner;
                    continue;
                }
                // A colon list is where its first element is.
                ExprKind::Slice(parts) => {
                    e = &parts[0];
                    continue;
                }
                ExprKind::Cond(parts) => [&parts[1], &parts[2]],
                ExprKind::Binary(BinOp::Min | BinOp::Max, ab) => [&ab[0], &ab[1]],
                _ => return e.start(),
            };
            let id = node_id(e);
            let child = chosen
                .iter()
                .rev()
                .find(|&&(n, _)| n == id)
                .map(|&(_, c)| c);
            match parts.into_iter().find(|p| Some(node_id(p)) == child) {
                Some(p) => e = p,
                None => return e.start(),
            }
        }
    }

    /// Where 64tass places the value of a `?:` or `??` condition just
    /// evaluated: as any value's, or at a bracket it starts with in an
    /// instruction operand ([`Expr::operand_bracket`]).
    fn condition_place(&self, e: &Expr) -> Pos {
        e.operand_bracket().unwrap_or_else(|| self.value_start(e))
    }

    /// The values of an index's arguments (a slice's parts each).
    fn index_args(&mut self, line: &LineRef, args: &[Expr]) -> EResult<Vec<IndexArg>> {
        let mut idx = Vec::with_capacity(args.len());
        for a in args.iter() {
            idx.push(match a.kind() {
                ExprKind::Slice(parts) => {
                    let mut vals = Vec::new();
                    for p in parts.iter() {
                        vals.push(self.eval_value(line, p)?);
                    }
                    IndexArg::Slice(vals)
                }
                _ => IndexArg::Value(self.eval_value(line, a)?),
            });
        }
        Ok(idx)
    }

    /// An index's result, its error placed as 64tass places it: a miss, or
    /// an index no 32-bit number, at the index that missed (the one the
    /// message names: a list of positions or a slice as a whole), anything
    /// else at the bracket. Elements of a
    /// list that missed are placed so too, and reported where used.
    pub(super) fn index_result(
        &mut self,
        line: &LineRef,
        r: FResult<Value>,
        idx: &[IndexArg],
        args: &[Expr],
        bracket: Pos,
    ) -> EResult<Value> {
        let at = |a: &Self, f: &Fault| -> Pos {
            let miss = f.msg.starts_with("index out of range")
                || f.msg.starts_with("key not in dictionary")
                || f.msg.starts_with("too large for a 32 bit signed integer");
            if !miss {
                return bracket;
            }
            let named = idx
                .iter()
                .zip(args)
                .rev()
                .find(|(i, _)| matches!(i, IndexArg::Value(v) if a.named_in(v, &f.msg)));
            match (named, args) {
                (Some((_, e)), _) | (None, [e]) => e.pos,
                (None, _) => bracket,
            }
        };
        match r {
            Err(f) => {
                let pos = at(self, &f);
                self.check_value(line, pos, Err(f))
            }
            Ok(v) if has_loose_error(&v) => Ok(self.place_errors(line, v, &at)),
            Ok(v) => Ok(v),
        }
    }

    /// Does `msg` name `v`, or one of its elements (at any depth)?
    pub(super) fn named_in(&self, v: &Value, msg: &str) -> bool {
        msg.contains(&value::convert::describe(v, self))
            || v.elements()
                .is_some_and(|items| items.iter().any(|x| self.named_in(x, msg)))
    }

    /// `v` with each error it holds that no place was given yet (a
    /// list's element a function failed on) placed at `at(f)`: reported
    /// there where the value is used.
    pub(super) fn place_errors(
        &mut self,
        line: &LineRef,
        v: Value,
        at: &dyn Fn(&Self, &Fault) -> Pos,
    ) -> Value {
        match v {
            Value::Error(f) if f.kept.is_none() && !f.none => {
                let pos = at(self, &f);
                let f = (*f).clone();
                self.keeping(|a| Err(a.fault(line, pos, f)), |v| v)
                    .unwrap_or(Value::None)
            }
            Value::List(items) => Value::list(
                items
                    .iter()
                    .map(|x| self.place_errors(line, x.clone(), at))
                    .collect(),
            ),
            Value::Tuple(items) => Value::tuple(
                items
                    .iter()
                    .map(|x| self.place_errors(line, x.clone(), at))
                    .collect(),
            ),
            v => v,
        }
    }

    /// A label not yet defined in the first pass whose data is read
    /// (`table[i]`, `x in table`; not yet defined it reads as an error, or
    /// as the built-in of its name, `code`): the next pass may read it
    /// ahead of its line, in this pass's memory, which is then kept for it.
    fn maybe_label_data_ahead(&self, base: &Value) {
        let not_yet_a_label = |v: &Value| {
            v.is_none() || matches!(v, Value::Error(_) | Value::Type(_) | Value::Builtin(_))
        };
        if self.st.pass == 1 && not_yet_a_label(base) {
            self.out.want_previous();
        }
    }

    /// The needle of `needle in label`: 64tass takes it as an integer (a
    /// float truncated without a rounding warning; a gap stays a gap).
    fn code_needle(&self, needle: &Value) -> FResult<Value> {
        let not_int = || {
            Fault::new(format!(
                "conversion of {} to int is not possible",
                value::convert::describe(needle, self)
            ))
        };
        match needle {
            Value::Gap => Ok(Value::Gap),
            Value::Addr(a) if a.mode.0 != 0 => Err(not_int()),
            Value::Bool(_)
            | Value::Int(_)
            | Value::BigInt(_)
            | Value::Bits(_)
            | Value::BigBits(_)
            | Value::Float(_)
            | Value::Str(_)
            | Value::Bytes(_)
            | Value::InvBytes(_)
            | Value::Code(_)
            | Value::Addr(_) => match value::convert::numeric(needle, self)? {
                Value::Float(f) => value::convert::float_to_int(f).map(Value::int),
                Value::Bool(b) => Ok(Value::Int(b.into())),
                Value::Bits(b) => Ok(Value::int(b.to_i128())),
                n => Ok(n),
            },
            _ => Err(not_int()),
        }
    }

    /// `needle in label` (`!in` with `not`): 64tass compares each element
    /// of the label's data with the needle (an integer or a gap, so the
    /// order of the comparison doesn't matter) and stops at the first that
    /// decides, as in a tuple of them.
    fn code_contains(&self, needle: &Value, code: CodeRef, not: bool) -> FResult<Value> {
        let elements = Value::tuple(self.code_elements(code)?);
        value::seq::contains_or_not(&elements, needle, not, self)
    }

    /// `label[i]`: elements of the assembled data behind a label. One
    /// element by a number is read alone (a loop over a big `.binary`
    /// reads each byte once, not the whole label each time).
    fn index_code(
        &mut self,
        line: &LineRef,
        code: CodeRef,
        idx: &[IndexArg],
        args: &[Expr],
        pos: Pos,
    ) -> EResult<Value> {
        if let [IndexArg::Value(Value::Int(i))] = idx {
            let (start, count, unit) = self.code_layout(code);
            let at = if *i < 0 { count + *i } else { *i };
            if (0..count).contains(&at) {
                let mut buf = [None; 4];
                let bytes = &mut buf[..unit as usize];
                self.code_bytes(code, start + at * unit, bytes);
                return Ok(element_of(bytes, self.syms.code(code.id).dtype.signed()));
            }
        }
        let r = self.code_elements(code);
        let elems = self.check(line, pos, r)?;
        let r = value::index(&Value::tuple(elems), idx, self);
        self.index_result(line, r, idx, args, pos)
    }

    /// The size in bytes of a code object seen from its offset
    /// (`(label + 1).size` is one less than `label.size`).
    pub fn code_size(&self, code: CodeRef) -> FResult<u32> {
        let size = self.syms.code(code.id).size as i64 - code.offs as i64;
        u32::try_from(size).map_err(|_| Fault::new("negative size"))
    }

    /// Where a code object's elements are: the byte offset of the first
    /// from the label (64tass rounds the offset up to whole elements), how
    /// many there are, and the size of one.
    fn code_layout(&self, code: CodeRef) -> (i64, i64, i64) {
        let c = self.syms.code(code.id);
        let unit = c.dtype.size().max(1) as i64;
        let offs = code.offs as i64;
        let first = if offs >= 0 {
            (offs + unit - 1) / unit
        } else {
            -((-offs + unit - 1) / unit)
        };
        let count = (c.size as i64 - offs).max(0) / unit;
        (first * unit, count, unit)
    }

    /// The assembled data of a code object as elements of its data type,
    /// from its offset on (bytes before the label are gaps).
    pub fn code_elements(&self, code: CodeRef) -> FResult<Vec<Value>> {
        let (_, count, _) = self.code_layout(code);
        self.code_elements_in(code, 0, count)
    }

    /// `n` elements of a code object from element `from` on.
    fn code_elements_in(&self, code: CodeRef, from: i64, n: i64) -> FResult<Vec<Value>> {
        let (start, _, unit) = self.code_layout(code);
        let (start, len) = (start + from * unit, n * unit);
        // Bytes before the memory's start are not read.
        let lead = (-start).clamp(0, len);
        if len - lead > 1 << 20 {
            return Err(Fault::new("data too large to index"));
        }
        let mut bytes = vec![None; len as usize];
        self.code_bytes(code, start, &mut bytes);
        let signed = self.syms.code(code.id).dtype.signed();
        Ok(bytes
            .chunks(unit as usize)
            .map(|ch| element_of(ch, signed))
            .collect())
    }

    /// The bytes of a code object from byte `start` on (from the label's
    /// address), as many as `out` holds (None where nothing was written,
    /// or before the memory's start).
    fn code_bytes(&self, code: CodeRef, start: i64, out: &mut [Option<u8>]) {
        let c = self.syms.code(code.id);
        // A label not yet defined again in this pass is read in the memory
        // of the pass that defined it, as 64tass's code object keeps it.
        let Some(mems) = self.out.mems_defined_in(c.apass < self.st.pass) else {
            return;
        };
        let Some(m) = mems.get(c.mem as usize) else {
            return;
        };
        let lead = (-start).clamp(0, out.len() as i64);
        read_memory(
            m,
            c.data_from,
            (c.memaddr as i64 + start + lead) as u32,
            &mut out[lead as usize..],
        );
    }

    fn call(&mut self, line: &LineRef, f: &Expr, args: &[Expr], pos: Pos) -> EResult<Value> {
        let callee = self.eval_value(line, f)?;
        let vals = self.eval_list(line, args, true)?;
        // A built-in given too many or too few arguments: 64tass reports it
        // at the first one's text (`len(#1,2)` at the `#`), where the
        // arguments' own errors are placed after a `#` or bracket.
        if let (Value::Builtin(b), Some(first)) = (&callee, args.first())
            && !vals.iter().any(|a| matches!(a.val, Value::Error(_)))
        {
            let (min, max) = super::builtins::arity(*b);
            if let Err(f) = super::builtins::arg_count(vals.len(), min, max) {
                return self.check_value(line, first.text_start(), Err(f));
            }
        }
        if let Value::Func(id) = callee {
            return self.call_function(line, id, vals, (pos, f.text_start()));
        }
        // `format()`'s own count of the arguments its string asks for is
        // placed at its name, as 64tass places it.
        let pos = match callee {
            Value::Builtin(Builtin::Format) => f.text_start(),
            _ => pos,
        };
        self.call_value(line, callee, vals, pos)
    }

    /// Call a function, type or encoding value with arguments.
    pub fn call_value(
        &mut self,
        line: &LineRef,
        callee: Value,
        vals: Args,
        pos: Pos,
    ) -> EResult<Value> {
        if callee.is_none() || matches!(callee, Value::Error(_)) {
            return Ok(callee);
        }
        // An error value passed to a built-in: the byte conversions and
        // `rta()` report it at once in 64tass (`format()` after its count of
        // arguments, see `builtins::format`); any other call is the error
        // value and the expression goes on, so its other operands' errors
        // are not reported (`sin(log(-1)) + acos(-2)` reports the first).
        if !matches!(callee, Value::Func(_) | Value::Builtin(Builtin::Format)) {
            for arg in vals.iter() {
                if let Value::Error(f) = &arg.val {
                    let mut f = (**f).clone();
                    f.eager |= matches!(
                        callee,
                        Value::Builtin(b)
                            if b.is_data_conversion() || matches!(b, Builtin::Format | Builtin::Rta)
                    );
                    if !f.eager {
                        return Ok(arg.val.clone());
                    }
                    return Err(self.fault(line, arg.pos, f));
                }
            }
        }
        match callee {
            Value::Builtin(b) => self.call_builtin(line, b, &vals, pos),
            Value::Type(t) => self.convert(line, t, &vals, pos),
            Value::Func(id) => self.call_function(line, id, vals, (pos, pos)),
            Value::Encoding(enc) => {
                let [arg] = vals.as_slice() else {
                    let span = self.span_at(line, pos);
                    self.error(span, Kind::Type, "expected exactly 1 argument".into());
                    return Err(Reported);
                };
                let Value::Str(s) = &arg.val else {
                    let r: FResult<Value> = Err(Fault::new("a string is expected"));
                    return self.check(line, arg.pos, r);
                };
                let saved = self.st.encoding;
                self.st.encoding = enc;
                let r = self.encode(s);
                self.st.encoding = saved;
                self.check(line, arg.pos, r).map(|b| Value::Bytes(b.into()))
            }
            other => {
                let r: FResult<Value> = Err(Fault::new(format!(
                    "function call '()' of {} not possible",
                    value::convert::describe(&other, self)
                )));
                self.check(line, pos, r)
            }
        }
    }
}

/// Apply an addressing-mode operator, element-wise to lists.
pub fn apply_mode(v: Value, op: AddrOp) -> Value {
    match v {
        Value::List(items) => {
            Value::list(items.iter().map(|x| apply_mode(x.clone(), op)).collect())
        }
        Value::Tuple(items) => {
            Value::tuple(items.iter().map(|x| apply_mode(x.clone(), op)).collect())
        }
        Value::Addr(a) => match a.mode.push(op) {
            Some(mode) => Value::Addr(Rc::new(Address {
                mode,
                val: a.val.clone(),
            })),
            None => Value::Addr(a),
        },
        Value::None | Value::Error(_) => v,
        v => Value::Addr(Rc::new(Address {
            mode: AddrMode::NONE.push(op).unwrap_or_default(),
            val: v,
        })),
    }
}

/// Bytes of a prefixed string literal (`n"..."` etc.) made of the text's
/// bytes, and what is wrong with them: what 64tass goes on with then (the
/// top bit dropped from shifted text, a zero kept in null-terminated text)
/// and the index of the byte at fault, if a byte is.
fn text_mode(mode: TextMode, mut bytes: Vec<u8>) -> (Vec<u8>, Option<(Fault, Option<usize>)>) {
    let mut fault = None;
    match mode {
        TextMode::Text => {}
        TextMode::Null => {
            if let Some(at) = bytes.iter().position(|&b| b == 0) {
                fault = Some((Fault::new("zero value not allowed"), Some(at)));
            }
            bytes.push(0);
        }
        TextMode::Shift | TextMode::ShiftL => {
            if bytes.is_empty() {
                return (bytes, Some((Fault::new("empty string not allowed"), None)));
            }
            if let Some(at) = bytes.iter().position(|&b| b & 0x80 != 0) {
                let f = Fault::new("most significiant bit must be clear in byte");
                fault = Some((f, Some(at)));
            }
            if mode == TextMode::ShiftL {
                for b in bytes.iter_mut() {
                    *b <<= 1;
                }
                if let Some(last) = bytes.last_mut() {
                    *last |= 1;
                }
            } else {
                for b in bytes.iter_mut() {
                    *b &= 0x7f;
                }
                if let Some(last) = bytes.last_mut() {
                    *last |= 0x80;
                }
            }
        }
        TextMode::PText => {
            if bytes.len() > 255 {
                let f = Fault::new(format!("ptext too long by {} bytes", bytes.len() - 255));
                fault = Some((f, None));
            }
            bytes.insert(0, bytes.len() as u8);
        }
    }
    (bytes, fault)
}

/// How deep [`integers_only`] looks (a deeper expression is not kept).
const INTEGERS_DEPTH: u32 = 16;

/// Is `e` integer literals joined by operators whose answer depends on
/// their operands only (no name, `*`, string, float, call; no `&&`-like
/// operator with its `-Wstrict-bool` warning)? Its value, and any error,
/// is then the same in every pass and reading.
/// A name alone (`.if DEBUG`) is answered without a call.
#[inline(always)]
pub fn integers_only(e: &Expr) -> bool {
    !matches!(e.kind(), ExprKind::Ident(_)) && integers_within(e, INTEGERS_DEPTH)
}

fn integers_within(e: &Expr, depth: u32) -> bool {
    match e.kind() {
        ExprKind::Int(_) => true,
        ExprKind::Paren(a) => depth > 0 && integers_within(a, depth - 1),
        ExprKind::Unary(op, a) => {
            matches!(
                op,
                UnOp::Neg | UnOp::Pos | UnOp::Inv | UnOp::Lower | UnOp::Higher
            ) && depth > 0
                && integers_within(a, depth - 1)
        }
        ExprKind::Binary(op, [a, b]) => {
            matches!(
                op,
                BinOp::Add
                    | BinOp::Sub
                    | BinOp::Mul
                    | BinOp::Div
                    | BinOp::Mod
                    | BinOp::Or
                    | BinOp::Xor
                    | BinOp::And
                    | BinOp::Shl
                    | BinOp::Shr
                    | BinOp::Eq
                    | BinOp::Ne
                    | BinOp::Lt
                    | BinOp::Gt
                    | BinOp::Le
                    | BinOp::Ge
                    | BinOp::Min
                    | BinOp::Max
            ) && depth > 0
                && integers_within(a, depth - 1)
                && integers_within(b, depth - 1)
        }
        _ => false,
    }
}

/// `c ?? a : b` as 64tass broadcasts it: each list, tuple or dictionary
/// (its `key:value` entries) among the three is taken element by element,
/// all of one length, but for one of a single element, which stands for
/// that element; the result is a tuple when the first of them is (or holds
/// as its one element) a tuple, else a list. The conditions decided by go
/// to `conditions` (for `-Wstrict-bool`); a failure says which of the three
/// it is placed at.
fn dcond(
    vals: [&Value; 3],
    env: &dyn Env,
    conditions: &mut Vec<Value>,
) -> Result<Value, (Fault, usize)> {
    let entries = vals.map(|v| match v {
        Value::Dict(d) => Some(d.entries()),
        _ => None,
    });
    let seqs: [Option<&[Value]>; 3] =
        std::array::from_fn(|j| entries[j].as_ref().unwrap_or(vals[j]).elements());
    let mut len = 1;
    let mut first = None;
    for (j, seq) in seqs.iter().enumerate() {
        let Some(seq) = seq else { continue };
        first.get_or_insert(j);
        if seq.len() != 1 && seq.len() != len {
            if len != 1 {
                return Err((crate::value::ops::cant_broadcast(len, seq.len()), j));
            }
            len = seq.len();
        }
    }
    let Some(k) = first else {
        let taken = value::convert::to_bool(vals[0], env).map_err(|f| (f, 0))?;
        conditions.push(vals[0].clone());
        return Ok(vals[if taken { 1 } else { 2 }].clone());
    };
    let tuple = match seqs[k] {
        Some([one]) => matches!(one, Value::Tuple(_)),
        _ => matches!(vals[k], Value::Tuple(_)),
    };
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let pick = |j: usize| match seqs[j] {
            Some([one]) => one,
            Some(seq) => &seq[i],
            None => vals[j],
        };
        out.push(dcond([pick(0), pick(1), pick(2)], env, conditions)?);
    }
    Ok(if tuple {
        Value::tuple(out)
    } else {
        Value::list(out)
    })
}

/// The global namespace id (for users of this module).
pub const _GLOBAL: NsId = GLOBAL;

/// An expression node's identity (its address) for [`Assembler::picked`].
fn node_id(e: &Expr) -> usize {
    e as *const Expr as usize
}

/// Whether an expression's value is made by the expression itself rather
/// than read from a symbol (64tass works in place on such a value, which
/// changes some results: see `value::int::stored_shr`). `picked` is the
/// operand the last `<?` or `>?` gave: those give one of their operands,
/// not a new value.
fn computed_here(e: &Expr, picked: usize) -> bool {
    match e.kind() {
        ExprKind::Ident(_)
        | ExprKind::Symbol(..)
        | ExprKind::AnonSymbol(_)
        | ExprKind::Member(_) => false,
        // An element of a list made here is the last holder's too.
        ExprKind::Index(base, _) => computed_here(base, 0),
        ExprKind::Paren(inner) | ExprKind::Unary(UnOp::Pos, inner) => computed_here(inner, picked),
        ExprKind::Cond(parts) => computed_here(&parts[1], 0) && computed_here(&parts[2], 0),
        // 64tass holds both sides of these while it picks one.
        ExprKind::Binary(BinOp::LAnd | BinOp::LOr, _) => false,
        ExprKind::Binary(BinOp::Min | BinOp::Max, ab) => {
            match ab.iter().find(|p| node_id(p) == picked) {
                Some(p) => computed_here(p, 0),
                None => computed_here(&ab[0], 0) && computed_here(&ab[1], 0),
            }
        }
        _ => true,
    }
}

/// Does `v` hold an error no place was given yet (see
/// [`Assembler::place_errors`])?
pub(super) fn has_loose_error(v: &Value) -> bool {
    match v {
        Value::Error(f) => f.kept.is_none() && !f.none,
        Value::List(items) | Value::Tuple(items) => items.iter().any(has_loose_error),
        _ => false,
    }
}

/// An element of a code object from its bytes (little-endian; a gap if
/// any byte was not written).
fn element_of(bytes: &[Option<u8>], signed: bool) -> Value {
    if !bytes.iter().all(Option::is_some) {
        return Value::Gap;
    }
    let v = bytes
        .iter()
        .rev()
        .fold(0i64, |acc, b| (acc << 8) | b.unwrap_or(0) as i64);
    let bits = 8 * bytes.len() as u32;
    if signed && v >> (bits - 1) & 1 == 1 {
        Value::Int(v - (1i64 << bits))
    } else {
        Value::Int(v)
    }
}

const FLOAT_OVERFLOW: &str = "floating point overflow";

/// An integer a float can't hold, made one to meet a float, overflows where
/// that integer is, as 64tass places the conversion: the operand holding
/// one (the left first), if any.
fn huge_int_side(a: &Expr, b: &Expr, x: &Value, y: &Value) -> Option<Pos> {
    if holds_huge_int(x) {
        Some(unparen(a).start())
    } else if holds_huge_int(y) {
        Some(unparen(b).start())
    } else {
        None
    }
}

/// An integer beyond a float's range, or a list holding one.
fn holds_huge_int(v: &Value) -> bool {
    match v {
        Value::BigInt(b) => num_traits::ToPrimitive::to_f64(&**b).is_none_or(|f| !f.is_finite()),
        Value::List(items) | Value::Tuple(items) => items.iter().any(holds_huge_int),
        _ => false,
    }
}

/// A list's element holding a float overflow not located yet.
fn holds_lazy_overflow(v: &Value) -> bool {
    match v {
        Value::Error(f) => f.kept.is_none() && f.msg == FLOAT_OVERFLOW,
        Value::List(items) | Value::Tuple(items) => items.iter().any(holds_lazy_overflow),
        _ => false,
    }
}

/// A symbol (`.x in label`) or what is already no value is looked up or
/// passed through by `in` as it is, not taken as a number.
fn needle_of_scope(needle: &Value) -> bool {
    matches!(needle, Value::Symbol(..) | Value::None | Value::Error(_))
}

/// Bytes written at `addr..addr+out.len()` in a memory from its byte
/// `from` on, into `out` (None where nothing was): a label's own data,
/// as 64tass reads it, so writes before the label or over its bytes
/// later don't show.
fn read_memory(m: &crate::output::Memory, from: u32, addr: u32, out: &mut [Option<u8>]) {
    let (addr, end) = (addr as u64, addr as u64 + out.len() as u64);
    for b in &m.blocks {
        if let crate::output::Block::Data {
            addr: a,
            start,
            len: l,
        } = *b
        {
            // Only the block's bytes inside the window.
            let a = a as u64;
            let lo = (from.saturating_sub(start) as u64).max(addr.saturating_sub(a));
            let hi = (l as u64).min(end.saturating_sub(a));
            for i in lo..hi {
                let at = a + i;
                out[(at - addr) as usize].get_or_insert(m.data()[(start as u64 + i) as usize]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn builtins_are_sorted_for_binary_search() {
        assert!(super::BUILTINS.windows(2).all(|w| w[0].0 < w[1].0));
        // Their indices fit the per-name cache's byte.
        assert!(super::BUILTINS.len() + 2 <= u8::MAX as usize);
    }

    /// A built-in found once by name is found again through the per-name
    /// cache, a symbol of its name still hides it where it is visible, and
    /// register letters still depend on the processor.
    #[test]
    fn built_ins_are_found_again_and_still_hidden_by_symbols() {
        let src = "* = $1000\n .byte len(\"ab\"), len([1])\ns .block\nlen = 7\n .byte len\n .bend\n .byte len(\"abc\"), s.len\n asl a\n .cpu \"65816\"\n lda 3,s\n lda #len(\"abcd\")\n";
        let p = crate::assemble_str("t.asm", src, &crate::Options::default())
            .unwrap_or_else(|e| panic!("assembles: {e}"));
        assert_eq!(
            p.prg_bytes(),
            [0x00, 0x10, 2, 1, 7, 3, 7, 0x0a, 0xa3, 0x03, 0xa9, 4]
        );
    }
}
