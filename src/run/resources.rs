//! The binary monitor's resources: the c64kit settings a client may read and change by
//! VICE's resource names, each with VICE's meaning and values (docs/debugging.md lists
//! them). Everything else is "object missing", as VICE answers for a name it has not.

use c64binmon::command::ResourceValue;
use c64binmon::frame::Error;
use c64emu::Machine;
use c64sid::ChipModel;

/// How much border display get shows (VICE's VICIIBorderMode).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Border {
    /// VICE's 0 (normal): the 384x272 picture c64kit draws. VICE's 1 (full) and 2
    /// (debug) ask for more of the frame than c64kit draws: they show this too.
    Normal(u8),
    /// VICE's 3 (none): the 320x200 display window alone.
    None,
}

/// The settings the monitor's session holds (the machine holds the rest).
pub struct Settings {
    /// Run as fast as possible instead of PAL speed.
    pub warp: bool,
    /// The border display get shows.
    pub border: Border,
}

/// VICE's JAMAction values c64kit has: continue, and open the monitor.
const JAM_CONTINUE: u32 = 1;
const JAM_MONITOR: u32 = 2;

/// A resource's value.
pub fn get(name: &str, m: &Machine, s: &Settings) -> Result<ResourceValue, Error> {
    let v = match name {
        "WarpMode" => u32::from(s.warp),
        "VICIIBorderMode" => match s.border {
            Border::Normal(v) => v.into(),
            Border::None => 3,
        },
        "SidModel" => match m.sid_model() {
            ChipModel::Mos6581 => 0,
            ChipModel::Mos8580 => 1,
        },
        "JAMAction" => {
            if m.jam_stops() {
                JAM_MONITOR
            } else {
                JAM_CONTINUE
            }
        }
        _ => return Err(Error::ObjectMissing),
    };
    Ok(ResourceValue::Int(v))
}

/// Set a resource: a number, or its decimal text (VICE takes both for a number).
pub fn set(
    name: &str,
    value: &ResourceValue,
    m: &mut Machine,
    s: &mut Settings,
) -> Result<(), Error> {
    // The name first: an unknown one is missing whatever its value.
    get(name, m, s)?;
    let v = match value {
        ResourceValue::Int(v) => *v,
        ResourceValue::Str(text) => text.trim().parse().map_err(|_| Error::Failure)?,
    };
    match (name, v) {
        ("WarpMode", 0 | 1) => s.warp = v == 1,
        ("VICIIBorderMode", 0..=2) => s.border = Border::Normal(v as u8),
        ("VICIIBorderMode", 3) => s.border = Border::None,
        ("SidModel", 0) => m.set_sid_model(ChipModel::Mos6581),
        ("SidModel", 1) => m.set_sid_model(ChipModel::Mos8580),
        ("JAMAction", JAM_CONTINUE) => m.set_jam_stops(false),
        ("JAMAction", JAM_MONITOR) => m.set_jam_stops(true),
        _ => return Err(Error::Failure),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every resource (docs/debugging.md lists them).
    const NAMES: [&str; 4] = ["JAMAction", "SidModel", "VICIIBorderMode", "WarpMode"];

    fn settings() -> Settings {
        Settings {
            warp: false,
            border: Border::Normal(0),
        }
    }

    #[test]
    fn every_name_reads_and_takes_its_values() {
        let mut m = Machine::new();
        let mut s = settings();
        for name in NAMES {
            assert!(get(name, &m, &s).is_ok(), "{name}");
        }
        set("SidModel", &ResourceValue::Int(1), &mut m, &mut s).unwrap();
        assert_eq!(m.sid_model(), ChipModel::Mos8580);
        set("JAMAction", &ResourceValue::Str("1".into()), &mut m, &mut s).unwrap();
        assert!(!m.jam_stops());
        assert_eq!(get("JAMAction", &m, &s), Ok(ResourceValue::Int(1)));
        set("VICIIBorderMode", &ResourceValue::Int(3), &mut m, &mut s).unwrap();
        assert_eq!(s.border, Border::None);
        assert_eq!(get("VICIIBorderMode", &m, &s), Ok(ResourceValue::Int(3)));
    }

    #[test]
    fn unknown_names_and_values_are_errors() {
        let mut m = Machine::new();
        let mut s = settings();
        assert_eq!(get("Drive8Type", &m, &s), Err(Error::ObjectMissing));
        let one = ResourceValue::Int(1);
        assert_eq!(set("Nope", &one, &mut m, &mut s), Err(Error::ObjectMissing));
        let five = ResourceValue::Int(5);
        assert_eq!(set("JAMAction", &five, &mut m, &mut s), Err(Error::Failure));
        let text = ResourceValue::Str("fast".into());
        assert_eq!(set("WarpMode", &text, &mut m, &mut s), Err(Error::Failure));
    }
}
