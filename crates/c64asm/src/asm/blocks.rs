//! Block directives that change scope or addresses: `.proc`, `.block`,
//! `.namespace`, `.with`, `.weak`, `.logical`, `.virtual`, `.page`,
//! `.section`/`.dsection`, inline `.struct`/`.union`. (`.encode` is in
//! [`super::encode`], the one-line settings in [`super::settings`].)

use std::rc::Rc;

use super::Assembler;
use super::commands::Cmd;
use super::compile::{NewLabel, Step};
use super::lines::LineRef;
use super::state::{Frame, FrameData, ProcMet, SizedLabel, Wait};
use crate::diag::Kind;
use crate::intern::Name;
use crate::output::{AddrId, Address, Block, PlaceIssue};
use crate::source::Span;
use crate::symbols::{PassNo, SKIPPED};
use crate::value::{CodeRef, NsId, Value};

impl Assembler<'_> {
    fn label_code_ns(&self, newlabel: Option<NewLabel>) -> Option<NsId> {
        let nl = newlabel?;
        match self.syms.label(nl.id).value {
            Value::Code(c) => Some(self.syms.code(c.id).names),
            _ => None,
        }
    }

    /// The label of a block directive, sized when its block closes. Until
    /// then it keeps its size (its line's own, 0, and the block's would take
    /// turns and the passes never settle), as in 64tass.
    fn sized_label(&mut self, newlabel: Option<NewLabel>) -> Option<SizedLabel> {
        let nl = newlabel?;
        self.syms.label_mut(nl.id).set_update_after(true);
        Some(SizedLabel {
            label: nl.id,
            addr: nl.oaddr,
        })
    }

    /// `--export-labels`, at the end of a pass: each symbol of an exported
    /// scope that a look-up finds now ([`Self::lookup_in`]: not a `.weak`
    /// definition a stronger one hides, nor one only an earlier pass made)
    /// counts as used, so its `.proc` is assembled in the next pass where
    /// nothing calls it, and as read in this pass (no `-Wunused`; a constant
    /// of the last pass read so needs another pass). The scopes named to
    /// reach it are read too. Macros, segments, structures, unions and
    /// `.lbl` labels are left out, as an export leaves them out (64tass's
    /// `ref_labels`).
    pub fn mark_exported(&mut self) {
        let pass = self.st.pass;
        for ns in self.exported_scopes(true) {
            for (name, id) in self.syms.entries(ns) {
                if matches!(self.syms.label(id).value, Value::Macro(..) | Value::Lbl(_))
                    || self.lookup_in(ns, name) != Some(id)
                {
                    continue;
                }
                let l = self.syms.label_mut(id);
                l.set_referenced(true);
                l.usepass = PassNo::of(pass);
            }
        }
    }

    /// After the last pass: a symbol of an exported scope whose value is an
    /// error (`x = undefined`, `x = 1/0`) reports it, as the value is written
    /// out (64tass; an unused constant's error shows nowhere else, and a
    /// normal label list leaves such a symbol out silently).
    pub fn report_exported_errors(&mut self) {
        for ns in self.exported_scopes(false) {
            for id in self.syms.table_order(ns, &self.names) {
                let l = self.syms.label(id);
                if l.defpass != self.st.pass {
                    continue;
                }
                if let Value::Error(f) = &l.value
                    && let Some(kept) = f.kept.clone()
                {
                    self.raise_kept(&kept, f.eager);
                }
            }
        }
    }

    /// The scopes `--export-labels` lists, those a look-up finds now (`mark`:
    /// the label naming each, the path's last, is marked used and read in
    /// this pass, as 64tass's `find_space` marks it).
    fn exported_scopes(&mut self, mark: bool) -> Vec<NsId> {
        let pass = self.st.pass;
        let mut scopes = Vec::new();
        for path in &self.opts.export_labels {
            let mut ns = Some(crate::symbols::GLOBAL);
            let mut last = None;
            for part in path.split('.').filter(|_| !path.is_empty()) {
                let name = crate::syntax::expr::intern_name(&mut self.names, part, self.dialect);
                last = ns.and_then(|n| self.lookup_in(n, name));
                ns = last.and_then(|id| match self.syms.label(id).value {
                    Value::Code(c) => Some(self.syms.code(c.id).names),
                    Value::Namespace(n) => Some(n),
                    _ => None,
                });
            }
            if let Some(id) = last.filter(|_| mark && ns.is_some()) {
                let l = self.syms.label_mut(id);
                l.usepass = PassNo::of(pass);
                l.set_referenced(true);
            }
            scopes.extend(ns);
        }
        scopes
    }

    pub fn proc_directive(&mut self, line: &LineRef, span: Span, newlabel: Option<NewLabel>) {
        let Some(nl) = newlabel else {
            self.error(span, Kind::Syntax, "label required".into());
            self.st.skip_proc(span);
            return;
        };
        self.st.push_frame(Wait::Pend, span);
        let Value::Code(CodeRef { id: cid, offs: 0 }) = self.syms.label(nl.id).value else {
            self.st.top_mut().skip = 0;
            self.st.push_context(SKIPPED);
            return;
        };
        let l = self.syms.label(nl.id);
        let assembled = l.referenced() || self.syms.code(cid).pass == 0;
        let read_before = l.usepass >= self.st.pass;
        self.st.procs.push(ProcMet {
            label: nl.id,
            assembled,
            read_before,
        });
        if !assembled {
            // Not used: not assembled, not listed.
            self.record_unlist(line);
            self.st.top_mut().skip = 0;
            self.set_size(nl.id, 0, nl.oaddr);
            self.syms.code_mut(cid).pass = PassNo::of(1);
            self.st.push_context(SKIPPED);
            self.syms.label_mut(nl.id).set_update_after(true);
            return;
        }
        self.record_line(line, None);
        let names = self.syms.code(cid).names;
        self.st.push_context(names);
        self.syms.label_mut(nl.id).set_referenced(false);
        self.st.top_mut().data = FrameData::Sized(Some(SizedLabel {
            label: nl.id,
            addr: nl.oaddr,
        }));
        // The label's size is set when the block closes.
        self.syms.label_mut(nl.id).set_update_after(true);
    }

    /// Whether a `.proc` of this pass would be assembled, or left out, the
    /// other way in another: named after its line this pass where nothing
    /// named it before, or named by nothing since (a constant nobody reads
    /// names nothing once it exists). A read before its line is taken to
    /// name it again in the next pass, as it will be read there again.
    /// (Every `.proc` met has a pass of its own by now: none is new.)
    pub fn proc_use_changed(&self) -> bool {
        self.st
            .procs
            .iter()
            .any(|p| (self.syms.label(p.label).referenced() || p.read_before) != p.assembled)
    }

    pub fn pend(&mut self, _line: &LineRef, span: Span) {
        if self.st.top().what != Wait::Pend {
            self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.proc' not found".into(),
            );
            return;
        }
        let f = self.st.frames.pop();
        self.st.pop_context();
        if let Some(Frame {
            data: FrameData::Sized(Some(s)),
            ..
        }) = f
        {
            self.syms.label_mut(s.label).set_update_after(false);
            self.close_sized(s);
        }
    }

    pub fn block(&mut self, line: &LineRef, span: Span, newlabel: Option<NewLabel>) {
        self.record_line(line, None);
        self.st.push_frame(Wait::Bend2, span);
        match self.label_code_ns(newlabel) {
            Some(ns) => {
                self.st.push_context(ns);
                self.st.top_mut().data = FrameData::Sized(self.sized_label(newlabel));
            }
            None => {
                let ns = self.anon_scope(span, b'.');
                self.st.push_context(ns);
            }
        }
    }

    pub fn bend(&mut self, _line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::Bend => {
                self.st.frames.pop();
                self.st.pop_context();
            }
            Wait::Bend2 => {
                let f = self.st.frames.pop();
                self.st.pop_context();
                if let Some(Frame {
                    data: FrameData::Sized(Some(s)),
                    ..
                }) = f
                {
                    self.syms.label_mut(s.label).set_update_after(false);
                    self.close_sized(s);
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.block' not found".into(),
            ),
        }
    }

    /// `.namespace [expr]`, optionally `label .namespace`.
    pub fn namespace(
        &mut self,
        line: &LineRef,
        args: usize,
        span: Span,
        label: Option<(Name, Rc<str>, Span, NsId)>,
    ) {
        let target = if line.at_end(args) {
            None
        } else {
            match self.optional_value(line, args) {
                Some((v, pos)) => match self.namespace_of(&v) {
                    Some(ns) => Some(ns),
                    None => {
                        if !v.is_none() {
                            let s = self.span_at(line, pos);
                            let msg = self.not_a_namespace(&v);
                            self.error(s, Kind::Type, msg);
                        }
                        None
                    }
                },
                None => {
                    self.rest_after_syntax_error(line, args);
                    None
                }
            }
        };
        let ns = match (target, label) {
            (Some(ns), Some((name, text, lspan, ctx))) => {
                self.label_value((name, &text, lspan, ctx), Value::Namespace(ns), false);
                ns
            }
            (Some(ns), None) => ns,
            (None, Some((name, text, lspan, ctx))) => {
                let existing = self.syms.get(ctx, name, self.st.strength);
                let ns = match existing.map(|id| self.syms.label(id).value.clone()) {
                    Some(Value::Namespace(ns)) => ns,
                    _ => self.syms.new_namespace(),
                };
                let s = self.syms.ns_mut(ns);
                s.backr = 0;
                s.forwr = 0;
                self.label_value((name, &text, lspan, ctx), Value::Namespace(ns), true);
                if let Some(id) = self.syms.get(ctx, name, self.st.strength) {
                    self.syms.ns_mut(ns).set_creator_once(id);
                }
                ns
            }
            (None, None) => self.anon_scope(span, b'.'),
        };
        self.st.push_frame(Wait::EndN2, span);
        self.st.push_context(ns);
    }

    pub fn endn(&mut self, span: Span) {
        if self.st.close(Wait::EndN).is_some() || self.st.close(Wait::EndN2).is_some() {
            self.st.pop_context();
        } else {
            self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.namespace' not found".into(),
            );
        }
    }

    /// 64tass's words for a value `.namespace` or `.with` can't open.
    fn not_a_namespace(&self, v: &Value) -> String {
        format!(
            "conversion of {} to namespace is not possible",
            crate::value::convert::describe(v, self)
        )
    }

    pub fn with(&mut self, line: &LineRef, args: usize, span: Span, newlabel: Option<NewLabel>) {
        self.record_line(line, None);
        self.st.push_frame(Wait::EndWith, span);
        self.st.top_mut().data = FrameData::Sized(self.sized_label(newlabel));
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        match self.namespace_of(&v) {
            Some(ns) => {
                self.st.push_with(ns);
                self.st.top_mut().what = Wait::EndWith2;
            }
            None => {
                if !v.is_none() {
                    let s = self.span_at(line, pos);
                    let msg = self.not_a_namespace(&v);
                    self.error(s, Kind::Type, msg);
                }
            }
        }
    }

    pub fn endwith(&mut self, span: Span) {
        match self.st.top().what {
            Wait::EndWith | Wait::EndWith2 => {
                let f = self.st.frames.pop();
                if let Some(f) = &f {
                    if f.what == Wait::EndWith2 {
                        self.st.pop_with();
                    }
                    if let FrameData::Sized(Some(s)) = f.data {
                        self.close_sized(s);
                    }
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.with' not found".into(),
            ),
        }
    }

    pub fn weak(&mut self, line: &LineRef, span: Span, newlabel: Option<NewLabel>) {
        self.record_line(line, None);
        self.st.push_frame(Wait::Weak2, span);
        self.st.top_mut().data = FrameData::Sized(self.sized_label(newlabel));
        if self.st.strength == u8::MAX {
            self.error(span, Kind::Limit, "weak recursion".into());
        } else {
            self.st.strength += 1;
        }
    }

    pub fn endweak(&mut self, span: Span) {
        match self.st.top().what {
            Wait::Weak => {
                self.st.frames.pop();
            }
            Wait::Weak2 => {
                let f = self.st.frames.pop();
                self.st.strength = self.st.strength.saturating_sub(1);
                if let Some(Frame {
                    data: FrameData::Sized(Some(s)),
                    ..
                }) = f
                {
                    self.close_sized(s);
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.weak' not found".into(),
            ),
        }
    }

    pub fn page(&mut self, line: &LineRef, span: Span, newlabel: Option<NewLabel>) {
        self.record_line(line, None);
        let laddr = self.out.addr(self.st.addr).l_address;
        self.st.push_frame(Wait::EndP2, span);
        self.st.top_mut().data = FrameData::Page {
            laddr,
            label: self.sized_label(newlabel),
        };
    }

    pub fn endp(&mut self, line: &LineRef, span: Span) {
        match self.st.top().what {
            Wait::EndP => {
                self.st.frames.pop();
            }
            Wait::EndP2 => {
                let Some(f) = self.st.frames.pop() else {
                    return;
                };
                if let FrameData::Page { laddr, label } = f.data {
                    let now = self.out.addr(self.st.addr).l_address;
                    // The address after the block must be on the page it
                    // started on (so a block may not fill its page to the
                    // end); reported at `.endp`, as 64tass.
                    if (now ^ laddr) > 0xff && self.opts.warnings.page {
                        let msg =
                            format!("different start and end page ${laddr:04x} and ${now:04x}");
                        let _ = line;
                        let at = span;
                        if self.opts.warnings.is_error("page") {
                            // Named by its switch even with `-w`, as 64tass.
                            let sev = crate::diag::Severity::Error;
                            let kind = Kind::AddressOverflow;
                            self.push_diag(sev, kind, at, msg, Some("page"), None, None);
                        } else {
                            self.warn("page", at, msg);
                        }
                    }
                    if let Some(s) = label {
                        self.close_sized(s);
                    }
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.page' not found".into(),
            ),
        }
    }

    /// `.logical addr`: the program counter moves, the compile offset doesn't.
    pub fn logical(&mut self, line: &LineRef, args: usize, span: Span, newlabel: Option<NewLabel>) {
        self.record_line(line, None);
        let a = self.out.addr(self.st.addr).clone();
        let laddr = if a.unionmode { a.l_union } else { a.l_address };
        self.st.push_frame(Wait::Here2, span);
        self.st.top_mut().data = FrameData::Logical {
            laddr,
            addr: a.address,
            l_type: a.l_type,
            label: self.sized_label(newlabel),
        };
        let sec = self.st.section;
        self.out.sections[sec as usize].logicalrecursion += 1;
        // Reported inside the value's parentheses, as in 64tass.
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        if v.is_none() {
            return;
        }
        let bits = if self.out.all_mem == 0xffff { 16 } else { 24 };
        let r = self.pc_address(&v, bits);
        let Ok(u) = self.check(line, pos, r) else {
            return;
        };
        // A label plus an offset past the end of memory (`.logical * + $ffff`).
        self.operand_wrap_warning(line, pos);
        let all_mem = self.out.all_mem;
        let typ = self.pc_type_of(&v);
        let a = self.out.addr_mut(self.st.addr);
        if a.unionmode {
            a.l_union = u as u32 & all_mem;
        } else {
            a.l_address = u as u32 & all_mem;
        }
        a.bankwarn = false;
        a.l_type = typ;
    }

    pub fn here(&mut self, span: Span) {
        match self.st.top().what {
            Wait::Here => {
                self.st.frames.pop();
            }
            Wait::Here2 => {
                if let Some(f) = self.st.frames.pop() {
                    self.close_logical(&f, Some(span));
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.logical' not found".into(),
            ),
        }
    }

    pub fn close_logical(&mut self, f: &Frame, at: Option<Span>) {
        let FrameData::Logical {
            laddr,
            addr,
            l_type,
            label,
        } = f.data
        else {
            return;
        };
        let mask = self.out.image_mask;
        let all_mem = self.out.all_mem;
        let a = self.out.addr_mut(self.st.addr);
        let diff;
        let mut crossed = false;
        if a.unionmode {
            a.l_union = laddr;
            diff = 0;
        } else {
            diff = a.address.wrapping_sub(addr) & mask;
            // The program counter goes on from where `.logical` found it; a
            // bank crossed on the way is reported here (or by the next byte
            // when it ends exactly at the bank's end), as 64tass does.
            if diff > (!laddr & 0xffff) {
                a.bankwarn = 0x10000 - (laddr & 0xffff) == diff;
                crossed = !a.bankwarn;
                a.l_address = laddr.wrapping_add(diff) & all_mem;
            } else {
                a.bankwarn = false;
                a.l_address = laddr + diff;
            }
        }
        a.l_type = l_type;
        if let Some(span) = at
            && crossed
            && self.opts.warnings.wrap_pc
        {
            self.warn(
                "wrap-pc",
                span,
                "processor program counter crossed bank".into(),
            );
        }
        let sec = self.st.section;
        let s = &mut self.out.sections[sec as usize];
        s.logicalrecursion = s.logicalrecursion.saturating_sub(1);
        if let Some(s) = label {
            self.syms.label_mut(s.label).set_update_after(false);
            self.set_size(s.label, diff, s.addr);
        }
    }

    /// `.virtual [addr]`: assemble without output. False when the address
    /// given is not known yet or wrong: the block still runs, where the code
    /// is.
    pub fn virtual_directive(
        &mut self,
        line: &LineRef,
        args: usize,
        span: Span,
        newlabel: Option<NewLabel>,
    ) -> bool {
        self.opt_invalidate();
        self.record_line(line, None);
        let prev = self.st.addr;
        let cur = self.out.addr(prev).clone();
        let mem = self.out.new_mem();
        let mut a = Address::new(mem);
        a.address = cur.address;
        a.l_address = cur.l_address;
        a.l_type = cur.l_type;
        let mut placed = line.at_end(args);
        if !placed
            && let Some((v, pos)) = self.optional_value(line, args)
            && !v.is_none()
        {
            let bits = if self.out.all_mem == 0xffff { 16 } else { 24 };
            let r = self.pc_address(&v, bits);
            let typ_of_v = self.pc_type_of(&v);
            if let Ok(u) = self.check(line, pos, r) {
                a.address = u as u32;
                a.l_address = u as u32 & self.out.all_mem;
                a.l_type = typ_of_v;
                placed = true;
            }
        }
        a.unionmode = cur.unionmode;
        a.l_start = cur.l_start;
        a.l_union = cur.l_union;
        a.start = a.address;
        a.end = a.address;
        let id = self.out.new_addr(a);
        self.st.addr = id;
        self.st.push_frame(Wait::EndV2, span);
        self.st.top_mut().data = FrameData::Virtual {
            prev,
            label: self.sized_label(newlabel),
        };
        placed
    }

    pub fn endv(&mut self, span: Span) {
        match self.st.top().what {
            Wait::EndV => {
                self.st.frames.pop();
            }
            Wait::EndV2 => {
                let Some(f) = self.st.frames.pop() else {
                    return;
                };
                if let FrameData::Virtual { prev, label } = f.data {
                    if let Some(s) = label {
                        self.close_virtual_label(s);
                    }
                    self.st.addr = prev;
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.virtual' not found".into(),
            ),
        }
    }

    // ---------------------------------------------------------------- sections

    fn section_name(&mut self, line: &LineRef, args: usize) -> Option<(Name, Rc<str>, Span)> {
        let len =
            crate::syntax::scan::ident_len(&line.text[..line.end], args, self.dialect.unicode);
        if len == 0 {
            self.error(
                line.span(args, args + 1),
                Kind::Syntax,
                "label required".into(),
            );
            return None;
        }
        let text: Rc<str> = Rc::from(&line.text[args..args + len]);
        let name = crate::syntax::expr::intern_name(&mut self.names, &text, self.dialect);
        Some((name, text, line.span(args, args + len)))
    }

    /// A section by name: the current section's children, then its parents'.
    /// The section `.section name` continues: searched from the current
    /// section outwards, the first placed in this pass or the last (a
    /// `.dsection` further down: its `defpass`); else the outermost one found
    /// (64tass: a section made by a `.section` before any `.dsection` of its
    /// name, inside another, gives way to one placed outside).
    fn find_section(&self, name: Name) -> Option<u32> {
        let pass = self.st.pass;
        let mut found = None;
        let mut s = Some(self.st.section);
        while let Some(id) = s {
            if let Some(&c) = self.out.sections[id as usize].children.get(&name) {
                if self.out.sections[c as usize].defpass + 1 >= pass {
                    return Some(c);
                }
                found = Some(c);
            }
            s = self.out.sections[id as usize].parent;
        }
        found
    }

    pub fn section(&mut self, line: &LineRef, args: usize, span: Span, newlabel: Option<NewLabel>) {
        self.record_line(line, None);
        self.enter_section(line, args, span, newlabel);
    }

    /// `.section`'s work: continue the section (listed by the caller).
    pub fn enter_section(
        &mut self,
        line: &LineRef,
        args: usize,
        span: Span,
        newlabel: Option<NewLabel>,
    ) {
        let Some((name, text, nspan)) = self.section_name(line, args) else {
            self.st.push_frame(Wait::Send, span);
            return;
        };
        self.expect_end(line, args + text.len());
        let pass = self.st.pass;
        let sec = match self.find_section(name) {
            Some(s) => s,
            None => {
                // Not (yet) declared with .dsection: place it here for this pass.
                let parent = self.st.section;
                let id = self.new_section(parent, name, &text);
                self.out.sections[id as usize].usepass = 0;
                id
            }
        };
        let cur = self.out.addr(self.st.addr).clone();
        let (usepass, defpass) = {
            let s = &self.out.sections[sec as usize];
            (s.usepass, s.defpass)
        };
        if usepass == 0 || defpass + 1 < pass {
            // Used before its .dsection (or never declared): start here.
            let mem = self.out.new_mem();
            let addr_id = self.out.sections[sec as usize].addr;
            let a = self.out.addr_mut(addr_id);
            // The counter keeps the section's own type (an integer while
            // no `.dsection` gave it one), as in 64tass: labels in it print
            // as numbers in `--dump-labels`.
            let l_type = a.l_type;
            *a = Address::new(mem);
            a.address = cur.address;
            a.start = cur.address;
            a.end = cur.address;
            a.l_address = cur.l_address;
            a.l_type = l_type;
            let s = &mut self.out.sections[sec as usize];
            s.restart = cur.address;
            s.l_restart = cur.l_address;
            s.size = 0;
            if usepass != 0 && usepass + 1 >= pass {
                self.error(
                    nspan,
                    Kind::UndefinedSymbol,
                    format!("not defined '{text}'"),
                );
            } else {
                // Past the pass limit 64tass names the section, at the
                // directive.
                if self.st.fixeddig && self.st.past_limit() {
                    self.error(
                        span,
                        Kind::NoConvergence,
                        format!("can't calculate stable value '{text}'"),
                    );
                }
                self.st.unsettle();
            }
            self.out.sections[sec as usize].defpass = pass.saturating_sub(1);
            self.opt_invalidate();
        } else if usepass != pass {
            self.opt_invalidate();
            // First fragment of this pass: restart where the section was.
            let addr_id = self.out.sections[sec as usize].addr;
            let (restart, l_restart) = {
                let s = &self.out.sections[sec as usize];
                (s.restart, s.l_restart)
            };
            let a = self.out.addr(addr_id).clone();
            let mut end = a.end;
            if !a.moved && end < a.address {
                end = a.address;
            }
            let mem = self.out.new_mem();
            let na = self.out.addr_mut(addr_id);
            let size = end.wrapping_sub(na.start);
            *na = Address {
                l_type: a.l_type,
                ..Address::new(mem)
            };
            na.address = restart;
            na.start = restart;
            na.end = restart;
            na.l_address = l_restart;
            self.out.sections[sec as usize].size = size;
        }
        self.out.sections[sec as usize].usepass = pass;
        self.st.push_frame(Wait::Send2, span);
        self.st.top_mut().data = FrameData::Section {
            prev_section: self.st.section,
            prev_addr: self.st.addr,
            label: self.sized_label(newlabel),
        };
        self.st.section = sec;
        self.st.addr = self.out.sections[sec as usize].addr;
        self.st.star = self.out.addr(self.st.addr).l_address;
    }

    fn new_section(&mut self, parent: u32, name: Name, text: &Rc<str>) -> u32 {
        let mem = self.out.new_mem();
        let addr = self.out.new_addr(Address::new(mem));
        self.out.sections.push(crate::output::Section {
            name,
            display: text.clone(),
            parent: Some(parent),
            children: rustc_hash::FxHashMap::default(),
            addr,
            restart: 0,
            l_restart: 0,
            size: 0,
            defpass: 0,
            usepass: 0,
            logicalrecursion: 0,
        });
        let id = self.out.sections.len() as u32 - 1;
        self.out.sections[parent as usize].children.insert(name, id);
        id
    }

    pub fn send(&mut self, line: &LineRef, args: usize, span: Span) {
        // A name may follow (64tass reads one only if it is one: `.send 1`
        // is "extra characters on line", not a missing name).
        let len =
            crate::syntax::scan::ident_len(&line.text[..line.end], args, self.dialect.unicode);
        match self.st.top().what {
            Wait::Send => {
                self.st.frames.pop();
                self.expect_end(line, args + len);
            }
            Wait::Send2 => {
                if len != 0 {
                    let text = &line.text[args..args + len];
                    let name =
                        crate::syntax::expr::intern_name(&mut self.names, text, self.dialect);
                    let open = &self.out.sections[self.st.section as usize];
                    if open.name != name {
                        // 64tass's words: the open section's name, bare.
                        let msg = format!("{} expected", open.display);
                        self.error(line.span(args, args + len), Kind::ConditionalMismatch, msg);
                    }
                }
                self.expect_end(line, args + len);
                let Some(f) = self.st.frames.pop() else {
                    return;
                };
                if let FrameData::Section {
                    prev_section,
                    prev_addr,
                    label,
                } = f.data
                {
                    if let Some(s) = label {
                        self.close_section_label(s);
                    }
                    self.st.section = prev_section;
                    self.st.addr = prev_addr;
                }
            }
            _ => self.error(
                span,
                Kind::ConditionalMismatch,
                "opening directive '.section' not found".into(),
            ),
        }
    }

    /// `.dsection name`: the section's fragments go here.
    pub fn dsection(&mut self, line: &LineRef, args: usize, _span: Span) {
        self.record_line(line, None);
        let Some((name, text, nspan)) = self.section_name(line, args) else {
            return;
        };
        self.expect_end(line, args + text.len());
        let parent = self.st.section;
        let pass = self.st.pass;
        let sec = match self.out.sections[parent as usize].children.get(&name) {
            Some(&s) => s,
            None => self.new_section(parent, name, &text),
        };
        if self.out.sections[sec as usize].defpass == pass {
            self.error(
                nspan,
                Kind::DuplicateLabel,
                format!("duplicate definition '{text}'"),
            );
            return;
        }
        let cur = self.out.addr(self.st.addr).clone();
        let addr_id = self.out.sections[sec as usize].addr;
        let (usepass, defpass) = {
            let s = &self.out.sections[sec as usize];
            (s.usepass, s.defpass)
        };
        let size;
        if usepass == 0 || defpass + 1 < pass {
            // First time: the section starts here.
            self.fresh_section_memory(addr_id, &cur);
            let s = &mut self.out.sections[sec as usize];
            s.restart = cur.address;
            s.l_restart = cur.l_address;
            s.usepass = pass;
            // Moved since the last pass: past the pass limit, "can't
            // calculate stable value" at the name, as in 64tass.
            self.moved(nspan);
            size = 0;
        } else if usepass == pass {
            // Fragments came before this .dsection: move them here.
            let s = &self.out.sections[sec as usize];
            let a = self.out.addr(addr_id);
            let mut t = s.size.max(a.end.wrapping_sub(a.start));
            if !a.moved {
                t = t.max(a.address.wrapping_sub(a.start));
            }
            let (restart, l_restart) = (s.restart, s.l_restart);
            if restart != cur.address {
                let change = cur.address.wrapping_sub(restart);
                let mask = self.out.image_mask;
                let mem = self.out.addr(addr_id).mem;
                // Relocate the blocks already written, nested sections' too.
                let moved = self.out.relocate(mem, change);
                self.record_relocated(&moved, change, mask);
                let a = self.out.addr_mut(addr_id);
                a.end = a.end.wrapping_add(change) & mask;
                a.address = a.address.wrapping_add(change) & mask;
                a.start = cur.address;
                self.out.sections[sec as usize].restart = cur.address;
            }
            // The section takes the program counter's type from where it is
            // placed; as in 64tass this asks for no other pass (a `* =` in the
            // section sets another type again in each pass).
            self.out.addr_mut(addr_id).l_type = cur.l_type;
            if l_restart != cur.l_address {
                let a = self.out.addr_mut(addr_id);
                a.l_address = a
                    .l_address
                    .wrapping_add(cur.l_address.wrapping_sub(l_restart))
                    & 0xffffff;
                self.out.sections[sec as usize].l_restart = cur.l_address;
                self.moved(nspan);
            }
            size = t;
        } else {
            // Known from the previous pass: its size is known.
            let a = self.out.addr(addr_id).clone();
            let mut end = a.end;
            if !a.moved && end < a.address {
                end = a.address;
            }
            let t = end.wrapping_sub(a.start);
            self.fresh_section_memory(addr_id, &cur);
            let s = &mut self.out.sections[sec as usize];
            s.restart = cur.address;
            s.size = t;
            let moved = s.l_restart != cur.l_address;
            s.l_restart = cur.l_address;
            if moved {
                self.moved(nspan);
            }
            size = t;
        }
        // As in 64tass, the section takes from where it is placed whether it
        // is inside a `.logical` (so `.align` and `* =` in it count from the
        // logical address, also in flat output) and the structure state.
        let a = self.out.addr_mut(addr_id);
        a.unionmode = cur.unionmode;
        a.l_start = cur.l_start;
        a.l_union = cur.l_union;
        let inside_logical = self.out.sections[parent as usize].logicalrecursion;
        let s = &mut self.out.sections[sec as usize];
        s.logicalrecursion = inside_logical;
        s.usepass = pass;
        s.defpass = pass;
        let mem = self.out.addr(addr_id).mem;
        let cur_mem = self.out.addr(self.st.addr).mem;
        // As in 64tass, the section goes before the block still being written
        // (the bytes since the last jump), which is only closed after it.
        let m = &mut self.out.mems[cur_mem as usize];
        let (blocks, closed) = (&mut m.blocks, m.closed);
        let link = Block::Ref {
            mem,
            addr: cur.address,
            len: size,
        };
        match blocks.last() {
            Some(&Block::Data { addr, len, .. })
                if !closed && addr.wrapping_add(len) == cur.address =>
            {
                blocks.insert(blocks.len() - 1, link)
            }
            _ => blocks.push(link),
        }
        if size != 0 {
            // A wrap while skipping the section's bytes is reported at its
            // name, as 64tass does.
            self.st.emit_at = Some(args as crate::syntax::ast::Pos);
            self.emit_gap(line, size);
            self.st.emit_at = None;
        }
    }

    // ---------------------------------------------------------------- struct/union inline

    /// `.struct`/`.union` without a label: fields laid out in place.
    pub fn anonymous_struct(&mut self, line: &LineRef, cmd: Cmd, span: Span) {
        self.record_line(line, None);
        let union = cmd == Cmd::Union;
        let a = self.out.addr(self.st.addr).clone();
        if union {
            self.opt_invalidate();
            self.st.push_frame(Wait::EndU, span);
            self.st.top_mut().data = FrameData::Union {
                unionmode: a.unionmode,
                laddr: a.l_union,
                start: a.start,
                end: a.end,
            };
            let am = self.out.addr_mut(self.st.addr);
            am.unionmode = true;
            am.start = am.address;
            am.end = am.address;
            am.l_union = am.l_address;
        } else {
            self.st.push_frame(Wait::EndS, span);
            self.st.top_mut().data = FrameData::Struct {
                unionmode: a.unionmode,
            };
            self.out.addr_mut(self.st.addr).unionmode = false;
        }
    }

    pub fn ends(&mut self, line: &LineRef, args: usize, span: Span) -> Step {
        match self.st.top().what {
            Wait::EndS => {
                if let Some(f) = self.st.frames.pop()
                    && let FrameData::Struct { unionmode } = f.data
                {
                    self.out.addr_mut(self.st.addr).unionmode = unionmode;
                }
                Step::Next
            }
            Wait::EndS2 | Wait::EndS3 => Step::Return(self.return_value(line, args)),
            _ => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "opening directive '.struct' not found".into(),
                );
                Step::Next
            }
        }
    }

    pub fn endu(&mut self, _line: &LineRef, span: Span) -> Step {
        match self.st.top().what {
            Wait::EndU => {
                if let Some(f) = self.st.frames.pop() {
                    self.close_union(&f, Some(span));
                }
                Step::Next
            }
            Wait::EndU2 | Wait::EndU3 => Step::Return(Value::None),
            _ => {
                self.error(
                    span,
                    Kind::ConditionalMismatch,
                    "opening directive '.union' not found".into(),
                );
                Step::Next
            }
        }
    }

    /// End a union: the program counter goes past its longest member. At its
    /// `.endu` (`at`) 64tass reports the program counter crossing a bank there.
    pub fn close_union(&mut self, f: &Frame, at: Option<Span>) {
        let FrameData::Union {
            unionmode,
            laddr,
            start,
            end: end2,
        } = f.data
        else {
            return;
        };
        let a = self.out.addr_mut(self.st.addr);
        a.unionmode = unionmode;
        a.l_union = laddr;
        a.start = start;
        let end = a.end.max(a.address);
        a.end = end2.max(end);
        if end > a.address {
            a.wrapwarn = false;
            a.bankwarn = false;
            let n = end - a.address;
            let mut issues = Vec::new();
            self.out.skip(self.st.addr, n, &mut issues);
            if let Some(span) = at
                && issues.contains(&PlaceIssue::PcWrap)
                && self.opts.warnings.wrap_pc
            {
                let msg = "processor program counter crossed bank".into();
                self.warn("wrap-pc", span, msg);
            }
        }
    }

    /// Point a section's counters at a new, empty memory starting where `cur` is
    /// (the section is assembled afresh from here).
    fn fresh_section_memory(&mut self, addr_id: AddrId, cur: &Address) {
        let mem = self.out.new_mem();
        *self.out.addr_mut(addr_id) = Address {
            l_type: cur.l_type,
            address: cur.address,
            start: cur.address,
            end: cur.address,
            l_address: cur.l_address,
            ..Address::new(mem)
        };
    }
}
