//! The interrupt wires as the CPU samples them: CIA 1's and the VIC's IRQ outputs (one
//! open-collector line), CIA 2's NMI output and RESTORE (the NMI line).
//!
//! The chips say since when their output is low (`irq_since`); the bus looks at them
//! before and after every access to their registers (the only way a line goes high
//! again) and whenever the CPU polls. A line keeps its last low period, so the CPU can
//! sample it back in time: a line acknowledged by a read still counts as low in the
//! read's own cycle (the CPU has sampled it by the time the chip lets go), so an
//! interrupt acknowledged in an instruction's last two cycles is still taken and its
//! handler finds nothing to acknowledge (the "IRQ acknowledge bug"). NMI is
//! edge-triggered: the 6510 latches the falling edge, so an NMI is taken even when the
//! line is high again by the time it is sampled.

/// One chip's interrupt output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Line {
    /// Low since this cycle, as last seen.
    low_since: Option<u64>,
    /// The last low period that ended: (first low cycle, last low cycle).
    last: Option<(u64, u64)>,
    /// The latest cycle the line was seen to go low.
    newest: Option<u64>,
}

impl Line {
    /// Note the chip's output after an access in cycle `t` (`chip`: low since;
    /// `ended`: the chip's last low period a read ended, (fall, read), for a chip that
    /// keeps it: the CIAs, whose read can release the line in the cycle it fell).
    /// Returns the start of a low period not seen before.
    pub fn observe(&mut self, chip: Option<u64>, ended: Option<(u64, u64)>, t: u64) -> Option<u64> {
        let mut new = None;
        if let Some((fall, read)) = ended
            && (self.low_since == Some(fall) || self.newest.is_none_or(|n| n < fall))
        {
            if self.low_since != Some(fall) {
                new = Some(fall);
            }
            self.last = Some((fall, read));
            self.low_since = None;
            self.newest = Some(fall);
        }
        match (self.low_since, chip) {
            (Some(a), None) => self.last = Some((a, t)),
            (Some(a), Some(b)) if a != b => {
                self.last = Some((a, t));
                new = new.or(Some(b));
            }
            (None, Some(b)) if self.newest.is_none_or(|n| n < b) => new = new.or(Some(b)),
            _ => {}
        }
        self.low_since = chip;
        self.newest = self.newest.max(chip);
        new
    }

    /// Was the line low at cycle `p`?
    pub fn low_at(&self, p: u64) -> bool {
        self.low_since.is_some_and(|a| a <= p)
            || self.last.is_some_and(|(a, until)| a <= p && p <= until)
    }

    /// Is the line low now?
    pub fn low(&self) -> bool {
        self.low_since.is_some()
    }
}

/// The IRQ and NMI lines.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Lines {
    pub cia1: Line,
    pub vic: Line,
    pub cia2: Line,
    /// The expansion port's IRQ (the REU's interrupt).
    pub expansion: Line,
    /// An NMI edge the CPU has latched and not yet serviced.
    pub nmi_edge: Option<u64>,
}

impl Lines {
    /// Was the IRQ line low at cycle `p`?
    pub fn irq_at(&self, p: u64) -> bool {
        self.cia1.low_at(p) || self.vic.low_at(p) || self.expansion.low_at(p)
    }

    /// Is the IRQ line low now?
    pub fn irq(&self) -> bool {
        self.cia1.low() || self.vic.low() || self.expansion.low()
    }

    /// An NMI edge at `a` (CIA 2 or RESTORE); the first one is kept until serviced.
    pub fn nmi_falls(&mut self, a: u64) {
        self.nmi_edge.get_or_insert(a);
    }

    /// Is an NMI edge latched by cycle `p`?
    pub fn nmi_at(&self, p: u64) -> bool {
        self.nmi_edge.is_some_and(|a| a <= p)
    }

