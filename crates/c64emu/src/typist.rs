//! Typing through the keyboard matrix: `type_keys`/`--keys` and the window's short taps
//! become strokes that press keys in the CIA 1 matrix for a realistic time, so the
//! KERNAL's scan and programs that read $DC00/$DC01 themselves both see them.
//!
//! A key stroke is held at least `HOLD` cycles and until a read of the matrix has seen
//! it, then released for at least `GAP` cycles and until a read has seen the release
//! (so a second press of the same key is a new key to the KERNAL). Strokes are typed as
//! the program asks for them, so scripted keys are neither lost to a full key buffer nor
//! flushed by a program that clears the buffer before it reads: the next key stroke
//! starts once the program asked for a key with the buffer empty (GETIN or CHRIN), or
//! scanned the matrix itself, or after `IDLE` cycles in which it did neither (programs
//! that watch $C6 directly). Joystick strokes, waits and RESTORE don't wait to be asked.

use std::collections::VecDeque;

use crate::keyboard::{Key, Matrix, set};
use crate::map::pal::CYCLES_PER_FRAME;

/// Minimum time a typed key is held down (two PAL frames, about 40 ms).
pub const HOLD: u64 = 2 * CYCLES_PER_FRAME;
/// Minimum time between two typed keys.
pub const GAP: u64 = 2 * CYCLES_PER_FRAME;
/// Minimum time a typed joystick position is held before the next stroke.
pub const JOY_HOLD: u64 = CYCLES_PER_FRAME;
/// A program that neither asks for keys nor scans the matrix gets the next key anyway
/// after this long (one second).
pub const IDLE: u64 = crate::map::pal::CLOCK_HZ;

/// One thing to type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stroke {
    /// Press these keys together (modifiers first), then release them.
    Keys {
        /// The keys.
        keys: Vec<Key>,
        /// Wait until the program asks for a key (scripted typing) or not (window taps).
        asked: bool,
    },
    /// A PETSCII code no key produces: put it into the KERNAL key buffer when asked.
    Buffer(u8),
    /// Set joystick port `port` (1 or 2) to these bits (see `keyboard::joy`); they stay
    /// until the next stroke for that port.
    Joystick {
        /// Port 1 or 2.
        port: u8,
        /// Pushed directions and fire.
        bits: u8,
    },
    /// Wait this many cycles before the next stroke.
    Wait(u64),
    /// Press RESTORE (an NMI).
    Restore,
}

impl Stroke {
    /// Does this stroke end a line of keyboard input (RETURN)?
    fn is_return(&self) -> bool {
        match self {
            Stroke::Keys { keys, .. } => keys.contains(&Key::Return),
            Stroke::Buffer(c) => *c == 0x0D,
            _ => false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Ready for the next stroke since this cycle.
    Idle { since: u64 },
    /// Holding keys or a joystick position until `until` and a read after `reads`.
    Holding { until: u64, reads: u64, keys: bool },
    /// Keys released until `until` and a read after `reads`.
    Releasing { until: u64, reads: u64 },
    /// A {WAIT}.
    Waiting { until: u64 },
}

/// A typed stroke handed straight to the stub KERNAL's GETIN/CHRIN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// These keys are now down (and count as seen by a scan).
    Keys(Vec<Key>),
    /// A code for the key buffer.
    Code(u8),
}

/// Something the machine must do for the typist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Put this code into the KERNAL key buffer.
    Buffer(u8),
    /// Pulse NMI (RESTORE).
    Restore,
}

/// The typing queue and what it holds down right now.
#[derive(Clone, Debug)]
pub struct Typist {
    queue: VecDeque<Stroke>,
    phase: Phase,
    /// Keys the current stroke holds.
    pub keys: Matrix,
    /// Joystick bits set by strokes (port 1, port 2).
    pub joy: [u8; 2],
    /// Matrix reads so far (CIA 1 port reads and native scans).
    pub reads: u64,
    /// The program asked for a key with the buffer empty since the last key stroke.
    pub asked: bool,
    /// Keyboard line input (CHRIN) is in progress: it asks until RETURN is typed.
    pub line_input: bool,
    /// The program read the matrix itself since the last key stroke.
    pub program_scan: bool,
    /// The program asked for a key while nothing was left to type.
    pub starved: bool,
}

