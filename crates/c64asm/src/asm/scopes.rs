//! Scopes the directives share: the anonymous scope a `.block`, a loop
//! iteration, a macro call or an include opens (the same one every pass),
//! and a label whose value is an object (a namespace, an encoding).

use super::Assembler;
use super::stars::{CallNode, KeptScope};
use crate::intern::Name;
use crate::source::Span;
use crate::symbols::PassNo;
use crate::value::{NsId, Value};
use rustc_hash::FxHashMap;

/// The anonymous scope names one line (and kind) made: the same ones every
/// pass, so each is written and interned once, in the pass that first
/// needs it, and found by its count in later passes. 12 bytes (one is kept
/// for every `.block` and loop line; a macro call's first name is kept in
/// its star node): the first name here, the rare second and later ones (a
/// line that opens several scopes of one kind in a pass) in
/// [`AnonScopes::more`].
#[derive(Clone, Copy)]
pub struct AnonNames {
    /// The pass [`AnonNames::used`] counts in.
    pass: u32,
    /// How many this line made in that pass.
    used: u32,
    /// The first name made.
    first: Name,
}

#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<((u32, u32, u32), AnonNames)>() == 24);

/// Every line's [`AnonNames`], by where the line runs and the kind.
#[derive(Default)]
pub struct AnonScopes {
    first: FxHashMap<(u32, u32, u32), AnonNames>,
    /// The second and later names of a line, by its key and count.
    more: FxHashMap<((u32, u32, u32), u32), Name>,
}

impl Assembler<'_> {
    /// An anonymous scope for this line (stable between passes): `\u{1}`,
    /// the kind, where the line runs ([`super::stars`]: its node and number
    /// there, as 64tass keys it) and a count, written as its name (the
    /// name's text is its display too).
    pub fn anon_scope_name(&mut self, kind: u8) -> Name {
        self.counted_scope_name(kind).0
    }

    /// [`Assembler::anon_scope_name`] and its count on the line this pass.
    fn counted_scope_name(&mut self, kind: u8) -> (Name, u32) {
        let key = self.anon_key(kind);
        let pass = self.st.pass;
        let n = match self.anon_scopes.first.get_mut(&key) {
            Some(a) => {
                if a.pass != pass {
                    a.pass = pass;
                    a.used = 0;
                }
                a.used += 1;
                if a.used == 1 {
                    return (a.first, 1);
                }
                a.used
            }
            None => 1,
        };
        let name = self.nth_scope_name(key, n);
        if n == 1 {
            let first = AnonNames {
                pass,
                used: 1,
                first: name,
            };
            self.anon_scopes.first.insert(key, first);
        }
        (name, n)
    }

    fn anon_key(&self, kind: u8) -> (u32, u32, u32) {
        let (node, vline) = self.st.stars.here();
        (node, vline, kind as u32)
    }

    /// The `n`th scope name of the line `key` names: a later one (`n` > 1)
    /// found again in [`AnonScopes::more`] or made and kept there, the
    /// first one made (kept by the caller).
    fn nth_scope_name(&mut self, key: (u32, u32, u32), n: u32) -> Name {
        if n > 1
            && let Some(&name) = self.anon_scopes.more.get(&(key, n))
        {
            return name;
        }
        let (node, vline, kind) = key;
        // Written without the formatter, in one piece, straight into the
        // names' buffer: every macro call makes one. Never looked up by its
        // text (made once here, found again in `anon_scopes` or the star
        // tree): not interned, no table slot for it.
        let name = self.names.add_unlisted_scope(kind as u8, [node, vline, n]);
        if n > 1 {
            self.anon_scopes.more.insert((key, n), name);
        }
        name
    }

    /// A macro call's (or structure instance's) scope name, kept in the
    /// star node of its line (`node`: the call's, which it enters next, or
    /// one its line has already): the node is found once for both. The
    /// first name of a pass is the node's; a later one on the same line
    /// (a line run again in one pass) is counted in [`AnonScopes`]. A line
    /// without a node (a structure's instance) keeps its names there too,
    /// and a node that keeps none finds them there.
    fn call_scope_name(&mut self, node: Option<CallNode>) -> Name {
        let pass = self.st.pass;
        let Some(node) = node else {
            return self.anon_scope_name(b'#');
        };
        match self.st.stars.take_scope(node, pass) {
            KeptScope::First(name) => name,
            KeptScope::Later(first) => {
                let key = self.anon_key(b'#');
                let a = self.anon_scopes.first.entry(key).or_insert(AnonNames {
                    pass,
                    used: 1,
                    first,
                });
                if a.pass != pass {
                    a.pass = pass;
                    a.used = 1;
                }
                a.used += 1;
                let n = a.used;
                self.nth_scope_name(key, n)
            }
            KeptScope::None => {
                let key = self.anon_key(b'#');
                let (name, n) = if self.anon_scopes.first.contains_key(&key) {
                    self.counted_scope_name(b'#')
                } else {
                    (self.nth_scope_name(key, 1), 1)
                };
                if n == 1 {
                    self.st.stars.keep_scope(node, name, pass);
                }
                name
            }
        }
    }

    /// A fresh (or this line's previous-pass) anonymous namespace in the
    /// current scope, placed at its directive `at`, as 64tass places it (a
    /// "not defined" note's "searched in this scope").
    pub fn anon_scope(&mut self, at: Span, kind: u8) -> NsId {
        self.anon_scope_at(kind, at)
    }

    /// The anonymous namespace of a macro call (or structure's instance) at
    /// `call`: 64tass places it there (a "not defined" note's "searched in
    /// this scope").
    /// `node`: the star node of the call's line, which it enters next
    /// ([`super::stars::Stars::call_node_at`]); `None`: a call that enters none.
    pub fn call_scope(&mut self, call: Span, node: Option<CallNode>) -> NsId {
        let node = node.or_else(|| self.st.stars.node_here());
        let name = self.call_scope_name(node);
        self.scope_named(b'#', name, call)
    }

    fn anon_scope_at(&mut self, kind: u8, span: Span) -> NsId {
        let name = self.anon_scope_name(kind);
        self.scope_named(kind, name, span)
    }

    /// The anonymous scope `name` of kind `kind`, made at `span` if new.
    fn scope_named(&mut self, kind: u8, name: Name, span: Span) -> NsId {
        let ctx = self.st.context();
        // Found again (every later pass): its text is not read.
        let (id, exists) = match self.syms.get(ctx, name, 0) {
            Some(id) => (id, true),
            None => {
                let text = self.names.name(name);
                (
                    self.syms.create(ctx, name, 0, text, span, &self.names),
                    false,
                )
            }
        };
        self.note_def_chain(id, exists);
        let pass = self.st.pass;
        if exists && let Value::Namespace(ns) = self.syms.label(id).value {
            self.syms.label_mut(id).defpass = PassNo::of(pass);
            let s = self.syms.ns_mut(ns);
            s.backr = 0;
            s.forwr = 0;
            return ns;
        }
        let ns = self.syms.new_namespace();
        if kind == b'#' && !self.st.chain.is_empty() {
            self.call_chains.add(ns, &self.st.chain);
        }
        self.syms.set_value(id, Value::Namespace(ns));
        self.syms.ns_mut(ns).set_creator_once(id);
        let l = self.syms.label_mut(id);
        l.set_owner(true);
        l.defpass = PassNo::of(pass);
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
        let first = self.syms.span(id);
        self.duplicate_definition(span, first, text);
        true
    }

    /// Define a constant label whose value is an object (namespace, encoding, ...).
    /// `owner`: the definition made the object (not `.namespace other`), as
    /// 64tass's `owner`, which `-Wunused` and the label lists go by.
    pub fn label_value(
        &mut self,
        (name, text, span, ns): (Name, &str, Span, NsId),
        v: Value,
        owner: bool,
    ) {
        let strength = self.st.strength;
        let (id, exists) = self.syms.entry(ns, name, strength, text, span, &self.names);
        self.note_def_chain(id, exists);
        if exists {
            if self.syms.label(id).defpass == self.st.pass {
                let first = self.syms.span(id);
                self.duplicate_definition(span, first, text);
                return;
            }
            if self.syms.label(id).defpass + 1 != self.st.pass {
                self.label_created(id, span);
            }
        } else {
            self.label_created(id, span);
        }
        let l = self.syms.label_mut(id);
        l.set_constant(true);
        l.set_owner(owner);
        self.syms.set_span(id, span);
        self.const_assign(id, v);
    }
}

