//! The macro calls that led to each macro call's scope made inside another
//! call's expansion: 64tass names them above a "searched in" note placed
//! at that scope. Scopes are made in the order of their ids, and the calls
//! of one expansion share their chain, so a list of scope ids in order
//! (searched by halving) and the chains, each kept once while it repeats,
//! hold them: no hash table, no allocation per scope.

use crate::source::Span;
use crate::value::NsId;

#[derive(Default)]
pub struct CallChains {
    /// Each scope with the index of its chain in `chains`, by scope id.
    scopes: Vec<(u32, u32)>,
    chains: Vec<Box<[Span]>>,
}

impl CallChains {
    /// `ns` was made at the end of the macro calls `chain`.
    pub fn add(&mut self, ns: NsId, chain: &[Span]) {
        if self.chains.last().is_none_or(|c| **c != *chain) {
            self.chains.push(chain.into());
        }
        let at = self.chains.len() as u32 - 1;
        match self.scopes.binary_search_by_key(&ns.0, |&(s, _)| s) {
            Ok(i) => self.scopes[i].1 = at,
            Err(i) => self.scopes.insert(i, (ns.0, at)),
        }
    }

    /// The calls that led to `ns`, if it was made in an expansion.
    pub fn get(&self, ns: NsId) -> Option<&[Span]> {
        let i = self.scopes.binary_search_by_key(&ns.0, |&(s, _)| s).ok()?;
        Some(&self.chains[self.scopes[i].1 as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::CallChains;
    use crate::source::Span;
    use crate::value::NsId;

    #[test]
    fn scopes_find_their_chains_and_a_repeated_chain_is_kept_once() {
        let a = [Span::new(0, 1, 2)];
        let b = [Span::new(0, 1, 2), Span::new(3, 4, 5)];
        let mut c = CallChains::default();
        c.add(NsId(4), &a);
        c.add(NsId(7), &a);
        c.add(NsId(9), &b);
        c.add(NsId(2), &b);
        assert_eq!(c.chains.len(), 2);
        assert_eq!(c.get(NsId(4)), Some(&a[..]));
        assert_eq!(c.get(NsId(7)), Some(&a[..]));
        assert_eq!(c.get(NsId(9)), Some(&b[..]));
        assert_eq!(c.get(NsId(2)), Some(&b[..]));
        assert_eq!(c.get(NsId(5)), None);
    }
}
