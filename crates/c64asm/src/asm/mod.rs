//! The assembler proper, organised as 64tass is: every pass reads the source
//! line by line from the start; symbols persist between passes and remember
//! when they were defined and used, and passes repeat until no symbol read
//! before its definition changed value and no new constant appeared.
//!
//! The modules are layers, lowest first. A module names only modules of
//! lower layers, or those before it in its own, so each can be read
//! knowing only what is below it (`tests/layers.rs` checks it, and lists
//! the few methods that still call a higher layer's, with why):
//!
//! ```text
//!  8 passes              mod.rs: the Assembler (what every layer keeps), the passes
//!  7 directives, instrs  optimize, scopes, include, data, control, loops, macros,
//!                        blocks, encode, settings, target, directives (dispatch),
//!                        instr, unused
//!  6 the line loop       compile: a line's labels, assignments, its command's Step
//!                        → labelled (a line starting with a name)
//!  5 values, bytes      eval → addresses → wraps → warnings → functions → emit
//!                        → replay
//!  4 records             listed → result: rows of the listing, bytes per line, the Program
//!  3 pass state          state: open frames, contexts, cursor, program counter
//!  2 text into lines     lines (parsed expressions, cached) → head (how lines start)
//!  1 messages            report: the messages of the pass, the bounds of the run
//!  0 pure code           checks, commands, files, mnemonics, builtins, by_file,
//!                        call_chains, macro_text, line_ids, line_entry, seen_texts,
//!                        stars
//! ```
//!
//! Data flows from text to bytes: text becomes lines (2), lines values,
//! addresses and bytes (5) as the line loop (6) runs each line's directive
//! or instruction (7); they write bytes, listing rows and labels into the
//! records (4), which become the Program. The records and the messages (1)
//! sit low because every layer above writes into them.
//!
//! - 0: [`checks`]: what warnings test; [`commands`]: directive names;
//!   [`files`]: finding and reading files; [`mnemonics`]: instruction
//!   names; [`builtins`]: built-in functions of values; [`by_file`]:
//!   values kept per macro expansion in one vector; [`call_chains`]: the
//!   macro calls that led to a call's scope; [`macro_text`]: a
//!   macro call's text; [`line_ids`]: what is kept per line, found by file
//!   and line; [`line_entry`]: a cached parse's 8-byte entry, packed and
//!   unpacked; [`stars`]: what a line remembers from the last pass, found
//!   by where it runs. None of them knows the `Assembler`.
//! - 5: [`eval`]: expressions and symbol lookup; [`addresses`]: values as
//!   addresses; [`functions`]: built-ins that read the assembler;
//!   [`emit`]: where bytes are written; [`replay`]: later passes repeat
//!   a line whose inputs did not change (the recording half, `Replay`'s
//!   own methods, is what the layers below call).
//! - 6: [`compile`]: the line loop; [`labelled`]: a line that starts
//!   with a name (its label, an assignment to it, a macro call).
//! - 7: [`scopes`]: anonymous scopes the directives open; [`data`]: data
//!   directives; [`instr`]: instructions; [`control`]: conditionals;
//!   [`loops`]: repetition; [`blocks`]: scopes, sections and the other
//!   block directives; [`encode`]: text encodings; [`settings`]: messages,
//!   assertions and other one-line settings; [`macros`]: macros,
//!   functions, structures; [`include`]: `.include` and `.binary`;
//!   [`target`]: the processor.
//!
//! Every layer adds methods to the one `Assembler`; a method may still
//! call a higher layer's where the work is recursive (a user function
//! called in an expression assembles its lines).

