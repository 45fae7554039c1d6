//! The local time as C's `ctime` writes it (`Sun Dec  6 01:11:41 2026\n`),
//! for a drop-in 64tass's listing head.

use std::time::{SystemTime, UNIX_EPOCH};

/// A moment broken down as C's `struct tm` holds it.
struct Broken {
    year: i64,
    /// 0 = January.
    month: usize,
    day: u32,
    /// 0 = Sunday.
    weekday: usize,
    hour: u32,
    minute: u32,
    second: u32,
}

/// Now, in `ctime`'s form, newline included.
pub fn ctime_now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    ctime(&local(seconds))
}

fn ctime(t: &Broken) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!(
        "{} {} {:2} {:02}:{:02}:{:02} {}\n",
        DAYS[t.weekday % 7],
        MONTHS[t.month % 12],
        t.day,
        t.hour,
        t.minute,
        t.second,
        t.year
    )
}

/// The local time of `seconds` since 1970 (the C library's, with its time
/// zone rules).
#[cfg(unix)]
fn local(seconds: i64) -> Broken {
    let t = seconds as libc::time_t;
    // SAFETY: `localtime_r` writes only the `tm` it is given, which is
    // plain data, and reads only `t`.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    if unsafe { libc::localtime_r(&t, &mut tm) }.is_null() {
        return utc(seconds);
    }
    Broken {
        year: 1900 + i64::from(tm.tm_year),
        month: tm.tm_mon as usize,
        day: tm.tm_mday as u32,
        weekday: tm.tm_wday as usize,
        hour: tm.tm_hour as u32,
        minute: tm.tm_min as u32,
        second: tm.tm_sec as u32,
    }
}

#[cfg(not(unix))]
fn local(seconds: i64) -> Broken {
    utc(seconds)
}

/// The UTC time of `seconds` since 1970 (civil-from-days, proleptic
/// Gregorian calendar).
fn utc(seconds: i64) -> Broken {
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 2 } else { mp - 10 } as usize;
    let year = yoe + era * 400 + i64::from(month < 2);
    Broken {
        year,
        month,
        day,
        // 1970-01-01 was a Thursday.
        weekday: (days + 4).rem_euclid(7) as usize,
        hour: (rest / 3600) as u32,
        minute: (rest / 60 % 60) as u32,
        second: (rest % 60) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::{ctime, utc};

    #[test]
    fn ctime_form_of_known_moments() {
        assert_eq!(ctime(&utc(0)), "Thu Jan  1 00:00:00 1970\n");
        // 64tass's listing of 2026-12-06 01:11:41 UTC.
        assert_eq!(ctime(&utc(1_796_519_501)), "Sun Dec  6 01:11:41 2026\n");
        assert_eq!(ctime(&utc(951_782_400)), "Tue Feb 29 00:00:00 2000\n");
        assert_eq!(ctime(&utc(-1)), "Wed Dec 31 23:59:59 1969\n");
    }
}
