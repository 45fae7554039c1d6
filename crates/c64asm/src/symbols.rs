//! Symbols and scopes. Every label lives in a namespace; namespaces are kept
//! across passes (labels remember the pass that last defined and used them,
//! which is how the assembler knows whether another pass is needed).

use rustc_hash::FxHashMap;

use crate::intern::{Interner, Name, UNLISTED};
use crate::source::{FileId, Span};
use crate::value::{CodeId, CodeRef, NsId, Value};

mod table;

/// Index of a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LabelId(pub u32);

pub struct Label {
    /// The lookup name ([`ANON`] for anonymous labels). The name as first
    /// written, where it differs (a case-insensitive source), is kept
    /// aside: see [`Symbols::display`].
    name: Name,
    pub value: Value,
    /// Pass that last defined it (0: never).
    pub defpass: PassNo,
    /// Pass that last read it.
    pub usepass: PassNo,
    /// Where it was defined: the span's start, its file and length in 16
    /// bits each; a span that does not fit is in [`Symbols`]' `spans_aside`
    /// (`file` [`SPAN_ASIDE`], `start` its index there). Read and written
    /// through [`Symbols::span`] and [`Symbols::set_span`].
    start: u32,
    file: u16,
    len: u16,
    /// Defined inside `.weak`: stronger definitions win. Read through
    /// [`Label::strength`]: with the name it is part of the label's key,
    /// which [`Symbols::get`] trusts (see [`Symbols::hints`]).
    strength: u8,
    /// [`OWNER`], [`REFERENCED`], [`BACK`], [`CONSTANT`], [`UPDATE_AFTER`],
    /// [`OWN_CODE`]: bits, so that a label is 40 bytes (one is kept for
    /// every name defined).
    flags: u8,
}

/// A pass number in a byte: passes stop one after
/// 20 (`MAX_PASSES`), so a label's two pass numbers take 2
/// bytes, not 8. Compared with and added to a `u32` pass as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct PassNo(u8);

impl PassNo {
    /// `pass` in a byte (saturated: never reached, passes stop long before).
    #[inline]
    pub fn of(pass: u32) -> PassNo {
        PassNo(pass.min(u8::MAX as u32) as u8)
    }

    #[inline]
    pub fn get(self) -> u32 {
        self.0 as u32
    }
}

impl PartialEq<u32> for PassNo {
    #[inline]
    fn eq(&self, other: &u32) -> bool {
        self.get() == *other
    }
}

impl PartialOrd<u32> for PassNo {
    #[inline]
    fn partial_cmp(&self, other: &u32) -> Option<std::cmp::Ordering> {
        Some(self.get().cmp(other))
    }
}

impl std::ops::Add<u32> for PassNo {
    type Output = u32;

    #[inline]
    fn add(self, n: u32) -> u32 {
        self.get() + n
    }
}

/// Its definition made its value (a code label, macro, structure,
/// function, namespace), as opposed to naming one (`=`, `:=`): 64tass's
/// `owner`, which `-Wunused` reports and looks into.
const OWNER: u8 = 1;
/// Read since its definition (for `.proc`, which is only assembled when used).
const REFERENCED: u8 = 2;
/// An anonymous label's direction: a `-` one (else `+`).
const BACK: u8 = 4;
/// `=`, code labels and blocks are constants; `:=` and `.var` are variables.
const CONSTANT: u8 = 8;
/// The value is assigned after the line (macro results, `.binclude`).
const UPDATE_AFTER: u8 = 16;
/// Its own code object (address, size, scope) is the one its value is
/// (`Value::Code` at offset 0): nearly every code label. A label whose
/// value no longer is (a macro's result replaced it: `name #macro` with
/// `.endm value`) has its own in [`Symbols`]' `codes_aside`; see
/// [`Symbols::own_code`].
const OWN_CODE: u8 = 32;

/// A label's span kept in [`Symbols`]' `spans_aside`: see [`Symbols::set_span`].
const SPAN_ASIDE: u16 = u16::MAX;

impl Label {
    fn new(name: Name, strength: u8) -> Label {
        Label {
            name,
            value: Value::None,
            defpass: PassNo::default(),
            usepass: PassNo::default(),
            start: 0,
            file: 0,
            len: 0,
            strength,
            flags: CONSTANT,
        }
    }

    /// Its `.weak` strength (0 outside `.weak`).
    pub fn strength(&self) -> u8 {
        self.strength
    }

    /// Does a look-up in `pass` find it (64tass's rule)? What this pass
    /// defined; a constant of the last pass (read before its line runs
    /// again); an older constant only once something has already moved in
    /// this pass (`fixeddig` false: another pass comes anyway).
    #[inline]
    pub fn visible(&self, pass: u32, fixeddig: bool) -> bool {
        self.defpass == pass || (self.constant() && (!fixeddig || self.defpass + 1 == pass))
    }

    /// `=`, code labels and blocks are constants; `:=` and `.var` are variables.
    pub fn constant(&self) -> bool {
        self.flags & CONSTANT != 0
    }

    pub fn set_constant(&mut self, on: bool) {
        self.set_flag(CONSTANT, on);
    }

    /// The value is assigned after the line (macro results, `.binclude`).
    pub fn update_after(&self) -> bool {
        self.flags & UPDATE_AFTER != 0
    }

    pub fn set_update_after(&mut self, on: bool) {
        self.set_flag(UPDATE_AFTER, on);
    }

    /// 64tass's `owner`: see [`OWNER`].
    pub fn owner(&self) -> bool {
        self.flags & OWNER != 0
    }

    pub fn set_owner(&mut self, on: bool) {
        self.set_flag(OWNER, on);
    }

    /// Read since its definition: see [`REFERENCED`].
    pub fn referenced(&self) -> bool {
        self.flags & REFERENCED != 0
    }

    pub fn set_referenced(&mut self, on: bool) {
        self.set_flag(REFERENCED, on);
    }

    fn set_flag(&mut self, bit: u8, on: bool) {
        if on {
            self.flags |= bit;
        } else {
            self.flags &= !bit;
        }
    }

    /// The name it is looked up by ([`ANON`] for anonymous labels).
    pub fn lookup_name(&self) -> Name {
        self.name
    }

    /// The code object its value is, if the label's own ([`OWN_CODE`]).
    fn own_in_value(&self) -> Option<CodeId> {
        match self.value {
            Value::Code(CodeRef { id, offs: 0 }) if self.flags & OWN_CODE != 0 => Some(id),
            _ => None,
        }
    }
}

/// Anonymous labels of a namespace: `-` and `+` definitions by their
/// count, [`NO_LABEL`] for a count not defined (4 bytes each).
#[derive(Default)]
pub struct Anon {
    pub back: Vec<u32>,
    pub fwd: Vec<u32>,
}

/// The lookup name of anonymous labels.
pub const ANON: Name = Name::MAX;

/// A scope. Every code label has one, and most have no labels: it is
/// small (16 bytes; its highest `.weak` strength, few have one, is in
/// [`Symbols`]' `max_strengths`). Its named labels are in [`Symbols`]' one table; what
/// else it has is in [`Symbols`]' contents from its first label on.
pub struct Namespace {
    /// Its [`Contents`] in [`Symbols`], [`NO_CONTENTS`] while it has no label.
    contents: u32,
    /// Counts of `-` and `+` definitions seen in this pass so far.
    pub backr: u32,
    pub forwr: u32,
    /// The label this namespace was made for (a code label, `.namespace`),
    /// [`NO_LABEL`] if none: a bare id (every code label and macro call
    /// has a scope).
    creator: u32,
}

/// No label: a [`Namespace`] made by none.
const NO_LABEL: u32 = u32::MAX;

/// No contents: a [`Namespace`] without labels.
const NO_CONTENTS: u32 = u32::MAX;

/// The labels of a namespace that has some (32 bytes, kept together in
/// [`Symbols`] rather than allocated one by one).
#[derive(Default)]
struct Contents {
    /// Labels (anonymous ones too) in creation order.
    order: Order,
    /// Its anonymous labels, if it has some.
    anon: Option<Box<Anon>>,
}

