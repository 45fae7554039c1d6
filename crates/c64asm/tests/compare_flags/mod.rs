//! The switch sets of a comparison source (tests/data/compare), shared by
//! the tests that run 64tass on them (also the c64kit package's
//! tests/cli_build_64tass_messages.rs).

/// The switch sets a source asks for in its first line, several separated by
/// `|` (`; 64tass: -a -C | -a`); default: `-a -C`.
pub fn flag_sets(source: &str) -> Vec<Vec<String>> {
    let first = source.lines().next().unwrap_or("");
    match first.strip_prefix("; 64tass:") {
        Some(sets) => sets
            .split('|')
            .map(|s| s.split_whitespace().map(str::to_string).collect())
            .collect(),
        None => vec![vec!["-a".into(), "-C".into()]],
    }
}
