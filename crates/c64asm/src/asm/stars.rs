//! What a line remembers from the previous pass, found again by where the
//! line runs: 64tass's "star tree".
//!
//! Each loop, macro or function call and include opens a node under the
//! node of the line that started it, keyed by that line's number within its
//! own node; lines are counted afresh inside each node. A line inside is
//! so named by the chain of lines that led to it, not by how many lines
//! ran before it in the pass. That count would move whenever code that
//! runs in one pass is skipped in the next (a `.proc` nobody calls any
//! more, a loop whose count changed), and a branch would then read another
//! branch's memory. After a loop the count goes on as if its body had been
//! read once; after a call or include, as if the calling line were one line.
//!
//! A node holds where its loop or call started (a start that moved since
//! the last pass needs another pass). A branch that must be measured from
//! where it ended last pass (to a label not reached yet, an address not
//! known yet, or a `-B` branch made long) keeps that end in a node too,
//! keyed by the next line's number as in 64tass: a call, loop or include on
//! the next line shares it, and its start is where the branch ended. So a
//! branch that took no node last pass can find one the next line made.

/// A node of the tree: one loop, call or include as it ran.
struct Star {
    /// Where it started.
    addr: u32,
    /// The pass that last found it; 0 while it is new (a pass number
    /// fits: there are at most `MAX_PASSES` and the listing's, see [`pass_no`]).
    pass: u16,
    /// The pass that last took [`Star::scope`].
    scope_pass: u16,
    /// Lines counted inside it so far this pass.
    vline: u32,
    /// Its key in [`StarIndex`]: its parent node and the line (within the
    /// parent) that made it.
    parent: u32,
    line: u32,
    /// A macro call's: the first anonymous scope its line made (a name,
    /// [`NO_SCOPE`] if none is kept here), found with the node where a map
    /// by the same key took a look-up of its own.
    scope: u32,
    /// A macro call's: the expansion text it ran last ([`NO_EXPANSION`] if
    /// none), found with the node where the macro's map of expansions took
    /// a look-up by the arguments' text (the caller checks it is the one
    /// for this call's macro and arguments).
    expansion: u32,
}

// The expansion kept in the room two pass numbers of 4 bytes took: a node
// is no larger (one is made per macro call).
const _: () = assert!(std::mem::size_of::<Star>() == 28);

/// No expansion is kept in the node.
const NO_EXPANSION: u32 = u32::MAX;

/// A pass number as a node keeps it (passes are few: at most `MAX_PASSES`
/// and the listing's).
#[inline(always)]
fn pass_no(pass: u32) -> u16 {
    debug_assert!(pass < u32::from(u16::MAX));
    pass.min(u32::from(u16::MAX)) as u16
}

/// No call scope is kept in the node.
const NO_SCOPE: u32 = u32::MAX;

impl Star {
    fn new(parent: u32, line: u32) -> Star {
        Star {
            addr: 0,
            pass: 0,
            vline: 0,
            parent,
            line,
            scope: NO_SCOPE,
            scope_pass: 0,
            expansion: NO_EXPANSION,
        }
    }
}

/// The node of a call's line, found (or made) before the call is entered:
/// [`Stars::enter_node`] enters it without looking it up again.
#[derive(Clone, Copy)]
pub struct CallNode(u32);

/// The current line's node if it has one, or the free slot of the index
/// where it goes ([`Stars::call_site`]): a call reads what the node kept
/// before [`Stars::call_node_at`] makes it its node, with nothing between
/// that changes the tree (the slot stays free).
#[derive(Clone, Copy)]
pub struct CallSite(Result<u32, usize>);

/// What a call's node keeps of its line's call scope (see [`Stars::take_scope`]).
pub enum KeptScope {
    /// The first scope the line made, taken for the first time this pass.
    First(u32),
    /// The first one was taken already this pass: a later one is wanted.
    Later(u32),
    /// None is kept in the node.
    None,
}

/// The nodes by their key (parent, line): an open-addressing table of node
/// ids only, the key read from the node (4 bytes a slot where a map of key
/// and id took 12 and its tags: one node is made per macro call). The root,
/// node 0, is never in it, so 0 marks a free slot.
struct StarIndex {
    /// A power of two long, at most three quarters used.
    slots: Vec<u32>,
    len: usize,
    /// 64 less the log2 of the slots' count.
    shift: u32,
}