/// How many labels a namespace keeps in its [`Contents`] before it needs
/// an allocation of its own.
const ORDER_INLINE: usize = 4;

/// A namespace's labels in creation order: the first [`ORDER_INLINE`] in
/// place (the free ones [`NO_LABEL`]), more in a vector. Most namespaces
/// with labels are a routine's, with a few cheap locals: an allocation
/// each (16 bytes, 32 with the allocator's header) would be as large as
/// the labels' own share of memory on a large source.
enum Order {
    Inline([LabelId; ORDER_INLINE]),
    Heap(Vec<LabelId>),
}

impl Default for Order {
    fn default() -> Order {
        Order::Inline([LabelId(NO_LABEL); ORDER_INLINE])
    }
}

impl Order {
    fn push(&mut self, id: LabelId) {
        match self {
            Order::Inline(ids) => match ids.iter().position(|l| l.0 == NO_LABEL) {
                Some(free) => ids[free] = id,
                None => {
                    let mut all = Vec::with_capacity(2 * ORDER_INLINE);
                    all.extend_from_slice(ids);
                    all.push(id);
                    *self = Order::Heap(all);
                }
            },
            Order::Heap(all) => all.push(id),
        }
    }

    fn as_slice(&self) -> &[LabelId] {
        match self {
            Order::Inline(ids) => {
                let len = ids.iter().position(|l| l.0 == NO_LABEL);
                &ids[..len.unwrap_or(ORDER_INLINE)]
            }
            Order::Heap(all) => all,
        }
    }
}

impl Namespace {
    fn new() -> Namespace {
        Namespace {
            contents: NO_CONTENTS,
            backr: 0,
            forwr: 0,
            creator: NO_LABEL,
        }
    }

    /// The label this namespace was made for (a code label, `.namespace`).
    pub fn creator(&self) -> Option<LabelId> {
        (self.creator != NO_LABEL).then_some(LabelId(self.creator))
    }

    /// Name the label this namespace was made for, unless one is named.
    pub fn set_creator_once(&mut self, id: LabelId) {
        if self.creator == NO_LABEL {
            self.creator = id.0;
        }
    }

    /// Whether no label (named or anonymous) was ever defined here.
    pub fn is_empty(&self) -> bool {
        self.contents == NO_CONTENTS
    }
}

#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Namespace>() == 16);
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Contents>() == 32);
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Label>() == 40);
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Code>() == 32);

/// Element type of code for `len()` and indexing (`.word` data has 2-byte elements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataType {
    None,
    Byte,
    Char,
    Word,
    Sint,
    Long,
    Lint,
    Dword,
    Dint,
}

impl DataType {
    pub fn size(self) -> u32 {
        match self {
            DataType::None | DataType::Byte | DataType::Char => 1,
            DataType::Word | DataType::Sint => 2,
            DataType::Long | DataType::Lint => 3,
            DataType::Dword | DataType::Dint => 4,
        }
    }

    pub fn signed(self) -> bool {
        matches!(
            self,
            DataType::Char | DataType::Sint | DataType::Lint | DataType::Dint
        )
    }
}

/// How the program counter value prints and converts: 64tass keeps the type of
/// the value `*` was last set from (`* = $1000` makes labels bit strings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PcType {
    Int,
    Bits(u32),
    /// A float: the bits of its fraction (low and high halves of the
    /// `f64`), which 64tass adds to every address (`* = 1.5` makes the
    /// labels 1.5, 19.5, ...).
    Float(u32, u32),
    /// Bytes of this length (`* = some_bytes`).
    Bytes(u32),
    /// An address with operators around an integer, or a bit string of
    /// this length (not 0): `.virtual 1,s` makes labels stack variables
    /// (`lda label` is then `lda 1,s`), as in 64tass.
    Address(crate::value::AddrMode, u32),
}

impl PcType {
    /// The type of a counter set from the float `f`.
    pub fn float(f: f64) -> PcType {
        let bits = (f - f.trunc()).to_bits();
        PcType::Float(bits as u32, (bits >> 32) as u32)
    }
}

/// A code object's [`PcType`] in a word, so that a [`Code`] is 32 bytes (one
/// is kept for every code label): the usual types (an integer, a bit string)
/// in the word itself, the rest ([`TypeWord::ASIDE`]) in
/// [`Symbols::types_aside`]. Read and written through [`Symbols::code_type`]
/// and [`Symbols::set_code_type`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypeWord(u32);

impl TypeWord {
    const INT: TypeWord = TypeWord(0);
    pub const ASIDE: TypeWord = TypeWord(u32::MAX);

    /// `typ` in a word: 0 for an integer, `1 + n` for `n` bits (as the
    /// replay keeps a code address's type), [`TypeWord::ASIDE`] if it is
    /// neither.
    #[inline]
    pub fn of(typ: PcType) -> TypeWord {
        match typ {
            PcType::Int => TypeWord::INT,
            PcType::Bits(n) if n < u32::MAX - 1 => TypeWord(1 + n),
            _ => TypeWord::ASIDE,
        }
    }

    /// The type held in the word (`None`: it is aside).
    #[inline]
    fn get(self) -> Option<PcType> {
        match self {
            TypeWord::INT => Some(PcType::Int),
            TypeWord::ASIDE => None,
            TypeWord(n) => Some(PcType::Bits(n - 1)),
        }
    }

    /// 0 for an integer, `1 + n` for `n` bits; `None` if the type is aside.
    #[inline]
    pub fn int_or_bits(self) -> Option<u32> {
        (self != TypeWord::ASIDE).then_some(self.0)
    }
}

/// The value of a label in front of code or data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    pub addr: u32,
    /// Its [`PcType`]: see [`TypeWord`] (made by [`Symbols::new_code`]).
    pub typ: TypeWord,
    pub size: u32,
    pub dtype: DataType,
    pub names: NsId,
    /// Pass that last set the size (0: never).
    pub pass: PassNo,
    /// Pass that last defined it (its label's line, or `*` read): 64tass's
    /// `apass`. A label whose line ran but whose size was not set again (a
    /// `.proc` left out) is in no label list.
    pub apass: PassNo,
    /// Where the bytes are: compile offset and the memory they were written to.
    pub memaddr: u32,
    pub mem: u32,
    /// How much that memory held when the label was defined: its bytes are
    /// the ones written after (64tass reads a label's data from there, so an
    /// earlier write at the same address shows as `?`, not as its byte).
    pub data_from: u32,
}

impl Code {
    /// A label's new code object at `addr` (of no size yet), with its scope
    /// `names`, defined in pass `apass`; its bytes go to memory `mem` at
    /// `memaddr`, after the `data_from` bytes it holds. Its type is given to
    /// [`Symbols::new_code`].
    pub fn new(addr: u32, names: NsId, apass: u32, memaddr: u32, mem: u32, data_from: u32) -> Code {
        Code {
            addr,
            typ: TypeWord::default(),
            size: 0,
            dtype: DataType::None,
            names,
            pass: PassNo::default(),
            apass: PassNo::of(apass),
            memaddr,
            mem,
            data_from,
        }
    }
}

/// Writes `span` into label `l` where it fits (a file number and length of
/// 16 bits, and no span of `l`'s kept aside already); false, with nothing
/// written, where it must go aside ([`Symbols::set_span`]).
#[inline(always)]
fn span_in_label(l: &mut Label, span: Span) -> bool {
    let len = span.end - span.start;
    let fits = span.file < SPAN_ASIDE as FileId && len <= u16::MAX as u32 && l.file != SPAN_ASIDE;
    if fits {
        (l.start, l.file, l.len) = (span.start, span.file as u16, len as u16);
    }
    fits
}