mod addresses;
mod blocks;
mod builtins;
mod by_file;
mod call_chains;
mod checks;
mod commands;
mod compile;
mod control;
mod data;
mod directives;
mod emit;
mod encode;
mod eval;
mod files;
mod functions;
mod head;
mod include;
mod instr;
mod labelled;
mod line_entry;
mod line_ids;
mod lines;
mod listed;
mod loops;
mod macro_text;
mod macros;
mod mnemonics;
mod optimize;
mod replay;
mod report;
mod result;
mod scopes;
mod seen_texts;
mod settings;
mod stars;
mod state;
mod target;
mod unused;
mod warnings;
mod wraps;

use std::path::Path;

use rustc_hash::FxHashMap;

use crate::diag::{Diagnostics, Kind};
use crate::encoding::Encodings;
use crate::intern::Interner;
use crate::options::Options;
use crate::output::Output;
use crate::program::Program;
use crate::source::{FileId, SourceMap, Span};
use crate::symbols::Symbols;
use crate::syntax::expr::Dialect;
use report::MAX_PASSES;
use report::{LineKind, Pending, UndefinedKey};

pub(crate) use state::PassState;

pub(crate) struct Assembler<'o> {
    pub opts: &'o Options,
    pub dialect: Dialect,
    pub src: SourceMap,
    pub files: files::Files,
    pub lines: lines::LineCaches,
    pub heads: head::Heads,
    /// `.if` lines whose condition is integer literals only, with its value.
    pub kept_conditions: control::KeptConditions,
    pub names: Interner,
    /// A macro call's callee names (`#name`), found again by their text.
    pub callee_names: crate::intern::RecentNames,
    /// Per name: whether it is a built-in (0 not looked up yet, 1 none,
    /// 2 + its index in `BUILTINS`): a name not found in any scope is
    /// looked for there once, not by text every time.
    builtin_ids: Vec<u8>,
    pub syms: Symbols,
    pub encs: Encodings,
    pub macros: macros::Macros,
    pub out: Output,
    pub st: PassState,
    pub diags: Vec<Pending>,
    /// Hashes of this pass's diagnostics (each is reported once).
    diag_keys: rustc_hash::FxHashSet<u64>,
    /// The call chain (macro calls, structures placed, includes) a label was
    /// made in, hashed, for labels not made at the top (see
    /// [`Self::note_def_chain`]).
    def_chains: rustc_hash::FxHashMap<crate::symbols::LabelId, u64>,
    /// The macro calls that led to a macro call made in an expansion, by
    /// the call's scope (its "searched in this scope" note names them).
    call_chains: call_chains::CallChains,
    /// The call chain of a label's last definition, when it is deeper than
    /// its scope's (a `.segment` call or an include inside a `.block`): its
    /// `-Wshadow` is given in that chain (see [`Self::note_shadow_chain`]).
    shadow_chains: rustc_hash::FxHashMap<crate::symbols::LabelId, Vec<crate::source::Span>>,
    /// A message given in another line's chain keeps its place: it is not
    /// moved to a call's argument (64tass moves only the current line's).
    place_kept: bool,
    /// Messages of one kind on one line (see [`PER_LINE`]): how many were kept, and
    /// how many more there were.
    per_line: rustc_hash::FxHashMap<LineKind, (u32, u64)>,
    /// Inside a constant's value: errors are kept, not reported yet.
    pub deferring: u32,
    /// Indexes of errors reported at once while deferring (`Fault::eager`).
    pub eager: Vec<usize>,
    /// How often an error value that says nothing more (a file that can't
    /// be read) was used: see `keeping`.
    pub silent_used: u32,
    /// Names reported "not defined" this pass, with the scope searched.
    pub undefined: rustc_hash::FxHashSet<UndefinedKey>,
    /// How many times a name was found not defined (reported or not): an
    /// operation whose left side failed on one has that as its only error.
    pub undefined_seen: u32,
    /// Encodings that reported a character they can't encode this pass
    /// (64tass reports one such error per encoding and pass).
    pub unencodable: rustc_hash::FxHashSet<crate::value::EncId>,
    /// Which source line wrote which bytes (when recording).
    pub record: result::Recorder,
    /// Work done in this run, bounded so runaway macros stop with an error.
    pub work: u64,
    /// Anonymous scope names by creating line and kind (counted per pass).
    pub anon_scopes: scopes::AnonScopes,
    /// Macros and functions that went too deep this pass: not expanded again
    /// in it (64tass).
    pub too_deep: rustc_hash::FxHashSet<(bool, u32)>,
    /// The code object `*` gave last (reused while the program counter stays).
    pub last_star: Option<crate::value::CodeId>,
    /// The first approximate float comparison of the operation being evaluated
    /// (see [`warnings`]).
    pub approx: std::cell::Cell<Option<(std::cmp::Ordering, std::cmp::Ordering)>>,
    /// Text that can't be encoded reads as its bytes with a `?` for each
    /// such character (its error was reported already).
    pub marking: std::cell::Cell<bool>,
    /// A float was rounded to an integer since this was last cleared.
    pub rounded: std::cell::Cell<bool>,
    /// The operand node (its address) the last `<?` or `>?` gave as its
    /// value (see `eval::computed_here`).
    pub picked: std::cell::Cell<usize>,
    /// The branch each `?:`, `<?` and `>?` evaluated last gave (node
    /// addresses, newest last): a value's place is its chosen branch's, as
    /// 64tass places it (see `eval::value_start`).
    pub chosen: std::cell::RefCell<Vec<(usize, usize)>>,
    /// The register names defined (`a` in bit 0): those of every processor
    /// selected so far in the run, as in 64tass.
    pub registers: u32,
    /// Symbols read now count as used (64tass's `referenceit`): not while
    /// the value of a constant nobody has read since its last definition is
    /// computed, so what only that constant names (a `.proc`) stays unused.
    pub referencing: bool,
    /// What `-Wstrict-bool` has to say about bools used as numbers since
    /// the place they are reported at was last reached (see
    /// `Env::bool_misused`).
    pub bool_uses: std::cell::RefCell<Vec<String>>,
    /// Data conversions that failed in the built-in call being made, to be
    /// reported at its argument (see `Env::report_and_go_on`).
    pub conversions_failed: std::cell::RefCell<Vec<crate::value::Fault>>,
    /// A label plus an offset wrapped around the address space when taken as
    /// a number (`-Wwrap-addr`, reported where the number is used).
    pub addr_wrapped: std::cell::Cell<bool>,
    /// No encoding is in effect (the arguments of `.cdef`, `.tdef`,
    /// `.edef`): a one-character string is its code point, as in 64tass.
    pub no_encoding: bool,
    /// `-Woptimize`: each section's model of the registers (kept across
    /// passes, see [`optimize`]).
    pub optimizers: FxHashMap<crate::output::SecId, crate::optimizer::Optimizer>,
    /// Instructions made now are not reported by `-Woptimize` (in a
    /// macro's expansion, or a function called for its value).
    pub opt_quiet: bool,
    /// Instruction lines kept for replay in later passes (see [`replay`]).
    pub replay: replay::Replay,
}

