//! The one-line directives that ask something of the assembly itself: user
//! messages (`.error`, `.warn`, `.cerror`, `.cwarn`), `.assert` and
//! `.check`, `.eor`, `.seed` and `.option`.

use super::Assembler;
use super::commands::Cmd;
use super::lines::{LineRef, ParseKind};
use crate::diag::Kind;
use crate::source::Span;
use crate::value::convert::to_count;
use crate::value::repr::to_str;

impl Assembler<'_> {
    /// `.error`, `.warn`, `.cerror`, `.cwarn`.
    pub fn message(&mut self, line: &LineRef, cmd: Cmd, args: usize, span: Span) {
        self.record_line(line, None);
        let rest = if matches!(cmd, Cmd::Cerror | Cmd::Cwarn) {
            match self.message_condition(line, args) {
                Some(rest) => rest,
                None => return,
            }
        } else {
            args
        };
        let parsed;
        let exprs: &[crate::syntax::compiled::Expr] = if line.at_end(line.skip_ws(rest)) {
            &[]
        } else {
            parsed = self.parse_exprs(line, rest, ParseKind::List);
            match parsed.as_ref().map(|p| &p.result) {
                Some(Ok(exprs)) => exprs,
                _ => return,
            }
        };
        let Ok(vals) = self.eval_args(line, exprs) else {
            return;
        };
        if vals.iter().any(|v| v.val.is_none()) {
            return;
        }
        let text: String = vals.iter().map(|v| to_str(&v.val, self)).collect();
        self.argument_wrap_warnings(line, &vals);
        match cmd {
            Cmd::Error | Cmd::Cerror => self.error(span, Kind::UserError, text),
            _ => self.warn_plain(Kind::UserWarning, span, text),
        }
    }

    /// The condition of `.cerror` and `.cwarn`: where the message starts
    /// when it holds. As 64tass, the message is only read then: a false or
    /// undefined condition leaves a message that doesn't parse unreported.
    fn message_condition(&mut self, line: &LineRef, args: usize) -> Option<usize> {
        let start = line.skip_ws(args);
        if line.at_end(start) {
            self.argnum(line, args, 0, 1, usize::MAX);
            return None;
        }
        let parsed = self.parse_exprs(line, args, ParseKind::Single)?;
        let after = line.skip_ws(parsed.end as usize);
        let rest = if line.at(after) == b',' {
            let rest = line.skip_ws(after + 1);
            if line.at_end(rest) {
                let msg = "an expression is expected".to_string();
                self.error(line.span(rest, rest + 1), Kind::Syntax, msg);
                return None;
            }
            rest
        } else if line.at_end(after) {
            after
        } else {
            // Something else after the condition: the whole line's parse
            // says what is wrong with it.
            self.parse_exprs(line, args, ParseKind::List)?;
            after
        };
        let Ok(exprs) = &parsed.result else {
            return None;
        };
        let c = &exprs[0];
        let (Ok(v), place) = self.eval_placed(line, c, false) else {
            return None;
        };
        let holds = self.truth(line, &v, place);
        (holds == Some(true)).then_some(rest)
    }

    pub fn eor(&mut self, line: &LineRef, args: usize) {
        self.record_line(line, None);
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        if v.is_none() {
            return;
        }
        let r = to_count(&v, 8, self);
        if let Ok(b) = self.check(line, pos, r) {
            self.st.eor = b as u8;
        }
    }

    /// `.assert provides, requires, conflicts` gives the current section a mask
    /// of what it provides (all bits until then, each pass); `.check requires,
    /// conflicts` tests it: "requirements not met" when a required bit is not
    /// provided, "conflict" when a conflicting one is. 32-bit masks, as 64tass.
    pub fn assert_check(&mut self, line: &LineRef, cmd: Cmd, args: usize, span: Span) {
        self.record_line(line, None);
        let Some(parsed) = self.parse_exprs(line, args, ParseKind::List) else {
            return;
        };
        let Ok(exprs) = &parsed.result else { return };
        let want = if cmd == Cmd::Assert { 3 } else { 2 };
        if exprs.len() != want {
            self.read_for_uses(line, exprs);
            // No count when there is none (64tass's `err_msg_argnum`).
            let msg = match exprs.len() {
                0 => format!("expected exactly {want} arguments"),
                n => format!("expected exactly {want} arguments, got {n}"),
            };
            self.error(span, Kind::Syntax, msg);
            return;
        }
        let Ok(vals) = self.eval_args(line, exprs) else {
            return;
        };
        let mut masks = [0u32; 3];
        for (mask, v) in masks.iter_mut().zip(vals.iter()) {
            if v.val.is_none() {
                return;
            }
            let r = to_count(&v.val, 32, self);
            let Ok(m) = self.check(line, v.pos, r) else {
                return;
            };
            *mask = m as u32;
        }
        let section = self.st.section;
        if cmd == Cmd::Assert {
            self.st.provides.insert(section, masks[0]);
            return;
        }
        let provides = self.st.provides.get(&section).copied().unwrap_or(u32::MAX);
        let [requires, conflicts, _] = masks;
        if requires & provides != requires {
            self.error(span, Kind::UserError, "requirements not met".into());
        }
        if conflicts & provides != 0 {
            self.error(span, Kind::UserError, "conflict".into());
        }
    }

    /// `.seed n`: the generator starts over, with `n` (an unsigned number
    /// of up to 128 bits, a float's integer part) mixed in, 64 bits per
    /// word; a seed out of that range is an error and the start is kept, as
    /// in 64tass.
    pub fn seed(&mut self, line: &LineRef, args: usize) {
        self.record_line(line, None);
        let Some((v, pos)) = self.one_value(line, args) else {
            return;
        };
        if v.is_none() {
            return;
        }
        let n = match crate::value::convert::numeric(&v, self) {
            Ok(crate::value::Value::Float(f)) => num_traits::FromPrimitive::from_f64(f.trunc()),
            Ok(n) => crate::value::int::big(&n),
            Err(mut f) => {
                // 64tass converts the value to an integer object.
                if let Some(what) = f.msg.strip_prefix("can't get integer value of ") {
                    f.msg = format!("conversion of {what} to int is not possible");
                }
                self.fault(line, pos, f);
                return;
            }
        };
        self.st.random = super::state::RANDOM_START;
        let Some(n) = n else { return };
        let Some(m) = num_traits::ToPrimitive::to_u128(&n) else {
            let why = match num_traits::Signed::is_negative(&n) {
                true => "value needs to be non-negative",
                false => "too large for a 128 bit unsigned integer",
            };
            let msg = format!("{why} {}", crate::value::convert::describe(&v, self));
            self.error(self.span_at(line, pos), Kind::ValueOutOfRange, msg);
            return;
        };
        let [a, b] = super::state::RANDOM_START;
        self.st.random = [a ^ m as u64, b ^ (m >> 64) as u64];
    }

    /// `.option allow_branch_across_page = 0`
    pub fn option(&mut self, line: &LineRef, args: usize, span: Span) {
        self.record_line(line, None);
        let len =
            crate::syntax::scan::ident_len(&line.text[..line.end], args, self.dialect.unicode);
        if len == 0 {
            self.error(span, Kind::Syntax, "label required".into());
            return;
        }
        let name = &line.text[args..args + len];
        let eq = line.skip_ws(args + len);
        if line.at(eq) != b'=' {
            self.error(line.span(eq, eq + 1), Kind::Syntax, "'=' expected".into());
            return;
        }
        let Some((v, pos)) = self.one_value(line, eq + 1) else {
            return;
        };
        // An unknown name is reported at the `=`, as written, and its value
        // is not taken as a truth (64tass).
        let branch_across_page = match name.to_ascii_lowercase().as_str() {
            "allow_branch_across_page" => true,
            "auto_longbranch_as_jmp" => false,
            _ => {
                let msg = format!("unknown option '{name}'");
                self.error(line.span(eq, eq + 1), Kind::Syntax, msg);
                return;
            }
        };
        let Some(b) = self.truth(line, &v, pos) else {
            return;
        };
        match branch_across_page {
            true => self.st.allow_branch_across_page = b,
            false => self.st.longbranch_as_jmp = b,
        }
    }
}
