//! The directives by name: [`Cmd`], the table the line loop looks names
//! up in (64tass's aliases too), and what 64tass's lists say of them.

/// Directives, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Addr,
    Al,
    Align,
    As,
    Assert,
    Autsiz,
    Bend,
    Bfor,
    Binary,
    Binclude,
    Block,
    Break,
    Breakif,
    Brept,
    Bwhile,
    Byte,
    Case,
    Cdef,
    Cerror,
    Char,
    Check,
    Comment,
    Continue,
    Continueif,
    Cpu,
    Cwarn,
    Databank,
    Default,
    Dint,
    Dpage,
    Dsection,
    Dstruct,
    Dunion,
    Dword,
    Edef,
    Else,
    Elsif,
    Enc,
    Encode,
    End,
    Endc,
    Endencode,
    Endf,
    Endfor,
    Endm,
    Endmacro,
    Endn,
    Endp,
    Endrept,
    Ends,
    Endsegment,
    Endswitch,
    Endu,
    Endv,
    Endweak,
    Endwhile,
    Endwith,
    Eor,
    Error,
    Fi,
    Fill,
    For,
    Function,
    Goto,
    Here,
    Hidemac,
    If,
    Ifeq,
    Ifmi,
    Ifne,
    Ifpl,
    Include,
    Lbl,
    Lint,
    Logical,
    Long,
    Macro,
    Mansiz,
    Namespace,
    Next,
    Null,
    Offs,
    Option,
    Page,
    Pend,
    Proc,
    Proff,
    Pron,
    Ptext,
    Rept,
    Rta,
    Section,
    Seed,
    Segment,
    Send,
    Sfunction,
    Shift,
    Shiftl,
    Showmac,
    Sint,
    Struct,
    Switch,
    Tdef,
    Text,
    Union,
    Var,
    Virtual,
    Warn,
    Weak,
    While,
    With,
    Word,
    Xl,
    Xs,
}

