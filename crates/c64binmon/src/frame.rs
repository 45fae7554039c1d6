//! The framing: a command is STX (0x02), the API version, the body's length (4 bytes),
//! a request ID (4 bytes), the command type and the body; a response is STX, the API
//! version, the body's length, the response type, an error code, the request ID and the
//! body. Multi-byte values are little-endian. There is no terminator: the length is the
//! only synchronisation, so bytes before an STX are skipped.

/// The API version this server speaks (and answers with).
pub const API_VERSION: u8 = 0x02;
/// Start of a command or response.
pub const STX: u8 = 0x02;
/// The request ID of responses no command asked for (events: a checkpoint hit, stopped,
/// resumed).
pub const EVENT_ID: u32 = 0xFFFF_FFFF;
/// The longest body accepted: a memory set of all 64 KiB and its 8-byte header, with
/// room to spare. A longer length can only be garbage (the decoder resynchronises).
pub const MAX_BODY: u32 = 0x1_0000 + 0x100;
/// STX, version, length, request ID and type.
const HEADER: usize = 11;

/// The error codes of a response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Error {
    /// Everything worked.
    Ok = 0x00,
    /// The object to get or set does not exist.
    ObjectMissing = 0x01,
    /// The memspace is invalid.
    InvalidMemspace = 0x02,
    /// The command's length is not right for it.
    InvalidLength = 0x80,
    /// A parameter's value is invalid.
    InvalidParameter = 0x81,
    /// The API version is not understood.
    InvalidApiVersion = 0x82,
    /// The command type is not understood.
    InvalidType = 0x83,
    /// The parameters passed the checks, but the command failed.
    Failure = 0x8F,
}

/// A whole command as it came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The client's API version (1 or 2).
    pub api: u8,
    /// The request ID to answer with.
    pub request_id: u32,
    /// The command type.
    pub kind: u8,
    /// The body (the length the header gave).
    pub body: Vec<u8>,
}

/// What the decoder made of the bytes so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// A command to answer.
    Frame(Frame),
    /// A frame that cannot be answered normally: reply with this error (and request ID).
    Reject(Error, u32),
}

/// Collects the bytes of the connection into frames, however they are split.
#[derive(Default, Debug)]
pub struct Decoder {
    buf: Vec<u8>,
}

impl Decoder {
    /// An empty decoder.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Add bytes as they arrive.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// The next complete frame, if the bytes hold one.
    pub fn next_frame(&mut self) -> Option<Incoming> {
        // Anything before an STX is noise.
        let start = self.buf.iter().position(|&b| b == STX);
        self.buf.drain(..start.unwrap_or(self.buf.len()));
        if self.buf.len() < 6 {
            return None;
        }
        let len = u32::from_le_bytes([self.buf[2], self.buf[3], self.buf[4], self.buf[5]]);
        if len > MAX_BODY {
            // Not a frame: skip its STX and look for the next one.
            self.buf.drain(..1);
            return Some(Incoming::Reject(Error::InvalidLength, EVENT_ID));
        }
        let total = HEADER + len as usize;
        if self.buf.len() < total {
            return None;
        }
        let frame: Vec<u8> = self.buf.drain(..total).collect();
        let api = frame[1];
        let request_id = u32::from_le_bytes([frame[6], frame[7], frame[8], frame[9]]);
        if !(1..=API_VERSION).contains(&api) {
            return Some(Incoming::Reject(Error::InvalidApiVersion, request_id));
        }
        Some(Incoming::Frame(Frame {
            api,
            request_id,
            kind: frame[10],
            body: frame[HEADER..].to_vec(),
        }))
    }
}

/// A response's bytes: header and body.
pub fn response(kind: u8, error: Error, request_id: u32, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(12 + body.len());
    out.push(STX);
    out.push(API_VERSION);
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.push(kind);
    out.push(error as u8);
    out.extend_from_slice(&request_id.to_le_bytes());
    out.extend_from_slice(body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(kind: u8, id: u32, body: &[u8]) -> Vec<u8> {
        let mut v = vec![STX, API_VERSION];
        v.extend_from_slice(&(body.len() as u32).to_le_bytes());
        v.extend_from_slice(&id.to_le_bytes());
        v.push(kind);
        v.extend_from_slice(body);
        v
    }

    #[test]
    fn a_frame_split_byte_by_byte_comes_out_whole() {
        let bytes = command(0x01, 0x1234_5678, &[0, 0xFC, 0xFF, 0xFD, 0xFF, 0, 0, 0]);
        let mut d = Decoder::new();
        for (i, b) in bytes.iter().enumerate() {
            d.push(&[*b]);
            if i + 1 < bytes.len() {
                assert_eq!(d.next_frame(), None);
            }
        }
        assert_eq!(
            d.next_frame(),
            Some(Incoming::Frame(Frame {
                api: 2,
                request_id: 0x1234_5678,
                kind: 0x01,
                body: vec![0, 0xFC, 0xFF, 0xFD, 0xFF, 0, 0, 0],
            }))
        );
        assert_eq!(d.next_frame(), None);
    }

    #[test]
    fn noise_before_stx_is_skipped_and_two_frames_in_one_read_both_come() {
        let mut bytes = vec![0x41, 0x42];
        bytes.extend(command(0x81, 1, &[]));
        bytes.extend(command(0x81, 2, &[]));
        let mut d = Decoder::new();
        d.push(&bytes);
        for id in [1, 2] {
            match d.next_frame() {
                Some(Incoming::Frame(f)) => assert_eq!((f.kind, f.request_id), (0x81, id)),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(d.next_frame(), None);
    }

    #[test]
    fn an_unknown_api_version_and_an_absurd_length_are_rejected_and_decoding_goes_on() {
        let mut bad = command(0x81, 7, &[]);
        bad[1] = 0x03;
        let mut d = Decoder::new();
        d.push(&bad);
        assert_eq!(
            d.next_frame(),
            Some(Incoming::Reject(Error::InvalidApiVersion, 7))
        );
        d.push(&[STX, 2, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert_eq!(
            d.next_frame(),
            Some(Incoming::Reject(Error::InvalidLength, EVENT_ID))
        );
        d.push(&command(0x81, 9, &[]));
        // The version byte after the skipped STX is an STX too: rejected again.
        assert_eq!(
            d.next_frame(),
            Some(Incoming::Reject(Error::InvalidLength, EVENT_ID))
        );
        assert!(matches!(d.next_frame(), Some(Incoming::Frame(f)) if f.request_id == 9));
        assert_eq!(d.next_frame(), None);
    }

    #[test]
    fn a_response_has_the_documented_header() {
        assert_eq!(
            response(0x62, Error::Ok, EVENT_ID, &[0xCF, 0xE5]),
            [
                2, 2, 2, 0, 0, 0, 0x62, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xCF, 0xE5
            ]
        );
    }
}
