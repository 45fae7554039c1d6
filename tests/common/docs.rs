//! Reading the figures the docs show, so tests can hold them to what the program does.

/// The text of `docs/NAME`.
pub fn doc(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The body rows of the first Markdown table in `text` whose header row starts with
/// `| {first}`, each as its trimmed cells (backquotes and bold marks kept).
pub fn table(text: &str, first: &str) -> Vec<Vec<String>> {
    let header = format!("| {first}");
    let mut lines = text.lines().skip_while(|l| !l.starts_with(&header));
    assert!(lines.next().is_some(), "no table starting with `{header}`");
    lines
        .skip(1) // the |---| line
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// A figure as the docs write it: `1,234` -> 1234 (bold marks and spaces ignored).
pub fn number(cell: &str) -> u128 {
    let digits: String = cell.chars().filter(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("`{cell}` is not a number"))
}

/// 1234567 -> "1,234,567".
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The lines of the first fenced code block in `text` after the first line that
/// contains `after`.
pub fn block_after(text: &str, after: &str) -> Vec<String> {
    let mut lines = text.lines().skip_while(|l| !l.contains(after));
    assert!(lines.next().is_some(), "no line with `{after}`");
    lines
        .skip_while(|l| !l.starts_with("```"))
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .map(str::to_string)
        .collect()
}

/// `$1EDA` -> 0x1EDA; every `$` followed by hex digits in a cell, in order.
pub fn addresses(cell: &str) -> Vec<u16> {
    cell.split('$')
        .skip(1)
        .filter_map(|rest| {
            let hex: String = rest.chars().take_while(char::is_ascii_hexdigit).collect();
            u16::from_str_radix(&hex, 16).ok()
        })
        .collect()
}

/// The names in backquotes in a cell, in order (`` `inicio` `` -> "inicio").
pub fn quoted(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}
