//! Scopes the directives share: the anonymous scope a `.block`, a loop
//! iteration, a macro call or an include opens (the same one every pass),
//! and a label whose value is an object (a namespace, an encoding).

use super::Assembler;
use super::lines::LineRef;
use crate::intern::Name;
use crate::source::Span;
use crate::value::{NsId, Value};

impl Assembler<'_> {
    /// An anonymous scope for this line (stable between passes): `\u{1}`,
    /// the kind, the file, line and count, written as its name (the name's
    /// text is its display too).
    pub fn anon_scope_name(&mut self, line: &LineRef, kind: u8) -> Name {
        let key = (line.file, line.index, kind as u32);
        let n = self.anon_scopes.entry(key).or_insert(0);
        *n += 1;
        // Written without the formatter: every macro call makes one each pass.
        let mut text = [0u8; 48];
        text[0] = 1;
        let mut len = 1 + (kind as char).encode_utf8(&mut text[1..]).len();
        for v in [line.file, line.index, *n] {
            text[len] = b':';
            let mut buf = [0; 10];
            let digits = crate::intern::decimal(v, &mut buf).as_bytes();
            text[len + 1..len + 1 + digits.len()].copy_from_slice(digits);
            len += 1 + digits.len();
        }
        self.names.intern_bytes(&text[..len])
    }

    /// A fresh (or this line's previous-pass) anonymous namespace in the current scope.
    pub fn anon_scope(&mut self, line: &LineRef, kind: u8) -> NsId {
        let name = self.anon_scope_name(line, kind);
        let ctx = self.st.context();
        let span = line.span(line.start, line.start);
        let text = self.names.name(name);
        let (id, exists) = self.syms.entry(ctx, name, 0, text, span, &self.names);
        let pass = self.st.pass;
        if exists && let Value::Namespace(ns) = self.syms.label(id).value {
            self.syms.label_mut(id).defpass = pass;
            let s = self.syms.ns_mut(ns);
            s.backr = 0;
            s.forwr = 0;
            return ns;
        }
        let ns = self.syms.new_namespace();
        let l = self.syms.label_mut(id);
        l.value = Value::Namespace(ns);
        l.set_owner(true);
        l.defpass = pass;
        ns
    }

    /// Is the label in front of `.namespace`, `.encode` or a `.bfor` loop
    /// defined already in this pass? Reported as 64tass reports it, which then
    /// runs the directive as if it had no label (a fresh namespace or encoding,
    /// anonymous iterations), not into the first one's.
    pub fn defined_again(&mut self, name: Name, text: &str, span: Span, ns: NsId) -> bool {
        let Some(id) = self.syms.get(ns, name, self.st.strength) else {
            return false;
        };
        let l = self.syms.label(id);
        if l.defpass != self.st.pass || l.value.is_none() {
            return false;
        }
        let first = l.span;
        self.duplicate_definition(span, first, text);
        true
    }

    /// Define a constant label whose value is an object (namespace, encoding, ...).
    pub fn label_value(&mut self, name: Name, text: &str, span: Span, ns: NsId, v: Value) {
        let strength = self.st.strength;
        let (id, exists) = self.syms.entry(ns, name, strength, text, span, &self.names);
        if exists {
            if self.syms.label(id).defpass == self.st.pass {
                let first = self.syms.label(id).span;
                self.duplicate_definition(span, first, text);
                return;
            }
            if self.syms.label(id).defpass + 1 != self.st.pass {
                self.st.constcreated = true;
            }
        } else {
            self.st.constcreated = true;
        }
        let l = self.syms.label_mut(id);
        l.constant = true;
        l.set_owner(true);
        l.span = span;
        self.const_assign(id, v);
    }
}
