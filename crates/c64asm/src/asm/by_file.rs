//! Values kept per file, for files made one after another (macro
//! expansions): every file's values in one vector, each file's start in
//! another, instead of a vector and a map entry per file (a map's slot and
//! a small allocation for each of thousands of expansions, kept for the
//! run).

use crate::source::FileId;

pub struct ByFile<T> {
    /// Every file's values, file after file.
    values: Vec<T>,
    /// Per file id: where its values start in `values` (they end where the
    /// next file's start, the last file's at the end).
    starts: Vec<u32>,
}

impl<T> Default for ByFile<T> {
    fn default() -> Self {
        ByFile {
            values: Vec::new(),
            starts: Vec::new(),
        }
    }
}

impl<T> ByFile<T> {
    /// Keep `file`'s values (the tests' way of [`ByFile::pushing`] and
    /// [`ByFile::set_pushed`]). Files come in the order they were made: `file`
    /// is past every file given before (a file given again, or an earlier
    /// one, keeps what it had).
    #[cfg(test)]
    pub fn set(&mut self, file: FileId, values: impl IntoIterator<Item = T>) {
        let f = file as usize;
        debug_assert!(f >= self.starts.len(), "file {file} given out of order");
        if f < self.starts.len() {
            return;
        }
        // The files between the last one and this one have none.
        self.starts.resize(f + 1, self.values.len() as u32);
        self.values.extend(values);
    }

    /// The vector every file's values are in, for the next file's values
    /// to be pushed straight to its end (no vector of their own made,
    /// copied and dropped); [`ByFile::set_pushed`] then gives them to
    /// their file. Nothing before `from` (its length when the pushing
    /// began) is to change.
    pub fn pushing(&mut self) -> &mut Vec<T> {
        &mut self.values
    }

    /// Keep the values pushed from `from` on (see [`ByFile::pushing`]) as
    /// `file`'s, as [`ByFile::set`] keeps them (a file given again, or an
    /// earlier one, keeps what it had: the values pushed are dropped).
    pub fn set_pushed(&mut self, file: FileId, from: usize) {
        let f = file as usize;
        debug_assert!(f >= self.starts.len(), "file {file} given out of order");
        debug_assert!(from <= self.values.len());
        if f < self.starts.len() {
            self.values.truncate(from);
            return;
        }
        self.starts.resize(f + 1, from as u32);
    }

    /// The values of `file`, `None` if it has none.
    pub fn get(&self, file: FileId) -> Option<&[T]> {
        let f = file as usize;
        let start = *self.starts.get(f)? as usize;
        let end = self
            .starts
            .get(f + 1)
            .map_or(self.values.len(), |&e| e as usize);
        let values = &self.values[start..end];
        (!values.is_empty()).then_some(values)
    }
}

#[cfg(test)]
mod tests {
    use super::ByFile;

    #[test]
    fn each_file_gets_its_own_values_with_gaps_between() {
        let mut b = ByFile::default();
        b.set(2, [1, 2]);
        b.set(3, []);
        b.set(6, [7]);
        assert_eq!(b.get(0), None);
        assert_eq!(b.get(2), Some(&[1, 2][..]));
        assert_eq!(b.get(3), None);
        assert_eq!(b.get(4), None);
        assert_eq!(b.get(6), Some(&[7][..]));
        assert_eq!(b.get(7), None);
        b.set(9, [8, 9]);
        assert_eq!(b.get(6), Some(&[7][..]));
        assert_eq!(b.get(9), Some(&[8, 9][..]));
    }

    /// Values pushed straight to the shared vector are kept as
    /// [`ByFile::set`] keeps the same values given apart.
    #[test]
    fn values_pushed_in_place_are_kept_as_values_given() {
        let (mut given, mut pushed) = (ByFile::default(), ByFile::default());
        for (file, values) in [
            (1, vec![3, 4]),
            (2, vec![]),
            (5, vec![9]),
            (8, vec![1, 2, 3]),
        ] {
            given.set(file, values.clone());
            let from = pushed.pushing().len();
            pushed.pushing().extend(values);
            pushed.set_pushed(file, from);
        }
        for file in 0..10 {
            assert_eq!(given.get(file), pushed.get(file), "file {file}");
        }
        assert_eq!(pushed.get(8), Some(&[1, 2, 3][..]));
    }
}
