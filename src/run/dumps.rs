//! `--dump [ram:]ADDR:LEN`: checked before the run, printed as hex lines after it.

use c64emu::Machine;

use super::{EXIT_USAGE, Fail, fail, names, parse_count};

/// A checked `--dump`.
pub struct Dump {
    ram: bool,
    addr: u16,
    len: usize,
}

/// `[ram:]ADDR:LEN`, checked (LEN at most 64 KiB).
pub fn parse_dump(labels: &[(String, u16)], spec: &str) -> Result<Dump, Fail> {
    let bad = |why: &str| {
        fail(
            EXIT_USAGE,
            format!(
                "--dump {spec:?}: {why} (write ADDR:LEN, e.g. $c000:64 or table:16, or ram:ADDR:LEN)"
            ),
        )
    };
    let (ram, rest) = match spec.strip_prefix("ram:") {
        Some(r) => (true, r),
        None => (false, spec),
    };
    let (addr, len) = rest
        .rsplit_once(':')
        .ok_or_else(|| bad("no ':' between address and length"))?;
    let addr = names::resolve(labels, addr).map_err(|e| bad(&e))?;
    let len_text = len.trim();
    let hex = len_text
        .strip_prefix('$')
        .or_else(|| len_text.strip_prefix("0x"))
        .or_else(|| len_text.strip_prefix("0X"));
    let len: u64 = if let Ok(n) = parse_count(len_text) {
        n
    } else if let Some(h) = hex {
        u64::from_str_radix(h, 16)
            .map_err(|_| bad(&format!("the length {len_text:?} is not a number")))?
    } else {
        names::resolve(labels, len_text)
            .map(u64::from)
            .map_err(|_| bad(&format!("the length {len_text:?} is not a number or label")))?
    };
    if len == 0 {
        return Err(bad("the length is 0: nothing to dump"));
    }
    if len > 0x1_0000 {
        return Err(bad(&format!(
            "{len} bytes is more than the 65536 there are"
        )));
    }
    Ok(Dump {
        ram,
        addr,
        len: len as usize,
    })
}

/// Hex lines of 16 bytes: `C000  01 02 ...  |..|`.
pub fn dump(m: &Machine, d: &Dump) -> String {
    let bytes: Vec<u8> = (0..d.len)
        .map(|i| {
            let a = d.addr.wrapping_add(i as u16);
            if d.ram { m.peek(a) } else { m.peek_banked(a) }
        })
        .collect();
    c64harness::hexdump(d.addr, &bytes)
}
