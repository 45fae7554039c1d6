//! Deep expressions: 64tass takes tens of thousands of nested parentheses
//! and unary operators, and so does c64asm, whatever stack the caller's
//! thread has (a test thread's is small). Beyond its limit an expression is
//! an error with a place, never a crash.

use c64asm::{Options, assemble_str};

fn bytes_of(expr: &str) -> Result<Vec<u8>, String> {
    let src = format!("* = 0\n .byte {expr}\n");
    assemble_str("deep.asm", &src, &Options::default())
        .map(|p| p.image.clone())
        .map_err(|d| d.to_string())
}

#[test]
fn deep_nesting_assembles_as_in_64tass() {
    let parens = format!("{}7{}", "(".repeat(40_000), ")".repeat(40_000));
    assert_eq!(bytes_of(&parens), Ok(vec![7]));
    assert_eq!(bytes_of(&format!("{}5", "-".repeat(40_000))), Ok(vec![5]));
    assert_eq!(bytes_of(&format!("{}$1234", "<".repeat(40_000))), Ok(vec![0x34]));
    let sum = format!("(0{}) & $ff", "+1".repeat(5_000));
    assert_eq!(bytes_of(&sum), Ok(vec![(5_000 & 0xff) as u8]));
}

#[test]
fn deeper_expressions_are_an_error_with_the_place() {
    for expr in [
        format!("0{}", "+1".repeat(150_000)),
        format!("{}1{}", "(".repeat(150_000), ")".repeat(150_000)),
        format!("{}1", "-".repeat(150_000)),
    ] {
        let err = bytes_of(&expr).unwrap_err();
        assert!(err.contains("expression too complex"), "{err}");
        assert!(err.contains("deep.asm:2:"), "{err}");
    }
}