pub struct Symbols {
    pub labels: Vec<Label>,
    /// Named labels by namespace and name (strength 0, nearly all: an
    /// entry is 12 bytes, ids of 4 bytes only, key and id together).
    by_name: table::NameTable,
    /// Named labels of `.weak` strengths (1 and up) by namespace, name and strength.
    weak: FxHashMap<(NsId, Name, u8), LabelId>,
    /// Per namespace with `.weak` labels, the highest strength used there
    /// (lookups try 0..=max; 0 where none).
    max_strengths: FxHashMap<NsId, u8>,
    pub spaces: Vec<Namespace>,
    /// What the namespaces that have labels have: see [`Namespace::contents`].
    contents: Vec<Contents>,
    pub codes: Vec<Code>,
    /// The types of code objects whose [`TypeWord`] holds none (a float's,
    /// an address's with operators, bytes'), by code id.
    types_aside: FxHashMap<u32, PcType>,
    /// The names as first written of the labels whose lookup name's text
    /// differs (a case-insensitive source's `Name` for `name`): few have
    /// one, so they are kept here rather than a pointer in every label.
    displays: FxHashMap<LabelId, Box<str>>,
    /// The labels' spans whose file or length does not fit 16 bits (a
    /// macro expansion's file past the 65,535th): see [`Symbols::set_span`].
    spans_aside: Vec<Span>,
    /// By label, its own code object when its value is not that code (see
    /// [`OWN_CODE`]): labels whose value a macro's result replaced.
    codes_aside: FxHashMap<u32, u32>,
    /// By namespace, how many entries its table had (the length of its
    /// `order`) when a line last ran in it that defines its label without
    /// looking it up first: a label before a directive other than `.var`
    /// (`tab .byte 1`), a label written with its colon (`loop:`) or as
    /// `scope.name`, an anonymous label (`-`, `+`, not `- = 5`) or a `:?=`
    /// assignment. 64tass's insertion checks the table's load before it
    /// looks the name up, so such a line grows a table that is full to its
    /// limit even when the name is there already (5 names in 8 slots go to
    /// 16). Only a check with every entry in counts: an earlier one is the
    /// same check the next entry's insertion makes. Kept over the passes,
    /// as 64tass's tables are; [`Symbols::table_order`] grows the table.
    pub extra_slot: FxHashMap<NsId, u32>,
    /// [`Symbols::extra_slot`]'s count for [`GLOBAL`] (0: none), where
    /// most such lines check it: no look-up in the map.
    extra_slot_global: u32,
    /// By name, the label [`Symbols::get`] last answered for that name (or
    /// [`entry`](Symbols::entry) made) and its namespace, [`Hint::NONE`] if
    /// none: tried before the tables. A name's labels are read again and
    /// again in every pass, and this vector is dense and in the names' order
    /// (the order a source first writes them), where the tables' entries lie
    /// wherever their hashes fall: on a large source a probe is a cache miss.
    ///
    /// A hint is written in those two places only, each time with a label
    /// and the namespace under which the tables hold it, and a table's key
    /// is never added twice nor taken out: so a hint's label is the tables'
    /// answer for its namespace and for the label's own name and strength
    /// (fields set when it was made and never changed). [`Symbols::get`]
    /// takes a hint only when those three are the key asked for; a stale
    /// hint (another scope's cheap local of the same name, a name not yet
    /// defined here) is a miss, never a wrong label. A name without a hint
    /// (none, or beyond the vector) has no label at all: `entry` gives every
    /// label's name one, and a hint is never taken back.
    ///
    /// A hint also says whether its name is shared ([`Hint::SHARED`]: more
    /// than one label has it; set by `entry` when it makes a label of a name
    /// that has a hint already, never cleared). A name that is not shared
    /// has one label, the hint's: a key other than that label's has none,
    /// and `get` answers so without the tables (a global name read in a
    /// macro call's or a `.proc`'s scope misses there in one compare).
    hints: Vec<std::cell::Cell<Hint>>,
    /// The labels of strength 0 named by [`Interner::add_unlisted`] (the
    /// anonymous scopes', one a macro call), by name from [`UNLISTED`]:
    /// the first label of each name, its namespace and id ([`NO_LABEL`]
    /// none), kept out of `by_name` and `hints` (each name is made for one
    /// scope, so a slot there would hold one label each, and the hints are
    /// sized to the interned names). Another namespace's label of such a
    /// name (a line that runs in another scope in a later pass) is in
    /// `unlisted_more`.
    unlisted: Vec<(u32, u32)>,
    unlisted_more: FxHashMap<(u32, Name), u32>,
}

/// A label and the namespace the tables hold it in: see [`Symbols::hints`].
#[derive(Clone, Copy)]
struct Hint {
    /// The namespace, and [`Hint::SHARED`] in its top bit.
    ns: u32,
    id: u32,
}

impl Hint {
    const NONE: Hint = Hint {
        ns: u32::MAX,
        id: NO_LABEL,
    };
    /// More than one label has the hint's name (see [`Symbols::hints`]).
    const SHARED: u32 = 1 << 31;

    fn ns(self) -> u32 {
        self.ns & !Hint::SHARED
    }

    fn shared(self) -> bool {
        self.ns & Hint::SHARED != 0
    }
}

pub const GLOBAL: NsId = NsId(0);

/// The scope a skipped block (`.proc` nothing uses, `.block` in a branch not
/// taken, ...) opens, as 64tass's dummy context: the anonymous labels of its
/// skipped lines are counted there, not in the scope around it, and nothing
/// is ever defined or searched in it.
pub const SKIPPED: NsId = NsId(1);

impl Default for Symbols {
    fn default() -> Self {
        Symbols {
            labels: Vec::new(),
            by_name: Default::default(),
            weak: FxHashMap::default(),
            max_strengths: FxHashMap::default(),
            spaces: vec![Namespace::new(), Namespace::new()],
            contents: Vec::new(),
            codes: Vec::new(),
            types_aside: FxHashMap::default(),
            displays: FxHashMap::default(),
            spans_aside: Vec::new(),
            codes_aside: FxHashMap::default(),
            extra_slot: Default::default(),
            extra_slot_global: 0,
            hints: Vec::new(),
            unlisted: Vec::new(),
            unlisted_more: FxHashMap::default(),
        }
    }
}

impl Symbols {
    /// Room for the labels of a source of `lines` lines, made before its
    /// first pass: a code label is a label, a code object and a scope,
    /// each pushed in pass 1, and growing them one doubling at a time
    /// copied each array over and over. Room not used is never touched
    /// (no memory in use for it).
    pub fn reserve_for_lines(&mut self, lines: usize) {
        let labels = lines / 4;
        self.labels.reserve(labels);
        self.codes.reserve(labels);
        self.spaces.reserve(labels);
        self.hints.reserve(labels);
        self.contents.reserve(labels / 2);
    }

    /// No label has `name` in any scope, of any strength (see
    /// [`Self::hints`]: a name's hint is set by its first label and never
    /// taken back; unlisted names have none).
    #[inline]
    pub fn named_nowhere(&self, name: Name) -> bool {
        name < UNLISTED
            && self
                .hints
                .get(name as usize)
                .is_none_or(|h| h.get().id == NO_LABEL)
    }

    pub fn new_namespace(&mut self) -> NsId {
        // A hint keeps a flag in a namespace's top bit.
        assert!(self.spaces.len() < Hint::SHARED as usize);
        self.spaces.push(Namespace::new());
        NsId(self.spaces.len() as u32 - 1)
    }

    pub fn ns(&self, id: NsId) -> &Namespace {
        &self.spaces[id.0 as usize]
    }

    pub fn ns_mut(&mut self, id: NsId) -> &mut Namespace {
        &mut self.spaces[id.0 as usize]
    }

    pub fn label(&self, id: LabelId) -> &Label {
        &self.labels[id.0 as usize]
    }

    /// A namespace's labels (anonymous ones too) in creation order.
    fn order(&self, ns: NsId) -> &[LabelId] {
        self.contents_of(ns).map_or(&[], |c| c.order.as_slice())
    }

    fn contents_of(&self, ns: NsId) -> Option<&Contents> {
        self.contents.get(self.ns(ns).contents as usize)
    }