    /// Does the CPU have to look at the lines after every instruction?
    pub fn pending(&self) -> bool {
        self.irq() || self.nmi_edge.is_some()
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
c64state::persist!(Line {
    low_since,
    last,
    newest
});
c64state::persist!(Lines {
    cia1,
    vic,
    cia2,
    expansion,
    nmi_edge
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_acknowledged_in_a_cycle_is_low_until_that_cycle_ends() {
        let mut l = Line::default();
        assert_eq!(l.observe(Some(100), None, 105), Some(100));
        assert!(l.low_at(100) && l.low_at(104) && !l.low_at(99));
        // Acknowledged by a read at 105: still low in that cycle.
        assert_eq!(l.observe(None, None, 105), None);
        assert!(!l.low());
        assert!(l.low_at(105) && !l.low_at(106));
        // Low again at 200: a new period.
        assert_eq!(l.observe(Some(200), None, 210), Some(200));
        assert!(l.low_at(104) && l.low_at(200) && !l.low_at(150));
    }

    #[test]
    fn a_low_period_the_chip_ended_between_two_looks_is_seen() {
        let mut l = Line::default();
        // Low at 100 and released by a read in that same cycle: a new edge.
        assert_eq!(l.observe(None, Some((100, 100)), 100), Some(100));
        assert!(l.low_at(100) && !l.low_at(99) && !l.low_at(101));
        // Seen once only.
        assert_eq!(l.observe(None, Some((100, 100)), 120), None);
        // A period seen low and then ended by a read at 205 ends at the read.
        assert_eq!(l.observe(Some(200), Some((100, 100)), 210), Some(200));
        assert_eq!(l.observe(None, Some((200, 205)), 210), None);
        assert!(l.low_at(205) && !l.low_at(206));
        // Released at 305 and low again at 307 between two looks: two edges, the
        // first one reported.
        assert_eq!(l.observe(Some(300), Some((200, 205)), 300), Some(300));
        assert_eq!(l.observe(Some(307), Some((300, 305)), 310), Some(307));
        assert!(l.low_at(305) && !l.low_at(306) && l.low_at(307));
    }

    /// The bus notes the chips' outputs only when they differ from the last ones it
    /// noted: the same outputs seen again, at any later cycle, must change nothing.
    #[test]
    fn the_same_outputs_seen_again_change_nothing() {
        let chips = [None, Some(100), Some(200)];
        let ended = [None, Some((100, 100)), Some((100, 105)), Some((200, 205))];
        // What a chip can show: a low period goes on after the one a read ended.
        let inputs: Vec<_> = chips
            .iter()
            .flat_map(|&c| ended.iter().map(move |&e| (c, e)))
            .filter(|&(c, e)| {
                matches!((c, e), (Some(c), Some((_, read))) if c > read)
                    || c.is_none()
                    || e.is_none()
            })
            .collect();
        // One read ends a period: the same fall always comes with the same read.
        type Outputs = (Option<u64>, Option<(u64, u64)>);
        let one_read = |x: &[&Outputs]| {
            let ends: Vec<_> = x.iter().filter_map(|i| i.1).collect();
            ends.iter()
                .all(|a| ends.iter().all(|b| a.0 != b.0 || a == b))
        };
        let mut checked = 0;
        for a in &inputs {
            for b in &inputs {
                for c in &inputs {
                    if !one_read(&[a, b, c]) {
                        continue;
                    }
                    let mut l = Line::default();
                    for (i, &(chip, end)) in [a, b, c].into_iter().enumerate() {
                        let t = 210 + 10 * i as u64;
                        l.observe(chip, end, t);
                        let before = l;
                        assert_eq!(l.observe(chip, end, t + 5), None, "{a:?} {b:?} {c:?}");
                        assert_eq!(l, before, "{a:?} {b:?} {c:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn the_first_nmi_edge_waits_until_serviced() {
        let mut l = Lines::default();
        l.nmi_falls(50);
        l.nmi_falls(60);
        assert!(!l.nmi_at(49) && l.nmi_at(50));
        assert!(l.pending());
    }
}