impl<'o> Assembler<'o> {
    pub fn new(opts: &'o Options) -> Self {
        let dialect = Dialect {
            case_sensitive: opts.case_sensitive,
            unicode: opts.ascii,
            tasm: opts.tasm_compatible,
        };
        let image_mask = if opts.flat_image {
            u32::MAX
        } else if opts.long_address && !opts.short_image {
            0xff_ffff
        } else {
            0xffff
        };
        Assembler {
            opts,
            dialect,
            src: SourceMap::with_raw_columns(!opts.ascii),
            files: files::Files::new(opts),
            lines: lines::LineCaches::default(),
            heads: head::Heads::default(),
            kept_conditions: control::KeptConditions::default(),
            names: Interner::default(),
            builtin_ids: Vec::new(),
            syms: Symbols::default(),
            encs: Encodings::new(opts.ascii),
            macros: macros::Macros::default(),
            out: Output::new(image_mask),
            st: PassState::new(opts),
            diags: Vec::new(),
            diag_keys: Default::default(),
            def_chains: Default::default(),
            call_chains: Default::default(),
            shadow_chains: Default::default(),
            place_kept: false,
            per_line: Default::default(),
            undefined: Default::default(),
            undefined_seen: 0,
            unencodable: Default::default(),
            deferring: 0,
            eager: Vec::new(),
            silent_used: 0,
            record: result::Recorder::new(
                opts.record_lines,
                opts.source_lines,
                opts.verbose_list,
                opts.list_line_numbers,
            ),
            work: 0,
            anon_scopes: Default::default(),
            callee_names: Default::default(),
            too_deep: Default::default(),
            last_star: None,
            approx: std::cell::Cell::new(None),
            marking: std::cell::Cell::new(false),
            rounded: std::cell::Cell::new(false),
            picked: std::cell::Cell::new(0),
            chosen: std::cell::RefCell::new(Vec::new()),
            registers: target::register_bits(opts.cpu),
            referencing: true,
            bool_uses: Default::default(),
            conversions_failed: Default::default(),
            addr_wrapped: std::cell::Cell::new(false),
            no_encoding: false,
            optimizers: FxHashMap::default(),
            opt_quiet: false,
            replay: replay::Replay::new(opts),
        }
    }