    /// A namespace's contents, made with its first label.
    fn contents_mut(&mut self, ns: NsId) -> &mut Contents {
        let at = self.ns(ns).contents;
        let at = if at == NO_CONTENTS {
            let at = self.contents.len() as u32;
            self.contents.push(Contents::default());
            self.ns_mut(ns).contents = at;
            at
        } else {
            at
        };
        &mut self.contents[at as usize]
    }

    /// A label's name as first written (`-` or `+` for anonymous labels).
    pub fn display<'a>(&'a self, id: LabelId, names: &'a Interner) -> &'a str {
        let l = self.label(id);
        match (l.name, l.flags & BACK != 0) {
            (ANON, true) => "-",
            (ANON, false) => "+",
            (name, _) => match self.displays.get(&id) {
                Some(d) => d,
                None => names.name(name),
            },
        }
    }

    pub fn label_mut(&mut self, id: LabelId) -> &mut Label {
        &mut self.labels[id.0 as usize]
    }

    /// Where a label was (last) defined.
    #[inline]
    pub fn span(&self, id: LabelId) -> Span {
        let l = &self.labels[id.0 as usize];
        if l.file == SPAN_ASIDE {
            return self.spans_aside[l.start as usize];
        }
        Span {
            file: l.file as FileId,
            start: l.start,
            end: l.start + l.len as u32,
        }
    }

    #[inline]
    pub fn set_span(&mut self, id: LabelId, span: Span) {
        if !span_in_label(&mut self.labels[id.0 as usize], span) {
            self.set_span_aside(id, span);
        }
    }

    /// A plain code label (its own code at offset 0, no block's value to
    /// wait for) that the pass before defined, defined again in `pass` at
    /// `span`: constant and owner, its span and pass written in one look at
    /// the label. Answers its code object, whether it was read since its
    /// last definition, and the pass that last read it; `None`, with
    /// nothing written, for any other label (the general way then).
    /// `clear_read`: its read mark is cleared in the same look (a line
    /// whose rest clears it anyway: no `.proc` after the label).
    #[inline]
    pub fn define_code_again(
        &mut self,
        id: LabelId,
        span: Span,
        pass: u32,
        clear_read: bool,
    ) -> Option<(CodeId, bool, PassNo)> {
        let l = &mut self.labels[id.0 as usize];
        let answer = code_defined_before(l, pass)?;
        let read = if clear_read { REFERENCED } else { 0 };
        l.flags = (l.flags | CONSTANT | OWNER) & !read;
        l.defpass = PassNo::of(pass);
        if !span_in_label(l, span) {
            self.set_span_aside(id, span);
        }
        Some(answer)
    }

    /// An anonymous label that the pass before defined as a plain code
    /// label (its own code at offset 0, no block's value to wait for),
    /// defined again in `pass`: owner, not read since, its pass written in
    /// one look at the label, as the general way's setters write them
    /// (no constant mark: an anonymous label has none). Answers what
    /// [`Self::define_code_again`] answers; `None`, with nothing written,
    /// for any other label. Its span is left to the caller (written after
    /// its code object's update, as the general way writes it).
    #[inline]
    pub fn define_anon_again(&mut self, id: LabelId, pass: u32) -> Option<(CodeId, bool, PassNo)> {
        let l = &mut self.labels[id.0 as usize];
        let answer = code_defined_before(l, pass)?;
        l.flags = (l.flags | OWNER) & !REFERENCED;
        l.defpass = PassNo::of(pass);
        Some(answer)
    }

    /// A constant that the pass before defined, defined again in `pass` at
    /// `span` (`name = value` read again): constant, not an owner, not read
    /// since, its span and pass written in one look at the label, as
    /// `set_constant` writes them. Answers the pass that last read it (its
    /// value is compared then); `None`, with nothing written, for a label
    /// another pass defined last (the general way: a duplicate, or one
    /// made again).
    #[inline]
    pub fn define_constant_again(&mut self, id: LabelId, span: Span, pass: u32) -> Option<PassNo> {
        let l = &mut self.labels[id.0 as usize];
        if l.defpass + 1 != pass {
            return None;
        }
        l.flags = l.flags & !(OWNER | REFERENCED) | CONSTANT;
        l.defpass = PassNo::of(pass);
        let usepass = l.usepass;
        if !span_in_label(l, span) {
            self.set_span_aside(id, span);
        }
        Some(usepass)
    }

    /// A span that does not fit a label, or a label whose span is aside.
    #[cold]
    #[inline(never)]
    fn set_span_aside(&mut self, id: LabelId, span: Span) {
        let l = &mut self.labels[id.0 as usize];
        if l.file == SPAN_ASIDE {
            self.spans_aside[l.start as usize] = span;
        } else {
            l.start = self.spans_aside.len() as u32;
            l.file = SPAN_ASIDE;
            self.spans_aside.push(span);
        }
    }

    /// Give a label its value. Every write of a value goes through here:
    /// a label whose own code object was its value keeps it aside when the
    /// value becomes another (see [`OWN_CODE`]).
    #[inline]
    pub fn set_value(&mut self, id: LabelId, value: Value) {
        let l = &mut self.labels[id.0 as usize];
        if let Some(own) = l.own_in_value()
            && !matches!(value, Value::Code(CodeRef { id: c, offs: 0 }) if c == own)
        {
            l.flags &= !OWN_CODE;
            self.codes_aside.insert(id.0, own.0);
        }
        l.value = value;
    }

    /// A label's own code object (address, size, scope), kept when a
    /// macro's result replaces its value.
    pub fn own_code(&self, id: LabelId) -> Option<CodeId> {
        let l = &self.labels[id.0 as usize];
        if let Some(own) = l.own_in_value() {
            return Some(own);
        }
        // (Most sources have none aside: no lookup then.)
        if self.codes_aside.is_empty() {
            return None;
        }
        self.codes_aside.get(&id.0).map(|&c| CodeId(c))
    }

    /// Make `code` a label's own code object (after its value is set).
    #[inline]
    pub fn set_own_code(&mut self, id: LabelId, code: CodeId) {
        let l = &mut self.labels[id.0 as usize];
        if matches!(l.value, Value::Code(CodeRef { id: c, offs: 0 }) if c == code) {
            l.flags |= OWN_CODE;
            if !self.codes_aside.is_empty() {
                self.codes_aside.remove(&id.0);
            }
        } else {
            l.flags &= !OWN_CODE;
            self.codes_aside.insert(id.0, code.0);
        }
    }

    pub fn code(&self, id: CodeId) -> &Code {
        &self.codes[id.0 as usize]
    }

    pub fn code_mut(&mut self, id: CodeId) -> &mut Code {
        &mut self.codes[id.0 as usize]
    }

    /// A new code object, `code` of type `typ` (its own `typ` is not read).
    pub fn new_code(&mut self, code: Code, typ: PcType) -> CodeId {
        let id = CodeId(self.codes.len() as u32);
        self.codes.push(code);
        self.set_code_type(id, typ);
        id
    }

    /// The type of code object `id`.
    #[inline(always)]
    pub fn code_type(&self, id: CodeId) -> PcType {
        match self.code(id).typ.get() {
            Some(typ) => typ,
            None => self.type_aside(id),
        }
    }

    #[cold]
    fn type_aside(&self, id: CodeId) -> PcType {
        self.types_aside[&id.0]
    }

    /// Whether code object `id` is of type `typ`.
    #[inline]
    pub fn code_type_is(&self, id: CodeId, typ: PcType) -> bool {
        let word = TypeWord::of(typ);
        self.code(id).typ == word && (word != TypeWord::ASIDE || self.type_aside(id) == typ)
    }

    /// Code object `id` is now of type `typ`.
    #[inline]
    pub fn set_code_type(&mut self, id: CodeId, typ: PcType) {
        let word = TypeWord::of(typ);
        self.codes[id.0 as usize].typ = word;
        if word == TypeWord::ASIDE {
            self.types_aside.insert(id.0, typ);
        }
    }

