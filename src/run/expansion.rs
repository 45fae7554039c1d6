//! `--cart`, `--reu`, `--georam`: what goes into the expansion port.

use std::path::Path;

use c64emu::Machine;
use c64emu::expansion::{
    Cartridge, Crt, Expansion, GEORAM_SIZES, GeoRam, REU_SIZES, Reu, parse_size,
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