    /// Assemble files from disk, in order.
    pub fn run_files(mut self, paths: &[&Path]) -> Result<Program, Diagnostics> {
        let mut mains = Vec::new();
        for path in paths {
            match self.files.load_main(path, &mut self.src, self.opts.ascii) {
                Ok(id) => mains.push((id, None)),
                // 64tass's fatal error, in its words and with no place: it
                // goes on with the other files and passes as usual, the error
                // in its place among the others. The file stands in the map
                // empty.
                Err(e) => {
                    let name = path.display().to_string().into();
                    let id = self.src.add(name, None, String::new());
                    mains.push((id, Some(files::unreadable(path, &e))));
                }
            }
        }
        self.run(&mains)
    }

    /// Assemble in-memory text as the main file.
    pub fn run_text(mut self, name: &str, text: &str) -> Result<Program, Diagnostics> {
        // The text is read as a file's bytes would be: without `-a` each
        // byte of its UTF-8 is a character, as 64tass reads a raw source.
        let text = crate::source::decode(text.as_bytes(), self.opts.ascii);
        let main = self.src.add(name.into(), None, text);
        self.run(&[(main, None)])
    }

    /// Assemble the main files in order; one that could not be read is its
    /// message, in every pass (see [`Self::run_files`]).
    fn run(mut self, mains: &[(FileId, Option<String>)]) -> Result<Program, Diagnostics> {
        let defines = self.defines_file();
        let lines = mains
            .iter()
            .map(|&(f, _)| self.src.get(f).line_count())
            .sum();
        self.syms.reserve_for_lines(lines);
        let mut listing_pass = false;
        loop {
            self.begin_pass();
            self.select_cpu(self.opts.cpu);
            if let Some(d) = defines {
                self.record_file(d, Some(crate::listing::Entered::Definitions));
                self.compile_file(d);
                // The definitions' bytes (if any) are not part of the output;
                // their rows keep a copy.
                self.rows_done();
                let out = &self.out;
                self.record.rows.own_bytes(|m| out.mem_data(m));
                self.out.reset();
            }
            for (main, unreadable) in mains {
                if let Some(msg) = unreadable {
                    self.error(Span::new(*main, 0, 0), Kind::Io, msg.clone());
                    continue;
                }
                let main = *main;
                self.st.reset_file(&mut self.out);
                self.encs.begin_file(self.st.pass);
                self.select_cpu(self.opts.cpu);
                self.record_file(main, Some(crate::listing::Entered::Input));
                self.st.note_entered(main);
                self.compile_file(main);
            }
            self.mark_exported();
            if self.out.wants_previous() {
                self.st.unsettle();
            }
            if self.st.fixeddig
                && (!self.out.sections_settled(self.st.pass) || self.forward_read_gone())
            {
                self.st.unsettle();
            }
            let again = !self.st.fixeddig || self.st.constcreated;
            // No pass follows the listing's: what changed in it is an error.
            if self.has_fatal()
                || self.st.listing_pass
                || !again && !self.listing_pass_differs(&mut listing_pass)
            {
                break;
            }
            self.st.set_listing_pass(listing_pass);
            // 64tass counts a pass before testing it against its limit, so
            // it runs one pass more than the limit before giving up.
            if self.st.pass > MAX_PASSES {
                let span = Span::new(mains[0].0, 0, 0);
                self.error(span, Kind::NoConvergence, "too many passes".to_string());
                break;
            }
            // Later passes find nearly every parse kept: the texts kept for
            // copying are memory at the peak, not time saved.
            self.lines.forget_texts();
        }
        self.report_exported_errors();
        // With a listing 64tass looks for unused symbols after the listing's
        // pass, which errors leave out.
        if !(self.opts.listing_written && self.has_errors()) {
            self.unused_check();
        }
        self.finish()
    }

