//! DAP's base protocol: `Content-Length: N\r\n\r\n` and N bytes of JSON.
//!
//! A message the reader cannot use (a header without a length, a body over
//! [`MAX_MESSAGE`], text that is not JSON) is skipped and reported as
//! `Frame::Bad`: the session answers it with an error and goes on.

use std::io::{self, BufRead, Read, Write};

use serde_json::Value;

/// The largest message body accepted (DAP's requests are small; `writeMemory` of
/// all 64 KiB in base64 is under 90 KiB).
pub const MAX_MESSAGE: usize = 1 << 20;
/// The longest header line accepted.
const MAX_HEADER_LINE: u64 = 1024;

/// One message read from the client.
#[derive(Debug)]
pub enum Frame {
    /// A JSON body.
    Message(Value),
    /// A message that could not be read, and why.
    Bad(String),
}

/// Read the next message; None at the end of the stream.
pub fn read_frame(r: &mut impl BufRead) -> io::Result<Option<Frame>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut saw_header = false;
    loop {
        let mut line = Vec::new();
        let n = r
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(if saw_header {
                Some(Frame::Bad("the stream ended inside a header".into()))
            } else {
                None
            });
        }
        if !line.ends_with(b"\n") && n as u64 == MAX_HEADER_LINE {
            // Skip the rest of an overlong line.
            let mut rest = Vec::new();
            r.read_until(b'\n', &mut rest)?;
            length = Some(Err("a header line is too long".into()));
            saw_header = true;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if !saw_header {
                continue; // blank lines between messages
            }
            break;
        }
        saw_header = true;
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = Some(
                value
                    .trim()
                    .parse::<usize>()
                    .map_err(|_| format!("bad Content-Length: {:?}", value.trim())),
            );
        }
    }
    let len = match length {
        None => return Ok(Some(Frame::Bad("a header without Content-Length".into()))),
        Some(Err(e)) => return Ok(Some(Frame::Bad(e))),
        Some(Ok(len)) => len,
    };
    if len > MAX_MESSAGE {
        io::copy(&mut r.by_ref().take(len as u64), &mut io::sink())?;
        return Ok(Some(Frame::Bad(format!(
            "a message of {len} bytes is over the limit of {MAX_MESSAGE} bytes"
        ))));
    }
    let mut body = vec![0; len];
    r.read_exact(&mut body)?;
    Ok(Some(match serde_json::from_slice(&body) {
        Ok(v) => Frame::Message(v),
        Err(e) => Frame::Bad(format!("the message is not JSON: {e}")),
    }))
}

/// Write one message.
pub fn write_message(w: &mut impl Write, msg: &Value) -> io::Result<()> {
    let body = msg.to_string();
    write!(w, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<String> {
        let mut r = io::BufReader::new(input);
        let mut out = Vec::new();
        while let Some(f) = read_frame(&mut r).unwrap() {
            out.push(match f {
                Frame::Message(v) => v.to_string(),
                Frame::Bad(e) => format!("bad: {e}"),
            });
        }
        out
    }

    #[test]
    fn reads_messages_and_skips_bad_ones() {
        let big = MAX_MESSAGE + 1;
        let mut input = b"Content-Length: 7\r\n\r\n{\"a\":1}".to_vec();
        input.extend(b"Content-Length: 3\r\n\r\n{x}");
        input.extend(format!("Content-Length: {big}\r\n\r\n").bytes());
        input.extend(std::iter::repeat_n(b' ', big));
        input.extend(b"X-Other: 1\r\n\r\n");
        input.extend(b"Content-Length: 2\r\n\r\n[]");
        let got = frames(&input);
        assert_eq!(got[0], r#"{"a":1}"#);
        assert!(
            got[1].starts_with("bad: the message is not JSON"),
            "{}",
            got[1]
        );
        assert_eq!(
            got[2],
            format!("bad: a message of {big} bytes is over the limit of {MAX_MESSAGE} bytes")
        );
        assert_eq!(got[3], "bad: a header without Content-Length");
        assert_eq!(got[4], "[]");
        assert_eq!(got.len(), 5);
    }

    #[test]
    fn writes_the_length_in_bytes() {
        let mut out = Vec::new();
        write_message(&mut out, &serde_json::json!({"t": "é"})).unwrap();
        assert_eq!(out, "Content-Length: 10\r\n\r\n{\"t\":\"é\"}".as_bytes());
    }
}
