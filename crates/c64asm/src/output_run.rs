//! The outputs of one run, written in order as 64tass writes them. 64tass
//! changes a section's memory in place when it writes an output of it:
//! the sections placed in it are copied in (their own memories flattened
//! the same way first), and for an image format the blocks are then merged,
//! later bytes winning, into runs in address order. Each memory is copied
//! in once and merged once; what an output finds depends on the outputs
//! written before it (`-o a.prg --output-section s --intel-hex -o s.hex`
//! writes `s` merged, as the image output left it).

use crate::formats::{OutputFormat, flatten_blocks};
use crate::memmap::same_path;
use crate::output::SectionBlocks;
use crate::program::Program;

/// A memory's blocks copied together (start address, bytes), and whether
/// they were merged.
type Merged = (Vec<(u32, Vec<u8>)>, bool);

/// The state of each memory (the root and each placed section) between
/// the outputs of a run.
pub struct OutputRun<'p> {
    program: &'p Program,
    /// Per memory (0: the root, then `Program::sections` in order), its
    /// blocks once copied together, and whether they were merged.
    done: Vec<Option<Merged>>,
    /// Per memory, the sections placed directly in it, by their first block.
    children: Vec<Vec<usize>>,
}

impl Program {
    /// The start of a run of outputs, each written with
    /// [`OutputRun::output`] in the order 64tass writes them.
    ///
    /// ```
    /// use c64asm::OutputFormat;
    /// let src = "* = $1000\n .dsection s\n .section s\n .union\n .byte 1,2,3\n .word 0\n .endu\n .send\n";
    /// let program = c64asm::assemble_str("a.asm", src, &Default::default()).unwrap();
    /// let hex = |b: Vec<u8>| String::from_utf8(b).unwrap();
    /// let mut run = program.output_run();
    /// assert_eq!(hex(run.output(OutputFormat::IntelHex, Some("s")).unwrap()), ":03100000010203E7\n:021000000000EE\n:00000001FF\n");
    /// run.output(OutputFormat::Cbm, None).unwrap();
    /// assert_eq!(hex(run.output(OutputFormat::IntelHex, Some("s")).unwrap()), ":03100000000003EA\n:00000001FF\n");
    /// ```
    pub fn output_run(&self) -> OutputRun<'_> {
        let n = self.sections.len();
        let mut children = vec![Vec::new(); n + 1];
        for (i, s) in self.sections.iter().enumerate() {
            // One naming another section's memory is no one's part.
            if !s.own {
                continue;
            }
            let parent = s.path.rsplit_once('.').and_then(|(up, _)| {
                self.sections
                    .iter()
                    .position(|p| same_path(&p.path, up, self.case_sensitive))
            });
            children[parent.map_or(0, |p| p + 1)].push(i + 1);
        }
        for list in &mut children {
            list.sort_by_key(|&c| {
                let r = &self.sections[c - 1].blocks;
                (r.start, r.end)
            });
        }
        OutputRun {
            program: self,
            done: vec![None; n + 1],
            children,
        }
    }
}

impl OutputRun<'_> {
    /// The output of the whole program (`section` None) or of one section
    /// (`--output-section`), as 64tass writes it at this point of the run.
    pub fn output(
        &mut self,
        format: OutputFormat,
        section: Option<&str>,
    ) -> Result<Vec<u8>, String> {
        self.output_long(format, section, self.program.long_address)
    }

    /// As [`output`](Self::output), with 3-byte addresses in a CBM or
    /// nonlinear file if `long` (64tass's `-X` in force at that `-o`).
    pub fn output_long(
        &mut self,
        format: OutputFormat,
        section: Option<&str>,
        long: bool,
    ) -> Result<Vec<u8>, String> {
        let program = self.program;
        let node = match section {
            None => 0,
            Some(path) => {
                program.blocks_of(Some(path))?;
                let same = |s: &SectionBlocks| same_path(&s.path, path, program.case_sensitive);
                program.sections.iter().position(same).map_or(0, |i| i + 1)
            }
        };
        self.compact(node, format.flattens(), 0);
        let (blocks, _) = self.done[node].as_ref().expect("compacted above");
        program.format_long(format, blocks, long)
    }

    /// 64tass's compaction of one memory: its sections copied in, then
    /// merged if `merge`.
    fn compact(&mut self, node: usize, merge: bool, depth: u32) {
        if self.done[node].is_none() {
            let range = match node {
                0 => 0..self.program.blocks.len(),
                n => self.program.sections[n - 1].blocks.clone(),
            };
            // A child's blocks lie within its parent's (`get` keeps a range
            // that doesn't from panicking).
            let own = |from: usize, to: usize| self.program.blocks.get(from..to.max(from));
            let mut blocks = Vec::new();
            let mut at = range.start;
            for c in self.children[node].clone() {
                let inner = self.program.sections[c - 1].blocks.clone();
                blocks.extend_from_slice(own(at, inner.start).unwrap_or_default());
                if depth < 64 {
                    self.compact(c, merge, depth + 1);
                }
                if let Some((theirs, _)) = &self.done[c] {
                    blocks.extend(theirs.iter().cloned());
                }
                at = at.max(inner.end);
            }
            blocks.extend_from_slice(own(at, range.end).unwrap_or_default());
            blocks.retain(|(_, b)| !b.is_empty());
            self.done[node] = Some((blocks, false));
        }
        if let Some((blocks, merged)) = &mut self.done[node]
            && merge
            && !*merged
        {
            *blocks = flatten_blocks(blocks);
            *merged = true;
        }
    }
}
