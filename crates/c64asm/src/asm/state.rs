//! The state one pass starts from scratch: the stack of open blocks (what
//! closing directive each waits for), the scope stack, the current section,
//! encoding and processor, and where the next line is read from.

use crate::encoding;
use crate::options::{Cpu, Options};
use crate::output::{AddrId, Output, ROOT, SecId};
use crate::source::{FileId, Span};
use crate::symbols::{GLOBAL, LabelId, PcType};
use crate::value::{EncId, MacroId, NsId, Value};

/// What an open block waits for. The `…2` variants are blocks whose body is
/// being assembled by a nested call (a loop, a macro): their closing
/// directive returns from that call. The `…3` variants belong to the scoped
/// loop forms skipped in a false branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    None,
    Fi,
    Fi2,
    Switch,
    Switch2,
    EndC,
    EndMacro,
    EndMacro2,
    EndSegment,
    EndSegment2,
    EndF,
    EndF2,
    EndF3,
    EndFor,
    EndFor2,
    EndFor3,
    EndRept,
    EndRept2,
    EndRept3,
    EndWhile,
    EndWhile2,
    EndWhile3,
    Pend,
    Bend,
    Bend2,
    EndN,
    EndN2,
    EndWith,
    EndWith2,
    EndEncode,
    EndEncode2,
    Weak,
    Weak2,
    EndP,
    EndP2,
    Here,
    Here2,
    EndV,
    EndV2,
    EndS,
    EndS2,
    EndS3,
    EndU,
    EndU2,
    EndU3,
    Send,
    Send2,
}

impl Wait {
    /// The directive that closes it (for "missing close" messages).
    pub fn closer(self) -> &'static str {
        match self {
            Wait::None => "",
            Wait::Fi | Wait::Fi2 => ".endif",
            Wait::Switch | Wait::Switch2 => ".endswitch",
            Wait::EndC => ".endcomment",
            Wait::EndMacro | Wait::EndMacro2 => ".endmacro",
            Wait::EndSegment | Wait::EndSegment2 => ".endsegment",
            Wait::EndF | Wait::EndF2 | Wait::EndF3 => ".endfunction",
            Wait::EndFor | Wait::EndFor2 | Wait::EndFor3 => ".endfor",
            Wait::EndRept | Wait::EndRept2 | Wait::EndRept3 => ".endrept",
            Wait::EndWhile | Wait::EndWhile2 | Wait::EndWhile3 => ".endwhile",
            Wait::Pend => ".endproc",
            Wait::Bend | Wait::Bend2 => ".endblock",
            Wait::EndN | Wait::EndN2 => ".endnamespace",
            Wait::EndWith | Wait::EndWith2 => ".endwith",
            Wait::EndEncode | Wait::EndEncode2 => ".endencode",
            Wait::Weak | Wait::Weak2 => ".endweak",
            Wait::EndP | Wait::EndP2 => ".endpage",
            Wait::Here | Wait::Here2 => ".endlogical",
            Wait::EndV | Wait::EndV2 => ".endvirtual",
            Wait::EndS | Wait::EndS2 | Wait::EndS3 => ".endstruct",
            Wait::EndU | Wait::EndU2 | Wait::EndU3 => ".endunion",
            Wait::Send | Wait::Send2 => ".endsection",
        }
    }
}

/// The `-Wpitfalls` notes of data directives given this pass (64tass
/// gives each once a pass).
#[derive(Clone, Copy, Debug, Default)]
pub struct PitfallsNoted {
    /// Text in `.byte`: use `.text`.
    pub text: bool,
    /// A negative value in an unsigned directive: the signed one fits.
    pub signed: bool,
    /// `label *= *`, read as the program counter set: `.fill` reserves.
    pub star_assign: bool,
}

/// A label in front of a block directive, whose size is the block's.
#[derive(Clone, Copy, Debug)]
pub struct SizedLabel {
    pub label: LabelId,
    /// Compile offset where the block started.
    pub addr: u32,
}

