//! Repetition: `.for`, `.rept`, `.while` and their scoped `b` forms,
//! `.break`, `.continue`, `.goto` and `.lbl`. Loops assemble their body by
//! calling the line loop again from the line after the opening directive,
//! as 64tass does.

use std::rc::Rc;

use super::Assembler;
use super::commands::Cmd;
use super::compile::Step;
use super::lines::{LineRef, ParseKind};
use super::state::{FrameData, Wait};
use crate::diag::Kind;
use crate::intern::Name;
use crate::source::Span;
use crate::symbols::{LabelId, PassNo};
use crate::syntax::ast::BinOp;
use crate::syntax::compiled::Expr;
use crate::value::convert::to_count;
use crate::value::{self, CodeId, CodeRef, NsId, Value};

/// A `.for` step's variable once read: its name's length, the name, and
/// the variable the first `:=` step made.
type StepVar = (usize, Name, Option<LabelId>);

/// Loops may not run forever.
const MAX_ITERATIONS: u64 = 10_000_000;

impl Assembler<'_> {
    /// `.for`, `.rept`, `.while` and the scoped `.bfor`, `.brept`, `.bwhile`.
    /// `label` is the label in front of a scoped loop (it gets the list of
    /// the iterations' scopes).
    pub fn loop_directive(
        &mut self,
        line: &LineRef,
        cmd: Cmd,
        args: usize,
        span: Span,
        label: Option<(Name, Rc<str>, Span, NsId)>,
    ) -> Step {
        self.opt_invalidate();
        self.record_line(line, None);
        self.verbose_loop_start();
        // A scoped loop's label is listed with its value, the scopes.
        let label_row = label.as_ref().and_then(|_| self.label_row());
        let scoped = matches!(cmd, Cmd::Bfor | Cmd::Brept | Cmd::Bwhile);
        // 64tass's table of the namespace gets an entry more from a `.for`,
        // `.brept` or `.bwhile` (found by comparing its label lists, as for
        // `:?=`), which moves the labels listed after it.
        if matches!(cmd, Cmd::For | Cmd::Brept | Cmd::Bwhile) {
            self.mark_extra_slot();
        }
        let what = match cmd {
            Cmd::For | Cmd::Bfor => Wait::EndFor2,
            Cmd::Rept | Cmd::Brept => Wait::EndRept2,
            _ => Wait::EndWhile2,
        };
        let skip_what = match what {
            Wait::EndFor2 => Wait::EndFor,
            Wait::EndRept2 => Wait::EndRept,
            _ => Wait::EndWhile,
        };
        // The scopes of the iterations, kept in a label (named or anonymous).
        let scopes_label = if scoped {
            let (name, text, lspan, ns) = match &label {
                Some((n, t, s, ns)) => (*n, t.clone(), *s, *ns),
                None => {
                    let ns = self.st.context();
                    let name = self.anon_scope_name(b'.');
                    (name, Rc::from(self.names.name(name)), span, ns)
                }
            };
            let strength = self.st.strength;
            let (id, exists) = self
                .syms
                .entry(ns, name, strength, &text, lspan, &self.names);
            self.note_def_chain(id, exists);
            // An anonymous one asks for no pass more when it is made: no
            // line can read it by name (64tass's `new_anonlabel`).
            let named = label.is_some();
            if exists && self.syms.label(id).defpass == self.st.pass {
                let first = self.syms.span(id);
                self.duplicate_definition(lspan, first, &text);
            } else if named && (!exists || self.syms.label(id).defpass + 1 != self.st.pass) {
                self.label_created(id, lspan);
            }
            Some(id)
        } else {
            None
        };
        let old_scopes: Vec<CodeId> = match scopes_label.map(|id| self.syms.label(id).value.clone())
        {
            Some(Value::Tuple(items)) => items
                .iter()
                .filter_map(|v| {
                    if let Value::Code(c) = v {
                        Some(c.id)
                    } else {
                        None
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut scopes: Vec<CodeId> = Vec::new();
        let body = self.st.cursor;
        // The loop's node in the star tree: a `.rept` enters it only to run.
        let mut entered = (!matches!(cmd, Cmd::Rept | Cmd::Brept)).then(|| self.enter_star(span));
        self.st.push_frame(what, span);
        self.st.top_mut().data = FrameData::Loop { breakout: false };
        let mut finished = true;
        let mut iterations: u64 = 0;
        // A scoped iteration is code (like a label's): its address, its size and
        // its scope, so `label[1].inner` and `label[1]` both work.
        let run_body = |a: &mut Self, scopes: &mut Vec<CodeId>| -> bool {
            a.st.cursor = body;
            a.st.top_mut().skip = 1;
            a.st.loops += 1;
            let r = if scoped {
                let cid = a.iteration_code(old_scopes.get(scopes.len()).copied());
                scopes.push(cid);
                let start = a.out.addr(a.st.addr).address;
                a.st.push_context(a.syms.code(cid).names);
                let r = a.compile();
                a.st.pop_context();
                let size = a.out.addr(a.st.addr).address.wrapping_sub(start) & a.out.image_mask;
                a.set_code_size(cid, size, start);
                r
            } else {
                a.compile()
            };
            a.st.loops -= 1;
            r.is_some()
        };
        match cmd {
            Cmd::Rept | Cmd::Brept => {
                let count = match self.one_value(line, args) {
                    Some((v, pos)) if !v.is_none() => {
                        self.rounded.set(false);
                        let r = to_count(&v, 32, self);
                        let n = self.check(line, pos, r).unwrap_or(0);
                        self.float_round_warning(line, pos);
                        n
                    }
                    _ => 0,
                };
                if count == 0 {
                    self.st.top_mut().what = skip_what;
                    self.st.top_mut().skip = 0;
                    finished = false;
                } else {
                    entered = Some(self.enter_star(span));
                    for _ in 0..count {
                        iterations += 1;
                        if iterations > MAX_ITERATIONS || self.has_fatal() {
                            break;
                        }
                        if !run_body(self, &mut scopes) {
                            finished = false;
                            break;
                        }
                        if self.breakout() {
                            break;
                        }
                    }
                }
            }
            Cmd::While | Cmd::Bwhile => {
                let mut ran = false;
                loop {
                    let go = self.loop_head(|a| match a.while_condition(line, args) {
                        Some((v, pos)) => a.truth(line, &v, pos).unwrap_or(false),
                        None => false,
                    });
                    if !go {
                        break;
                    }
                    ran = true;
                    iterations += 1;
                    if iterations > MAX_ITERATIONS {
                        self.error(
                            span,
                            Kind::Limit,
                            format!("loop ran more than {MAX_ITERATIONS} times"),
                        );
                        break;
                    }
                    if self.has_fatal() {
                        break;
                    }
                    if !run_body(self, &mut scopes) {
                        finished = false;
                        break;
                    }
                    if self.breakout() {
                        break;
                    }
                }
                if !ran {
                    self.st.top_mut().what = skip_what;
                    self.st.top_mut().skip = 0;
                    finished = false;
                }
            }
            _ => {
                let ok = self.for_loop(line, args, span, &mut |a| {
                    iterations += 1;
                    if iterations > MAX_ITERATIONS {
                        a.error(
                            span,
                            Kind::Limit,
                            format!("loop ran more than {MAX_ITERATIONS} times"),
                        );
                        return Body::Stop;
                    }
                    if a.has_fatal() {
                        return Body::Stop;
                    }
                    if !run_body(a, &mut scopes) {
                        return Body::Unclosed;
                    }
                    if a.breakout() { Body::Stop } else { Body::Next }
                });
                match ok {
                    LoopEnd::Ran => {}
                    LoopEnd::Never => {
                        self.st.top_mut().what = skip_what;
                        self.st.top_mut().skip = 0;
                        finished = false;
                    }
                    LoopEnd::Unclosed => finished = false,
                }
            }
        }
        self.verbose_after_loop();
        if let Some(e) = entered {
            // The lines after it count on as if its text had been read once.
            let read = if self.st.cursor.file == body.file {
                self.st.cursor.line.saturating_sub(body.line)
            } else {
                0
            };
            self.st.stars.leave(e, read);
        }
        if finished {
            // The body's closing directive returned control: the frame is ours.
            self.st.close(what);
        } else if self.st.top().what == what {
            // The text ended inside the body: skip to the closing directive.
            self.st.top_mut().what = skip_what;
            self.st.top_mut().skip = 0;
        }
        if let Some(id) = scopes_label {
            let v = Value::tuple(
                scopes
                    .into_iter()
                    .map(|c| Value::Code(CodeRef::new(c)))
                    .collect(),
            );
            self.record_row_value(label_row, &v, None);
            self.const_assign(id, v);
            let l = self.syms.label_mut(id);
            l.set_constant(true);
            // It owns its scopes: unused, it is a "macro" to `-Wunused`
            // (what a definition makes that is no code), as in 64tass.
            l.set_owner(true);
        }
        Step::Next
    }

    /// Evaluate a part of a loop's head that 64tass reads from its copy of
    /// the line (see `PassState::loop_head`).
    fn loop_head<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let was = std::mem::replace(&mut self.st.loop_head, true);
        let r = f(self);
        self.st.loop_head = was;
        r
    }

    /// A `.while`'s condition: its first expression, the rest of the line
    /// unread (64tass reads up to a comma); none is an error where the
    /// argument belongs, after the directive.
    fn while_condition(&mut self, line: &LineRef, args: usize) -> Option<(Value, u32)> {
        let parsed = self.parse_exprs(line, args, ParseKind::List)?;
        let Ok(exprs) = &parsed.result else {
            return None;
        };
        let Some(e) = exprs.first() else {
            // 64tass drops the spaces that end a line.
            let at = if line.at(args) == 0 {
                line.text[..args].trim_end().len()
            } else {
                args
            };
            self.error(
                line.span(at, at + 1),
                Kind::Syntax,
                "expected exactly one argument".into(),
            );
            return None;
        };
        let (v, place) = self.eval_placed(line, e, false);
        Some((v.ok()?, place))
    }

    fn breakout(&self) -> bool {
        matches!(self.st.top().data, FrameData::Loop { breakout: true })
    }

    /// The `.for` header: `var = start, cond, var op= step` or `var[, var] in list`.
    fn for_loop(
        &mut self,
        line: &LineRef,
        args: usize,
        span: Span,
        body: &mut dyn FnMut(&mut Self) -> Body,
    ) -> LoopEnd {
        let text = line.text;
        // Variable names before `=`, `:=`, `,` or `in`.
        let mut pos = args;
        let mut vars: Vec<(Name, Rc<str>, Span)> = Vec::new();
        let mut foreach = false;
        loop {
            let len = crate::syntax::scan::ident_len(&text[..line.end], pos, self.dialect.unicode);
            if len == 0 {
                break;
            }
            let name_text: Rc<str> = Rc::from(&text[pos..pos + len]);
            let after = line.skip_ws(pos + len);
            let c = line.at(after);
            let is_in = {
                let l2 =
                    crate::syntax::scan::ident_len(&text[..line.end], after, self.dialect.unicode);
                l2 == 2 && text[after..after + 2].eq_ignore_ascii_case("in")
            };
            // As in 64tass, a comma after a name always starts more names.
            if c == b',' {
                vars.push((
                    self.intern(&name_text),
                    name_text,
                    line.span(pos, pos + len),
                ));
                pos = line.skip_ws(after + 1);
                foreach = true;
                continue;
            }
            if is_in {
                vars.push((
                    self.intern(&name_text),
                    name_text,
                    line.span(pos, pos + len),
                ));
                pos = line.skip_ws(after + 2);
                foreach = true;
                break;
            }
            // TASM (`-T`) knows only `=` here; after a list of names only
            // `in` may come.
            let colon_equal = c == b':' && line.at(after + 1) == b'=' && !self.dialect.tasm;
            if !foreach && (c == b'=' || colon_equal) {
                vars.push((
                    self.intern(&name_text),
                    name_text,
                    line.span(pos, pos + len),
                ));
                pos = line.skip_ws(after + if c == b'=' { 1 } else { 2 });
            } else {
                let msg = if foreach {
                    "',' or 'in' expected"
                } else {
                    "':=' or ',' or 'in' expected"
                };
                self.error(line.span(after, after + 1), Kind::Syntax, msg.into());
                return LoopEnd::Never;
            }
            break;
        }
        if foreach {
            let Some(parsed) = self.parse_exprs(line, pos, ParseKind::List) else {
                return LoopEnd::Never;
            };
            let Ok(exprs) = &parsed.result else {
                return LoopEnd::Never;
            };
            let vals = self.eval_args(line, exprs);
            // The variables are made once, before the first iteration (and
            // for none): 64tass's "unused variable" looks at them there only.
            let ids: Vec<Option<LabelId>> = vars
                .iter()
                .map(|(n, t, s)| {
                    let ns = self.variable_scope(*n);
                    self.set_variable(line, *n, t, *s, ns, Value::None, false)
                })
                .collect();
            let Ok(vals) = vals else {
                return LoopEnd::Never;
            };
            let seq = super::compile::tuple_of(vals);
            let items: Vec<Value> = match &seq {
                Value::None => return LoopEnd::Never,
                Value::List(x) | Value::Tuple(x) => x.to_vec(),
                // Its entries: `key:value` colonlists and keys alone.
                Value::Dict(d) => d.entry_values(),
                Value::Str(s) => s.chars().map(|c| Value::str(&c.to_string())).collect(),
                Value::Bytes(b) => b
                    .iter()
                    .map(|&x| Value::Bytes(Rc::from([x].as_slice())))
                    .collect(),
                // A label's data is not iterable in 64tass 1.58 (`in`, an
                // index and `list()` read it).
                other => {
                    let what = crate::value::convert::describe(other, self);
                    self.error(
                        line.span(pos, pos + 1),
                        Kind::Type,
                        format!("not iterable {what}"),
                    );
                    return LoopEnd::Never;
                }
            };
            if items.is_empty() {
                return LoopEnd::Never;
            }
            // Each iteration sets their values only.
            let set = |a: &mut Self, i: usize, v: Value| {
                if let Some(id) = ids[i] {
                    a.syms.set_value(id, v);
                }
            };
            for item in items {
                if vars.len() == 1 {
                    set(self, 0, item);
                } else {
                    let parts: Vec<Value> = item
                        .elements()
                        .map(|x| x.to_vec())
                        .unwrap_or_else(|| vec![item.clone()]);
                    if parts.len() != vars.len() {
                        self.error(
                            span,
                            Kind::Type,
                            format!(
                                "expected {} values but got {} to unpack",
                                vars.len(),
                                parts.len()
                            ),
                        );
                    }
                    for i in 0..vars.len() {
                        set(self, i, parts.get(i).cloned().unwrap_or_default());
                    }
                }
                match body(self) {
                    Body::Next => {}
                    Body::Stop => return LoopEnd::Ran,
                    Body::Unclosed => return LoopEnd::Unclosed,
                }
            }
            return LoopEnd::Ran;
        }
        // Counting form: init, condition, step (each part optional).
        if let Some((n, t, s)) = vars.first().cloned() {
            let Some(parsed) = self.parse_exprs(line, pos, ParseKind::Single) else {
                return LoopEnd::Never;
            };
            let Ok(exprs) = &parsed.result else {
                return LoopEnd::Never;
            };
            let Ok(v) = self.eval(line, &exprs[0]) else {
                return LoopEnd::Never;
            };
            let ns = self.variable_scope(n);
            self.set_variable(line, n, &t, s, ns, v, false);
            pos = parsed.end as usize;
        }
        let p = line.skip_ws(pos);
        if line.at(p) != b',' {
            self.error(line.span(p, p + 1), Kind::Syntax, "',' expected".into());
            return LoopEnd::Never;
        }
        let cond_pos = line.skip_ws(p + 1);
        let cond: Option<super::lines::Parsed> = if line.at(cond_pos) == b',' {
            None
        } else {
            // A condition that doesn't parse is reported once, as in 64tass.
            let Some(parsed) = self.parse_exprs(line, cond_pos, ParseKind::Single) else {
                return LoopEnd::Never;
            };
            Some(parsed)
        };
        let after_cond = match &cond {
            Some(c) => line.skip_ws(c.end as usize),
            None => cond_pos,
        };
        let step_pos = if line.at(after_cond) == b',' {
            Some(line.skip_ws(after_cond + 1))
        } else if line.at_end(after_cond) {
            None
        } else {
            self.error(
                line.span(after_cond, after_cond + 1),
                Kind::Syntax,
                "',' expected".into(),
            );
            return LoopEnd::Never;
        };
        let mut ran = false;
        // The step's variable, found once for the loop.
        let mut step_name = None;
        loop {
            if let Some(c) = &cond {
                let Ok(exprs) = &c.result else {
                    return LoopEnd::Never;
                };
                let e: &Expr = &exprs[0];
                let go = self.loop_head(|a| match a.eval_placed(line, e, false) {
                    (Ok(v), place) => a.truth(line, &v, place),
                    (Err(_), _) => None,
                });
                if go != Some(true) {
                    break;
                }
            }
            // No step part (`.for i = 0, i < 3`): an error once the condition
            // holds, before the body runs, as in 64tass (a loop whose
            // condition fails at once has none); c64asm looped for ever.
            let Some(sp) = step_pos else {
                self.error(
                    line.span(after_cond, after_cond + 1),
                    Kind::Syntax,
                    "',' expected".into(),
                );
                break;
            };
            ran = true;
            match body(self) {
                Body::Next => {}
                Body::Stop => return LoopEnd::Ran,
                Body::Unclosed => return LoopEnd::Unclosed,
            }
            if !line.at_end(sp) && !self.loop_head(|a| a.for_step(line, sp, &mut step_name)) {
                break;
            }
        }
        if ran { LoopEnd::Ran } else { LoopEnd::Never }
    }

    /// The step part of `.for`: an assignment to a variable (its length and
    /// name kept in `kept` after the first step).
    fn for_step(&mut self, line: &LineRef, pos: usize, kept: &mut Option<StepVar>) -> bool {
        let text = line.text;
        let (len, name, made) = match *kept {
            Some(k) => k,
            None => {
                let len =
                    crate::syntax::scan::ident_len(&text[..line.end], pos, self.dialect.unicode);
                if len == 0 {
                    self.error(
                        line.span(pos, pos + 1),
                        Kind::Syntax,
                        "label required".into(),
                    );
                    return false;
                }
                let name = self.intern(&text[pos..pos + len]);
                *kept.insert((len, name, None))
            }
        };
        let name_text = &text[pos..pos + len];
        let after = line.skip_ws(pos + len);
        let (op, oplen): (Option<BinOp>, usize) =
            match (line.at(after), line.at(after + 1), line.at(after + 2)) {
                (b':', b'=', _) | (b'=', _, _)
                    if line.at(after) != b'=' || line.at(after + 1) != b'=' =>
                {
                    (None, if line.at(after) == b':' { 2 } else { 1 })
                }
                (b'+', b'=', _) => (Some(BinOp::Add), 2),
                (b'-', b'=', _) => (Some(BinOp::Sub), 2),
                (b'*', b'=', _) => (Some(BinOp::Mul), 2),
                (b'/', b'=', _) => (Some(BinOp::Div), 2),
                (b'%', b'=', _) => (Some(BinOp::Mod), 2),
                (b'|', b'=', _) => (Some(BinOp::Or), 2),
                (b'&', b'=', _) => (Some(BinOp::And), 2),
                (b'^', b'=', _) => (Some(BinOp::Xor), 2),
                (b'<', b'<', b'=') => (Some(BinOp::Shl), 3),
                (b'>', b'>', b'=') => (Some(BinOp::Shr), 3),
                (b'.', b'.', b'=') => (Some(BinOp::Concat), 3),
                (b'*', b'*', b'=') => (Some(BinOp::Exp), 3),
                _ => {
                    self.error(
                        line.span(after, after + 1),
                        Kind::Syntax,
                        "':=' expected".into(),
                    );
                    return false;
                }
            };
        let vpos = line.skip_ws(after + oplen);
        // Where the variable was before the first step moved it.
        let mut moved = None;
        if op.is_none() && made.is_none() {
            // 64tass moves the variable to the step (once: its first) before
            // it reads the value: a `-Wshadow` of that read is given at the
            // step, an "unused variable" at where it was.
            let ns = self.variable_scope(name);
            if let Some(id) = self.lookup_in(ns, name)
                && !self.syms.label(id).constant()
            {
                moved = Some((id, self.syms.span(id)));
                self.syms.set_span(id, line.span(pos, pos + len));
            }
        }
        let Some(parsed) = self.parse_exprs(line, vpos, ParseKind::List) else {
            return false;
        };
        let Ok(exprs) = &parsed.result else {
            return false;
        };
        let Ok(vals) = self.eval_args(line, exprs) else {
            return false;
        };
        let v = super::compile::tuple_of(vals);
        match op {
            // Made by the first step; the later ones set its value only
            // (64tass's "unused variable" looks at the first).
            None => match made {
                Some(id) => {
                    self.syms.set_value(id, v);
                    self.syms.label_mut(id).usepass = PassNo::default();
                }
                None => {
                    if let Some((id, before)) = moved {
                        self.syms.set_span(id, before);
                    }
                    let span = line.span(pos, pos + len);
                    let ns = self.variable_scope(name);
                    let id = self.set_variable(line, name, name_text, span, ns, v, false);
                    *kept = Some((len, name, id));
                }
            },
            Some(op) => {
                let Some(id) = self.lookup(name) else {
                    self.not_defined(
                        line,
                        pos as u32,
                        name_text.to_string(),
                        super::eval::Searched::Scopes,
                    );
                    return false;
                };
                if self.syms.label(id).constant() {
                    let span = line.span(pos, pos + len);
                    self.error(span, Kind::Type, format!("not a variable '{name_text}'"));
                    return false;
                }
                let old = self.syms.label(id).value.clone();
                let r = value::binary(op, &old, &v, self);
                let Ok(nv) = self.check(line, vpos as u32, r) else {
                    return false;
                };
                self.syms.set_value(id, nv);
            }
        }
        true
    }

    /// Where a loop variable lives: a cheap local (`_i`) in the scope of the
    /// last code label, as every other `_name` definition; else the current scope.
    fn variable_scope(&self, name: Name) -> NsId {
        if self.names.is_cheap_local(name) {
            self.st.cheap
        } else {
            self.st.context()
        }
    }

    fn intern(&mut self, text: &str) -> Name {
        crate::syntax::expr::intern_name(&mut self.names, text, self.dialect)
    }

    /// `.next`, `.endfor`, `.endrept`, `.endwhile`.
    pub fn loop_end(&mut self, line: &LineRef, cmd: Cmd, span: Span) -> Step {
        // `--verbose-list` shows the closing line once, after the loop.
        self.verbose_loop_end(line);
        let top = self.st.top().what;
        let family = match cmd {
            Cmd::Next => match top {
                Wait::EndFor | Wait::EndFor2 | Wait::EndFor3 => Cmd::Endfor,
                Wait::EndRept | Wait::EndRept2 | Wait::EndRept3 => Cmd::Endrept,
                Wait::EndWhile | Wait::EndWhile2 | Wait::EndWhile3 => Cmd::Endwhile,
                _ => {
                    self.error(
                        span,
                        Kind::ConditionalMismatch,
                        "opening directive '.for', '.rept' or '.while' not found".into(),
                    );
                    return Step::Next;
                }
            },
            other => other,
        };
        let (skipped, running, scoped, name) = match family {
            Cmd::Endfor => (Wait::EndFor, Wait::EndFor2, Wait::EndFor3, ".for"),
            Cmd::Endrept => (Wait::EndRept, Wait::EndRept2, Wait::EndRept3, ".rept"),
            _ => (Wait::EndWhile, Wait::EndWhile2, Wait::EndWhile3, ".while"),
        };
        if self.st.close(skipped).is_some() {
            return Step::Next;
        }
        if top == running {
            return Step::Return(Value::None);
        }
        if self.st.close(scoped).is_some() {
            self.st.pop_context();
            return Step::Next;
        }
        self.error(
            span,
            Kind::ConditionalMismatch,
            format!("opening directive '{name}' not found"),
        );
        Step::Next
    }

    /// `.break`, `.continue`, `.breakif`, `.continueif`.
    pub fn break_continue(&mut self, line: &LineRef, cmd: Cmd, args: usize, span: Span) {
        let mut doit = true;
        if matches!(cmd, Cmd::Breakif | Cmd::Continueif) {
            doit = match self.one_value(line, args) {
                Some((v, pos)) => self.truth(line, &v, pos).unwrap_or(false),
                None => false,
            };
        }
        let found = self.st.frames.iter().rposition(|f| {
            matches!(
                f.what,
                Wait::EndFor2 | Wait::EndRept2 | Wait::EndWhile2 | Wait::EndF3
            )
        });
        match found {
            Some(i) if !matches!(self.st.frames[i].what, Wait::EndF3) => {
                if doit {
                    if matches!(cmd, Cmd::Break | Cmd::Breakif) {
                        self.st.frames[i].data = FrameData::Loop { breakout: true };
                    }
                    for f in &mut self.st.frames[i..] {
                        f.skip = 0;
                    }
                }
            }
            _ => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "must be used within a loop".into(),
                );
                // Outside a loop nothing is skipped: 64tass checks the end
                // of a `.break`/`.continue` line (the `if` forms took their
                // argument already).
                if matches!(cmd, Cmd::Break | Cmd::Continue) {
                    self.expect_end(line, args);
                }
            }
        }
    }

    /// `.goto` (old TASM sources).
    pub fn goto(&mut self, line: &LineRef, args: usize, span: Span) {
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        let Value::Lbl(target) = v else {
            if !v.is_none() {
                let s = self.span_at(line, pos);
                let msg = format!("wrong type '{}', expected 'lbl'", v.type_name());
                self.error(s, Kind::Type, msg);
            }
            return;
        };
        // Only backwards, as 64tass: a later `.lbl` is not defined yet.
        if target > line.index + 1 {
            let s = self.span_at(line, pos);
            self.error(s, Kind::UndefinedSymbol, "not defined".into());
            return;
        }
        if self.tasm_only_deprecated() {
            // 64tass names no switch for this one (`-Wno-deprecated` still hides it).
            self.warn_plain(
                Kind::Warning,
                span,
                "deprecated directive, only for TASM compatible mode".into(),
            );
        }
        let spent = self.spend(1000, span);
        if spent {
            // As 64tass: the conditionals opened after the `.lbl` end here,
            // so a loop of `.if ... .goto ... .endif` does not nest.
            let depth = self.st.lbl_depths.get(&(line.file, target)).copied();
            while let Some(f) = self.st.frames.last() {
                let open_since = depth.is_some_and(|d| self.st.frames.len() > d);
                if !open_since
                    || !matches!(f.what, Wait::Fi | Wait::Fi2 | Wait::Switch | Wait::Switch2)
                {
                    break;
                }
                self.st.frames.pop();
            }
            self.st.cursor.line = target;
        }
    }

    /// Whether `.lbl` and `.goto` are warned of: they are TASM's, deprecated
    /// outside `-T` only (64tass says nothing of them under `-T`).
    fn tasm_only_deprecated(&self) -> bool {
        self.opts.warnings.deprecated && !self.opts.tasm_compatible
    }

    /// `label .lbl`: a `.goto` target in this text.
    pub fn define_lbl(
        &mut self,
        line: &LineRef,
        (name, text, span, ns): (Name, &Rc<str>, Span, NsId),
        dir: Span,
    ) {
        let strength = self.st.strength;
        let (id, exists) = self.syms.entry(ns, name, strength, text, span, &self.names);
        self.note_def_chain(id, exists);
        if exists && self.syms.label(id).defpass == self.st.pass {
            let first = self.syms.span(id);
            self.duplicate_definition(span, first, text);
            return;
        }
        if !exists || self.syms.label(id).defpass + 1 != self.st.pass {
            self.label_created(id, span);
        }
        self.syms.label_mut(id).set_owner(true);
        self.const_assign(id, Value::Lbl(line.index + 1));
        let depth = self.st.frames.len();
        self.st
            .lbl_depths
            .insert((line.file, line.index + 1), depth);
        if self.tasm_only_deprecated() {
            self.warn_plain(
                Kind::Warning,
                dir,
                "deprecated directive, only for TASM compatible mode".into(),
            );
        }
    }
}

/// What a loop body asks for after running once.
pub enum Body {
    Next,
    /// `.break` (or a limit): stop looping.
    Stop,
    /// The text ended inside the body.
    Unclosed,
}

/// How a `.for` ended.
pub enum LoopEnd {
    Ran,
    /// The body never ran (it is skipped up to its closing directive).
    Never,
    /// The text ended inside the body.
    Unclosed,
}
