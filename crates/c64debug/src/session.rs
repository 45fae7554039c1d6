//! One client's session: requests in, responses and events out, and the machine run
//! in slices between requests so a `pause` is answered while it runs.

use std::io::Write;
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::breakpoints::{Breakpoint, Origin, Trigger, parse_hit};
use crate::error::{Error, bad};
use crate::exec::{Halt, Mode, Run};
use crate::inspect::source_json;
use crate::launch::{LaunchArgs, Loaded};
use crate::reverse::Goal;
use crate::wire::{self, Frame};
use crate::{Config, expr};

/// The one thread the machine has.
const THREAD: i64 = 1;

/// How often a view (the window) is drawn: a PAL frame's time, also while stopped.
pub(crate) const VIEW_EVERY: Duration = Duration::from_millis(20);

/// Shows the machine (a window), told whether it runs; false once the user closed it.
pub type View = Box<dyn FnMut(&mut c64emu::Machine, bool) -> bool>;

/// The state of a session.
pub struct Session<W: Write> {
    out: W,
    seq: i64,
    config: Config,
    target: Option<Loaded>,
    stop_on_entry: bool,
    /// Set while the machine runs.
    running: bool,
    /// A `stepBack` or `reverseContinue` answered, to go once the response is out.
    back: Option<Goal>,
    /// The machine was handed to the session (clients `attach`, they cannot launch).
    held: bool,
    /// A held machine is stopped there, for this reason (a test's failure).
    held_stop: Option<String>,
    /// A held machine goes on when the client leaves (no `terminate`, no
    /// `terminateDebuggee`).
    go_on: bool,
    done: bool,
    /// The window, and when it was last drawn.
    view: Option<(View, Instant)>,
}

/// What a session leaves behind.
pub struct Left {
    /// The machine, if one was launched or held.
    pub target: Option<Loaded>,
    /// The client let the program go on when it left (attach without terminating).
    pub go_on: bool,
    /// The view the session showed the machine in, for the next one (None if the user
    /// closed it).
    pub view: Option<View>,
}

impl<W: Write> Session<W> {
    /// A session writing to `out`.
    pub fn new(out: W, config: Config) -> Session<W> {
        Session {
            out,
            seq: 0,
            config,
            target: None,
            stop_on_entry: false,
            running: false,
            back: None,
            held: false,
            held_stop: None,
            go_on: false,
            done: false,
            view: None,
        }
    }

    /// Show the machine in `view` while the session runs.
    pub fn with_view(mut self, view: View) -> Session<W> {
        // Due at once: the window opens as soon as there is a machine to show.
        let due = Instant::now()
            .checked_sub(VIEW_EVERY)
            .unwrap_or_else(Instant::now);
        self.view = Some((view, due));
        self
    }

    /// Draw the view when a frame's time has passed; the user closing it ends the
    /// session as a terminated debuggee.
    fn show(&mut self) -> Result<(), Error> {
        let (Some((view, at)), Some(t)) = (self.view.as_mut(), self.target.as_mut()) else {
            return Ok(());
        };
        if at.elapsed() < VIEW_EVERY {
            return Ok(());
        }
        *at = Instant::now();
        let open = view(&mut t.machine, self.running);
        if !open {
            self.view = None;
            self.running = false;
            self.done = true;
            self.event("terminated", json!({}))?;
        }
        Ok(())
    }

    /// A session on a machine this process already holds: the client attaches to it.
    /// `stopped` says why it is stopped (it stays so once attached), None if it runs.
    pub fn attached(out: W, config: Config, target: Loaded, stopped: Option<String>) -> Session<W> {
        let mut s = Session::new(out, config);
        s.target = Some(target);
        s.held = true;
        // A running machine goes on when its client leaves, unless it asks otherwise.
        s.go_on = stopped.is_none();
        s.held_stop = stopped;
        s
    }