/// What a block needs to remember until it closes.
#[derive(Clone, Debug, Default)]
pub enum FrameData {
    #[default]
    None,
    /// `.if`, `.switch`, `.page`, `.weak`, `.with`, `.proc`, `.block` with a label.
    Sized(Option<SizedLabel>),
    Switch {
        value: Value,
        label: Option<SizedLabel>,
    },
    Page {
        laddr: u32,
        label: Option<SizedLabel>,
    },
    Logical {
        laddr: u32,
        addr: u32,
        l_type: PcType,
        label: Option<SizedLabel>,
    },
    Virtual {
        prev: AddrId,
        label: Option<SizedLabel>,
    },
    Section {
        prev_section: SecId,
        prev_addr: AddrId,
        label: Option<SizedLabel>,
    },
    Union {
        unionmode: bool,
        laddr: u32,
        start: u32,
        end: u32,
    },
    Struct {
        unionmode: bool,
    },
    Encode {
        prev: EncId,
    },
    Loop {
        breakout: bool,
    },
    Macro(Option<MacroId>),
}

#[derive(Clone, Debug)]
pub struct Frame {
    pub what: Wait,
    /// Bit 0: lines are assembled; bit 1: a later branch may still be taken.
    pub skip: u8,
    pub span: Span,
    pub data: FrameData,
}

/// One entry of the scope stack.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    pub ns: NsId,
    /// Cheap locals (`_x`) in effect when this scope was entered.
    pub saved_cheap: NsId,
    /// `.with`: searched, but definitions go to the scope below.
    pub with: bool,
    /// How many macro calls deep the scope was entered: a diagnostic about a
    /// symbol of this scope belongs to those calls only, not to later ones.
    pub depth: u32,
}

/// A `.proc` line as a pass met it (see [`PassState::procs`]).
#[derive(Clone, Copy, Debug)]
pub struct ProcMet {
    pub label: LabelId,
    pub assembled: bool,
    pub read_before: bool,
}

/// Where the next line comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub file: FileId,
    pub line: u32,
    /// A line reading stops before ([`Cursor::NO_STOP`]: none): a macro
    /// expansion's closing line, answered without being read when it
    /// closes the expansion (see `Assembler::compile`).
    pub stop: u32,
}

impl Cursor {
    pub const NO_STOP: u32 = u32::MAX;

    /// The start of `file`, read to its end.
    pub fn start_of(file: FileId) -> Cursor {
        Cursor {
            file,
            line: 0,
            stop: Cursor::NO_STOP,
        }
    }
}

