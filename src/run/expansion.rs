//! `--cart`, `--reu`, `--georam`, `--dqbb`, `--ramcart`, `--isepic`: what goes into
//! the expansion port; `--plus60k`, `--plus256k`: the RAM fitted inside the machine.

use std::path::Path;

use c64emu::Machine;
use c64emu::expansion::{
    Cartridge, Crt, DQBB_SIZES, Dqbb, Expansion, GEORAM_SIZES, GeoRam, Isepic, Plus60k, Plus256k,
    RAMCART_SIZES, REU_SIZES, RamCart, Reu, parse_size,
};

use super::{Args, EXIT_LOAD_ERROR, EXIT_USAGE, Fail, fail, read};

/// The devices the options ask for, plugged into `m` (as at power-on).
pub fn plug(m: &mut Machine, args: &Args) -> Result<(), Fail> {
    let mut e = Expansion::default();
    if let Some(path) = &args.cart {
        e.cart = Some(cartridge(path)?);
    }
    if let Some(size) = &args.reu {
        let bytes = parse_size("REU", size, &REU_SIZES).map_err(|err| {
            fail(
                EXIT_USAGE,
                format!("--reu: {err} (128k, 256k, 512k, 1m, 2m, 4m, 8m, 16m)"),
            )
        })?;
        e.reu = Some(Reu::new(bytes));
    }
    if let Some(size) = &args.georam {
        let bytes = parse_size("GeoRAM", size, &GEORAM_SIZES)
            .map_err(|err| fail(EXIT_USAGE, format!("--georam: {err} (512k, 1m, 2m, 4m)")))?;
        e.georam = Some(GeoRam::new(bytes));
    }
    if let Some(size) = &args.dqbb {
        let bytes = parse_size("DQBB", size, &DQBB_SIZES).map_err(|err| {
            fail(
                EXIT_USAGE,
                format!("--dqbb: {err} (16k, 32k, 64k, 128k, 256k)"),
            )
        })?;
        e.dqbb = Some(Dqbb::new(bytes));
    }
    if let Some(size) = &args.ramcart {
        let bytes = parse_size("RamCart", size, &RAMCART_SIZES)
            .map_err(|err| fail(EXIT_USAGE, format!("--ramcart: {err} (64k, 128k)")))?;
        e.ramcart = Some(RamCart::new(bytes));
    }
    if args.isepic {
        e.isepic = Some(Isepic::new(true));
    }
    if args.plus60k {
        e.plus60k = Some(Plus60k::new());
    }
    if args.plus256k {
        e.plus256k = Some(Plus256k::new());
    }
    if e.any() {
        m.plug(e);
    }
    Ok(())
}

fn cartridge(path: &Path) -> Result<Cartridge, Fail> {
    let bytes = read(path)?;
    Crt::parse(&bytes)
        .and_then(|crt| Cartridge::from_crt(&crt))
        .map_err(|e| fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display())))
}
