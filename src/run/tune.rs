//! `c64kit run tune.sid [--subtune N]`: a PSID/RSID tune with our driver beside it
//! (`c64sid::psid`), loaded as one block and started at the driver.
use std::path::Path;

use c64emu::Machine;
use c64sid::psid::Tune;

use super::{Args, EXIT_LOAD_ERROR, EXIT_USAGE, Fail, fail};

/// Is this a `.sid` file (by its signature)?
pub fn is_tune(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PSID") || bytes.starts_with(b"RSID")
}

/// The block to load (address, bytes) and the driver's address; the SID model the
/// header asks for unless `--sid` says otherwise.
pub fn prepare(
    m: &mut Machine,
    args: &Args,
    path: &Path,
    bytes: &[u8],
) -> Result<(u16, Vec<u8>, u16), Fail> {
    let tune = Tune::parse(bytes)
        .map_err(|e| fail(EXIT_LOAD_ERROR, format!("{}: {e}", path.display())))?;
    let song = args.subtune.unwrap_or(tune.start_song);
    let image = tune.image(song).map_err(|e| {
        let code = match args.subtune {
            Some(n) if n == 0 || n > tune.songs => EXIT_USAGE,
            _ => EXIT_LOAD_ERROR,
        };
        fail(code, format!("{}: {e}", path.display()))
    })?;
    if let (None, Some(model)) = (args.sid, tune.model) {
        m.set_sid_model(model);
    }
    Ok(image)
}
