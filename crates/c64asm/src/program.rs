//! The result of a successful assembly: the bytes, the symbols, where every
//! byte came from, and the texts written from them (label files, listing).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::labels::LabelFormat;
use crate::source::{FileId, SourceMap, Span};

/// What a symbol stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum SymbolValue {
    /// A label in front of code or data.
    Address(u32),
    /// A numeric constant or variable.
    Number(i128),
    /// Anything else (strings, lists, floats, ...).
    Other,
}

/// One label or constant of the program.
#[derive(Clone, Debug)]
pub struct Symbol {
    /// Scoped with dots: `block.inner`, `label._local`.
    pub name: String,
    /// What kind of value it has: an address, a number or something else.
    pub value: SymbolValue,
    /// The value as 64tass prints it (`$1000`, `5`, `"text"`); none for macros and scopes.
    pub repr: Option<String>,
    /// Defined with `:=` or `.var`.
    pub variable: bool,
}

/// 64tass's warning, with no place, when a VICE label file it writes holds
/// an address that wrapped around memory (see
/// [`Program::label_address_wrapped`]).
pub const LABEL_ADDRESS_WRAPPED: &str = "memory location address overflow [-Wwrap-addr]";

/// The symbols of the label lists, and those only `--dump-labels` shows,
/// as a run keeps them for its label files: every name and repr one after
/// another in one text, each symbol's facts in a record of 56 bytes (a
/// symbol with two strings of its own took about 200 bytes of heap, all
/// of it held at the run's end).
#[derive(Clone, Default)]
pub(crate) struct SymbolLists {
    /// Each symbol's name, then its repr.
    text: String,
    pub listed: Vec<KeptSymbol>,
    /// Each with the index in `listed` it comes before.
    pub unlisted: Vec<(u32, KeptSymbol)>,
    /// Numeric values wider than 64 bits (a long bit string), by index.
    wide: Vec<i128>,
    /// The structures' and unions' dotted names: in no list, but scopes to
    /// `--labels-root`.
    pub structures: Vec<String>,
}

/// One symbol of [`SymbolLists`]: where its texts are, and its facts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeptSymbol {
    at: u32,
    name_len: u32,
    /// [`NO_REPR`]: none.
    repr_len: u32,
    vice_value: u32,
    code_size: u32,
    /// [`SymbolValue`]'s number ([`WIDE`]: an index into `wide`).
    value: i64,
    number: i64,
    span: Span,
    flags: u16,
}

const NO_REPR: u32 = u32::MAX;

// A kept symbol's flags.
const ADDRESS: u16 = 1;
const HAS_NUMBER: u16 = 1 << 1;
const HAS_VICE_VALUE: u16 = 1 << 2;
const WRAPPED: u16 = 1 << 3;
const HAS_CODE_SIZE: u16 = 1 << 4;
const VICE_NAME: u16 = 1 << 5;
const TOP: u16 = 1 << 6;
const SCOPE: u16 = 1 << 7;
const VARIABLE: u16 = 1 << 8;
const VALUE_ADDRESS: u16 = 1 << 9;
const VALUE_NUMBER: u16 = 1 << 10;
const WIDE: u16 = 1 << 11;

/// A kept symbol as the label formats read it: its texts, its facts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Label<'a> {
    /// Scoped with dots (relative to the root of `--labels-root`).
    pub name: &'a str,
    pub repr: Option<&'a str>,
    pub variable: bool,
    pub facts: SymbolFacts,
    pub span: Span,
}

impl SymbolLists {
    /// The name being made for the next symbol: `prefix.name`, or `name`
    /// at the top, written into the text; its start.
    pub fn start_name(&mut self, prefix: &str, name: &str) -> u32 {
        let at = self.text.len() as u32;
        if !prefix.is_empty() {
            self.text.push_str(prefix);
            self.text.push('.');
        }
        self.text.push_str(name);
        at
    }

