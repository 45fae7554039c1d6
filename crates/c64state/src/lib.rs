//! c64state: a machine's state as bytes, for snapshot files. [`Persist`] writes a value
//! and reads it back in place; the [`persist!`] macro implements it for a struct by
//! listing its fields, destructuring the struct without `..`, so a field added later
//! and not listed (saved, or named as skipped) is a build error, never a snapshot
//! that silently leaves it out. [`persist_enum!`] does the same for fieldless enums.
//!
//! The encoding is plain: integers little-endian at their width, `bool` one byte,
//! floats as their bits, sequences with a `u32` length first. A reader checks every
//! length against what is left, so a truncated or corrupt file is an [`Error`], never
//! a panic or a huge allocation.

use std::collections::VecDeque;
use std::fmt;

/// Why state could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The bytes ended inside a value.
    Truncated,
    /// A value that no state has (an enum's unknown variant, a bool that is not 0 or
    /// 1, a length that differs from the one the machine has).
    Invalid(&'static str),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Truncated => write!(f, "the state ends early"),
            Error::Invalid(what) => write!(f, "invalid state: {what}"),
        }
    }
}

impl std::error::Error for Error {}

/// Bytes being written.
#[derive(Default)]
pub struct Writer {
    /// What has been written.
    pub bytes: Vec<u8>,
}

impl Writer {
    /// Append raw bytes.
    pub fn put(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }
}

/// Bytes being read.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    /// Read from `bytes`.
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes }
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        if self.bytes.len() < n {
            return Err(Error::Truncated);
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }

    /// The next `N` bytes.
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], Error> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.bytes.len()
    }

    /// A sequence's length, checked against the bytes left (each element takes at
    /// least `min_size` bytes).
    pub fn len(&mut self, min_size: usize) -> Result<usize, Error> {
        let n = u32::from_le_bytes(self.array()?) as usize;
        if n.saturating_mul(min_size.max(1)) > self.bytes.len() && min_size > 0 {
            return Err(Error::Truncated);
        }
        Ok(n)
    }
}

/// A value that is part of a machine's state.
pub trait Persist {
    /// Append the value.
    fn save(&self, w: &mut Writer);
    /// Replace the value with the one read.
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error>;
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Persist for $t {
            fn save(&self, w: &mut Writer) {
                w.put(&self.to_le_bytes());
            }
            fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
                *self = <$t>::from_le_bytes(r.array()?);
                Ok(())
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, i8, i16, i32, i64, f32, f64);

impl Persist for usize {
    fn save(&self, w: &mut Writer) {
        (*self as u64).save(w);
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        let mut v = 0u64;
        v.load(r)?;
        *self = usize::try_from(v).map_err(|_| Error::Invalid("a size too large"))?;
        Ok(())
    }
}

impl Persist for bool {
    fn save(&self, w: &mut Writer) {
        w.put(&[u8::from(*self)]);
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        *self = match r.array::<1>()? {
            [0] => false,
            [1] => true,
            _ => return Err(Error::Invalid("a flag that is neither 0 nor 1")),
        };
        Ok(())
    }
}

impl Persist for () {
    fn save(&self, _: &mut Writer) {}
    fn load(&mut self, _: &mut Reader<'_>) -> Result<(), Error> {
        Ok(())
    }
}

impl<T: Persist, const N: usize> Persist for [T; N] {
    fn save(&self, w: &mut Writer) {
        for v in self {
            v.save(w);
        }
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        self.iter_mut().try_for_each(|v| v.load(r))
    }
}

impl<T: Persist> Persist for [T] {
    fn save(&self, w: &mut Writer) {
        (self.len() as u32).save(w);
        for v in self {
            v.save(w);
        }
    }
    /// A slice keeps its length: the state must have the same.
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        if r.len(1)? != self.len() {
            return Err(Error::Invalid("a buffer of another size"));
        }
        self.iter_mut().try_for_each(|v| v.load(r))
    }
}

impl Persist for String {
    fn save(&self, w: &mut Writer) {
        self.as_bytes().save(w);
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        let n = r.len(1)?;
        let bytes = r.take(n)?;
        *self = String::from_utf8(bytes.to_vec()).map_err(|_| Error::Invalid("text"))?;
        Ok(())
    }
}

/// Save a device that is there or not (a cartridge, an REU), as an `Option` is saved.
pub fn save_present<T: Persist>(v: &Option<T>, w: &mut Writer) {
    match v {
        None => w.put(&[0]),
        Some(v) => {
            w.put(&[1]);
            v.save(w);
        }
    }
}

/// Load a device saved with [`save_present`]: the state must have it exactly when the
/// machine has it (state is loaded into the machine's devices, never makes one).
pub fn load_present<T: Persist>(
    v: &mut Option<T>,
    r: &mut Reader<'_>,
    what: &'static str,
) -> Result<(), Error> {
    let mut there = false;
    there.load(r)?;
    match (v, there) {
        (None, false) => Ok(()),
        (Some(v), true) => v.load(r),
        _ => Err(Error::Invalid(what)),
    }
}

impl<T: Persist + ?Sized> Persist for Box<T> {
    fn save(&self, w: &mut Writer) {
        (**self).save(w);
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        (**self).load(r)
    }
}

impl<T: Persist + Default> Persist for Option<T> {
    fn save(&self, w: &mut Writer) {
        match self {
            None => w.put(&[0]),
            Some(v) => {
                w.put(&[1]);
                v.save(w);
            }
        }
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        let mut some = false;
        some.load(r)?;
        if !some {
            *self = None;
            return Ok(());
        }
        self.get_or_insert_with(T::default).load(r)
    }
}

