//! The bits `-Woptimize` reasons with: 0, 1, or an unknown with an
//! identity, so that "the same unknown" and "its opposite" can be told
//! apart from "some other unknown". A bit can learn its value later (a
//! branch not taken says which way a flag was), and every register holding
//! it learns it too.
//!
//! 64tass counts the holders of each bit and forgets the link between an
//! unknown and its opposite once one side has no holder left; which
//! unknowns are "the same" afterwards depends on that, and its warnings
//! follow. So the holders are counted here the same way: every operation
//! hands out bits its caller holds and must [`Bits::release`] or store.

/// What is known of a bit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Known {
    Unknown,
    Zero,
    One,
}

impl Known {
    pub fn opposite(self) -> Known {
        match self {
            Known::Zero => Known::One,
            Known::One => Known::Zero,
            Known::Unknown => Known::Unknown,
        }
    }
}

/// A held bit (an index into [`Bits`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bit(u32);

impl Bit {
    const ZERO: Bit = Bit(0);
    const ONE: Bit = Bit(1);
}

#[derive(Clone, Copy)]
struct Node {
    known: Known,
    holders: u32,
    /// Its opposite, while linked.
    opposite: Option<Bit>,
}

/// Every bit of one processor model.
pub struct Bits {
    nodes: Vec<Node>,
    free: Vec<u32>,
}

impl Default for Bits {
    fn default() -> Self {
        let constant = |known| Node {
            known,
            holders: 1,
            opposite: None,
        };
        Bits {
            nodes: vec![constant(Known::Zero), constant(Known::One)],
            free: Vec::new(),
        }
    }
}

impl Bits {
    fn node(&self, b: Bit) -> &Node {
        &self.nodes[b.0 as usize]
    }

    fn node_mut(&mut self, b: Bit) -> &mut Node {
        &mut self.nodes[b.0 as usize]
    }

    fn is_constant(b: Bit) -> bool {
        b.0 < 2
    }

    /// A new unknown.
    pub fn unknown(&mut self) -> Bit {
        let node = Node {
            known: Known::Unknown,
            holders: 1,
            opposite: None,
        };
        match self.free.pop() {
            Some(i) => {
                self.nodes[i as usize] = node;
                Bit(i)
            }
            None => {
                self.nodes.push(node);
                Bit(self.nodes.len() as u32 - 1)
            }
        }
    }

    /// A bit of the given value (a new unknown for `Unknown`).
    pub fn of(&mut self, k: Known) -> Bit {
        match k {
            Known::Zero => Bit::ZERO,
            Known::One => Bit::ONE,
            Known::Unknown => self.unknown(),
        }
    }

    pub fn zero(&mut self) -> Bit {
        Bit::ZERO
    }

    pub fn one(&mut self) -> Bit {
        Bit::ONE
    }

    /// One more holder of `b`.
    pub fn share(&mut self, b: Bit) -> Bit {
        if !Self::is_constant(b) {
            self.node_mut(b).holders += 1;
        }
        b
    }

    /// A holder lets `b` go. An unknown only its opposite still holds
    /// drops the link (and the opposite may go with it).
    pub fn release(&mut self, b: Bit) {
        if Self::is_constant(b) {
            return;
        }
        let n = self.node_mut(b);
        n.holders -= 1;
        if n.holders == 1
            && let Some(other) = n.opposite.take()
        {
            self.release(other);
            return;
        }
        if n.holders == 0 {
            self.free.push(b.0);
        }
    }

    /// The opposite of `b` (the same unknown each time while linked).
    pub fn opposite(&mut self, b: Bit) -> Bit {
        match self.node(b).known {
            Known::Zero => return Bit::ONE,
            Known::One => return Bit::ZERO,
            Known::Unknown => {}
        }
        let other = match self.node(b).opposite {
            Some(o) => o,
            None => {
                let o = self.unknown();
                self.node_mut(o).opposite = Some(self.share(b));
                self.node_mut(b).opposite = Some(o);
                o
            }
        };
        self.share(other)
    }