impl Default for Typist {
    fn default() -> Typist {
        Typist {
            queue: VecDeque::new(),
            phase: Phase::Idle { since: 0 },
            keys: [0; 8],
            joy: [0; 2],
            reads: 0,
            asked: false,
            line_input: false,
            program_scan: false,
            starved: false,
        }
    }
}

impl Typist {
    /// Queue strokes.
    pub fn extend(&mut self, strokes: impl IntoIterator<Item = Stroke>) {
        let before = self.queue.len();
        self.queue.extend(strokes);
        if self.queue.len() > before {
            self.starved = false;
        }
    }

    /// Strokes queued, or held and not yet seen by the program.
    pub fn pending(&self) -> usize {
        let busy = match self.phase {
            Phase::Holding { reads, .. } if self.reads <= reads => 1,
            _ => 0,
        };
        self.queue.len() + busy
    }

    /// Is the next stroke exactly these keys?
    pub fn next_is(&self, keys: &[Key]) -> bool {
        matches!(self.queue.front(), Some(Stroke::Keys { keys: k, .. }) if k == keys)
    }

    /// Does the typist wait for the next matrix read (the bus should wake the machine)?
    pub fn wants_read(&self) -> bool {
        match self.phase {
            Phase::Holding { .. } | Phase::Releasing { .. } => true,
            Phase::Idle { .. } => !self.queue.is_empty(),
            Phase::Waiting { .. } => false,
        }
    }

    /// The program reads the keyboard (GETIN; CHRIN, which reads a whole `line`) and
    /// the key buffer is `empty` or not.
    pub fn note_request(&mut self, line: bool, empty: bool) {
        self.asked |= empty;
        if line {
            self.line_input = true;
        }
        if empty && self.pending() == 0 {
            self.starved = true;
        }
    }

    /// The stub KERNAL's GETIN/CHRIN found the key buffer empty: hand it the next key
    /// stroke at once, as if the keyboard scan had just seen it. The keys are held in
    /// the matrix from now for `HOLD` cycles (programs that look at the matrix see them);
    /// a {WAIT} still waits and joystick strokes are not keys. None: nothing to give.
    pub fn take_for_kernal(&mut self, now: u64) -> Option<Taken> {
        if let Phase::Holding {
            reads, keys: true, ..
        } = self.phase
            && self.reads <= reads
        {
            // Pressed by the typist but not scanned yet: this is the key.
            self.reads += 1;
            let keys = crate::keyboard::keys_in(&self.keys);
            return Some(Taken::Keys(keys));
        }
        if matches!(self.phase, Phase::Waiting { .. }) {
            return None;
        }
        let taken = match self.queue.front()? {
            Stroke::Keys { keys, .. } => Taken::Keys(keys.clone()),
            Stroke::Buffer(c) => Taken::Code(*c),
            _ => return None,
        };
        let stroke = self.queue.pop_front()?;
        self.asked = false;
        self.program_scan = false;
        if stroke.is_return() {
            self.line_input = false;
        }
        self.keys = [0; 8];
        if let Taken::Keys(keys) = &taken {
            for &k in keys {
                set(&mut self.keys, k, true);
            }
            self.phase = Phase::Holding {
                until: now + HOLD,
                reads: self.reads,
                keys: true,
            };
            self.reads += 1;
        } else {
            self.phase = Phase::Idle { since: now };
        }
        Some(taken)
    }