#[cfg(test)]
mod tests {
    use crate::{Options, assemble_str};

    fn bytes(src: &str) -> (Vec<u8>, u32) {
        let p = assemble_str("t.asm", src, &Options::default())
            .unwrap_or_else(|e| panic!("assembles: {e}"));
        (p.prg_bytes(), p.passes())
    }

    /// The calls on one line (in a loop) each have a scope of their own, the
    /// same one every pass: each call's `l` is its own, also in the passes
    /// that find the scope names made in the first (a call reading another
    /// call's scope would load that call's address).
    #[test]
    fn calls_on_one_line_keep_their_own_scopes_every_pass() {
        let src = "m .macro v\n lda l\nl .byte \\v\n .endm\n* = $1000\n lda fwd\n\
                   .for i = 0, i < 3, i += 1\n #m i + 1\n .next\n\
                   .for i = 0, i < 2, i += 1\n .block\n lda b\nb .byte 7\n .endblock\n .next\n\
                   fwd .byte 9\n";
        let (b, passes) = bytes(src);
        assert!(passes >= 2, "{passes}");
        let mut want = vec![0x00, 0x10, 0xad, 0x17, 0x10];
        let mut at = 0x1003u16;
        for v in 1..=3u8 {
            let l = at + 3;
            want.extend([0xad, l as u8, (l >> 8) as u8, v]);
            at += 4;
        }
        for _ in 0..2 {
            let l = at + 3;
            want.extend([0xad, l as u8, (l >> 8) as u8, 7]);
            at += 4;
        }
        want.push(9);
        assert_eq!(b, want);
    }

    /// A call's callee is parsed once per place and evaluated at every call:
    /// `#(ms[i])` in a loop calls a different macro each iteration.
    #[test]
    fn a_callee_parsed_once_is_evaluated_at_each_call() {
        let src = "a .macro\n .byte 1\n .endm\nb .macro\n .byte 2\n .endm\n* = $1000\n lda fwd\n\
                   ms = (a, b, a)\n .for i = 0, i < 3, i += 1\n #(ms[i])\n .next\nfwd .byte 9\n";
        let (b, passes) = bytes(src);
        assert!(passes >= 2, "{passes}");
        assert_eq!(b, vec![0x00, 0x10, 0xad, 0x06, 0x10, 1, 2, 1, 9]);
    }
}