    /// The name begun at `at` (the last one begun).
    pub fn name_from(&self, at: u32) -> &str {
        &self.text[at as usize..]
    }

    /// Adds the symbol whose name was the last begun (at `at`), with its
    /// repr, to the listed symbols or to those only dumped.
    #[allow(clippy::too_many_arguments)]
    pub fn push(
        &mut self,
        at: u32,
        repr: Option<&str>,
        value: &SymbolValue,
        variable: bool,
        facts: &SymbolFacts,
        span: Span,
        listed: bool,
    ) {
        let name_len = self.text.len() as u32 - at;
        let repr_len = match repr {
            Some(r) => {
                self.text.push_str(r);
                r.len() as u32
            }
            None => NO_REPR,
        };
        let bit = |on: bool, flag: u16| if on { flag } else { 0 };
        let (value, value_flags) = match *value {
            SymbolValue::Address(a) => (a as i64, VALUE_ADDRESS),
            SymbolValue::Number(n) => match i64::try_from(n) {
                Ok(n) => (n, VALUE_NUMBER),
                Err(_) => {
                    self.wide.push(n);
                    ((self.wide.len() - 1) as i64, VALUE_NUMBER | WIDE)
                }
            },
            SymbolValue::Other => (0, 0),
        };
        let kept = KeptSymbol {
            at,
            name_len,
            repr_len,
            vice_value: facts.vice_value.unwrap_or(0),
            code_size: facts.code_size.unwrap_or(0),
            value,
            number: facts.number.unwrap_or(0),
            span,
            flags: value_flags
                | bit(facts.address, ADDRESS)
                | bit(facts.number.is_some(), HAS_NUMBER)
                | bit(facts.vice_value.is_some(), HAS_VICE_VALUE)
                | bit(facts.wrapped, WRAPPED)
                | bit(facts.code_size.is_some(), HAS_CODE_SIZE)
                | bit(facts.vice_name, VICE_NAME)
                | bit(facts.top, TOP)
                | bit(facts.scope, SCOPE)
                | bit(variable, VARIABLE),
        };
        match listed {
            true => self.listed.push(kept),
            false => self.unlisted.push((self.listed.len() as u32, kept)),
        }
    }

    pub fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.listed.shrink_to_fit();
        self.unlisted.shrink_to_fit();
    }

    /// A kept symbol as the label formats read it.
    pub fn label(&self, k: &KeptSymbol) -> Label<'_> {
        let at = k.at as usize;
        let name_end = at + k.name_len as usize;
        let has = |flag: u16| k.flags & flag != 0;
        Label {
            name: &self.text[at..name_end],
            repr: (k.repr_len != NO_REPR)
                .then(|| &self.text[name_end..name_end + k.repr_len as usize]),
            variable: has(VARIABLE),
            facts: SymbolFacts {
                address: has(ADDRESS),
                number: has(HAS_NUMBER).then_some(k.number),
                vice_value: has(HAS_VICE_VALUE).then_some(k.vice_value),
                wrapped: has(WRAPPED),
                code_size: has(HAS_CODE_SIZE).then_some(k.code_size),
                vice_name: has(VICE_NAME),
                top: has(TOP),
                scope: has(SCOPE),
            },
            span: k.span,
        }
    }

    /// A kept symbol's value.
    pub fn value(&self, k: &KeptSymbol) -> SymbolValue {
        match k.flags & (VALUE_ADDRESS | VALUE_NUMBER | WIDE) {
            VALUE_ADDRESS => SymbolValue::Address(k.value as u32),
            VALUE_NUMBER => SymbolValue::Number(k.value as i128),
            f if f == VALUE_NUMBER | WIDE => SymbolValue::Number(self.wide[k.value as usize]),
            _ => SymbolValue::Other,
        }
    }

    /// The listed symbols, and with `dump` those only dumped in their
    /// places among them, in 64tass's order.
    pub fn iter(&self, dump: bool) -> Labels<'_> {
        Labels {
            lists: self,
            listed: 0,
            unlisted: if dump { 0 } else { self.unlisted.len() },
        }
    }
}

