//! An output written while a run goes on (a trace), whose errors the commit reports.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::sync::{Arc, Mutex};

use super::Problem;

/// An output written as the run goes (see [`super::Outputs::stream`]). Write errors are
/// kept and reported by the commit, so a caller may ignore them while writing (a trace
/// sink that must not stop the emulation), or stop early by checking [`Stream::error`].
pub struct Stream {
    out: BufWriter<Box<dyn Write + Send>>,
    state: Arc<StreamState>,
}

/// What the group keeps of a stream: its first error, and (by the count of owners)
/// whether it is still open.
#[derive(Default)]
pub struct StreamState {
    error: Mutex<Option<io::Error>>,
}

impl StreamState {
    fn record(&self, e: &io::Error) {
        if let Ok(mut slot) = self.error.lock()
            && slot.is_none()
        {
            *slot = Some(io::Error::new(e.kind(), e.to_string()));
        }
    }

    /// Why the stream's output can't be committed, if it can't.
    pub fn problem(self: &Arc<Self>) -> Option<Problem> {
        if Arc::strong_count(self) > 1 {
            return Some(Problem::Io(io::Error::other(
                "still being written when the outputs were committed",
            )));
        }
        let mut slot = self.error.lock().ok()?;
        slot.take().map(Problem::Io)
    }
}

#[allow(dead_code, reason = "for `run --trace`")]
impl Stream {
    pub(super) fn new(file: File) -> (Stream, Arc<StreamState>) {
        Stream::over(Box::new(file))
    }

    /// A stream into the process's standard output (the path `-`).
    pub(super) fn stdout() -> (Stream, Arc<StreamState>) {
        Stream::over(Box::new(io::stdout()))
    }

    fn over(out: Box<dyn Write + Send>) -> (Stream, Arc<StreamState>) {
        let state = Arc::new(StreamState::default());
        let stream = Stream {
            out: BufWriter::new(out),
            state: state.clone(),
        };
        (stream, state)
    }

    /// Flushes and closes the stream; an error is also kept for the commit.
    pub fn finish(mut self) -> io::Result<()> {
        self.flush()
    }

    /// The first write error met so far, if any.
    pub fn error(&self) -> Option<String> {
        let slot = self.state.error.lock().ok()?;
        slot.as_ref().map(|e| e.to_string())
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf).inspect_err(|e| self.state.record(e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out
            .write_all(buf)
            .inspect_err(|e| self.state.record(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush().inspect_err(|e| self.state.record(e))
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}