    /// Answer requests until the client disconnects or its stream ends.
    pub fn run(mut self, rx: Receiver<Frame>) -> Result<Left, Error> {
        while !self.done {
            self.show()?;
            if self.done {
                break;
            }
            let frame = if self.running {
                match rx.try_recv() {
                    Ok(f) => Some(f),
                    Err(TryRecvError::Empty) => None,
                    Err(TryRecvError::Disconnected) => break,
                }
            } else if self.view.is_some() {
                // Stopped with a window: it is redrawn while the client thinks.
                match rx.recv_timeout(VIEW_EVERY) {
                    Ok(f) => Some(f),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            } else {
                match rx.recv() {
                    Ok(f) => Some(f),
                    Err(_) => break,
                }
            };
            match frame {
                Some(Frame::Message(m)) => self.message(&m)?,
                Some(Frame::Bad(why)) => self.respond_error(0, "", &why)?,
                None => {}
            }
            self.run_slice()?;
        }
        if self.running
            && let Some(t) = self.target.as_mut()
        {
            t.pause();
        }
        Ok(Left {
            target: self.target,
            go_on: self.go_on,
            view: self.view.map(|(v, _)| v),
        })
    }

    fn run_slice(&mut self) -> Result<(), Error> {
        let (true, Some(t)) = (self.running, self.target.as_mut()) else {
            return Ok(());
        };
        let mut logs = Vec::new();
        let halt = t.run_slice(&mut logs);
        for l in logs {
            self.event(
                "output",
                json!({ "category": "console", "output": format!("{l}\n") }),
            )?;
        }
        match halt {
            None => Ok(()),
            Some(Halt::Stopped { reason, text, ids }) => {
                self.running = false;
                self.stopped(reason, text, ids)
            }
            Some(Halt::Ended(code)) => {
                self.running = false;
                let code = code.map_or(0, i64::from);
                self.event("exited", json!({ "exitCode": code }))?;
                self.event("terminated", json!({}))
            }
        }
    }

    fn stopped(&mut self, reason: &str, text: Option<String>, ids: Vec<u64>) -> Result<(), Error> {
        let mut body = json!({ "reason": reason, "threadId": THREAD, "allThreadsStopped": true });
        if !ids.is_empty() {
            body["hitBreakpointIds"] = json!(ids);
        }
        if let Some(t) = text {
            body["description"] = json!(t.clone());
            body["text"] = json!(t);
        }
        self.event("stopped", body)
    }

    fn message(&mut self, m: &Value) -> Result<(), Error> {
        let seq = m.get("seq").and_then(Value::as_i64).unwrap_or(0);
        let command = m.get("command").and_then(Value::as_str).unwrap_or("");
        if m.get("type").and_then(Value::as_str) != Some("request") || command.is_empty() {
            return self.respond_error(
                seq,
                command,
                "not a request (type \"request\" with a command)",
            );
        }
        let args = m.get("arguments").cloned().unwrap_or(Value::Null);
        match self.request(command, &args) {
            Ok(body) => {
                self.respond(seq, command, body)?;
                self.after(command)
            }
            Err(Error::Io(e)) => Err(Error::Io(e)),
            Err(e) => self.respond_error(seq, command, &e.to_string()),
        }
    }

    /// Events that follow a request's response.
    fn after(&mut self, command: &str) -> Result<(), Error> {
        match command {
            "launch" | "attach" => {
                let warnings = self
                    .target
                    .as_ref()
                    .map(|t| t.warnings.clone())
                    .unwrap_or_default();
                if !warnings.trim().is_empty() {
                    self.event(
                        "output",
                        json!({ "category": "stderr", "output": warnings }),
                    )?;
                }
                self.event("initialized", json!({}))
            }
            "configurationDone" if self.held_stop.is_some() => {
                let why = self.held_stop.clone();
                self.stopped("entry", why, Vec::new())
            }
            "configurationDone" if self.stop_on_entry => self.stopped("entry", None, Vec::new()),
            "configurationDone" => {
                self.start(Run {
                    mode: Mode::Continue,
                    check_first: true,
                });
                Ok(())
            }
            "stepBack" | "reverseContinue" => {
                let Some(goal) = self.back.take() else {
                    return Ok(());
                };
                match self.target()?.go_back(goal) {
                    Ok(Halt::Stopped { reason, text, ids }) => self.stopped(reason, text, ids),
                    Ok(Halt::Ended(_)) => Ok(()),
                    Err(e) => {
                        let text = format!("going back failed: {e}");
                        self.event(
                            "output",
                            json!({ "category": "stderr", "output": format!("{text}\n") }),
                        )?;
                        self.stopped("exception", Some(text), Vec::new())
                    }
                }
            }
            "terminate" => self.event("terminated", json!({})),
            "disconnect" => {
                self.done = true;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn request(&mut self, command: &str, args: &Value) -> Result<Value, Error> {
        match command {
            "initialize" => Ok(capabilities()),
            "launch" if self.held => Err(bad(
                "this c64kit debug holds a machine already: attach to it (request \"attach\")",
            )),
            "launch" => {
                let la = LaunchArgs::from_json(args)?;
                let loaded = Loaded::launch(&la, &self.config)?;
                self.stop_on_entry = la.stop_on_entry;
                self.target = Some(loaded);
                Ok(Value::Null)
            }
            "attach" if !self.held => Err(bad(
                "nothing to attach to: this c64kit debug was started without a program \
                 (use launch, or attach to `c64kit debug --port N PROGRAM` or to a test run \
                 with C64KIT_DEBUG=N)",
            )),
            "attach" => {
                self.stop_on_entry = args
                    .get("stopOnEntry")
                    .and_then(Value::as_bool)
                    .unwrap_or(false);
                Ok(Value::Null)
            }
            "disconnect" | "terminate" => {
                // An attached client leaves the program running unless it asks to end it.
                if command == "terminate"
                    || args.get("terminateDebuggee").and_then(Value::as_bool) == Some(true)
                {
                    self.go_on = false;
                }
                if std::mem::take(&mut self.running) {
                    self.target()?.pause();
                }
                Ok(Value::Null)
            }
            "configurationDone" => {
                self.target()?;
                Ok(Value::Null)
            }
            "threads" => Ok(json!({ "threads": [{ "id": THREAD, "name": "C64" }] })),
            "setBreakpoints" => self.set_breakpoints(args),
            "setFunctionBreakpoints" => self.set_function_breakpoints(args),
            "setInstructionBreakpoints" => self.set_instruction_breakpoints(args),
            "setExceptionBreakpoints" => Ok(json!({ "breakpoints": [] })),
            "dataBreakpointInfo" => Ok(self.target()?.data_breakpoint_info(args)),
            "setDataBreakpoints" => self.set_data_breakpoints(args),
            "continue" => self
                .resume(Mode::Continue)
                .map(|_| json!({ "allThreadsContinued": true })),
            "next" | "stepIn" | "stepOut" => {
                let instruction =
                    args.get("granularity").and_then(Value::as_str) == Some("instruction");
                let t = self.target()?;
                let depth = t.tracker().stack.depth();
                let mode = match command {
                    _ if instruction && command != "stepOut" => Mode::Instruction,
                    "next" => Mode::Over {
                        depth,
                        from: t.machine.regs().pc,
                    },
                    "stepIn" => Mode::In,
                    _ => Mode::Out { depth },
                };
                self.resume(mode).map(|_| Value::Null)
            }
            "stepBack" | "reverseContinue" => {
                let instruction =
                    args.get("granularity").and_then(Value::as_str) == Some("instruction");
                let t = self.stopped_target()?;
                self.back = Some(match command {
                    "reverseContinue" => Goal::Breakpoint,
                    _ if instruction => Goal::Instruction,
                    _ => Goal::Over {
                        depth: t.tracker().stack.depth(),
                        from: t.machine.regs().pc,
                    },
                });
                Ok(Value::Null)
            }
            "pause" => {
                self.target()?;
                if std::mem::take(&mut self.running) {
                    self.target()?.pause();
                    self.stopped("pause", None, Vec::new())?;
                }
                Ok(Value::Null)
            }
            "stackTrace" => Ok(self.stopped_target()?.stack_trace(args)),
            "scopes" => Ok(self.stopped_target()?.scopes()),
            "variables" => {
                let r = args
                    .get("variablesReference")
                    .and_then(Value::as_i64)
                    .unwrap_or(0);
                self.stopped_target()?.variables(r)
            }
            "setVariable" => {
                let r = args
                    .get("variablesReference")
                    .and_then(Value::as_i64)
                    .unwrap_or(0);
                let name = args.get("name").and_then(Value::as_str).unwrap_or("");
                let value = args.get("value").and_then(Value::as_str).unwrap_or("");
                let t = self.stopped_target_mut()?;
                let body = t.set_variable(r, name, value)?;
                // Going back and forth again must keep the change.
                t.checkpoint(true);
                Ok(body)
            }
            "evaluate" => {
                let e = args.get("expression").and_then(Value::as_str).unwrap_or("");
                match e.trim().strip_prefix(".keys ") {
                    // The debug console types into the machine: `.keys {RETURN}W`.
                    Some(keys) => {
                        let t = self.target()?;
                        t.machine
                            .try_type_keys(keys.trim())
                            .map_err(|e| bad(e.to_string()))?;
                        t.checkpoint(true);
                        Ok(
                            json!({ "result": format!("typing {} (as the program asks)", keys.trim()), "variablesReference": 0 }),
                        )
                    }
                    None => self.stopped_target()?.evaluate(e),
                }
            }
            "readMemory" => self.stopped_target()?.read_memory(args),
            "disassemble" => self.stopped_target()?.disassemble(args),
            "writeMemory" => {
                let t = self.stopped_target_mut()?;
                let body = t.write_memory(args)?;
                t.checkpoint(true);
                Ok(body)
            }
            other => Err(bad(format!("{other} is not supported"))),
        }
    }

    fn target(&mut self) -> Result<&mut Loaded, Error> {
        self.target
            .as_mut()
            .ok_or_else(|| bad("no program: launch one first"))
    }

    fn stopped_target(&self) -> Result<&Loaded, Error> {
        if self.running {
            return Err(bad("the machine is running: pause it first"));
        }
        self.target
            .as_ref()
            .ok_or_else(|| bad("no program: launch one first"))
    }

    fn stopped_target_mut(&mut self) -> Result<&mut Loaded, Error> {
        self.stopped_target()?;
        self.target()
    }

    fn resume(&mut self, mode: Mode) -> Result<(), Error> {
        self.stopped_target()?;
        self.start(Run {
            mode,
            check_first: false,
        });
        Ok(())
    }

    fn start(&mut self, run: Run) {
        if let Some(t) = self.target.as_mut() {
            t.start(run);
            self.running = true;
        }
    }

    fn set_breakpoints(&mut self, args: &Value) -> Result<Value, Error> {
        let path = args
            .pointer("/source/path")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("setBreakpoints needs source.path"))?
            .to_string();
        let file = self.target()?.info.file_id(Path::new(&path));
        let key = file.map_or_else(|| path.clone(), |f| f.to_string());
        self.place(Origin::Source(key), args, |t, b| {
            let line = b.get("line").and_then(Value::as_u64).unwrap_or(0) as u32;
            let (at, addrs) = file
                .and_then(|f| t.info.code_at_or_after(f, line))
                .ok_or_else(|| format!("no code at or after line {line} of {path}"))?;
            let place = json!({ "line": at, "source": source_json(Path::new(&path)) });
            Ok((Trigger::Pc(addrs), place))
        })
    }

    fn set_function_breakpoints(&mut self, args: &Value) -> Result<Value, Error> {
        self.place(Origin::Function, args, |t, b| {
            let name = b.get("name").and_then(Value::as_str).unwrap_or("");
            if let Some(line) = raster_line(name, t) {
                return Ok((Trigger::Raster(line?), json!({})));
            }
            let addr = t
                .info
                .label(name)
                .ok_or_else(|| format!("no label {name}"))?;
            let place = match t.info.line_at(addr) {
                Some(p) => json!({ "line": p.line, "source": source_json(&t.info.files[p.file]) }),
                None => json!({}),
            };
            Ok((Trigger::Pc(vec![addr]), place))
        })
    }

    fn set_instruction_breakpoints(&mut self, args: &Value) -> Result<Value, Error> {
        self.place(Origin::Instruction, args, |t, b| {
            let reference = b
                .get("instructionReference")
                .and_then(Value::as_str)
                .unwrap_or("");
            let offset = b.get("offset").and_then(Value::as_i64).unwrap_or(0);
            let addr = parse_reference(reference, &t.info)
                .map(|a| a + offset)
                .and_then(|a| u16::try_from(a).ok())
                .ok_or_else(|| format!("{reference:?} is not an address"))?;
            Ok((Trigger::Pc(vec![addr]), json!({})))
        })
    }

    fn set_data_breakpoints(&mut self, args: &Value) -> Result<Value, Error> {
        let body = self.place(Origin::Data, args, |_, b| {
            let id = b.get("dataId").and_then(Value::as_str).unwrap_or("");
            let addr = crate::inspect::parse_address(id)
                .and_then(|a| u16::try_from(a).ok())
                .ok_or_else(|| format!("dataId {id:?} is not an address"))?;
            let (read, write) = match b.get("accessType").and_then(Value::as_str) {
                None | Some("write") => (false, true),
                Some("read") => (true, false),
                Some("readWrite") => (true, true),
                Some(other) => {
                    return Err(format!("accessType {other:?}: read, write or readWrite"));
                }
            };
            Ok((Trigger::Data { addr, read, write }, json!({})))
        })?;
        self.target()?.arm_watch();
        Ok(body)
    }

    /// Replace one kind's breakpoints: `resolve` finds what reaches each one and the
    /// place to show, or says why nothing does.
    fn place(
        &mut self,
        origin: Origin,
        args: &Value,
        resolve: impl Fn(&Loaded, &Value) -> Result<(Trigger, Value), String>,
    ) -> Result<Value, Error> {
        let t = self.target()?;
        let wanted = args
            .get("breakpoints")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut set = Vec::new();
        let mut answer = Vec::new();
        for b in &wanted {
            let id = t.tracker().breakpoints.new_id();
            let mut bp = new_breakpoint(id, b);
            let mut a = json!({ "id": id, "verified": false });
            match check(t, &bp).and_then(|()| resolve(t, b)) {
                Err(e) => a["message"] = json!(e),
                Ok((trigger, place)) => {
                    a["verified"] = json!(true);
                    if let Trigger::Pc(addrs) = &trigger {
                        a["instructionReference"] = json!(format!("0x{:04X}", addrs[0]));
                    }
                    if let Value::Object(fields) = place {
                        for (k, v) in fields {
                            a[k] = v;
                        }
                    }
                    bp.trigger = trigger;
                }
            }
            set.push(bp);
            answer.push(a);
        }
        t.tracker().breakpoints.replace(origin, set);
        Ok(json!({ "breakpoints": answer }))
    }

    fn respond(&mut self, request_seq: i64, command: &str, body: Value) -> Result<(), Error> {
        let mut m = json!({
            "type": "response",
            "request_seq": request_seq,
            "success": true,
            "command": command,
        });
        if !body.is_null() {
            m["body"] = body;
        }
        self.send(m)
    }

    fn respond_error(
        &mut self,
        request_seq: i64,
        command: &str,
        message: &str,
    ) -> Result<(), Error> {
        self.send(json!({
            "type": "response",
            "request_seq": request_seq,
            "success": false,
            "command": command,
            "message": message,
            "body": { "error": { "id": 1, "format": message.replace('{', "{{").replace('}', "}}"), "showUser": true } },
        }))
    }

    fn event(&mut self, event: &str, body: Value) -> Result<(), Error> {
        self.send(json!({ "type": "event", "event": event, "body": body }))
    }

    fn send(&mut self, mut m: Value) -> Result<(), Error> {
        self.seq += 1;
        m["seq"] = json!(self.seq);
        wire::write_message(&mut self.out, &m).map_err(Error::Io)
    }
}

/// A breakpoint from a request's entry (its addresses still to be found).
fn new_breakpoint(id: u64, b: &Value) -> Breakpoint {
    let text = |k: &str| {
        b.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
    };
    Breakpoint {
        id,
        trigger: Trigger::Pc(Vec::new()),
        condition: text("condition"),
        hit_condition: text("hitCondition"),
        log_message: text("logMessage"),
        hits: 0,
    }
}

/// A condition that does not evaluate now, or a hit condition that is not one, is
/// refused when it is set rather than when it is reached.
fn check(t: &Loaded, bp: &Breakpoint) -> Result<(), String> {
    if let Some(c) = &bp.condition {
        expr::evaluate(c, &t.machine.regs(), &t.info.labels)
            .map_err(|e| format!("condition {c}: {e}"))?;
    }
    if let Some(h) = &bp.hit_condition
        && parse_hit(h).is_none()
    {
        return Err(format!(
            "hit condition {h:?}: a count such as 5, >= 5, == 5 or % 5"
        ));
    }
    Ok(())
}

/// A function breakpoint named `raster N` (N a 64tass expression: `raster 100`,
/// `raster $64`) is a raster breakpoint on line N: the line, or why it is none. None
/// for other names.
fn raster_line(name: &str, t: &Loaded) -> Option<Result<u16, String>> {
    let name = name.trim();
    let rest = name
        .get(..6)
        .filter(|w| w.eq_ignore_ascii_case("raster"))
        .and_then(|_| name[6..].strip_prefix(char::is_whitespace))?;
    let lines = t.machine.vic_model().timing().lines;
    Some(
        expr::evaluate(rest, &t.machine.regs(), &t.info.labels)
            .map_err(|e| format!("raster line {rest}: {e}"))
            .and_then(|v| {
                u16::try_from(v).ok().filter(|&l| l < lines).ok_or_else(|| {
                    format!("raster line {v}: the frame has lines 0 to {}", lines - 1)
                })
            }),
    )
}

fn parse_reference(r: &str, info: &crate::info::DebugInfo) -> Option<i64> {
    let r = r.trim();
    if let Some(h) = r.strip_prefix("0x").or_else(|| r.strip_prefix('$')) {
        return i64::from_str_radix(h, 16).ok();
    }
    r.parse().ok().or_else(|| info.label(r).map(i64::from))
}

fn capabilities() -> Value {
    json!({
        "supportsConfigurationDoneRequest": true,
        "supportsFunctionBreakpoints": true,
        "supportsConditionalBreakpoints": true,
        "supportsDataBreakpoints": true,
        "supportsHitConditionalBreakpoints": true,
        "supportsLogPoints": true,
        "supportsInstructionBreakpoints": true,
        "supportsSteppingGranularity": true,
        "supportsStepBack": true,
        "supportsDisassembleRequest": true,
        "supportsReadMemoryRequest": true,
        "supportsWriteMemoryRequest": true,
        "supportsSetVariable": true,
        "supportsEvaluateForHovers": true,
        "supportsTerminateRequest": true,
    })
}