/// The symbols a label file lists from, in order (see [`SymbolLists::iter`]).
#[derive(Clone)]
pub(crate) struct Labels<'a> {
    lists: &'a SymbolLists,
    listed: usize,
    unlisted: usize,
}

impl<'a> Iterator for Labels<'a> {
    type Item = Label<'a>;

    fn next(&mut self) -> Option<Label<'a>> {
        let lists = self.lists;
        if let Some((before, k)) = lists.unlisted.get(self.unlisted)
            && (*before as usize <= self.listed || self.listed == lists.listed.len())
        {
            self.unlisted += 1;
            return Some(lists.label(k));
        }
        let k = lists.listed.get(self.listed)?;
        self.listed += 1;
        Some(lists.label(k))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left =
            self.lists.listed.len() - self.listed + self.lists.unlisted.len() - self.unlisted;
        (left, Some(left))
    }
}

/// What the label file formats need to know about a symbol.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SymbolFacts {
    /// Code or an address (not a plain number).
    pub address: bool,
    /// Its integer value, where it has one.
    pub number: Option<i64>,
    /// Its value as VICE's monitor gets it: a number or bit string read as
    /// 24 bits unsigned, as 64tass reads it (an inverted bit string of at
    /// most 24 bits, `~$e0`, is its low 24 bits; a negative integer none).
    pub vice_value: Option<u32>,
    /// A label plus an offset outside the address space (`start - 2` at
    /// $0000): its address wrapped around, which 64tass reports as it
    /// writes it to a VICE label file.
    pub wrapped: bool,
    /// The size of the code it labels.
    pub code_size: Option<u32>,
    /// Its name and every scope on the way are names VICE's monitor accepts.
    pub vice_name: bool,
    /// Defined in the root scope.
    pub top: bool,
    /// A scope (`.proc`, `.block`, a label's locals, ...): `--labels-root` can name it.
    pub scope: bool,
}

/// The first comment line of c64kit's own listing.
pub const LISTING_TITLE: &str = "; c64kit listing file\n";

/// Which columns a listing has besides offsets and bytes.
#[derive(Clone, Copy, Debug)]
pub struct ListingColumns {
    /// The disassembly (`--no-monitor` leaves it out).
    pub monitor: bool,
    /// The source line (`--no-source` leaves it out).
    pub source: bool,
    /// A line-number column first (`--line-numbers`): each line's number,
    /// and the number of each file entered (as 64tass fills it).
    pub line_numbers: bool,
}

impl Default for ListingColumns {
    fn default() -> Self {
        ListingColumns {
            monitor: true,
            source: true,
            line_numbers: false,
        }
    }
}

/// Bytes that one source line wrote: a run of consecutive bytes from one
/// statement (an instruction, a data directive, one line of a macro's body).
#[derive(Clone, Debug)]
pub struct SourceLine {
    pub(crate) file: FileId,
    /// 1-based line and column of the statement (the instruction or
    /// directive, after any label) in the file that holds it: for lines of a
    /// macro expansion, the line of the macro's body.
    pub line: u32,
    /// 1-based column of the statement, counted in characters.
    pub column: u32,
    /// Compile offset of the first byte: where the bytes are in the image.
    pub addr: u32,
    /// Program counter at the first byte: the address the code runs at
    /// (differs from `addr` inside `.logical`).
    pub pc: u32,
    /// Number of bytes written.
    pub len: u32,
    /// Written by a macro expansion (`line` is the macro body's line).
    pub expanded: bool,
    /// Written by an instruction (code) rather than a data directive.
    pub code: bool,
    /// The outermost macro call that expanded to this line.
    pub(crate) call: Option<Span>,
    pub(crate) text_file: FileId,
    pub(crate) text_line: u32,
    /// The memory the bytes went to (a section placed after its fragments
    /// moves them: see `Assembler::record_relocated`).
    pub(crate) mem: crate::output::MemId,
}

