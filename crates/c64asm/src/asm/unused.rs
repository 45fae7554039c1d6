//! `-Wunused-*`: after the last pass, every symbol defined in it that
//! nothing read in it, as 64tass reports them. The scopes are walked from
//! the global one in 64tass's table order; a symbol that is used and made
//! its own scope (a code label, a namespace, an anonymous block, a macro
//! call's or a function call's scope) is looked into, an unused one is not.
//! (A variable set again before it was read is reported where that happens,
//! see `set_variable`.)
//!
//! As every message of 64tass, each is given once for one place, text and
//! call chain: the anonymous labels a loop makes at one line, or the labels
//! of a `.block` repeated by a loop, are one warning; a structure's fields
//! placed twice, or a macro's labels from two calls, are two (the chain a
//! label was made in is kept by [`Assembler::note_def_chain`]).

use super::Assembler;
use super::report::def_chain_key;
use crate::source::Span;
use crate::symbols::{GLOBAL, LabelId};
use crate::value::{NsId, Value};

/// What an unused symbol is reported as.
enum Unused {
    Macro,
    Const,
    Label,
    Variable,
}

impl Assembler<'_> {
    /// Report the symbols of the last pass that it never read.
    pub fn unused_check(&mut self) {
        if !self.opts.warnings.any_unused() {
            return;
        }
        let mut seen = rustc_hash::FxHashSet::default();
        // A variable set again in a loop before it was read was reported
        // there already: the same message at the same place is not repeated.
        let mut given: rustc_hash::FxHashSet<_> = self
            .diags
            .iter()
            .filter(|p| p.switch == Some("unused-variable"))
            .map(|p| (p.span, p.msg.clone(), def_chain_key(&p.chain)))
            .collect();
        self.unused_in(GLOBAL, &mut seen, &mut given);
    }

    fn unused_in(
        &mut self,
        ns: NsId,
        seen: &mut rustc_hash::FxHashSet<NsId>,
        given: &mut rustc_hash::FxHashSet<(Span, String, u64)>,
    ) {
        // A scope reached twice (a label naming another's) is looked at once.
        if !seen.insert(ns) {
            return;
        }
        let pass = self.st.pass;
        for id in self.syms.table_order(ns, &self.names) {
            let l = self.syms.label(id);
            if l.defpass != pass {
                continue;
            }
            // Anonymous scopes (macro calls, `.block` without a label) are
            // never reported themselves.
            let anonymous = self.syms.display(id, &self.names).starts_with('\u{1}');
            if l.usepass != pass && !anonymous {
                let kind = if !l.constant() {
                    Unused::Variable
                } else if !l.owner() {
                    Unused::Const
                } else if matches!(l.value, Value::Code(_)) {
                    // Anything else a definition makes is a "macro" to
                    // 64tass: a macro, a structure, a function, a
                    // namespace, an `.encode` block's encoding.
                    Unused::Label
                } else {
                    Unused::Macro
                };
                self.report_unused(id, kind, given);
                continue;
            }
            if !l.owner() {
                continue;
            }
            for inner in self.scopes_of(id) {
                self.unused_in(inner, seen, given);
            }
        }
    }

    /// The scopes a symbol's definition made: a label's, a namespace, a
    /// function's call scopes.
    fn scopes_of(&self, id: LabelId) -> Vec<NsId> {
        match &self.syms.label(id).value {
            Value::Code(c) => vec![self.syms.code(c.id).names],
            Value::Namespace(ns) => vec![*ns],
            Value::Func(f) => self.macros.func(*f).call_scopes.clone(),
            _ => Vec::new(),
        }
    }

    fn report_unused(
        &mut self,
        id: LabelId,
        kind: Unused,
        given: &mut rustc_hash::FxHashSet<(Span, String, u64)>,
    ) {
        let w = &self.opts.warnings;
        let (on, switch, what) = match kind {
            Unused::Macro => (w.unused_macro, "unused-macro", "macro"),
            Unused::Const => (w.unused_const, "unused-const", "const"),
            Unused::Label => (w.unused_label, "unused-label", "label"),
            Unused::Variable => (w.unused_variable, "unused-variable", "variable"),
        };
        if !on {
            return;
        }
        let (span, name) = (
            self.syms.span(id),
            self.syms.display(id, &self.names).to_string(),
        );
        let msg = format!("unused {what} '{name}'");
        let chain = self.def_chains.get(&id).copied().unwrap_or(0);
        if !given.insert((span, msg.clone(), chain)) {
            return;
        }
        // Told apart by the chain above, not by the report's own key (the
        // chain at the end of the pass is empty).
        self.diag_keys.clear();
        self.warn(switch, span, msg);
    }
}