pub struct PassState {
    pub pass: u32,
    /// No symbol read before its definition changed value in this pass.
    pub fixeddig: bool,
    /// A constant appeared that the previous pass didn't have.
    pub constcreated: bool,
    /// [`PassState::doomed`]'s answer, kept up where what it is made of
    /// changes ([`PassState::unsettle`], [`PassState::create_const`],
    /// [`PassState::begin_pass`]): it is asked several times a line.
    doomed: bool,
    pub frames: Vec<Frame>,
    pub contexts: Vec<Context>,
    /// Lookups don't go below this context (inside user functions).
    pub bottom: usize,
    pub cheap: NsId,
    pub strength: u8,
    /// The program counter at the start of the line.
    pub star: u32,
    pub section: SecId,
    pub addr: AddrId,
    pub encoding: EncId,
    pub cpu: Cpu,
    pub eor: u8,
    /// `.assert`'s "provides" mask of each section this pass (unset: all bits).
    pub provides: rustc_hash::FxHashMap<SecId, u32>,
    pub cursor: Cursor,
    /// Call sites of the macros and includes being assembled (innermost last).
    pub chain: Vec<Span>,
    /// The places in `chain` that are includes, not macro calls (whose
    /// arguments a message in an expansion may be moved to).
    pub include_frames: Vec<usize>,
    /// Where each file (not an expansion: its macro's file) was entered, as
    /// a main file, an include, a macro's, structure's or function's body,
    /// in any pass: 0 not yet, 1 at more than one place, else the places
    /// that led there once (`chain`, hashed). 64tass names the includes
    /// leading to a message when a file on the way was entered at two.
    pub entered: Vec<u64>,
    pub allow_branch_across_page: bool,
    /// `.option auto_longbranch_as_jmp`: far branches jump, not `brl`.
    pub longbranch_as_jmp: bool,
    /// `.dpage`: where the direct page starts (`0x10000`: `.dpage ?`, none).
    pub dpage: u32,
    /// `.databank`: the data bank (`0x100`: `.databank ?`, none).
    pub databank: u32,
    /// `.al`/`.as`, `.xl`/`.xs`: immediates of the accumulator and of the
    /// index registers are words.
    pub long_accu: bool,
    pub long_index: bool,
    /// `.autsiz`: `rep` and `sep` set the two above.
    pub autosize: bool,
    /// 64tass's xorshift128+ state (`.seed` sets it).
    pub random: [u64; 2],
    /// Nesting of macro calls and includes, bounded.
    pub depth: u32,
    /// This pass is the listing's, run after the others had settled: as in
    /// the last pass allowed, what changes in it is an error.
    pub listing_pass: bool,
    /// Each `.proc` met this pass: whether it was assembled, and whether its
    /// name was read before its line in this pass (as it will be in the next).
    pub procs: Vec<ProcMet>,
    /// Long branches' jumps of this pass, by section and target.
    pub longjumps: rustc_hash::FxHashMap<(SecId, u32), u32>,
    /// Lines read in this pass (macro and loop bodies each time): names an
    /// executed line across passes, as 64tass's `vline`.
    pub vline: u32,
    /// The value a data directive is writing: where a wrap is reported.
    pub emit_at: Option<u32>,
    /// Where the instruction being assembled starts (its mnemonic): a
    /// branch whose end moved past the pass limit is reported there.
    pub instr_at: u32,
    /// Report the program counter's wrap before the memory's (`.fill`).
    pub pc_first: bool,
    /// How the instruction being made reaches `-Woptimize` (set by the
    /// branch encoder; see `crate::optimizer::OptParts`).
    pub opt_parts: crate::optimizer::OptParts,
    /// Which `-Wpitfalls` hints were given this pass.
    pub pitfall_noted: PitfallsNoted,
    /// Where the data directive being assembled starts: 64tass places its
    /// `-Wpitfalls` hints there.
    pub data_directive: u32,
    /// What each line remembers from the last pass, by where it runs:
    /// where a loop or call started, where a branch ended.
    pub stars: super::stars::Stars,
    /// How many blocks were open at each `.lbl` (by file and line): a
    /// `.goto` back to it closes the `.if`s and `.switch`es opened since.
    pub lbl_depths: rustc_hash::FxHashMap<(FileId, u32), usize>,
    /// User function calls being evaluated.
    pub fn_calls: u32,
    /// Loop bodies being run.
    pub loops: u32,
    /// `-Wshadow` definitions reported this pass from inside function calls:
    /// 64tass reports a function's parameter once, not once per call.
    pub shadow_in_fn: rustc_hash::FxHashSet<(FileId, u32)>,
    /// Where functions' parameters are defined: a label of a function's body
    /// is reported once per call site instead (64tass places it in the call).
    pub fn_params: rustc_hash::FxHashSet<(FileId, u32)>,
    /// A `.for`'s condition or step or a `.while`'s condition is being
    /// evaluated: 64tass reads them from a copy of the line, so a message
    /// there keeps the expanded line's column (see `macro_column`).
    pub loop_head: bool,
}

impl PassState {
    pub fn new(opts: &Options) -> PassState {
        PassState {
            pass: 0,
            fixeddig: true,
            constcreated: false,
            doomed: false,
            frames: Vec::new(),
            contexts: Vec::new(),
            bottom: 0,
            cheap: GLOBAL,
            strength: 0,
            star: 0,
            section: ROOT,
            addr: 0,
            encoding: encoding::NONE,
            cpu: opts.cpu,
            eor: 0,
            provides: Default::default(),
            cursor: Cursor::start_of(0),
            chain: Vec::new(),
            include_frames: Vec::new(),
            entered: Vec::new(),
            allow_branch_across_page: true,
            longbranch_as_jmp: false,
            dpage: 0,
            databank: 0,
            long_accu: false,
            long_index: false,
            autosize: false,
            random: RANDOM_START,
            depth: 0,
            longjumps: rustc_hash::FxHashMap::default(),
            procs: Vec::new(),
            listing_pass: false,
            vline: 0,
            pitfall_noted: PitfallsNoted::default(),
            data_directive: 0,
            emit_at: None,
            instr_at: 0,
            opt_parts: Default::default(),
            pc_first: false,
            stars: Default::default(),
            lbl_depths: rustc_hash::FxHashMap::default(),
            fn_calls: 0,
            loops: 0,
            shadow_in_fn: rustc_hash::FxHashSet::default(),
            fn_params: rustc_hash::FxHashSet::default(),
            loop_head: false,
        }
    }

