//! A small DAP client for the tests: starts `c64kit debug` and speaks the protocol
//! over its stdin and stdout (framing by c64debug's own `wire`, which its unit tests
//! check byte for byte).
#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use c64debug::wire::{self, Frame};
use serde_json::{Value, json};

/// How long any one message may take to come.
const TIMEOUT: Duration = Duration::from_secs(60);

/// A running `c64kit debug` and what it said that was not asked for yet.
pub struct Dap {
    child: Option<Child>,
    stdin: Option<Box<dyn Write + Send>>,
    rx: Receiver<Value>,
    seq: i64,
    pending: VecDeque<Value>,
}

impl Dap {
    /// Start `c64kit debug` with these extra arguments.
    pub fn start(args: &[&str]) -> Dap {
        let mut child = Command::new(env!("CARGO_BIN_EXE_c64kit"))
            .arg("debug")
            // No window pops up when the tests run where there is a display
            // (tests/cli_debug_window.rs runs the window's absence).
            .arg("--headless")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("c64kit debug starts");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Ok(Some(Frame::Message(m))) = wire::read_frame(&mut r) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        let stdin = child
            .stdin
            .take()
            .map(|s| Box::new(s) as Box<dyn Write + Send>);
        Dap {
            child: Some(child),
            stdin,
            rx,
            seq: 0,
            pending: VecDeque::new(),
        }
    }

    /// Connect to a `c64kit debug --port` on 127.0.0.1 (retrying while it starts up).
    pub fn connect(port: u16) -> Dap {
        let end = std::time::Instant::now() + TIMEOUT;
        let stream = loop {
            match std::net::TcpStream::connect(("127.0.0.1", port)) {
                Ok(s) => break s,
                Err(e) if std::time::Instant::now() > end => panic!("connect to {port}: {e}"),
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        };
        let input = stream.try_clone().expect("clone the stream");
        Dap::over(input, stream)
    }

    /// A client on a server's output (`from`) and input (`to`), e.g. pipes to a
    /// session in this process.
    pub fn over(from: impl std::io::Read + Send + 'static, to: impl Write + Send + 'static) -> Dap {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(from);
            while let Ok(Some(Frame::Message(m))) = wire::read_frame(&mut r) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        Dap {
            child: None,
            stdin: Some(Box::new(to)),
            rx,
            seq: 0,
            pending: VecDeque::new(),
        }
    }

    /// The adapter's process id (a `c64kit debug` this client started).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Send a request; its seq.
    pub fn send(&mut self, command: &str, args: Value) -> i64 {
        self.seq += 1;
        let m =
            json!({ "seq": self.seq, "type": "request", "command": command, "arguments": args });
        let body = m.to_string();
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        self.seq
    }

    /// Send bytes as they are.
    pub fn raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to c64kit debug");
        stdin.flush().expect("flush");
    }

    /// Close the adapter's input.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The next message, whatever it is (none may be waiting from before).
    pub fn next_message(&mut self) -> Value {
        assert!(
            self.pending.is_empty(),
            "messages were kept: {:?}",
            self.pending
        );
        self.next()
    }

    fn next(&mut self) -> Value {
        match self.rx.recv_timeout(TIMEOUT) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => panic!("no message from c64kit debug in {TIMEOUT:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("c64kit debug closed its output"),
        }
    }

    /// The response to request `seq` (other messages are kept for later).
    pub fn response(&mut self, seq: i64) -> Value {
        if let Some(i) = self.pending.iter().position(|m| m["request_seq"] == seq) {
            return self.pending.remove(i).unwrap_or_default();
        }
        loop {
            let m = self.next();
            if m["type"] == "response" && m["request_seq"] == seq {
                return m;
            }
            self.pending.push_back(m);
        }
    }

    /// Send a request and return its response, which must be a success.
    pub fn ok(&mut self, command: &str, args: Value) -> Value {
        let seq = self.send(command, args);
        let r = self.response(seq);
        assert_eq!(r["success"], true, "{command} failed: {r}");
        r.get("body").cloned().unwrap_or(Value::Null)
    }

    /// Send a request that must fail; its message.
    pub fn fails(&mut self, command: &str, args: Value) -> String {
        let seq = self.send(command, args);
        let r = self.response(seq);
        assert_eq!(r["success"], false, "{command} should fail: {r}");
        r["message"].as_str().unwrap_or_default().to_string()
    }

    /// The next event called `name` (events before it are dropped).
    pub fn event(&mut self, name: &str) -> Value {
        if let Some(i) = self.pending.iter().position(|m| m["event"] == name) {
            let e = self.pending.remove(i).unwrap_or_default();
            self.pending.drain(..i);
            return e["body"].clone();
        }
        self.pending.clear();
        loop {
            let m = self.next();
            if m["type"] == "event" && m["event"] == name {
                return m["body"].clone();
            }
        }
    }

    /// The next event of any name among `names`, or None within `wait`.
    pub fn event_within(&mut self, names: &[&str], wait: Duration) -> Option<Value> {
        if let Some(i) = self
            .pending
            .iter()
            .position(|m| names.iter().any(|n| m["event"] == *n))
        {
            return self.pending.remove(i);
        }
        let end = std::time::Instant::now() + wait;
        loop {
            let left = end.checked_duration_since(std::time::Instant::now())?;
            match self.rx.recv_timeout(left) {
                Ok(m) if names.iter().any(|n| m["event"] == *n) => return Some(m),
                Ok(m) => self.pending.push_back(m),
                Err(_) => return None,
            }
        }
    }

    /// initialize, launch with these arguments, wait for `initialized`.
    pub fn launch(&mut self, args: Value) -> Value {
        let caps = self.ok(
            "initialize",
            json!({ "adapterID": "c64kit", "linesStartAt1": true }),
        );
        self.ok("launch", args);
        self.event("initialized");
        caps
    }

    /// The top frame: (name, line, pc).
    pub fn top(&mut self) -> (String, u64, u16) {
        let st = self.ok("stackTrace", json!({ "threadId": 1 }));
        let f = &st["stackFrames"][0];
        (
            f["name"].as_str().unwrap_or_default().to_string(),
            f["line"].as_u64().unwrap_or(0),
            pc_of(f),
        )
    }

    /// disconnect, and the process's exit status must be success.
    pub fn finish(mut self) {
        self.ok("disconnect", json!({}));
        self.close();
        if let Some(child) = self.child.as_mut() {
            let status = child.wait().expect("wait");
            assert!(status.success(), "c64kit debug exited with {status}");
        }
    }
}

impl Drop for Dap {
    fn drop(&mut self) {
        if let Some(child) = self.child.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A frame's instructionPointerReference as an address.
pub fn pc_of(frame: &Value) -> u16 {
    let r = frame["instructionPointerReference"].as_str().unwrap_or("");
    u16::from_str_radix(r.trim_start_matches("0x"), 16)
        .unwrap_or_else(|_| panic!("no address in {frame}"))
}