/// An assembled program.
#[derive(Clone)]
pub struct Program {
    /// Compile offset of the first byte written.
    pub load_address: u32,
    /// Bytes from `load_address` to the last byte written; gaps are zero.
    pub image: Vec<u8>,
    /// Every block of bytes written, as (compile offset, bytes) in the order
    /// the source wrote them (overlaps kept), for the non-CBM output formats.
    pub(crate) blocks: Vec<(u32, Vec<u8>)>,
    /// Each section's dotted path and the range of `blocks` it holds (its
    /// children's included), for `--output-section`.
    pub(crate) sections: Vec<crate::output::SectionBlocks>,
    /// The sections' memories as a tree, for the memory map.
    pub(crate) map: crate::memmap::MapTree,
    /// Section paths compare as symbols do: case-insensitively without `-C`.
    pub(crate) case_sensitive: bool,
    /// How wide a tab is in the listing and label files (`--tab-size`).
    pub(crate) tab_size: usize,
    /// The warnings of the run (a program with errors is never built).
    pub warnings: Diagnostics,
    /// The label files' symbols, and those only `--dump-labels` shows (in
    /// code left out, a structure's fields).
    pub(crate) labels: SymbolLists,
    /// [`Self::symbols`], made when first asked for (the label files read
    /// `labels`).
    pub(crate) symbols: std::sync::OnceLock<Vec<Symbol>>,
    pub(crate) lines: Vec<SourceLine>,
    /// The listing's rows, in the order the last pass met them.
    pub(crate) rows: crate::listing::Rows,
    pub(crate) files: Vec<PathBuf>,
    /// For each of `files`, whether it was read by `.binary`.
    pub(crate) files_binary: Vec<bool>,
    /// Every path looked for, found or not, in the order first looked for.
    pub(crate) looked_up: Vec<PathBuf>,
    pub(crate) long_address: bool,
    /// Assembled in the 16 MiB image of `-X` (not `Options::short_image`).
    pub(crate) long_image: bool,
    /// Offsets don't wrap at 64 KiB (`-X`, or a 4 GiB image format).
    pub(crate) wide_offsets: bool,
    /// `--verbose-list`: the listing shows every line and every byte row.
    pub(crate) verbose_listing: bool,
    /// Assembled in the 4 GiB image of flat output (`Options::flat_image`).
    pub(crate) flat_image: bool,
    /// 64tass would place bytes elsewhere in the 4 GiB image of flat,
    /// Intel HEX and S-record output (see `Output::differs_in_4gib`).
    pub(crate) differs_in_4gib: bool,
    /// Where offsets wrap: the image's last address (64tass's `all_mem2`).
    pub(crate) image_mask: u32,
    /// `Options::image_of_outputs`: the image is the command line's own.
    pub(crate) image_of_outputs: bool,
    pub(crate) sources: Arc<SourceMap>,
    pub(crate) passes: u32,
}

impl Program {
    /// The .prg file: the load address (2 bytes, 3 with long addresses), then
    /// the image. An empty program is an empty file, as with 64tass.
    pub fn prg_bytes(&self) -> Vec<u8> {
        if self.image.is_empty() {
            return Vec::new();
        }
        let n = if self.long_address { 3 } else { 2 };
        let mut out = Vec::with_capacity(self.image.len() + n);
        out.extend_from_slice(&self.load_address.to_le_bytes()[..n]);
        out.extend_from_slice(&self.image);
        out
    }

    /// Address one past the last byte of the image.
    pub fn end_address(&self) -> u32 {
        self.load_address + self.image.len() as u32
    }