    pub fn begin_pass(&mut self, out: &mut Output, opts: &Options) {
        self.pass += 1;
        self.fixeddig = true;
        self.constcreated = false;
        self.doomed = false;
        self.cpu = opts.cpu;
        self.random = RANDOM_START;
        self.longjumps.clear();
        self.procs.clear();
        self.vline = 0;
        self.pitfall_noted = PitfallsNoted::default();
        self.shadow_in_fn.clear();
        self.stars.begin_pass();
        self.reset_file(out);
    }

    /// No further pass can be avoided already (a value read ahead moved,
    /// or a constant appeared) and this pass may not be the last: one
    /// load. `fixeddig` and `constcreated` change only by
    /// [`PassState::unsettle`] and [`PassState::create_const`] within a
    /// pass (checked against them in debug builds), `listing_pass` and
    /// `pass` only between passes, before [`PassState::begin_pass`].
    #[inline(always)]
    pub fn doomed(&self) -> bool {
        debug_assert_eq!(self.doomed, self.doomed_now());
        self.doomed
    }

    /// [`PassState::doomed`] worked out from what it is made of.
    fn doomed_now(&self) -> bool {
        (self.constcreated || !self.fixeddig) && !self.last_allowed()
    }

    /// A value read before its definition changed: another pass is needed
    /// (`fixeddig` false); whether it was settled before.
    #[inline(always)]
    pub fn unsettle(&mut self) -> bool {
        self.doomed = !self.last_allowed();
        std::mem::replace(&mut self.fixeddig, false)
    }

    /// The next pass is the listing's (or not), set between passes.
    pub fn set_listing_pass(&mut self, on: bool) {
        self.listing_pass = on;
        self.doomed = self.doomed_now();
    }

    /// A constant the last pass did not have appeared (`constcreated`).
    #[inline(always)]
    pub fn create_const(&mut self) {
        self.constcreated = true;
        self.doomed = !self.last_allowed();
    }

    /// From this pass on a value not known yet is reported rather than left
    /// to a later pass (64tass's `pass < max_pass` test fails): one more
    /// pass may still follow and settle it.
    pub fn last_allowed(&self) -> bool {
        self.listing_pass || self.pass >= super::report::MAX_PASSES
    }

    /// The pass after the limit (64tass's `pass > max_pass`), or the
    /// listing's: what changes in it can't be settled any more.
    pub fn past_limit(&self) -> bool {
        self.listing_pass || self.pass > super::report::MAX_PASSES
    }

    /// A line read (or answered without reading it): counted in this
    /// pass's `vline` and the star tree's.
    #[inline(always)]
    pub fn count_line(&mut self) {
        self.vline += 1;
        self.stars.line_read();
    }

    /// Note `file` (not an expansion) entered under the places in `chain`
    /// (see [`Self::entered`]).
    #[inline]
    pub fn note_entered(&mut self, file: FileId) {
        // Entered at two places already (a macro's file, called from two):
        // nothing more to note (most calls).
        if self.entered.get(file as usize) != Some(&1) {
            self.note_entered_here(file);
        }
    }

    #[inline(never)]
    fn note_entered_here(&mut self, file: FileId) {
        use std::hash::{Hash, Hasher};
        let slot = file as usize;
        if self.entered.len() <= slot {
            self.entered.resize(slot + 1, 0);
        }
        if self.entered[slot] == 1 {
            return;
        }
        let mut h = rustc_hash::FxHasher::default();
        for s in &self.chain {
            (s.file, s.start).hash(&mut h);
        }
        let at = h.finish().max(2);
        self.entered[slot] = match self.entered[slot] {
            0 => at,
            once if once == at => at,
            _ => 1,
        };
    }