    /// Advance to cycle `now`. Returns what the machine must do, and when to call again
    /// (None: when something changes: a read, a request, new strokes).
    pub fn advance(&mut self, now: u64, actions: &mut Vec<Action>) -> Option<u64> {
        loop {
            match self.phase {
                Phase::Holding { until, reads, keys } => {
                    if now < until {
                        return Some(until);
                    }
                    if self.reads <= reads {
                        return None;
                    }
                    if keys {
                        self.keys = [0; 8];
                        self.phase = Phase::Releasing {
                            until: now + GAP,
                            reads: self.reads,
                        };
                    } else {
                        self.phase = Phase::Idle { since: now };
                    }
                }
                Phase::Releasing { until, reads } => {
                    if now < until {
                        return Some(until);
                    }
                    if self.reads <= reads {
                        return None;
                    }
                    self.phase = Phase::Idle { since: now };
                }
                Phase::Waiting { until } => {
                    if now < until {
                        return Some(until);
                    }
                    self.phase = Phase::Idle { since: now };
                }
                Phase::Idle { since } => {
                    let front = self.queue.front()?;
                    let needs_ask = match front {
                        Stroke::Keys { asked, .. } => *asked,
                        Stroke::Buffer(_) => true,
                        _ => false,
                    };
                    let ready = !needs_ask
                        || self.asked
                        || self.line_input
                        || self.program_scan
                        || now >= since + IDLE;
                    if !ready {
                        return Some(since + IDLE);
                    }
                    let stroke = self.queue.pop_front()?;
                    if needs_ask {
                        self.asked = false;
                        self.program_scan = false;
                        if stroke.is_return() {
                            self.line_input = false;
                        }
                    }
                    match stroke {
                        Stroke::Keys { keys, .. } => {
                            for k in keys {
                                set(&mut self.keys, k, true);
                            }
                            self.phase = Phase::Holding {
                                until: now + HOLD,
                                reads: self.reads,
                                keys: true,
                            };
                        }
                        Stroke::Buffer(c) => {
                            actions.push(Action::Buffer(c));
                            self.phase = Phase::Idle { since: now };
                        }
                        Stroke::Joystick { port, bits } => {
                            self.joy[usize::from(port.clamp(1, 2) - 1)] = bits;
                            self.phase = Phase::Holding {
                                until: now + JOY_HOLD,
                                reads: self.reads,
                                keys: false,
                            };
                        }
                        Stroke::Wait(n) => self.phase = Phase::Waiting { until: now + n },
                        Stroke::Restore => {
                            actions.push(Action::Restore);
                            self.phase = Phase::Idle { since: now };
                        }
                    }
                }
            }
        }
    }
}

// Snapshot files (c64state): every field named, saved or skipped.
impl c64state::Persist for Phase {
    fn save(&self, w: &mut c64state::Writer) {
        match *self {
            Phase::Idle { since } => (0u8, since).save(w),
            Phase::Holding { until, reads, keys } => (1u8, until, reads, keys).save(w),
            Phase::Releasing { until, reads } => (2u8, until, reads).save(w),
            Phase::Waiting { until } => (3u8, until).save(w),
        }
    }
    fn load(&mut self, r: &mut c64state::Reader<'_>) -> Result<(), c64state::Error> {
        let [tag] = r.array::<1>()?;
        let mut until = 0u64;
        let mut reads = 0u64;
        let mut keys = false;
        *self = match tag {
            0 => {
                until.load(r)?;
                Phase::Idle { since: until }
            }
            1 => {
                until.load(r)?;
                reads.load(r)?;
                keys.load(r)?;
                Phase::Holding { until, reads, keys }
            }
            2 => {
                until.load(r)?;
                reads.load(r)?;
                Phase::Releasing { until, reads }
            }
            3 => {
                until.load(r)?;
                Phase::Waiting { until }
            }
            _ => return Err(c64state::Error::Invalid("an unknown typing phase")),
        };
        Ok(())
    }
}

/// An empty wait: what a stroke is before a snapshot's is read into it.
impl Default for Stroke {
    fn default() -> Stroke {
        Stroke::Wait(0)
    }
}

impl c64state::Persist for Stroke {
    fn save(&self, w: &mut c64state::Writer) {
        match self {
            Stroke::Keys { keys, asked } => {
                w.put(&[0]);
                keys.as_slice().save(w);
                asked.save(w);
            }
            Stroke::Buffer(c) => w.put(&[1, *c]),
            Stroke::Joystick { port, bits } => w.put(&[2, *port, *bits]),
            Stroke::Wait(n) => {
                w.put(&[3]);
                n.save(w);
            }
            Stroke::Restore => w.put(&[4]),
        }
    }
    fn load(&mut self, r: &mut c64state::Reader<'_>) -> Result<(), c64state::Error> {
        let [tag] = r.array::<1>()?;
        *self = match tag {
            0 => {
                let n = r.len(1)?;
                let mut keys = Vec::with_capacity(n);
                for _ in 0..n {
                    let mut k = Key::Space;
                    k.load(r)?;
                    keys.push(k);
                }
                let mut asked = false;
                asked.load(r)?;
                Stroke::Keys { keys, asked }
            }
            1 => Stroke::Buffer(r.array::<1>()?[0]),
            2 => {
                let [port, bits] = r.array::<2>()?;
                Stroke::Joystick { port, bits }
            }
            3 => {
                let mut n = 0u64;
                n.load(r)?;
                Stroke::Wait(n)
            }
            4 => Stroke::Restore,
            _ => return Err(c64state::Error::Invalid("an unknown typed stroke")),
        };
        Ok(())
    }
}