/// Directive names, sorted, with the aliases 64tass accepts.
pub const COMMANDS: &[(&str, Cmd)] = &[
    ("addr", Cmd::Addr),
    ("al", Cmd::Al),
    ("align", Cmd::Align),
    ("as", Cmd::As),
    ("assert", Cmd::Assert),
    ("autsiz", Cmd::Autsiz),
    ("bend", Cmd::Bend),
    ("bfor", Cmd::Bfor),
    ("binary", Cmd::Binary),
    ("binclude", Cmd::Binclude),
    ("block", Cmd::Block),
    ("break", Cmd::Break),
    ("breakif", Cmd::Breakif),
    ("brept", Cmd::Brept),
    ("bwhile", Cmd::Bwhile),
    ("byte", Cmd::Byte),
    ("case", Cmd::Case),
    ("cdef", Cmd::Cdef),
    ("cerror", Cmd::Cerror),
    ("char", Cmd::Char),
    ("check", Cmd::Check),
    ("comment", Cmd::Comment),
    ("continue", Cmd::Continue),
    ("continueif", Cmd::Continueif),
    ("cpu", Cmd::Cpu),
    ("cwarn", Cmd::Cwarn),
    ("databank", Cmd::Databank),
    ("default", Cmd::Default),
    ("dint", Cmd::Dint),
    ("dpage", Cmd::Dpage),
    ("dsection", Cmd::Dsection),
    ("dstruct", Cmd::Dstruct),
    ("dunion", Cmd::Dunion),
    ("dword", Cmd::Dword),
    ("edef", Cmd::Edef),
    ("else", Cmd::Else),
    ("elsif", Cmd::Elsif),
    ("enc", Cmd::Enc),
    ("encode", Cmd::Encode),
    ("end", Cmd::End),
    ("endblock", Cmd::Bend),
    ("endc", Cmd::Endc),
    ("endcomment", Cmd::Endc),
    ("endencode", Cmd::Endencode),
    ("endf", Cmd::Endf),
    ("endfor", Cmd::Endfor),
    ("endfunction", Cmd::Endf),
    ("endif", Cmd::Fi),
    ("endlogical", Cmd::Here),
    ("endm", Cmd::Endm),
    ("endmacro", Cmd::Endmacro),
    ("endn", Cmd::Endn),
    ("endnamespace", Cmd::Endn),
    ("endp", Cmd::Endp),
    ("endpage", Cmd::Endp),
    ("endproc", Cmd::Pend),
    ("endrept", Cmd::Endrept),
    ("ends", Cmd::Ends),
    ("endsection", Cmd::Send),
    ("endsegment", Cmd::Endsegment),
    ("endstruct", Cmd::Ends),
    ("endswitch", Cmd::Endswitch),
    ("endu", Cmd::Endu),
    ("endunion", Cmd::Endu),
    ("endv", Cmd::Endv),
    ("endvirtual", Cmd::Endv),
    ("endweak", Cmd::Endweak),
    ("endwhile", Cmd::Endwhile),
    ("endwith", Cmd::Endwith),
    ("eor", Cmd::Eor),
    ("error", Cmd::Error),
    ("fi", Cmd::Fi),
    ("fill", Cmd::Fill),
    ("for", Cmd::For),
    ("function", Cmd::Function),
    ("goto", Cmd::Goto),
    ("here", Cmd::Here),
    ("hidemac", Cmd::Hidemac),
    ("if", Cmd::If),
    ("ifeq", Cmd::Ifeq),
    ("ifmi", Cmd::Ifmi),
    ("ifne", Cmd::Ifne),
    ("ifpl", Cmd::Ifpl),
    ("include", Cmd::Include),
    ("lbl", Cmd::Lbl),
    ("lint", Cmd::Lint),
    ("logical", Cmd::Logical),
    ("long", Cmd::Long),
    ("macro", Cmd::Macro),
    ("mansiz", Cmd::Mansiz),
    ("namespace", Cmd::Namespace),
    ("next", Cmd::Next),
    ("null", Cmd::Null),
    ("offs", Cmd::Offs),
    ("option", Cmd::Option),
    ("page", Cmd::Page),
    ("pend", Cmd::Pend),
    ("proc", Cmd::Proc),
    ("proff", Cmd::Proff),
    ("pron", Cmd::Pron),
    ("ptext", Cmd::Ptext),
    ("rept", Cmd::Rept),
    ("rta", Cmd::Rta),
    ("section", Cmd::Section),
    ("seed", Cmd::Seed),
    ("segment", Cmd::Segment),
    ("send", Cmd::Send),
    ("sfunction", Cmd::Sfunction),
    ("shift", Cmd::Shift),
    ("shiftl", Cmd::Shiftl),
    ("showmac", Cmd::Showmac),
    ("sint", Cmd::Sint),
    ("struct", Cmd::Struct),
    ("switch", Cmd::Switch),
    ("tdef", Cmd::Tdef),
    ("text", Cmd::Text),
    ("union", Cmd::Union),
    ("var", Cmd::Var),
    ("virtual", Cmd::Virtual),
    ("warn", Cmd::Warn),
    ("weak", Cmd::Weak),
    ("while", Cmd::While),
    ("with", Cmd::With),
    ("word", Cmd::Word),
    ("xl", Cmd::Xl),
    ("xs", Cmd::Xs),
];

/// A directive name as a number that sorts as the name does (its bytes from
/// the top, zeros after): directives are looked up on every line and pass
/// without comparing strings.
const fn command_key(name: &str) -> u128 {
    let b = name.as_bytes();
    let mut key = 0u128;
    let mut i = 0;
    while i < 16 {
        key = key << 8 | if i < b.len() { b[i] as u128 } else { 0 };
        i += 1;
    }
    key
}