    /// What 64tass resets before each input file.
    pub fn reset_file(&mut self, out: &mut Output) {
        self.stars.begin_file(self.pass);
        self.frames.clear();
        self.frames.push(Frame {
            what: Wait::None,
            skip: 1,
            span: Span::default(),
            data: FrameData::None,
        });
        self.contexts.clear();
        self.contexts.push(Context {
            ns: GLOBAL,
            saved_cheap: GLOBAL,
            with: false,
            depth: 0,
        });
        self.bottom = 0;
        self.cheap = GLOBAL;
        self.strength = 0;
        self.star = 0;
        self.section = ROOT;
        self.addr = out.sections[ROOT as usize].addr;
        let a = out.addr_mut(self.addr);
        a.address = 0;
        a.l_address = 0;
        a.l_type = PcType::Int;
        self.encoding = encoding::NONE;
        self.eor = 0;
        self.provides.clear();
        self.chain.clear();
        self.include_frames.clear();
        self.allow_branch_across_page = true;
        self.longbranch_as_jmp = false;
        self.dpage = 0;
        self.databank = 0;
        self.long_accu = false;
        self.long_index = false;
        self.autosize = false;
        self.depth = 0;
    }

    pub fn top(&self) -> &Frame {
        self.frames.last().expect("the frame stack is never empty")
    }

    pub fn top_mut(&mut self) -> &mut Frame {
        self.frames
            .last_mut()
            .expect("the frame stack is never empty")
    }

    /// Lines are being assembled (not skipped).
    pub fn active(&self) -> bool {
        self.top().skip & 1 != 0
    }

    pub fn push_frame(&mut self, what: Wait, span: Span) {
        let skip = self.top().skip;
        self.push_frame_skipping(what, span, skip);
    }

    /// [`Self::push_frame`] of a body that is assembled (a macro call's,
    /// whose line was).
    pub fn push_active_frame(&mut self, what: Wait, span: Span) {
        self.push_frame_skipping(what, span, 1);
    }

    #[inline(always)]
    fn push_frame_skipping(&mut self, what: Wait, span: Span, skip: u8) {
        self.frames.push(Frame {
            what,
            skip,
            span,
            data: FrameData::None,
        });
    }

    /// A `.proc` whose body is not assembled: no label, or one defined twice
    /// (64tass keeps that one's name, so it says nothing more about it). It
    /// opens a scope as an assembled one does, for its `.pend` to close.
    pub fn skip_proc(&mut self, span: Span) {
        self.push_context(crate::symbols::SKIPPED);
        self.push_frame(Wait::Pend, span);
        self.top_mut().skip = 0;
    }

    /// Pop the top frame if it is `what`.
    pub fn close(&mut self, what: Wait) -> Option<Frame> {
        if self.frames.len() > 1 && self.top().what == what {
            self.frames.pop()
        } else {
            None
        }
    }

    /// [`Self::close`] of a frame not wanted back: dropped in place.
    pub fn close_dropped(&mut self, what: Wait) {
        let n = self.frames.len();
        if n > 1 && self.top().what == what {
            self.frames.truncate(n - 1);
        }
    }

    /// The scope definitions go into.
    pub fn context(&self) -> NsId {
        self.contexts
            .iter()
            .rev()
            .find(|c| !c.with)
            .map_or(GLOBAL, |c| c.ns)
    }

    pub fn push_context(&mut self, ns: NsId) {
        self.contexts.push(Context {
            ns,
            saved_cheap: self.cheap,
            with: false,
            depth: self.chain.len() as u32,
        });
        self.cheap = ns;
    }

    /// Open a `.with` scope. As 64tass, it goes under the current scope, not
    /// above it: the current scope (and any opened inside the `.with`) is
    /// still searched first, the `.with` scope next, then the enclosing ones.
    pub fn push_with(&mut self, ns: NsId) {
        let Some(&current) = self.contexts.last() else {
            return;
        };
        let at = self.contexts.len() - 1;
        self.contexts[at] = Context {
            ns,
            with: true,
            ..current
        };
        self.contexts.push(current);
    }

    /// Close the `.with` scope [`Self::push_with`] opened: the current scope
    /// takes its place again.
    pub fn pop_with(&mut self) {
        if self.contexts.len() > 1
            && let Some(current) = self.contexts.pop()
        {
            let at = self.contexts.len() - 1;
            self.contexts[at] = current;
        }
    }

    /// Leave the innermost scope; `false` if only the global one is left.
    pub fn pop_context(&mut self) -> bool {
        if self.contexts.len() <= 1 {
            return false;
        }
        if let Some(c) = self.contexts.pop() {
            self.cheap = c.saved_cheap;
        }
        true
    }
}

/// The random generator's state before any `.seed` (64tass's seed 0).
pub const RANDOM_START: [u64; 2] = [0x5229_a30f_996a_d7eb, 0xc03b_bc75_3f67_1f6f];