    /// How many passes the assembly took.
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// Every label and constant.
    pub fn symbols(&self) -> &[Symbol] {
        self.symbols.get_or_init(|| {
            let lists = &self.labels;
            let symbol = |k| {
                let l = lists.label(k);
                Symbol {
                    name: l.name.to_string(),
                    value: lists.value(k),
                    repr: l.repr.map(str::to_string),
                    variable: l.variable,
                }
            };
            lists.listed.iter().map(symbol).collect()
        })
    }

    /// The numeric value of a symbol by its scoped name.
    pub fn symbol(&self, name: &str) -> Option<i64> {
        let lists = &self.labels;
        let k = lists.listed.iter().find(|k| lists.label(k).name == name)?;
        match lists.value(k) {
            SymbolValue::Address(a) => Some(a as i64),
            SymbolValue::Number(n) => i64::try_from(n).ok(),
            SymbolValue::Other => None,
        }
    }

    /// Labels in front of code or data, sorted by address, then name.
    pub fn address_labels(&self) -> Vec<(String, u16)> {
        let lists = &self.labels;
        let mut out: Vec<(String, u16)> = lists
            .listed
            .iter()
            .filter_map(|k| match lists.value(k) {
                SymbolValue::Address(a) => Some((lists.label(k).name.to_string(), a as u16)),
                _ => None,
            })
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// The files the assembly read (sources and binaries), in the order
    /// first read (a file read both ways is here twice).
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// For each of [`Self::files`], whether it was read by `.binary`.
    pub fn files_binary(&self) -> &[bool] {
        &self.files_binary
    }

    /// Every path the assembly looked for a file at, found or not (an
    /// included name next to the including file, then in each `-I`
    /// directory), in the order first looked for: 64tass's file table holds
    /// them all, and its dependency rule lists in that table's order.
    pub fn files_looked_up(&self) -> &[PathBuf] {
        &self.looked_up
    }

    /// 64tass's `--vice-labels` list: `al 1005 .proc:inner` per address label.
    pub fn vice_labels(&self) -> String {
        self.labels(LabelFormat::Vice)
    }

    /// 64tass's default label list (`-l`): `name = value` for global symbols.
    pub fn label_list(&self) -> String {
        self.labels(LabelFormat::Tass)
    }

    /// A label file in one of 64tass's formats.
    pub fn labels(&self, format: LabelFormat) -> String {
        crate::labels::render(
            self.symbols_for(format),
            &self.sources,
            format,
            self.tab_size,
        )
    }

    /// The symbols a format lists from: `--dump-labels` also those in code
    /// left out and a structure's fields, in 64tass's order among the rest.
    fn symbols_for(&self, format: LabelFormat) -> crate::program::Labels<'_> {
        self.labels.iter(format == LabelFormat::Dump)
    }

    /// A label file of the symbols in one scope (64tass's `--labels-root`):
    /// `root` is the scope's dotted path from the global scope (`io.vic`),
    /// names are written relative to it. A path that names no scope is an
    /// error, with 64tass's message.
    ///
    /// ```
    /// use c64asm::LabelFormat;
    /// let src = "* = $1000\nio .block\nborder = $d020\n .bend\nstart rts\n";
    /// let program = c64asm::assemble_str("a.asm", src, &Default::default()).unwrap();
    /// assert_eq!(program.labels_from(LabelFormat::Tass, "io").unwrap(), "border\t\t= $d020\n");
    /// assert_eq!(program.labels_from(LabelFormat::Tass, "start").unwrap(), "");
    /// assert!(program.labels_from(LabelFormat::Tass, "io.border").is_err());
    /// ```
    pub fn labels_from(&self, format: LabelFormat, root: &str) -> Result<String, String> {
        let symbols = self.symbols_under(format, root)?;
        Ok(crate::labels::render(
            symbols,
            &self.sources,
            format,
            self.tab_size,
        ))
    }

