//! docs/debugging.md's transcript is a real session: its program is assembled, its
//! requests (`->`) are sent to `c64kit debug` and every answer (`<-`) must come, in
//! that order, as the page shows it.

mod cli_support;
mod dap_support;

use serde_json::Value;

/// Where the page's program lives; the test puts it in a directory of its own.
const PAGE_DIR: &str = "/home/you/hello";

fn block_after<'a>(doc: &'a str, marker: &str, fence: &str) -> &'a str {
    let at = doc
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in docs/debugging.md"));
    let rest = &doc[at..];
    let start = rest.find(fence).unwrap() + fence.len();
    let end = rest[start..].find("\n```").unwrap();
    rest[start..start + end].trim_start_matches('\n')
}

#[test]
fn the_transcript_in_the_docs_is_what_c64kit_debug_answers() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/debugging.md")).unwrap();
    let tmp = cli_support::TempDir::new("debugging-doc");
    let dir = std::fs::canonicalize(&tmp.0).unwrap();
    let source = block_after(&doc, "`hello.asm`:", "```asm");
    std::fs::write(dir.join("hello.asm"), format!("{source}\n")).unwrap();
    let here = dir.display().to_string();
    let transcript = block_after(&doc, "<!-- transcript -->", "```text");
    let mut dap = dap_support::Dap::start(&[]);
    let mut answers = 0;
    for line in transcript.lines() {
        let line = line.replace(PAGE_DIR, &here);
        if let Some(request) = line.strip_prefix("-> ") {
            let body = request.to_string();
            dap.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        } else if let Some(answer) = line.strip_prefix("<- ") {
            let want: Value = serde_json::from_str(answer).unwrap();
            let got = dap.next_message();
            assert_eq!(got, want, "answer {answers} of the transcript");
            answers += 1;
        } else {
            panic!("a transcript line is `-> request` or `<- answer`: {line}");
        }
    }
    assert!(answers > 10, "{answers}");
}