impl<T: Persist + Default> Persist for Vec<T> {
    fn save(&self, w: &mut Writer) {
        (self.len() as u32).save(w);
        for v in self {
            v.save(w);
        }
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        let n = r.len(1)?;
        self.clear();
        self.resize_with(n, T::default);
        self.iter_mut().try_for_each(|v| v.load(r))
    }
}

impl<T: Persist + Default> Persist for VecDeque<T> {
    fn save(&self, w: &mut Writer) {
        (self.len() as u32).save(w);
        for v in self {
            v.save(w);
        }
    }
    fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
        let n = r.len(1)?;
        self.clear();
        self.resize_with(n, T::default);
        self.iter_mut().try_for_each(|v| v.load(r))
    }
}

macro_rules! tuples {
    ($(($($n:tt $t:ident),*)),*) => {$(
        impl<$($t: Persist),*> Persist for ($($t,)*) {
            fn save(&self, w: &mut Writer) {
                $(self.$n.save(w);)*
            }
            fn load(&mut self, r: &mut Reader<'_>) -> Result<(), Error> {
                $(self.$n.load(r)?;)*
                Ok(())
            }
        }
    )*};
}
tuples!((0 A, 1 B), (0 A, 1 B, 2 C), (0 A, 1 B, 2 C, 3 D));

/// Implement [`Persist`] for a struct by naming every field: those saved, then (after
/// `skip`) those that are not machine state (shared ROM images, a debugger's watch,
/// values derived from others), and (after `then`) a function that re-derives them
/// after a load. A field missing from both lists does not compile.
#[macro_export]
macro_rules! persist {
    ($t:ty { $($f:ident),* $(,)? } $(skip { $($s:ident),* $(,)? })? $(then $fix:expr)?) => {
        impl $crate::Persist for $t {
            fn save(&self, w: &mut $crate::Writer) {
                let Self { $($f,)* $($($s: _,)*)? } = self;
                $($crate::Persist::save($f, w);)*
            }
            fn load(&mut self, r: &mut $crate::Reader<'_>) -> Result<(), $crate::Error> {
                let Self { $($f,)* $($($s: _,)*)? } = self;
                $($crate::Persist::load($f, r)?;)*
                $(($fix)(self);)?
                Ok(())
            }
        }
    };
}

/// Implement [`Persist`] for an enum without fields, by listing every variant (saved
/// as its place in the list, one byte).
#[macro_export]
macro_rules! persist_enum {
    ($t:ident { $($v:ident),* $(,)? }) => {
        impl $crate::Persist for $t {
            fn save(&self, w: &mut $crate::Writer) {
                // Exhaustive: a variant not listed is a build error here.
                match self { $($t::$v)|* => {} }
                let all = [$($t::$v),*];
                let i = all.iter().position(|v| {
                    std::mem::discriminant(v) == std::mem::discriminant(self)
                });
                w.put(&[i.unwrap_or(0) as u8]);
            }
            fn load(&mut self, r: &mut $crate::Reader<'_>) -> Result<(), $crate::Error> {
                let [i] = r.array::<1>()?;
                let all = [$($t::$v),*];
                *self = all
                    .into_iter()
                    .nth(usize::from(i))
                    .ok_or($crate::Error::Invalid(concat!("an unknown ", stringify!($t))))?;
                Ok(())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Inner {
        a: u16,
        b: Vec<u8>,
        shared: u32,
    }
    persist!(Inner { a, b } skip { shared });

    #[derive(Default, Debug, PartialEq, Clone, Copy)]
    enum Phase {
        #[default]
        Attack,
        Decay,
    }
    persist_enum!(Phase { Attack, Decay });

    #[derive(Default, Debug, PartialEq)]
    struct Outer {
        inner: Inner,
        phase: Phase,
        f: f64,
        o: Option<(u8, bool)>,
        double: u32,
    }
    persist!(Outer { inner, phase, f, o } skip { double } then |s: &mut Outer| s.double = u32::from(s.inner.a) * 2);

    fn sample() -> Outer {
        Outer {
            inner: Inner {
                a: 0x1234,
                b: vec![1, 2, 3],
                shared: 9,
            },
            phase: Phase::Decay,
            f: -0.25,
            o: Some((7, true)),
            double: 0x2468,
        }
    }

    #[test]
    fn a_value_comes_back_as_it_was() {
        let mut w = Writer::default();
        sample().save(&mut w);
        let mut back = Outer::default();
        back.inner.shared = 9;
        back.load(&mut Reader::new(&w.bytes)).unwrap();
        assert_eq!(back, sample());
    }

    #[test]
    fn short_and_bad_bytes_are_errors() {
        let mut w = Writer::default();
        sample().save(&mut w);
        for n in 0..w.bytes.len() {
            let mut back = Outer::default();
            assert_eq!(
                back.load(&mut Reader::new(&w.bytes[..n])),
                Err(Error::Truncated),
                "{n} bytes"
            );
        }
        let mut phase = Phase::Attack;
        assert!(matches!(
            phase.load(&mut Reader::new(&[2])),
            Err(Error::Invalid(_))
        ));
        let mut flag = false;
        assert!(matches!(
            flag.load(&mut Reader::new(&[7])),
            Err(Error::Invalid(_))
        ));
        // A length far beyond the bytes is refused before anything is allocated.
        let mut v: Vec<u64> = Vec::new();
        assert_eq!(
            v.load(&mut Reader::new(&[0xFF, 0xFF, 0xFF, 0x7F])),
            Err(Error::Truncated)
        );
    }
}