    /// No `.weak` label anywhere: every label's strength is 0.
    pub fn no_weak(&self) -> bool {
        self.weak.is_empty()
    }

    /// The label of exactly this name and strength in `ns`. Inlined into
    /// every look-up: a hint taken is a few loads and compares, where the
    /// call around them cost more than they do (registers saved and
    /// restored in each of the look-up's three calls).
    #[inline]
    pub fn get(&self, ns: NsId, name: Name, strength: u8) -> Option<LabelId> {
        // Exact: see `hints`.
        let Some(h) = self.hints.get(name as usize) else {
            return self.get_unlisted(ns, name, strength);
        };
        let h = h.get();
        if h.id == NO_LABEL {
            // No label of this name anywhere yet (a name read before its
            // definition in the first pass, or a label being made).
            return None;
        }
        if h.ns() == ns.0 {
            let l = &self.labels[h.id as usize];
            if l.name == name && l.strength == strength {
                return Some(LabelId(h.id));
            }
        }
        if !h.shared() {
            // The name's one label is the hint's, of another key.
            return None;
        }
        self.get_from_tables(ns, name, strength)
    }

    /// [`Self::get`] when the hint is another key's and its name is shared:
    /// the tables, and the hint set to what they answer.
    #[inline(never)]
    fn get_from_tables(&self, ns: NsId, name: Name, strength: u8) -> Option<LabelId> {
        let found = if strength == 0 {
            self.by_name.get(ns.0, name).map(LabelId)
        } else {
            self.weak.get(&(ns, name, strength)).copied()
        };
        if let Some(id) = found {
            let ns = ns.0 | Hint::SHARED;
            self.hints[name as usize].set(Hint { ns, id: id.0 });
        }
        found
    }

    /// [`Self::get`] of a name without a hint: none, or an unlisted name's
    /// label (see `unlisted`).
    #[cold]
    #[inline(never)]
    fn get_unlisted(&self, ns: NsId, name: Name, strength: u8) -> Option<LabelId> {
        if strength != 0 {
            return self.weak.get(&(ns, name, strength)).copied();
        }
        let &(first_ns, id) = self.unlisted.get(name.checked_sub(UNLISTED)? as usize)?;
        if first_ns == ns.0 && id != NO_LABEL {
            return Some(LabelId(id));
        }
        self.unlisted_more.get(&(ns.0, name)).map(|&id| LabelId(id))
    }

    /// Keeps label `id`, named `name` by [`Interner::add_unlisted`], for
    /// [`Self::get_unlisted`] (the one place it is found by name).
    fn add_unlisted(&mut self, ns: NsId, name: Name, strength: u8, id: LabelId) {
        if strength != 0 {
            self.weak.insert((ns, name, strength), id);
            let max = self.max_strengths.entry(ns).or_default();
            *max = (*max).max(strength);
            return;
        }
        let i = (name - UNLISTED) as usize;
        if self.unlisted.len() <= i {
            self.unlisted.resize(i + 1, (0, NO_LABEL));
        }
        if self.unlisted[i].1 == NO_LABEL {
            self.unlisted[i] = (ns.0, id.0);
        } else {
            self.unlisted_more.insert((ns.0, name), id.0);
        }
    }

    /// The strongest label of this name in `ns`.
    pub fn lookup_in(&self, ns: NsId, name: Name) -> Option<LabelId> {
        self.lookup_in_if(ns, name, |_| true)
    }

    /// The strongest label of this name in `ns` that `usable` accepts.
    /// Without a `.weak` label anywhere (the usual case, every symbol read)
    /// one [`Self::get`], inlined into the look-up.
    #[inline(always)]
    pub fn lookup_in_if(
        &self,
        ns: NsId,
        name: Name,
        usable: impl Fn(&Label) -> bool,
    ) -> Option<LabelId> {
        // Every namespace's strength is then 0: the namespace itself (a
        // cache miss on a large source) is not read.
        if self.weak.is_empty() {
            return self.get(ns, name, 0).filter(|&id| usable(self.label(id)));
        }
        self.lookup_weak_in_if(ns, name, usable)
    }

    /// [`Self::lookup_in_if`] once a `.weak` label exists.
    #[inline(never)]
    fn lookup_weak_in_if(
        &self,
        ns: NsId,
        name: Name,
        usable: impl Fn(&Label) -> bool,
    ) -> Option<LabelId> {
        let max = self.max_strengths.get(&ns).copied().unwrap_or(0);
        if max == 0 {
            // No `.weak` label in this namespace: one look-up.
            return self.get(ns, name, 0).filter(|&id| usable(self.label(id)));
        }
        (0..=max)
            .filter_map(|s| self.get(ns, name, s))
            .find(|&id| usable(self.label(id)))
    }

    /// Find or create the label `name` of `strength` in `ns`. The second value
    /// says whether it existed.
    pub fn entry(
        &mut self,
        ns: NsId,
        name: Name,
        strength: u8,
        display: &str,
        span: Span,
        names: &Interner,
    ) -> (LabelId, bool) {
        if let Some(id) = self.get(ns, name, strength) {
            return (id, true);
        }
        (self.create(ns, name, strength, display, span, names), false)
    }

    /// A new label `name` of `strength` in `ns` ([`Self::get`] found none:
    /// labels are never taken out of the tables, so one found stays).
    pub fn create(
        &mut self,
        ns: NsId,
        name: Name,
        strength: u8,
        display: &str,
        span: Span,
        names: &Interner,
    ) -> LabelId {
        self.create_as(Label::new(name, strength), ns, display, span, names)
    }

    /// The id the next label made gets: a new code label's code object,
    /// which names its label, is made before it (see
    /// [`Self::create_code_label`]).
    #[inline]
    pub fn next_label_id(&self) -> LabelId {
        LabelId(self.labels.len() as u32)
    }

    /// A new code label: what [`Self::create`] makes, with its value (its
    /// own code `cid`, made for it), constant, owner, and defined in
    /// `pass`, written once as a finished label rather than by a setter
    /// each (`set_value`, `set_own_code`, the flags, the pass).
    #[allow(clippy::too_many_arguments)]
    pub fn create_code_label(
        &mut self,
        ns: NsId,
        name: Name,
        strength: u8,
        (display, span): (&str, Span),
        names: &Interner,
        cid: CodeId,
        pass: u32,
    ) -> LabelId {
        let label = Label {
            value: Value::Code(CodeRef::new(cid)),
            defpass: PassNo::of(pass),
            flags: CONSTANT | OWNER | OWN_CODE,
            ..Label::new(name, strength)
        };
        self.create_as(label, ns, display, span, names)
    }

    /// [`Self::create`] of `label`, made as the caller wants it: one
    /// function for both kinds, out of line, so that the tables' inserts
    /// are inlined into it once.
    #[inline(never)]
    fn create_as(
        &mut self,
        label: Label,
        ns: NsId,
        display: &str,
        span: Span,
        names: &Interner,
    ) -> LabelId {
        let (name, strength) = (label.name, label.strength);
        let id = LabelId(self.labels.len() as u32);
        self.labels.push(label);
        self.set_span(id, span);
        // Most names are written as they are looked up: no copy then. An
        // unlisted name (an anonymous scope's) has its text for its display
        // (`anon_scope_at`): not read back to compare.
        let unlisted = name >= UNLISTED && name != ANON;
        debug_assert!(!unlisted || names.name(name) == display);
        if !unlisted && names.name(name) != display {
            self.displays.insert(id, display.into());
        }
        if unlisted {
            self.add_unlisted(ns, name, strength, id);
        } else {
            self.add_named(ns, name, strength, id);
        }
        self.contents_mut(ns).order.push(id);
        id
    }