    /// Whether a label file in `format` (of the scope `root`, if given)
    /// holds an address that wrapped around memory: 64tass's location-less
    /// [`LABEL_ADDRESS_WRAPPED`] warning, given once however many there are.
    pub fn label_address_wrapped(&self, format: LabelFormat, root: Option<&str>) -> bool {
        match root {
            None => crate::labels::address_wrapped(self.symbols_for(format), format),
            Some(root) => self
                .symbols_under(format, root)
                .is_ok_and(|s| crate::labels::address_wrapped(s, format)),
        }
    }

    /// The symbols of a label file of one scope (see [`Self::labels_from`]).
    fn symbols_under(&self, format: LabelFormat, root: &str) -> Result<Vec<Label<'_>>, String> {
        let cs = self.case_sensitive;
        crate::labels::under_root(self.symbols_for(format), root, cs)
            .or_else(|| {
                // A scope no list shows is still one to 64tass: a `.proc`
                // nothing calls (nothing of it is listed), a structure or
                // union (its fields, as `--dump-labels` has them).
                let all = self.symbols_for(LabelFormat::Dump);
                let structure = |name: &String| crate::labels::same_name(name, root, cs);
                match crate::labels::under_root(all.clone(), root, cs) {
                    Some(_) => Some(Vec::new()),
                    None if self.labels.structures.iter().any(structure) => {
                        Some(crate::labels::fields_under(all, root, cs))
                    }
                    None => None,
                }
            })
            .ok_or_else(|| format!("scope '{root}' for label listing not found"))
    }

    /// Which source line wrote each run of bytes (compile offsets), through
    /// includes and macro expansions.
    pub fn source_lines(&self) -> &[SourceLine] {
        &self.lines
    }

    /// The file name of a source line (as the assembler was given it or
    /// found it through `.include`).
    pub fn file_name(&self, line: &SourceLine) -> &str {
        &self.sources.get(line.file).name
    }

    /// Where a line of a macro expansion was called from: the outermost
    /// call's file, line and column; None for other lines.
    pub fn call_site(&self, line: &SourceLine) -> Option<Location<'_>> {
        let span = line.call?;
        let f = self.sources.get(span.file);
        let (l, c) = f.line_col(span.start as usize);
        Some(Location {
            file: &f.name,
            line: l as u32,
            column: c as u32,
        })
    }

    /// The text of the line that wrote these bytes, as the assembler read it
    /// (for expansions, the expanded text with the arguments in).
    pub fn line_text(&self, line: &SourceLine) -> &str {
        self.sources
            .get(line.text_file)
            .line(line.text_line as usize)
            .trim_end()
    }

    /// The source of the byte the CPU sees at `pc`: the last line that wrote
    /// it (a later `* =` may overwrite earlier bytes).
    pub fn origin(&self, pc: u32) -> Option<&SourceLine> {
        self.lines
            .iter()
            .rev()
            .find(|l| (l.pc..l.pc + l.len).contains(&pc))
    }

    /// A listing in 64tass's layout: offset, bytes, disassembly, source.
    pub fn listing(&self) -> String {
        self.listing_with(ListingColumns::default())
    }

    /// The listing with some columns left out (64tass's `--no-monitor`,
    /// `--no-source`).
    pub fn listing_with(&self, columns: ListingColumns) -> String {
        crate::listing::render(self, columns, LISTING_TITLE)
    }

    /// The listing to add to the end of a file (`--list-append`): without its
    /// title line, as 64tass leaves it out there.
    pub fn listing_to_append(&self, columns: ListingColumns) -> String {
        crate::listing::render(self, columns, "")
    }

    /// The listing written to `out` as it is made, never held whole. `head`:
    /// the comment lines before its column titles, each ending in a newline
    /// ([`LISTING_TITLE`] for c64kit's own, none for a listing added to a
    /// file, 64tass's title, command line and date for a drop-in 64tass).
    pub fn write_listing(
        &self,
        columns: ListingColumns,
        head: &str,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        crate::listing::render_to(self, columns, head, out)
    }

    /// The blocks of one section and its children (64tass's
    /// `--output-section`), by its dotted path from the root; None if no
    /// section has that path.
    pub(crate) fn section_blocks(&self, path: &str) -> Option<&[(u32, Vec<u8>)]> {
        let same = |a: &str| crate::memmap::same_path(a, path, self.case_sensitive);
        let s = self.sections.iter().find(|s| same(&s.path))?;
        Some(&self.blocks[s.blocks.clone()])
    }

    /// The blocks an output holds: all, or one section's (`--output-section`).
    pub fn blocks_of(&self, section: Option<&str>) -> Result<&[(u32, Vec<u8>)], String> {
        match section {
            None => Ok(&self.blocks),
            Some(path) => self.section_blocks(path).ok_or_else(|| no_section(path)),
        }
    }

    /// 64tass's memory map: the initialized areas (`Data:`) and the holes
    /// between them (`Gap:`), sorted by address, with the sections placed
    /// by `.dsection` (`Section:`), for the output `name`.
    pub fn memory_map(&self, name: &str) -> String {
        let tool = concat!("c64kit ", env!("CARGO_PKG_VERSION"));
        self.memory_map_of(name, None, Some(tool), &[])
            .unwrap_or_default()
    }

    /// The memory map of the output `name` holding only `section` (and its
    /// children) if given (`--map` with `--output-section`). `title`: the
    /// tool its first line names (`c64kit 0.1.0`); without it the line is
    /// left out, as 64tass leaves it out of a map added to the end of a file
    /// (`--map-append`). `before`:
    /// the sections (None: the whole program) of the outputs written before
    /// this one, whose sections 64tass has flattened by then.
    pub fn memory_map_of(
        &self,
        name: &str,
        section: Option<&str>,
        title: Option<&str>,
        before: &[Option<&str>],
    ) -> Result<String, String> {
        let find = |s: Option<&str>| self.map.find(s, self.case_sensitive);
        let top = find(section);
        if top.is_none() {
            // A section never linked in (a stale one, or placed in a
            // `.virtual`) has a map with no rows.
            self.blocks_of(section)?;
        }
        let flattened: Vec<usize> = before.iter().filter_map(|&s| find(s)).collect();
        let mut out = String::from("\n");
        if let Some(tool) = title {
            let _ = write!(out, "{tool} memory map file\n\n");
        }
        let _ = write!(
            out,
            "Memory map for output file: {name}\n\nType        Size      Range      Size    Name\n"
        );
        if let Some(top) = top {
            self.map.render(top, &flattened, &mut out);
        }
        Ok(out)
    }

    /// The source map (`--source-map`): one line per run of bytes,
    /// `address length kind file:line:column`, with ` from file:line:column`
    /// for macro expansions (see docs/assembler.md for the format).
    pub fn source_map(&self) -> String {
        let mut out = String::from(SOURCE_MAP_HEADER);
        out.push('\n');
        for l in &self.lines {
            let _ = write!(
                out,
                "{:04x} {} {} {}:{}:{}",
                l.pc,
                l.len,
                if l.code { "code" } else { "data" },
                self.sources.get(l.file).name,
                l.line,
                l.column
            );
            if let Some(c) = self.call_site(l) {
                let _ = write!(out, " from {}:{}:{}", c.file, c.line, c.column);
            }
            out.push('\n');
        }
        out
    }
}

/// The error for an `--output-section` that names no placed section.
fn no_section(path: &str) -> String {
    format!("section '{path}' for output not found")
}

/// The first line of a source map; the number is the format's version.
pub const SOURCE_MAP_HEADER: &str =
    "# c64kit source map 2: address length code|data file:line:column [from file:line:column]";

/// A place in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location<'a> {
    /// The file name as the assembler was given it or found it through `.include`.
    pub file: &'a str,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("load_address", &format_args!("${:04X}", self.load_address))
            .field("len", &self.image.len())
            .field("symbols", &self.labels.listed.len())
            .finish()
    }
}