    /// 64tass writes its listing in a pass of its own after the others
    /// (when there are no errors), and the program is that pass's. It gives
    /// the same bytes unless a label's data was read ahead of its line
    /// (from the last pass's memory, which that pass changes), a `.proc`
    /// is assembled the other way in it, or a section is used whose
    /// `.dsection` was not reached: then it is run here too, once.
    fn listing_pass_differs(&self, done: &mut bool) -> bool {
        let run = self.opts.listing_written
            && !*done
            && !self.has_errors()
            && (self.out.read_previous()
                || self.proc_use_changed()
                || self.out.section_undeclared(self.st.pass));
        *done |= run;
        run
    }

    /// A constant, or an encoding's range or escape, read ahead of its line
    /// in this pass whose line didn't run again (64tass's `fwcount` and
    /// `efwcount`): another pass must tell, where it is no longer found. A
    /// constant read in this pass and last defined in the last one was
    /// found ahead of its line (see [`crate::symbols::Label::visible`]).
    fn forward_read_gone(&self) -> bool {
        let pass = self.st.pass;
        let gone =
            |l: &crate::symbols::Label| l.constant() && l.usepass == pass && l.defpass + 1 == pass;
        self.syms.labels.iter().any(gone) || self.encs.ahead_gone(pass)
    }

    /// The `-D` definitions as a source text of their own.
    fn defines_file(&mut self) -> Option<FileId> {
        if self.opts.defines.is_empty() {
            return None;
        }
        let mut text = String::new();
        for d in &self.opts.defines {
            text.push_str(d);
            text.push('\n');
        }
        Some(self.src.add("<command line>".into(), None, text))
    }

    fn begin_pass(&mut self) {
        self.out.begin_pass();
        self.st.begin_pass(&mut self.out, self.opts);
        self.replay.context_changed();
        self.encs.begin_file(self.st.pass);
        if let Some(p) = &self.opts.progress {
            p.start_pass(self.st.pass);
        }
        if let Some(at_pass) = self.opts.at_pass {
            at_pass(self.st.pass);
        }
        self.files.begin_pass();
        self.diags.clear();
        self.diag_keys.clear();
        self.per_line.clear();
        self.undefined.clear();
        self.unencodable.clear();
        self.record.clear();
        self.too_deep.clear();
        self.syms.ns_mut(crate::symbols::GLOBAL).backr = 0;
        self.syms.ns_mut(crate::symbols::GLOBAL).forwr = 0;
        self.macros.begin_pass();
        self.opt_begin_pass();
    }
}