/// [`COMMANDS`]' names as [`command_key`]s, in the same order.
pub const COMMAND_KEYS: [u128; COMMANDS.len()] = {
    let mut keys = [0u128; COMMANDS.len()];
    let mut i = 0;
    while i < COMMANDS.len() {
        keys[i] = command_key(COMMANDS[i].0);
        i += 1;
    }
    keys
};

/// The directives that close the block `open` opens, as 64tass pairs them
/// (`None`: `open` opens no block). A closer that is not the innermost open
/// block's is an error where it stands and closes nothing.
pub fn closers_of(open: Cmd) -> Option<&'static [Cmd]> {
    Some(match open {
        Cmd::If | Cmd::Ifeq | Cmd::Ifne | Cmd::Ifpl | Cmd::Ifmi => &[Cmd::Fi],
        Cmd::Switch => &[Cmd::Endswitch],
        Cmd::Comment => &[Cmd::Endc],
        Cmd::Macro => &[Cmd::Endm, Cmd::Endmacro],
        Cmd::Segment => &[Cmd::Endm, Cmd::Endsegment],
        Cmd::Function => &[Cmd::Endf],
        Cmd::For | Cmd::Bfor => &[Cmd::Next, Cmd::Endfor],
        Cmd::Rept | Cmd::Brept => &[Cmd::Next, Cmd::Endrept],
        Cmd::While | Cmd::Bwhile => &[Cmd::Next, Cmd::Endwhile],
        Cmd::Proc => &[Cmd::Pend],
        Cmd::Block => &[Cmd::Bend],
        Cmd::Namespace => &[Cmd::Endn],
        Cmd::Logical => &[Cmd::Here],
        Cmd::Virtual => &[Cmd::Endv],
        Cmd::Section => &[Cmd::Send],
        Cmd::Struct => &[Cmd::Ends],
        Cmd::Union => &[Cmd::Endu],
        Cmd::Page => &[Cmd::Endp],
        Cmd::Weak => &[Cmd::Endweak],
        Cmd::With => &[Cmd::Endwith],
        Cmd::Encode => &[Cmd::Endencode],
        _ => return None,
    })
}

/// The data directives: numbers (`.byte` ... `.dint`), texts (`.text` ...
/// `.ptext`) and `.fill`.
pub fn data_directive(cmd: Cmd) -> bool {
    matches!(
        cmd,
        Cmd::Byte
            | Cmd::Char
            | Cmd::Word
            | Cmd::Sint
            | Cmd::Addr
            | Cmd::Rta
            | Cmd::Long
            | Cmd::Lint
            | Cmd::Dword
            | Cmd::Dint
            | Cmd::Text
            | Cmd::Ptext
            | Cmd::Shift
            | Cmd::Shiftl
            | Cmd::Null
            | Cmd::Fill
    )
}

/// Directives after which `-Woptimize` knows nothing (64tass's list; the
/// loops, `.virtual`, `.union`, `.dstruct` and a structure's definition say
/// so themselves, labelled or not).
pub fn breaks_straight_line(cmd: Cmd) -> bool {
    data_directive(cmd)
        || matches!(
            cmd,
            Cmd::Binary
                | Cmd::Align
                | Cmd::Offs
                | Cmd::Logical
                | Cmd::Here
                | Cmd::Endv
                | Cmd::Endu
                | Cmd::Page
                | Cmd::Endp
                | Cmd::Cpu
                | Cmd::Include
                | Cmd::Binclude
                | Cmd::Dsection
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directive_keys_sort_as_the_names_do() {
        for (i, w) in COMMANDS.windows(2).enumerate() {
            assert!(w[0].0 < w[1].0, "COMMANDS unsorted at {}", w[1].0);
            assert!(
                COMMAND_KEYS[i] < COMMAND_KEYS[i + 1],
                "key order at {}",
                w[1].0
            );
            assert!(w[1].0.len() <= 12, "{} is longer than a key holds", w[1].0);
        }
    }
}