    /// `b` turns out to be `k` (and its opposite the other way).
    pub fn learn(&mut self, b: Bit, k: Known) {
        self.node_mut(b).known = k;
        if let Some(o) = self.node(b).opposite {
            self.node_mut(o).known = k.opposite();
        }
    }

    /// What is known of `b`, through its opposite when linked.
    pub fn value(&self, b: Bit) -> Known {
        match self.node(b).opposite {
            Some(o) => self.node(o).known.opposite(),
            None => self.node(b).known,
        }
    }

    /// The bit's own record (what the combining rules look at).
    fn raw(&self, b: Bit) -> Known {
        self.node(b).known
    }

    fn is_opposite(&self, a: Bit, b: Bit) -> bool {
        self.node(b).opposite == Some(a)
    }

    /// Surely equal: the same bit, or both known alike.
    pub fn same(&self, a: Bit, b: Bit) -> bool {
        a == b || (self.raw(a) == self.raw(b) && self.raw(a) != Known::Unknown)
    }

    /// Surely different: both known, unlike.
    pub fn differ(&self, a: Bit, b: Bit) -> bool {
        let (x, y) = (self.raw(a), self.raw(b));
        x != y && x != Known::Unknown && y != Known::Unknown
    }

    /// Forget what `slot` holds: a new unknown, unless it is the only
    /// holder, which forgets in place.
    pub fn forget(&mut self, slot: &mut Bit) {
        let b = *slot;
        if !Self::is_constant(b) && self.node(b).holders == 1 {
            self.node_mut(b).known = Known::Unknown;
            return;
        }
        self.release(b);
        *slot = self.unknown();
    }

    /// Store a held bit in `slot`, letting the old one go.
    pub fn put(&mut self, slot: &mut Bit, b: Bit) {
        self.release(*slot);
        *slot = b;
    }

    /// Make `slot` hold `b` too (nothing when it already does).
    pub fn copy_into(&mut self, slot: &mut Bit, b: Bit) {
        if *slot == b {
            return;
        }
        self.release(*slot);
        *slot = self.share(b);
    }

    pub fn and(&mut self, a: Bit, b: Bit) -> Bit {
        match (self.raw(a), self.raw(b)) {
            (Known::Zero, _) | (Known::Unknown, Known::Zero) => Bit::ZERO,
            (Known::One, _) => self.share(b),
            (Known::Unknown, Known::One) => self.share(a),
            _ if self.is_opposite(a, b) => Bit::ZERO,
            _ if a != b => self.unknown(),
            _ => self.share(b),
        }
    }

    pub fn or(&mut self, a: Bit, b: Bit) -> Bit {
        match (self.raw(a), self.raw(b)) {
            (Known::Zero, _) => self.share(b),
            (Known::One, _) | (Known::Unknown, Known::One) => Bit::ONE,
            (Known::Unknown, Known::Zero) => self.share(a),
            _ if self.is_opposite(a, b) => Bit::ONE,
            _ if a != b => self.unknown(),
            _ => self.share(a),
        }
    }

    pub fn xor(&mut self, a: Bit, b: Bit) -> Bit {
        match (self.raw(a), self.raw(b)) {
            (Known::Zero, _) => self.share(b),
            (Known::One, _) => self.opposite(b),
            (Known::Unknown, Known::Zero) => self.share(a),
            (Known::Unknown, Known::One) => self.opposite(a),
            _ if self.is_opposite(a, b) => Bit::ONE,
            _ if a != b => self.unknown(),
            _ => Bit::ZERO,
        }
    }

