//! The crate's one error type.

use std::fmt;

/// What can go wrong in a debug session.
#[derive(Debug)]
pub enum Error {
    /// Reading or writing the client's stream failed.
    Io(std::io::Error),
    /// The program could not be assembled, read or loaded.
    Launch(String),
    /// A request that cannot be answered (bad arguments, wrong state).
    Request(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "I/O error: {e}"),
            Error::Launch(m) | Error::Request(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

/// A request's error from a message.
pub(crate) fn bad(msg: impl Into<String>) -> Error {
    Error::Request(msg.into())
}
