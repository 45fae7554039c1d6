//! Addresses and labels on `run`'s command line (`--until`, `--start`, `--load`,
//! `--dump`): `$0810`, `0x0810`, `2064`, or a label. Labels match as the assembler's
//! symbols do by default, whatever their case; an exact match comes first, so a
//! case-sensitive build's (`-C`) `loop` and `LOOP` are both reachable, and a name that
//! fits several labels only by case is refused with their names.

/// The address `text` names, or why it names none.
pub fn resolve(labels: &[(String, u16)], text: &str) -> Result<u16, String> {
    let t = text.trim();
    if let Some(hex) = t.strip_prefix('$') {
        return number(t, hex, 16);
    }
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return number(t, hex, 16);
    }
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return number(t, t, 10);
    }
    if let Some((_, addr)) = labels.iter().find(|(name, _)| name == t) {
        return Ok(*addr);
    }
    let mut fits: Vec<&(String, u16)> = labels
        .iter()
        .filter(|(name, _)| name.eq_ignore_ascii_case(t))
        .collect();
    fits.sort();
    fits.dedup_by_key(|(_, addr)| *addr);
    match fits.as_slice() {
        [] => Err(format!("unknown label or address {t:?}")),
        [(_, addr)] => Ok(*addr),
        several => {
            let names: Vec<String> = several
                .iter()
                .map(|(n, a)| format!("{n} (${a:04X})"))
                .collect();
            Err(format!(
                "{t:?} fits several labels that differ only in case: {}",
                names.join(", ")
            ))
        }
    }
}

fn number(t: &str, digits: &str, radix: u32) -> Result<u16, String> {
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(format!("{t:?} is not a hex number"));
    }
    u64::from_str_radix(digits, radix)
        .ok()
        .and_then(|n| u16::try_from(n).ok())
        .ok_or_else(|| format!("{t} is out of range: the C64's addresses are $0000-$FFFF"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels() -> Vec<(String, u16)> {
        [("main_loop", 0x0810), ("loop", 0x0900), ("LOOP", 0x0a00)]
            .iter()
            .map(|&(n, a)| (n.to_string(), a))
            .collect()
    }

    #[test]
    fn numbers_in_three_spellings_and_their_range() {
        let l = labels();
        assert_eq!(resolve(&l, "$0810"), Ok(0x0810));
        assert_eq!(resolve(&l, "0x0810"), Ok(0x0810));
        assert_eq!(resolve(&l, " 2064 "), Ok(0x0810));
        assert_eq!(resolve(&l, "$FFFF"), Ok(0xFFFF));
        for far in [
            "$10000",
            "0x10000",
            "65536",
            "99999999999999999999999",
            "$123456789ABCDEF012",
        ] {
            let e = resolve(&l, far).unwrap_err();
            assert!(e.contains("out of range"), "{far}: {e}");
        }
        for bad in ["$zz", "$", "0x", "$+1"] {
            assert!(
                resolve(&l, bad).unwrap_err().contains("not a hex number"),
                "{bad}"
            );
        }
    }

    #[test]
    fn labels_match_in_any_case_and_exactly_first() {
        let l = labels();
        assert_eq!(resolve(&l, "MAIN_LOOP"), Ok(0x0810));
        assert_eq!(resolve(&l, "Main_Loop"), Ok(0x0810));
        assert_eq!(resolve(&l, "loop"), Ok(0x0900));
        assert_eq!(resolve(&l, "LOOP"), Ok(0x0a00));
        let e = resolve(&l, "Loop").unwrap_err();
        assert!(
            e.contains("loop ($0900)") && e.contains("LOOP ($0A00)"),
            "{e}"
        );
        assert!(
            resolve(&l, "nowhere")
                .unwrap_err()
                .contains("unknown label")
        );
    }
}