    /// A full adder: `(sum, carry)` of `a + b + carry_in`.
    pub fn add(&mut self, a: Bit, b: Bit, ci: Bit) -> (Bit, Bit) {
        use Known::{One, Unknown, Zero};
        let (ka, kb, kc) = (self.raw(a), self.raw(b), self.raw(ci));
        // Two inputs known: the third decides (`k` is their sum).
        let two_known = |k: u8, u: Bit, s: &mut Self| match k {
            0 => (s.share(u), Bit::ZERO),
            1 => {
                let carry = s.share(u);
                (s.opposite(u), carry)
            }
            _ => (s.share(u), Bit::ONE),
        };
        let bit = |k: Known| (k == One) as u8;
        // One input known (`k`), two unknowns `u` and `w`, as 64tass
        // pairs them (`linked` is `u` tested against `w`'s opposite).
        let one_known = |k: Known, u: Bit, w: Bit, s: &mut Self| -> (Bit, Bit) {
            if s.is_opposite(u, w) {
                return if k == Zero {
                    (Bit::ONE, Bit::ZERO)
                } else {
                    (Bit::ZERO, Bit::ONE)
                };
            }
            if u != w {
                let sum = s.unknown();
                return (sum, s.unknown());
            }
            let carry = s.share(u);
            (if k == Zero { Bit::ZERO } else { Bit::ONE }, carry)
        };
        match (ka, kb, kc) {
            (Unknown, Unknown, Unknown) => {
                // Three unknowns: a pair that is the same unknown carries
                // it; a pair of opposites leaves the third inverted.
                if a == b {
                    (self.share(ci), self.share(a))
                } else if b == ci {
                    (self.share(a), self.share(b))
                } else if a == ci {
                    (self.share(b), self.share(ci))
                } else if self.is_opposite(a, b) {
                    let carry = self.share(ci);
                    (self.opposite(ci), carry)
                } else if self.is_opposite(a, ci) {
                    let carry = self.share(b);
                    (self.opposite(b), carry)
                } else if self.is_opposite(b, ci) {
                    let carry = self.share(a);
                    (self.opposite(a), carry)
                } else {
                    let sum = self.unknown();
                    (sum, self.unknown())
                }
            }
            (Unknown, Unknown, k) => one_known(k, a, b, self),
            (Unknown, k, Unknown) => one_known(k, a, ci, self),
            (k, Unknown, Unknown) => one_known(k, b, ci, self),
            (Unknown, x, y) => two_known(bit(x) + bit(y), a, self),
            (x, Unknown, y) => two_known(bit(x) + bit(y), b, self),
            (x, y, _) => two_known(bit(x) + bit(y), ci, self),
        }
    }

    /// The overflow of an addition whose operands' top bits are `a` and `b`
    /// and whose result's is `r`: set when `a` and `b` agree and `r` doesn't.
    pub fn overflow(&mut self, a: Bit, b: Bit, r: Bit) -> Bit {
        use Known::{One, Unknown, Zero};
        match (self.raw(a), self.raw(b)) {
            // Operands of different signs never overflow.
            (Zero, One) | (One, Zero) => Bit::ZERO,
            (Zero, Zero) => self.share(r),
            (One, One) => self.opposite(r),
            (k @ (Zero | One), Unknown) => self.overflow_one_known(k, b, r),
            (Unknown, k @ (Zero | One)) => self.overflow_one_known(k, a, r),
            (Unknown, Unknown) => match self.raw(r) {
                k @ (Zero | One) => {
                    if self.is_opposite(a, b) {
                        Bit::ZERO
                    } else if a != b {
                        self.unknown()
                    } else if k == Zero {
                        self.share(a)
                    } else {
                        self.opposite(a)
                    }
                }
                Unknown => {
                    if self.is_opposite(a, b) || a == r || b == r {
                        Bit::ZERO
                    } else if a == b && self.is_opposite(a, r) {
                        Bit::ONE
                    } else {
                        self.unknown()
                    }
                }
            },
        }
    }

    /// [`Bits::overflow`] with one operand known to be `k` and the other `u`.
    fn overflow_one_known(&mut self, k: Known, u: Bit, r: Bit) -> Bit {
        match (self.raw(r), k) {
            (Known::Zero, Known::Zero) | (Known::One, Known::One) => Bit::ZERO,
            (Known::One, _) => self.opposite(u),
            (Known::Zero, _) => self.share(u),
            _ if self.is_opposite(u, r) => {
                if k == Known::Zero {
                    self.share(r)
                } else {
                    self.share(u)
                }
            }
            _ if u != r => self.unknown(),
            _ => Bit::ZERO,
        }
    }
}