c64state::persist!(Typist {
    queue,
    phase,
    keys,
    joy,
    reads,
    asked,
    line_input,
    program_scan,
    starved
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keyboard::is_down;

    fn key(k: Key) -> Stroke {
        Stroke::Keys {
            keys: vec![k],
            asked: true,
        }
    }

    #[test]
    fn a_key_is_held_until_seen_then_released_until_seen() {
        let mut t = Typist::default();
        let mut acts = Vec::new();
        t.extend([key(Key::A), key(Key::A)]);
        // Not asked yet: waits (up to IDLE).
        assert_eq!(t.advance(0, &mut acts), Some(IDLE));
        t.note_request(false, true);
        assert_eq!(t.advance(10, &mut acts), Some(10 + HOLD));
        assert!(is_down(&t.keys, Key::A));
        assert_eq!(t.pending(), 2);
        // Time is up but nobody looked: still held.
        assert_eq!(t.advance(10 + HOLD, &mut acts), None);
        assert!(is_down(&t.keys, Key::A));
        t.reads += 1;
        assert_eq!(
            t.advance(10 + HOLD + 5, &mut acts),
            Some(10 + HOLD + 5 + GAP)
        );
        assert!(!is_down(&t.keys, Key::A));
        t.reads += 1;
        let after = 10 + HOLD + 5 + GAP;
        // Released and seen; the second A waits for the next request.
        assert_eq!(t.advance(after, &mut acts), Some(after + IDLE));
        t.note_request(false, true);
        t.advance(after + 1, &mut acts);
        assert!(is_down(&t.keys, Key::A));
        assert!(acts.is_empty());
    }

    #[test]
    fn line_input_keeps_asking_until_return() {
        let mut t = Typist::default();
        let mut acts = Vec::new();
        t.extend([key(Key::R), key(Key::Return), key(Key::A)]);
        t.note_request(true, true);
        let mut now = 0;
        let mut typed = Vec::new();
        for _ in 0..20 {
            let next = t.advance(now, &mut acts);
            if let Some(k) = Key::ALL.iter().find(|&&k| is_down(&t.keys, k))
                && typed.last() != Some(k)
            {
                typed.push(*k);
            }
            t.reads += 1;
            now = next.unwrap_or(now + 1).min(now + HOLD);
        }
        // R and RETURN go through on the one request; A waits for the next.
        assert_eq!(typed, vec![Key::R, Key::Return]);
        assert_eq!(t.pending(), 1);
    }

    #[test]
    fn joystick_waits_and_buffer_strokes() {
        let mut t = Typist::default();
        let mut acts = Vec::new();
        t.extend([
            Stroke::Joystick {
                port: 2,
                bits: crate::keyboard::joy::FIRE,
            },
            Stroke::Wait(100),
            Stroke::Joystick { port: 2, bits: 0 },
            Stroke::Buffer(0x7B),
        ]);
        assert_eq!(t.advance(0, &mut acts), Some(JOY_HOLD));
        assert_eq!(t.joy, [0, 0x10]);
        t.reads += 1;
        assert_eq!(t.advance(JOY_HOLD, &mut acts), Some(JOY_HOLD + 100));
        assert_eq!(
            t.advance(JOY_HOLD + 100, &mut acts),
            Some(2 * JOY_HOLD + 100)
        );
        assert_eq!(t.joy, [0, 0]);
        t.reads += 1;
        t.note_request(false, true);
        assert_eq!(t.advance(2 * JOY_HOLD + 100, &mut acts), None);
        assert_eq!(acts, vec![Action::Buffer(0x7B)]);
        assert_eq!(t.pending(), 0);
    }
}