    /// Keeps label `id` named `name` (interned) in the tables and its
    /// name's hint.
    fn add_named(&mut self, ns: NsId, name: Name, strength: u8, id: LabelId) {
        if self.hints.len() <= name as usize {
            self.hints
                .resize(name as usize + 1, std::cell::Cell::new(Hint::NONE));
        }
        let hint = &self.hints[name as usize];
        let shared = match hint.get().id {
            NO_LABEL => 0,
            _ => Hint::SHARED,
        };
        hint.set(Hint {
            ns: ns.0 | shared,
            id: id.0,
        });
        if strength == 0 {
            self.by_name.insert(ns.0, name, id.0);
        } else {
            self.weak.insert((ns, name, strength), id);
            let max = self.max_strengths.entry(ns).or_default();
            *max = (*max).max(strength);
        }
    }

    /// The anonymous label of a namespace: `back` selects `-` definitions.
    pub fn anon(&self, ns: NsId, back: bool, count: u32) -> Option<LabelId> {
        let a = self.contents_of(ns)?.anon.as_deref()?;
        let list = if back { &a.back } else { &a.fwd };
        list.get(count as usize)
            .filter(|&&id| id != NO_LABEL)
            .map(|&id| LabelId(id))
    }

    /// The label of the anonymous label counted `count` in `ns` (`back`:
    /// a `-` one), and whether it was there; made (at `span`) if new.
    /// Inline: a later pass finds the one the pass before made.
    #[inline]
    pub fn anon_entry(&mut self, ns: NsId, back: bool, count: u32, span: Span) -> (LabelId, bool) {
        match self.anon(ns, back, count) {
            Some(id) => (id, true),
            None => (self.anon_new(ns, back, count, span), false),
        }
    }

    /// [`Self::anon_entry`]'s new label (no label counted `count` in `ns`
    /// yet).
    #[inline(never)]
    pub fn anon_new(&mut self, ns: NsId, back: bool, count: u32, span: Span) -> LabelId {
        let id = LabelId(self.labels.len() as u32);
        let mut label = Label::new(ANON, 0);
        label.set_flag(BACK, back);
        self.labels.push(label);
        self.set_span(id, span);
        let c = self.contents_mut(ns);
        let a = c.anon.get_or_insert_default();
        let list = if back { &mut a.back } else { &mut a.fwd };
        if list.len() <= count as usize {
            list.resize(count as usize + 1, NO_LABEL);
        }
        list[count as usize] = id.0;
        c.order.push(id);
        id
    }

    /// A line that makes its label in `ns` without looking it up first ran
    /// now (see [`Symbols::extra_slot`]).
    pub fn note_load_check(&mut self, ns: NsId) {
        let len = self.order(ns).len() as u32;
        let seen = if ns == GLOBAL {
            &mut self.extra_slot_global
        } else {
            self.extra_slot.entry(ns).or_default()
        };
        *seen = (*seen).max(len);
    }

    /// The labels of a namespace in the order 64tass lists them: the slot
    /// order of its open-addressing table (64tass's string hash, table grown
    /// at two thirds full), with labels inserted in creation order. Label
    /// files then come out line for line like 64tass's.
    pub fn table_order(&self, ns: NsId, names: &crate::intern::Interner) -> Vec<LabelId> {
        let order = self.order(ns);
        // Most code labels' scopes are empty: nothing to order.
        if order.is_empty() {
            return Vec::new();
        }
        // An anonymous label's key is made of its count, which only its
        // scope's lists know: those keys are made first, sorted by label
        // (each list is in creation order already: two runs to merge).
        // A named label's key is its name's, hashed where it is placed.
        let no_anon = Anon::default();
        let anon = self
            .contents_of(ns)
            .and_then(|c| c.anon.as_deref())
            .unwrap_or(&no_anon);
        let mut anon_keys: Vec<(u32, u32)> = Vec::new();
        for (dir, list) in [(b'-', &anon.back), (b'+', &anon.fwd)] {
            for (count, &id) in list.iter().enumerate() {
                if id != NO_LABEL {
                    anon_keys.push((id, tass_hash(&anon_key(dir, count as u32))));
                }
            }
        }
        anon_keys.sort_by_key(|&(id, _)| id);
        let mut table = TassTable::default();
        // An anonymous scope's key in 64tass is a pointer of its own (the
        // line's place in memory): its slot changes from run to run. It
        // counts towards the table's growth, but takes the likeliest place,
        // none another label's; listed after the others.
        let mut unplaced = Vec::new();
        for &id in order {
            let name = self.label(id).name;
            let hash = if name != ANON {
                let text = names.name(name);
                if text.starts_with('\u{1}') {
                    table.count();
                    unplaced.push(id);
                    continue;
                }
                tass_hash(text.as_bytes())
            } else {
                match anon_keys.binary_search_by_key(&id.0, |&(id, _)| id) {
                    Ok(at) => anon_keys[at].1,
                    Err(_) => continue,
                }
            };
            table.insert(hash, id);
        }
        // A line that makes its label without looking it up first checks
        // the table's load all the same: one run when the table held all
        // its entries grows it a last time (see `extra_slot`).
        // (`order` is not empty: no check is one of 0.)
        let seen = if ns == GLOBAL {
            self.extra_slot_global
        } else {
            self.extra_slot.get(&ns).copied().unwrap_or(0)
        };
        if seen == order.len() as u32 {
            table.grow_if_full();
        }
        table
            .slots
            .into_iter()
            .flatten()
            .map(|(_, id)| id)
            .chain(unplaced)
            .collect()
    }

    /// Whether two code references are the same value as 64tass compares
    /// them: by content (place, type, size, element type, namespace), not
    /// identity. With `empty_scopes_alike`, two namespaces with nothing
    /// defined in them count as the same (as `-Wshadow` compares).
    pub fn same_code(&self, x: CodeRef, y: CodeRef, empty_scopes_alike: bool) -> bool {
        let (a, b) = (self.code(x.id), self.code(y.id));
        x.offs == y.offs
            && (x.id == y.id
                || ((a.addr, a.size, a.dtype) == (b.addr, b.size, b.dtype)
                    && self.code_type(x.id) == self.code_type(y.id)
                    && (a.names == b.names
                        || (empty_scopes_alike
                            && self.ns(a.names).is_empty()
                            && self.ns(b.names).is_empty()))))
    }

    /// Labels of a namespace in definition order, with their lookup names.
    pub fn entries(&self, ns: NsId) -> Vec<(Name, LabelId)> {
        self.order(ns)
            .iter()
            .map(|&id| (self.label(id).name, id))
            .filter(|&(name, _)| name != ANON)
            .collect()
    }
}

/// 64tass's name for an anonymous label: direction, a zero, the count's
/// significant bytes.
fn anon_key(dir: u8, count: u32) -> smallvec::SmallVec<[u8; 6]> {
    let mut key = smallvec::smallvec![dir, 0];
    let mut c = count;
    while c != 0 {
        key.push(c as u8);
        c >>= 8;
    }
    key
}

/// 64tass's string hash (`str_hash`).
fn tass_hash(s: &[u8]) -> u32 {
    let Some(&first) = s.first() else { return 0 };
    let mut h = (first as u32) << 7;
    for &b in s {
        h = h.wrapping_mul(1_000_003) ^ b as u32;
    }
    (h ^ s.len() as u32) & 0x7fff_ffff
}

/// The slot layout of 64tass's namespace table (`namespace_update`).
#[derive(Default)]
struct TassTable {
    slots: Vec<Option<(u32, LabelId)>>,
    len: usize,
}

impl TassTable {
    fn mask(&self) -> usize {
        self.slots.len().saturating_sub(1)
    }

    fn place(slots: &mut [Option<(u32, LabelId)>], hash: u32, id: LabelId) {
        let mask = slots.len() - 1;
        let mut h = hash as usize;
        let mut offs = h & mask;
        while slots[offs].is_some() {
            h >>= 5;
            offs = (5 * offs + h + 1) & mask;
        }
        slots[offs] = Some((hash, id));
    }

    fn insert(&mut self, hash: u32, id: LabelId) {
        self.count();
        Self::place(&mut self.slots, hash, id);
    }

    /// One more entry, its slot left out: the table grows as 64tass's.
    fn count(&mut self) {
        self.grow_if_full();
        self.len += 1;
    }