impl Default for StarIndex {
    fn default() -> Self {
        StarIndex {
            slots: vec![0; 16],
            len: 0,
            shift: 60,
        }
    }
}

impl StarIndex {
    #[inline]
    fn home(&self, parent: u32, line: u32) -> usize {
        crate::pair_hash::home(parent, line, self.shift)
    }

    /// The node keyed (`parent`, `line`), or the free slot where it goes.
    #[inline]
    fn find(&self, nodes: &[Star], parent: u32, line: u32) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(parent, line);
        loop {
            let n = self.slots[i];
            if n == 0 {
                return Err(i);
            }
            let s = &nodes[n as usize];
            if s.line == line && s.parent == parent {
                return Ok(n);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds node `n` (not 0, its key not in the index yet) at free slot `at`
    /// that [`StarIndex::find`] gave.
    fn insert(&mut self, nodes: &[Star], at: usize, n: u32) {
        self.slots[at] = n;
        self.len += 1;
        if self.len * 4 > self.slots.len() * 3 {
            self.grow(nodes);
        }
    }

    #[cold]
    fn grow(&mut self, nodes: &[Star]) {
        let size = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.shift -= 1;
        let mask = size - 1;
        for n in old.into_iter().filter(|&n| n != 0) {
            let s = &nodes[n as usize];
            let mut i = self.home(s.parent, s.line);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = n;
        }
    }
}

/// The way back out of a node.
#[must_use]
pub struct Entered {
    parent: u32,
}

/// The tree, kept across passes, and where the current line is in it.
pub struct Stars {
    nodes: Vec<Star>,
    /// A node by its parent and the line (within the parent) that made it.
    index: StarIndex,
    /// The node the branch on the current line took, if it took one.
    branch: Option<u32>,
    /// The node the current line is counted in.
    cur: u32,
    /// The current line's number within `cur`.
    vline: u32,
    /// Input files started this pass (each has its own node).
    files: u32,
}

impl Default for Stars {
    fn default() -> Self {
        Stars {
            nodes: vec![Star::new(0, 0)],
            index: StarIndex::default(),
            branch: None,
            cur: 0,
            vline: 0,
            files: 0,
        }
    }
}

impl Stars {
    /// A pass starts: files are counted again.
    pub fn begin_pass(&mut self) {
        self.files = 0;
    }

    /// An input file starts: its lines count from 0 in its own node.
    pub fn begin_file(&mut self, pass: u32) {
        self.cur = 0;
        self.vline = 0;
        let n = self.visit(self.files, pass);
        self.files += 1;
        self.nodes[n as usize].addr = 0;
        self.cur = n;
        self.vline = self.nodes[n as usize].vline;
    }

    /// A line was read.
    pub fn line_read(&mut self) {
        self.vline = self.vline.wrapping_add(1);
    }

    /// Where the current line is: its node and number (the key of the
    /// anonymous scope a line opens, the same every pass).
    pub fn here(&self) -> (u32, u32) {
        (self.cur, self.vline)
    }

    /// The node keyed `line` under the current one, made if new; found
    /// again in a new pass, its count of lines starts over.
    fn visit(&mut self, line: u32, pass: u32) -> u32 {
        let found = self.index.find(&self.nodes, self.cur, line);
        self.visit_found(found, line, pass)
    }

    /// [`Stars::visit`] once the index has been searched for `line`.
    #[inline]
    fn visit_found(&mut self, found: Result<u32, usize>, line: u32, pass: u32) -> u32 {
        match found {
            Ok(n) => {
                let s = &mut self.nodes[n as usize];
                let pass = pass_no(pass);
                if s.pass != pass {
                    s.pass = pass;
                    s.vline = 0;
                }
                n
            }
            Err(at) => self.new_node(at, line),
        }
    }

    /// A new node keyed `line` under the current one, at free slot `at` of
    /// the index (out of line: a line makes its node once, finds it after).
    #[inline(never)]
    fn new_node(&mut self, at: usize, line: u32) -> u32 {
        let n = self.nodes.len() as u32;
        self.nodes.push(Star::new(self.cur, line));
        self.index.insert(&self.nodes, at, n);
        n
    }

    /// The current line's node, looked for (nothing is changed) for a
    /// macro call: what it kept is read ([`Stars::site_expansion`]) before
    /// [`Stars::call_node_at`] takes it.
    #[inline]
    pub fn call_site(&self) -> CallSite {
        CallSite(self.index.find(&self.nodes, self.cur, self.vline))
    }

    /// The node of the line [`Stars::call_site`] looked for (the tree and
    /// the line unchanged since), made if new, for a macro call that enters
    /// it next ([`Stars::enter_node`]).
    #[inline]
    pub fn call_node_at(&mut self, site: CallSite, pass: u32) -> CallNode {
        debug_assert!(self.index.find(&self.nodes, self.cur, self.vline) == site.0);
        CallNode(self.visit_found(site.0, self.vline, pass))
    }

    /// The expansion the call of the node at `site` ran last, if it has a
    /// node and ran one.
    #[inline]
    pub fn site_expansion(&self, site: CallSite) -> Option<u32> {
        let n = site.0.ok()?;
        let e = self.nodes[n as usize].expansion;
        (e != NO_EXPANSION).then_some(e)
    }

    /// Keeps `expansion`, the text the call of `node` runs.
    #[inline]
    pub fn keep_expansion(&mut self, node: CallNode, expansion: u32) {
        self.nodes[node.0 as usize].expansion = expansion;
    }

    /// The node of the current line if there is one (nothing is changed):
    /// a call that enters none still shares its line's kept scope.
    pub fn node_here(&self) -> Option<CallNode> {
        let n = self.index.find(&self.nodes, self.cur, self.vline).ok()?;
        Some(CallNode(n))
    }

    /// The call scope kept in `node`, taken in `pass`.
    pub fn take_scope(&mut self, node: CallNode, pass: u32) -> KeptScope {
        let s = &mut self.nodes[node.0 as usize];
        match s.scope {
            NO_SCOPE => KeptScope::None,
            name if s.scope_pass == pass_no(pass) => KeptScope::Later(name),
            name => {
                s.scope_pass = pass_no(pass);
                KeptScope::First(name)
            }
        }
    }

    /// Keeps `name`, the first scope the line of `node` made, taken in `pass`.
    pub fn keep_scope(&mut self, node: CallNode, name: u32, pass: u32) {
        let s = &mut self.nodes[node.0 as usize];
        s.scope = name;
        s.scope_pass = pass_no(pass);
    }

    /// Enter the node of the current line (a loop, call or include starting
    /// at `star`). Also says whether it started elsewhere when last found.
    pub fn enter(&mut self, pass: u32, star: u32) -> (Entered, bool) {
        let n = self.visit(self.vline, pass);
        self.enter_found(n, star)
    }

    /// [`Stars::enter`] for the node [`Stars::call_node_at`] gave (the line
    /// not counted since).
    pub fn enter_node(&mut self, star: u32, node: CallNode) -> (Entered, bool) {
        self.enter_found(node.0, star)
    }

    fn enter_found(&mut self, n: u32, star: u32) -> (Entered, bool) {
        let s = &mut self.nodes[n as usize];
        let moved = s.pass != 0 && s.addr != star;
        s.addr = star;
        let parent = self.cur;
        self.nodes[parent as usize].vline = self.vline;
        self.cur = n;
        self.vline = self.nodes[n as usize].vline;
        (Entered { parent }, moved)
    }

    /// Leave a node: the parent's count goes on from its line, plus `read`
    /// (a loop counts the lines of its text once).
    pub fn leave(&mut self, e: Entered, read: u32) {
        self.nodes[self.cur as usize].vline = self.vline;
        self.cur = e.parent;
        self.vline = self.nodes[e.parent as usize].vline.wrapping_add(read);
    }

    /// The branch on the current line takes its node (64tass's star of the
    /// next line), made if new, or the one it took already: where it ended
    /// when the node was last set, `None` if the node is new.
    pub fn branch_star(&mut self, pass: u32) -> Option<u32> {
        let n = match self.branch {
            Some(n) => n,
            None => {
                let n = self.visit(self.vline.wrapping_add(1), pass);
                self.branch = Some(n);
                n
            }
        };
        let s = &self.nodes[n as usize];
        (s.pass != 0).then_some(s.addr)
    }

    /// The branch on the current line ends at `end`: kept in the node it
    /// took (if any). Says whether the node held another end, which needs
    /// another pass.
    pub fn end_branch(&mut self, end: u32) -> bool {
        let Some(n) = self.branch.take() else {
            return false;
        };
        let s = &mut self.nodes[n as usize];
        let moved = s.pass != 0 && s.addr != end;
        s.addr = end;
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each key gets a node of its own and finds it again, through the
    /// index's growths, in any order of keys (the root's children too).
    #[test]
    fn the_index_finds_every_node_by_its_key() {
        let mut s = Stars::default();
        let mut made = Vec::new();
        for parent in 0..40u32 {
            for line in [0, 1, 2, 7, 1000, u32::MAX] {
                s.cur = parent;
                made.push((parent, line, s.visit(line, 1)));
            }
        }
        let ids: std::collections::HashSet<u32> = made.iter().map(|m| m.2).collect();
        assert_eq!(ids.len(), made.len());
        assert!(!ids.contains(&0));
        for &(parent, line, n) in made.iter().rev() {
            s.cur = parent;
            assert_eq!(s.visit(line, 2), n, "{parent} {line}");
        }
        assert_eq!(s.nodes.len(), made.len() + 1);
    }

    /// A loop's lines are named inside it, and the lines after it are
    /// numbered as if it had run once: the same whether it ran or not.
    #[test]
    fn lines_after_a_loop_keep_their_numbers_however_often_it_ran() {
        let run = |pass: u32, times: u32| {
            let mut s = Stars::default();
            s.begin_pass();
            s.begin_file(pass);
            s.line_read(); // .rept
            let (e, _) = s.enter(pass, 0);
            for _ in 0..times {
                s.line_read(); // nop
                s.line_read(); // .next
            }
            s.leave(e, 2);
            s.line_read();
            s.here()
        };
        assert_eq!(run(1, 1), run(1, 5));
        assert_eq!(run(1, 0), run(1, 3));
    }

    /// A branch remembers where it ended, found again in the next pass by
    /// the same place, even when lines before it ran more often.
    #[test]
    fn a_branch_finds_its_last_end_by_place() {
        let mut s = Stars::default();
        for (pass, times) in [(1, 3), (2, 0)] {
            s.begin_pass();
            s.begin_file(pass);
            s.line_read();
            let (e, _) = s.enter(pass, 0);
            for _ in 0..times {
                s.line_read();
            }
            s.leave(e, 1);
            s.line_read();
            let last = s.branch_star(pass);
            if pass == 1 {
                assert_eq!(last, None);
            } else {
                assert_eq!(last, Some(0x1234));
            }
            assert!(!s.end_branch(0x1234));
        }
    }

    /// A branch that took no node finds the one a call on the next line
    /// made: the call's start, where the branch ended.
    #[test]
    fn a_branch_shares_the_node_of_a_call_on_the_next_line() {
        let mut s = Stars::default();
        for pass in [1, 2] {
            s.begin_pass();
            s.begin_file(pass);
            s.line_read(); // bne target
            if pass == 2 {
                assert_eq!(s.branch_star(pass), Some(0x1002));
                assert!(!s.end_branch(0x1002));
            }
            s.line_read(); // a macro call
            let (e, moved) = s.enter(pass, 0x1002);
            assert!(!moved);
            s.leave(e, 0);
        }
    }

    /// A call's node keeps the expansion it ran, found again by its line
    /// in the next pass (before the node is taken, which changes nothing
    /// found); a line without a node has none, and a new node keeps none.
    #[test]
    fn a_call_node_keeps_its_expansion_for_the_next_pass() {
        let mut s = Stars::default();
        for pass in [1, 2, 3] {
            s.begin_pass();
            s.begin_file(pass);
            s.line_read();
            let site = s.call_site();
            let kept = s.site_expansion(site);
            assert_eq!(kept, (pass > 1).then_some(7 + pass - 1), "pass {pass}");
            let node = s.call_node_at(site, pass);
            s.keep_expansion(node, 7 + pass);
            let (e, _) = s.enter_node(0, node);
            s.line_read();
            s.leave(e, 0);
            // The next line has no node.
            s.line_read();
            assert_eq!(s.site_expansion(s.call_site()), None);
        }
    }

    /// A call whose start moved since the last pass says so.
    #[test]
    fn a_moved_start_is_noticed() {
        let mut s = Stars::default();
        let mut moved = vec![];
        for (pass, star) in [(1, 10), (2, 10), (3, 12)] {
            s.begin_pass();
            s.begin_file(pass);
            s.line_read();
            let (e, m) = s.enter(pass, star);
            moved.push(m);
            s.leave(e, 0);
        }
        assert_eq!(moved, [false, false, true]);
    }
}