    /// 64tass's load check before an insertion: two thirds full, doubled.
    fn grow_if_full(&mut self) {
        if self.len * 3 / 2 >= self.mask() {
            let size = if self.slots.is_empty() {
                8
            } else {
                self.slots.len() * 2
            };
            let mut grown = vec![None; size];
            for (h, i) in self.slots.iter().flatten() {
                Self::place(&mut grown, *h, *i);
            }
            self.slots = grown;
        }
    }
}

/// A label the pass before `pass` defined as a plain code label (its own
/// code at offset 0, no block's value to wait for): its code object, whether
/// it was read since, and the pass that last read it.
#[inline(always)]
fn code_defined_before(l: &Label, pass: u32) -> Option<(CodeId, bool, PassNo)> {
    let Value::Code(CodeRef { id: cid, offs: 0 }) = l.value else {
        return None;
    };
    if l.flags & UPDATE_AFTER != 0 || l.defpass + 1 != pass {
        return None;
    }
    Some((cid, l.flags & REFERENCED != 0, l.usepass))
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A new code label written once (`create_code_label`) is the label
    /// `create` and the setters made before it: its fields, span, name as
    /// written, look-up, own code and place in its scope's order, for
    /// names written as looked up or not, `.weak` strengths, spans kept in
    /// the label or aside, and passes.
    #[test]
    fn a_code_label_created_once_is_the_one_the_setters_make() {
        let spans = [
            Span::new(0, 10, 14),
            Span::new(3, 70_000, 70_001),
            Span::new(0, 5, 5 + 70_000),
        ];
        for (display, strength) in [("lab", 0), ("Lab", 0), ("lab", 2)] {
            for span in spans {
                for pass in [1, 2, 7] {
                    let mut names = Interner::default();
                    let name = names.intern("lab");
                    let cid = CodeId(5);
                    let mut by_setters = Symbols::default();
                    let mut once = Symbols::default();
                    let mut made = Vec::new();
                    for syms in [&mut by_setters, &mut once] {
                        let ns = syms.new_namespace();
                        let other = names.intern("other");
                        syms.create(ns, other, 0, "other", span, &names);
                        made.push((ns, syms.next_label_id()));
                    }
                    let (ns, id) = made[0];
                    assert_eq!(made[1], (ns, id));
                    let a = by_setters.create(ns, name, strength, display, span, &names);
                    by_setters.set_value(a, Value::Code(CodeRef::new(cid)));
                    by_setters.set_own_code(a, cid);
                    let l = by_setters.label_mut(a);
                    l.set_constant(true);
                    l.set_owner(true);
                    l.defpass = PassNo::of(pass);
                    let b = once.create_code_label(
                        ns,
                        name,
                        strength,
                        (display, span),
                        &names,
                        cid,
                        pass,
                    );
                    assert_eq!((a, b), (id, id));
                    let (x, y) = (by_setters.label(a), once.label(b));
                    assert_eq!(
                        (x.name, x.defpass, x.usepass, x.start, x.file, x.len),
                        (y.name, y.defpass, y.usepass, y.start, y.file, y.len)
                    );
                    assert_eq!((x.strength, x.flags), (y.strength, y.flags));
                    assert_eq!(format!("{:?}", x.value), format!("{:?}", y.value));
                    assert_eq!(by_setters.span(a), once.span(b));
                    assert_eq!(by_setters.span(b), span);
                    assert_eq!(by_setters.display(a, &names), once.display(b, &names));
                    assert_eq!(
                        by_setters.get(ns, name, strength),
                        once.get(ns, name, strength)
                    );
                    assert_eq!(once.get(ns, name, strength), Some(b));
                    assert_eq!(by_setters.own_code(a), once.own_code(b));
                    assert_eq!(once.own_code(b), Some(cid));
                    assert_eq!(by_setters.order(ns), once.order(ns));
                }
            }
        }
    }

    /// A code label defined again with its read mark cleared in the same
    /// look (`define_code_again`'s `clear_read`) is the label defined again
    /// and then cleared by `set_referenced(false)`: the same answer (the
    /// mark as it was before), fields and span, read or not, the pass after
    /// its definition or not.
    #[test]
    fn a_code_label_defined_again_clears_its_read_mark_as_the_setter_does() {
        let span = Span::new(0, 10, 14);
        let again = Span::new(0, 20, 24);
        for read in [false, true] {
            for (made, pass) in [(1, 2), (2, 3), (1, 3)] {
                let mut names = Interner::default();
                let name = names.intern("lab");
                let mut answers = Vec::new();
                let mut labels = Vec::new();
                for clear_read in [false, true] {
                    let mut syms = Symbols::default();
                    let ns = syms.new_namespace();
                    let id =
                        syms.create_code_label(ns, name, 0, ("lab", span), &names, CodeId(3), made);
                    syms.label_mut(id).set_referenced(read);
                    let answer = syms.define_code_again(id, again, pass, clear_read);
                    if !clear_read && answer.is_some() {
                        syms.label_mut(id).set_referenced(false);
                    }
                    answers.push(answer);
                    let l = syms.label(id);
                    labels.push((l.flags, l.defpass, l.usepass, syms.span(id)));
                }
                assert_eq!(answers[0], answers[1]);
                assert_eq!(labels[0], labels[1]);
                let defined = made + 1 == pass;
                assert_eq!(answers[1].is_some(), defined);
                assert_eq!(answers[1].map(|a| a.1), defined.then_some(read));
                assert_eq!(labels[1].0 & REFERENCED != 0, read && !defined);
            }
        }
    }

    /// An anonymous label defined again in one look (`define_anon_again`)
    /// is written as the general way's setters write it (owner, read mark
    /// cleared, defining pass), for every flag byte, values its own code at
    /// offset 0 or not, and defining passes the pass before or not; it
    /// answers only where the general way would take it as a plain code
    /// label, with its code, read mark and last reading pass.
    #[test]
    fn an_anonymous_label_defined_again_is_written_as_the_setters_write_it() {
        let span = Span::new(0, 10, 11);
        let cid = CodeId(7);
        let values = [
            Value::Code(CodeRef::new(cid)),
            Value::Code(CodeRef { id: cid, offs: 1 }),
            Value::Int(3),
        ];
        for flags in 0..=u8::MAX {
            for (vi, value) in values.iter().enumerate() {
                for (made, pass) in [(1, 2), (2, 3), (1, 3), (2, 2)] {
                    let plain = vi == 0 && flags & UPDATE_AFTER == 0 && made + 1 == pass;
                    let mut written = Vec::new();
                    let mut answer = None;
                    for fast in [false, true] {
                        let mut syms = Symbols::default();
                        let ns = syms.new_namespace();
                        let id = syms.anon_new(ns, flags & BACK != 0, 2, span);
                        let l = syms.label_mut(id);
                        l.value = value.clone();
                        l.flags = flags;
                        l.defpass = PassNo::of(made);
                        l.usepass = PassNo::of(4);
                        if fast {
                            answer = syms.define_anon_again(id, pass);
                        } else if plain {
                            let l = syms.label_mut(id);
                            l.defpass = PassNo::of(pass);
                            l.set_owner(true);
                            l.set_referenced(false);
                        }
                        let l = syms.label(id);
                        written.push((l.flags, l.defpass, l.usepass, format!("{:?}", l.value)));
                    }
                    assert_eq!(written[0], written[1]);
                    let read = flags & REFERENCED != 0;
                    assert_eq!(answer, plain.then_some((cid, read, PassNo::of(4))));
                }
            }
        }
    }

    /// The storage behind a label's look-up and its written name: names
    /// written as looked up keep no copy, others keep theirs aside; `.weak`
    /// strengths have a table of their own; anonymous labels read `-`/`+`.
    #[test]
    fn labels_are_found_and_named_as_written() {
        let mut names = Interner::default();
        let mut syms = Symbols::default();
        let span = Span::default();
        let ns = syms.new_namespace();
        let start = names.intern("start");
        let (a, existed) = syms.entry(GLOBAL, start, 0, "Start", span, &names);
        assert!(!existed);
        let (b, _) = syms.entry(ns, start, 0, "start", span, &names);
        let (weak, _) = syms.entry(GLOBAL, start, 2, "START", span, &names);
        assert_eq!(syms.entry(GLOBAL, start, 0, "x", span, &names), (a, true));
        assert_eq!(syms.display(a, &names), "Start");
        assert_eq!(syms.display(b, &names), "start");
        assert_eq!(syms.display(weak, &names), "START");
        assert_eq!(syms.displays.len(), 2);
        assert_eq!(syms.get(GLOBAL, start, 2), Some(weak));
        assert_eq!(syms.get(ns, start, 2), None);
        assert_eq!(syms.lookup_in(ns, start), Some(b));
        // The strongest (lowest) strength a look-up accepts.
        assert_eq!(syms.lookup_in(GLOBAL, start), Some(a));
        assert_eq!(
            syms.lookup_in_if(GLOBAL, start, |l| l.strength() == 2),
            Some(weak)
        );
        // Anonymous labels by direction and count, among the scope's labels.
        let (back, _) = syms.anon_entry(ns, true, 3, span);
        let (fwd, _) = syms.anon_entry(ns, false, 0, span);
        assert_eq!(syms.anon(ns, true, 3), Some(back));
        assert_eq!(syms.anon(ns, true, 2), None);
        assert_eq!(syms.anon(ns, false, 0), Some(fwd));
        assert_eq!(syms.anon(ns, false, 1), None);
        assert_eq!(syms.anon_entry(ns, true, 3, span), (back, true));
        assert_eq!(syms.display(back, &names), "-");
        assert_eq!(syms.display(fwd, &names), "+");
        assert_eq!(syms.entries(ns), vec![(start, b)]);
        assert_eq!(syms.order(ns), &[b, back, fwd]);
        // Past the labels kept in place, in creation order still.
        let more: Vec<LabelId> = (0..3)
            .map(|i| syms.anon_entry(ns, false, i + 1, span).0)
            .collect();
        assert_eq!(syms.order(ns), &[b, back, fwd, more[0], more[1], more[2]]);
        let empty = syms.new_namespace();
        assert!(!syms.ns(ns).is_empty() && syms.ns(empty).is_empty());
        // Bits and bare ids read back.
        let l = syms.label_mut(b);
        l.set_owner(true);
        l.set_referenced(true);
        l.set_referenced(false);
        syms.set_own_code(b, CodeId(7));
        let l = syms.label(b);
        assert!(l.owner() && !l.referenced());
        assert_eq!(syms.own_code(b), Some(CodeId(7)));
        assert_eq!(syms.own_code(a), None);
        // A code label's own code is its value's, kept aside when another
        // value replaces it (a macro's result).
        syms.set_value(a, Value::Code(CodeRef::new(CodeId(3))));
        syms.set_own_code(a, CodeId(3));
        assert_eq!(syms.own_code(a), Some(CodeId(3)));
        syms.set_value(a, Value::None);
        assert_eq!(syms.own_code(a), Some(CodeId(3)));
        // Spans in the label, or aside when file or length is too large.
        for span in [
            Span::new(7, 10, 14),
            Span::new(70_000, 1, 2),
            Span::new(2, 0, 100_000),
            Span::new(3, 5, 5),
        ] {
            syms.set_span(b, span);
            assert_eq!(syms.span(b), span);
        }
        assert_eq!(syms.ns(ns).creator(), None);
        syms.ns_mut(ns).set_creator_once(a);
        syms.ns_mut(ns).set_creator_once(b);
        assert_eq!(syms.ns(ns).creator(), Some(a));
    }

    /// A name's hint ([`Symbols::hints`]) never gives another label than the
    /// tables: the same names defined in many scopes and at several
    /// strengths, read in every order (a cheap local of each block, a name
    /// read in the scope that will hide it before and after the hiding
    /// label is made, a name not defined anywhere, anonymous labels among
    /// them), checked against a map of every label made, and the strongest
    /// visible label of a scope chain read from the innermost scope out, as
    /// the assembler reads a symbol, against the same map.
    #[test]
    fn hints_never_change_what_is_found() {
        let mut names = Interner::default();
        let mut syms = Symbols::default();
        let span = Span::default();
        let words: Vec<Name> = (0..12).map(|i| names.intern(&format!("n{i}"))).collect();
        let never = names.intern("never_defined");
        let scopes: Vec<NsId> = std::iter::once(GLOBAL)
            .chain((0..10).map(|_| syms.new_namespace()))
            .collect();
        let mut made: HashMap<(NsId, Name, u8), LabelId> = HashMap::new();
        let mut x: u64 = 0x9e37_79b9;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for round in 0..20_000 {
            let ns = scopes[next(scopes.len() as u64) as usize];
            let name = words[next(words.len() as u64) as usize];
            // `.weak` strengths only after a while: the first rounds run
            // without any, as nearly every source does.
            let strength = match round > 10_000 && next(8) == 0 {
                true => 1 + next(2) as u8,
                false => 0,
            };
            match next(4) {
                0 => {
                    let before = made.get(&(ns, name, strength)).copied();
                    let (id, existed) = syms.entry(ns, name, strength, "n", span, &names);
                    assert_eq!(existed, before.is_some());
                    assert_eq!(*made.entry((ns, name, strength)).or_insert(id), id);
                    // Defined (or not) in this pass, at random.
                    syms.label_mut(id).defpass = PassNo::of(1 + next(2) as u32);
                }
                1 => {
                    syms.anon_entry(ns, next(2) == 0, next(4) as u32, span);
                }
                _ => {}
            }
            assert_eq!(
                syms.get(ns, name, strength),
                made.get(&(ns, name, strength)).copied()
            );
            assert_eq!(syms.get(ns, never, 0), None);
            // A chain of scopes read from the innermost one out.
            let chain: Vec<NsId> = (0..=next(3)).map(|_| scopes[next(11) as usize]).collect();
            let visible = |id: &LabelId| syms.label(*id).defpass == 2;
            let expected = chain.iter().rev().find_map(|&ns| {
                (0..=2).find_map(|s| made.get(&(ns, name, s)).filter(|id| visible(id)))
            });
            let found = chain
                .iter()
                .rev()
                .find_map(|&ns| syms.lookup_in_if(ns, name, |l| l.defpass == 2));
            assert_eq!(found, expected.copied(), "round {round}");
        }
        for (&(ns, name, strength), &id) in &made {
            assert_eq!(syms.get(ns, name, strength), Some(id));
        }
    }

    /// A name of one label is found only under that label's key, without
    /// the tables; once a second label has it, each key finds its own,
    /// whichever the hint last held, strengths too.
    #[test]
    fn a_name_of_one_label_is_answered_until_another_has_it() {
        let mut names = Interner::default();
        let mut syms = Symbols::default();
        let span = Span::default();
        let count = names.intern("count");
        let inner = syms.new_namespace();
        let (global, _) = syms.entry(GLOBAL, count, 0, "count", span, &names);
        assert_eq!(syms.get(GLOBAL, count, 0), Some(global));
        assert_eq!(syms.get(inner, count, 0), None);
        assert_eq!(syms.get(GLOBAL, count, 1), None);
        let (local, existed) = syms.entry(inner, count, 0, "count", span, &names);
        assert!(!existed);
        let (weak, _) = syms.entry(GLOBAL, count, 1, "count", span, &names);
        for _ in 0..2 {
            assert_eq!(syms.get(GLOBAL, count, 0), Some(global));
            assert_eq!(syms.get(inner, count, 0), Some(local));
            assert_eq!(syms.get(GLOBAL, count, 1), Some(weak));
            assert_eq!(syms.get(inner, count, 1), None);
            assert_eq!(syms.lookup_in(inner, count), Some(local));
            assert_eq!(syms.lookup_in(GLOBAL, count), Some(global));
        }
    }
}
