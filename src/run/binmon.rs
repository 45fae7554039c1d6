//! `c64kit run --binary-monitor`: VICE's binary monitor protocol over TCP in front of the
//! machine, so VICE front ends (VS64, IceBroLite, C64 Studio) attach to c64kit. The
//! protocol itself (frames, commands, checkpoints, response bodies) is c64binmon's; this
//! module runs the machine at PAL speed, stops it when a command arrives or a
//! checkpoint hits, and carries out the commands on it.
//!
//! One client at a time. The machine stops at a client's command (register and stopped
//! events, as VICE's monitor opens) and resumes on exit, advance, execute until return;
//! as in VICE it stays stopped when the client disconnects, for the next one. Checkpoints map onto c64emu's
//! watch: exec checkpoints stop before the instruction, load and store after it.

use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

use c64binmon::checkpoint::Hit;
use c64binmon::command::{Memspace, ResourceValue, kind};
use c64binmon::cond::{Env, Reg};
use c64binmon::frame::{Error, Incoming};
use c64binmon::reply::{self, bank, reg};
use c64binmon::{Checkpoints, Command, Decoder, EVENT_ID, Op, response};
use c64emu::{Access, Content, Machine, Stop, Watch, render, timing};

use super::past::{self, Past};
use super::resources::{self, Border, Settings};

/// Cycles run between looks at the connection: one PAL frame.
const SLICE: u64 = timing::CYCLES_PER_FRAME;
/// Instructions stepped between looks at the connection (execute until return).
const STEPS_PER_LOOK: u32 = 20_000;
const OP_JSR: u8 = 0x20;
const OP_RTS: u8 = 0x60;
const OP_RTI: u8 = 0x40;
/// The KERNAL's keyboard buffer, its fill count and its size.
const KEYD: u16 = 0x0277;
const NDX: u16 = 0x00C6;
const XMAX: u16 = 0x0289;

/// `[ADDR:]PORT`: a port alone listens on the loopback interface.
pub fn parse_addr(s: &str) -> Result<SocketAddr, String> {
    if let Ok(port) = s.parse::<u16>() {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    s.parse::<SocketAddr>()
        .map_err(|_| format!("{s:?} is not [ADDR:]PORT (6502, 127.0.0.1:6502, [::1]:6502)"))
}

/// How serving ended.
pub enum Ended {
    /// The client sent quit.
    Quit,
    /// Ctrl-C or a signal.
    Interrupted,
    /// The machine ended the run (the debug cartridge).
    Stop(Stop),
    /// The user closed the window.
    Closed,
}

/// Shows the machine (a window): called about 50 times a second with whether the
/// machine runs; false when the user has closed it.
pub type View<'a> = &'a mut dyn FnMut(&mut Machine, bool) -> bool;

/// How often the view is drawn: a PAL frame's time.
const VIEW_EVERY: Duration = Duration::from_millis(20);

/// Makes the machine a reset starts from (the one `run` built: ROMs, cartridge, disk).
pub type Fresh<'a> = &'a dyn Fn() -> Result<Machine, String>;

/// What the machine does while the monitor is closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Stopped in the monitor.
    Stopped,
    /// Running until a checkpoint (or a client's command).
    Running,
    /// Stepping `left` instructions, a JSR as one when `over`.
    Steps { left: u16, over: bool },
    /// Running to `addr` with the stack back at `sp` (a stepped-over JSR), then
    /// `left` more steps.
    Return { addr: u16, sp: u8, left: u16 },
    /// Until an RTS or RTI leaves the stack above `sp`.
    UntilReturn { sp: u8 },
}

struct Session<'a> {
    m: &'a mut Machine,
    fresh: Fresh<'a>,
    checkpoints: Checkpoints,
    /// PETSCII the client fed, waiting for room in the keyboard buffer.
    feed: VecDeque<u8>,
    mode: Mode,
    /// Bytes to send.
    out: Vec<u8>,
    quit: bool,
    settings: Settings,
    /// The run so far, for CPU history.
    past: Past,
}

/// Serve the protocol on `listener` until the client quits (or a signal).
pub fn serve(
    m: &mut Machine,
    listener: TcpListener,
    fresh: Fresh<'_>,
    warp: bool,
    interrupted: &dyn Fn() -> bool,
    mut view: Option<View<'_>>,
) -> std::io::Result<Ended> {
    listener.set_nonblocking(true)?;
    let mut s = Session {
        m,
        fresh,
        checkpoints: Checkpoints::new(),
        feed: VecDeque::new(),
        mode: Mode::Running,
        out: Vec::new(),
        quit: false,
        settings: Settings {
            warp,
            border: Border::Normal(0),
        },
        past: Past::default(),
    };
    s.past.record(s.m, true);
    let mut conn: Option<(TcpStream, Decoder)> = None;
    let mut clock = Instant::now();
    let mut buf = vec![0u8; 1 << 16];
    let mut viewed = Instant::now();
    loop {
        if interrupted() {
            return Ok(Ended::Interrupted);
        }
        if let Some(show) = view.as_mut()
            && viewed.elapsed() >= VIEW_EVERY
        {
            viewed = Instant::now();
            if !show(s.m, s.mode != Mode::Stopped) {
                return Ok(Ended::Closed);
            }
        }
        if conn.is_none()
            && let Ok((stream, _)) = listener.accept()
        {
            stream.set_nonblocking(false)?;
            stream.set_nodelay(true)?;
            conn = Some((stream, Decoder::new()));
        }
        // Wait for the client as long as the machine has nothing to do (stopped) or
        // until its next frame is due (running at PAL speed).
        let wait = match s.mode {
            // A window is redrawn (and answers its events) while the machine waits.
            Mode::Stopped if view.is_some() => VIEW_EVERY,
            Mode::Stopped => Duration::from_millis(50),
            _ if s.settings.warp => Duration::from_micros(1),
            _ => clock
                .checked_duration_since(Instant::now())
                .unwrap_or(Duration::ZERO)
                .max(Duration::from_micros(1)),
        };
        let mut gone = false;
        if let Some((stream, decoder)) = &mut conn {
            stream.set_read_timeout(Some(wait))?;
            match stream.read(&mut buf) {
                Ok(0) => gone = true,
                Ok(n) => decoder.push(&buf[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => gone = true,
            }
            while let Some(incoming) = decoder.next_frame() {
                s.command(incoming);
                if s.quit {
                    break;
                }
            }
            if !s.out.is_empty() {
                if stream.write_all(&s.out).is_err() {
                    gone = true;
                }
                s.out.clear();
            }
        } else {
            std::thread::sleep(wait.min(Duration::from_millis(20)));
        }
        if s.quit {
            return Ok(Ended::Quit);
        }
        if gone {
            // As in VICE, a machine stopped in the monitor stays stopped for the next
            // client (front ends reconnect and expect the state they left).
            conn = None;
        }
        if s.mode != Mode::Stopped && (s.settings.warp || Instant::now() >= clock) {
            if let Some(stop) = s.advance() {
                return Ok(Ended::Stop(stop));
            }
            s.past.record(s.m, false);
            clock = clock.max(Instant::now() - Duration::from_millis(100))
                + Duration::from_micros(SLICE * 1_000_000 / timing::CLOCK_HZ);
            if let Some((stream, _)) = &mut conn
                && !s.out.is_empty()
            {
                if stream.write_all(&s.out).is_err() {
                    conn = None;
                }
                s.out.clear();
            } else if conn.is_none() {
                s.out.clear();
            }
        }
    }
}

impl Session<'_> {
    fn send(&mut self, kind: u8, error: Error, id: u32, body: &[u8]) {
        self.out.extend(response(kind, error, id, body));
    }

    fn ok(&mut self, kind: u8, id: u32, body: &[u8]) {
        self.send(kind, Error::Ok, id, body);
    }

    /// Open the monitor: registers and the stopped event.
    fn stop(&mut self) {
        self.mode = Mode::Stopped;
        let regs = reply::register_info(&self.registers());
        self.ok(kind::REGISTERS_GET, EVENT_ID, &regs);
        let pc = reply::pc(self.m.regs().pc);
        self.ok(kind::STOPPED, EVENT_ID, &pc);
    }

    /// Leave the monitor in `mode`.
    fn resume(&mut self, mode: Mode) {
        self.mode = mode;
        let pc = reply::pc(self.m.regs().pc);
        self.ok(kind::RESUMED, EVENT_ID, &pc);
        self.arm();
    }

    /// The watch the checkpoints (and a stepped-over JSR's return) need.
    fn arm(&mut self) {
        let mut w = Watch::new();
        for (op, access) in [
            (Op::EXEC, Access::Exec),
            (Op::LOAD, Access::Read),
            (Op::STORE, Access::Write),
        ] {
            for (a, b) in self.checkpoints.ranges(op) {
                w.add(access, a, b);
            }
        }
        if let Mode::Return { addr, .. } = self.mode {
            w.add(Access::Exec, addr, addr);
        }
        let any = w.watches_exec() || w.watches_memory();
        self.m.set_watch(any.then_some(w));
    }

    fn registers(&self) -> Vec<(u8, u16)> {
        reply::REGISTERS
            .iter()
            .map(|&(id, _, _)| (id, past::register(self.m, id)))
            .collect()
    }

    /// Move the fed text into the keyboard buffer once the KERNAL has emptied it.
    fn pump_feed(&mut self) {
        if self.feed.is_empty() || self.m.peek(NDX) != 0 {
            return;
        }
        let room = self.m.peek(XMAX).clamp(1, 10);
        let mut n = 0;
        while n < room
            && let Some(c) = self.feed.pop_front()
        {
            self.m.poke(KEYD + u16::from(n), c);
            n += 1;
        }
        self.m.poke(NDX, n);
        self.past.record(self.m, true);
    }

    /// Run (or step) the machine a while. Some(stop) ends serving.
    fn advance(&mut self) -> Option<Stop> {
        self.pump_feed();
        match self.mode {
            Mode::Stopped => None,
            Mode::Running | Mode::Return { .. } => {
                let stop = self.m.run(SLICE);
                self.after_run(stop)
            }
            Mode::Steps { left, over } => {
                let mut left = left;
                while left > 0 {
                    let pc = self.m.regs().pc;
                    if over && self.m.peek_banked(pc) == OP_JSR {
                        self.mode = Mode::Return {
                            addr: pc.wrapping_add(3),
                            sp: self.m.regs().sp,
                            left: left - 1,
                        };
                        self.arm();
                        return None;
                    }
                    match self.m.step() {
                        // The stub KERNAL's return to BASIC is a step too.
                        Ok(()) | Err(Stop::ReturnedToBasic) => {}
                        Err(stop) => return self.machine_stop(stop),
                    }
                    left -= 1;
                }
                self.stop();
                None
            }
            Mode::UntilReturn { sp } => {
                for _ in 0..STEPS_PER_LOOK {
                    let pc = self.m.regs().pc;
                    let op = self.m.peek_banked(pc);
                    match self.m.step() {
                        Ok(()) | Err(Stop::ReturnedToBasic) => {}
                        Err(stop) => return self.machine_stop(stop),
                    }
                    if matches!(op, OP_RTS | OP_RTI) && self.m.regs().sp > sp {
                        self.stop();
                        return None;
                    }
                }
                None
            }
        }
    }

    fn after_run(&mut self, stop: Stop) -> Option<Stop> {
        match stop {
            Stop::CycleLimit => None,
            Stop::Watch(hit) => {
                if let Mode::Return { addr, sp, left } = self.mode
                    && hit.access == Access::Exec
                    && hit.addr == addr
                    && self.m.regs().sp >= sp
                {
                    self.mode = Mode::Steps { left, over: true };
                    self.arm();
                    return None;
                }
                let op = match hit.access {
                    Access::Exec => Op::EXEC,
                    Access::Read => Op::LOAD,
                    Access::Write => Op::STORE,
                };
                let hits: Vec<Hit> = self.checkpoints.hit(op, hit.addr, &MachineEnv(self.m));
                let stops = hits.iter().any(|h| h.checkpoint.stop);
                for h in &hits {
                    let body = reply::checkpoint_info(&h.checkpoint, true);
                    self.ok(kind::CHECKPOINT_GET, EVENT_ID, &body);
                }
                if stops {
                    self.stop();
                } else {
                    self.arm();
                }
                None
            }
            other => self.machine_stop(other),
        }
    }

    /// The machine stopped by itself: a JAM opens the monitor with the JAM event, the
    /// debug cartridge ends serving, a return to BASIC goes on, anything else (a BRK
    /// on the stub KERNAL, an unimplemented KERNAL entry) opens the monitor.
    fn machine_stop(&mut self, stop: Stop) -> Option<Stop> {
        match stop {
            Stop::DebugCart(_) => Some(stop),
            // The stub KERNAL's BASIC waits for the next line, as BASIC would.
            Stop::ReturnedToBasic => None,
            Stop::Jam { pc, .. } => {
                self.ok(kind::JAM, EVENT_ID, &reply::pc(pc));
                self.stop();
                None
            }
            other => {
                note(format_args!("{}", self.m.describe_stop(&other)));
                self.stop();
                None
            }
        }
    }

    fn command(&mut self, incoming: Incoming) {
        let frame = match incoming {
            Incoming::Frame(f) => f,
            Incoming::Reject(e, id) => {
                self.send(0, e, id, &[]);
                return;
            }
        };
        // Any command stops the machine first, as VICE's monitor opens.
        if self.mode != Mode::Stopped {
            self.stop();
        }
        let id = frame.request_id;
        match c64binmon::decode(&frame) {
            Ok(cmd) => {
                let changes = changes_machine(&cmd);
                if let Err(e) = self.execute(cmd, frame.kind, id) {
                    self.send(0, e, id, &[]);
                }
                if changes {
                    // Replaying the history would not redo it: a point of its own.
                    self.past.record(self.m, true);
                }
            }
            Err(e) => self.send(0, e, id, &[]),
        }
    }

    fn execute(&mut self, cmd: Command, kind: u8, id: u32) -> Result<(), Error> {
        match cmd {
            Command::Ping => self.ok(kind, id, &[]),
            Command::MemGet {
                start,
                end,
                memspace,
                bank,
                ..
            } => {
                computer(memspace)?;
                let bytes: Vec<u8> = (start..=end)
                    .map(|a| self.read_bank(bank, a))
                    .collect::<Result<_, _>>()?;
                self.ok(kind, id, &reply::mem_get(&bytes));
            }
            Command::MemSet {
                start,
                memspace,
                bank,
                data,
                ..
            } => {
                computer(memspace)?;
                if bank > bank::IO {
                    return Err(Error::InvalidParameter);
                }
                if bank == bank::ROM
                    && (0..data.len())
                        .any(|i| self.m.peek_rom(start.wrapping_add(i as u16)).is_some())
                {
                    // The ROM images are not writable.
                    return Err(Error::InvalidParameter);
                }
                for (i, &b) in data.iter().enumerate() {
                    self.write_bank(bank, start.wrapping_add(i as u16), b);
                }
                self.ok(kind, id, &[]);
            }
            Command::CheckpointGet(n) => {
                let c = self.checkpoints.get(n).ok_or(Error::ObjectMissing)?;
                let body = reply::checkpoint_info(c, false);
                self.ok(kind, id, &body);
            }
            Command::CheckpointSet {
                start,
                end,
                stop,
                enabled,
                op,
                temporary,
                memspace,
            } => {
                computer(memspace)?;
                let n =
                    self.checkpoints
                        .add(start, end, stop, enabled, op, temporary, memspace.byte());
                let body = reply::checkpoint_info(self.checkpoints.get(n).expect("added"), false);
                self.ok(kind::CHECKPOINT_GET, id, &body);
            }
            Command::CheckpointDelete(n) => {
                if !self.checkpoints.delete(n) {
                    return Err(Error::ObjectMissing);
                }
                self.ok(kind, id, &[]);
            }
            Command::CheckpointList => {
                let bodies: Vec<Vec<u8>> = self
                    .checkpoints
                    .iter()
                    .map(|c| reply::checkpoint_info(c, false))
                    .collect();
                for b in &bodies {
                    self.ok(kind::CHECKPOINT_GET, id, b);
                }
                self.ok(kind, id, &reply::checkpoint_count(bodies.len() as u32));
            }
            Command::CheckpointToggle(n, on) => {
                if !self.checkpoints.toggle(n, on) {
                    return Err(Error::ObjectMissing);
                }
                self.ok(kind, id, &[]);
            }
            Command::ConditionSet(n, text) => {
                self.checkpoints.get(n).ok_or(Error::ObjectMissing)?;
                let cond = c64binmon::cond::parse(&text).map_err(|_| Error::Failure)?;
                self.checkpoints.set_condition(n, cond);
                self.ok(kind, id, &[]);
            }
            Command::RegistersGet(memspace) => {
                computer(memspace)?;
                let body = reply::register_info(&self.registers());
                self.ok(kind, id, &body);
            }
            Command::RegistersSet(memspace, values) => {
                computer(memspace)?;
                if values
                    .iter()
                    .any(|(r, _)| !reply::REGISTERS.iter().any(|(id, _, _)| id == r))
                {
                    return Err(Error::ObjectMissing);
                }
                let mut r = self.m.regs();
                for &(reg_id, v) in &values {
                    match reg_id {
                        reg::PC => r.pc = v,
                        reg::A => r.a = v as u8,
                        reg::X => r.x = v as u8,
                        reg::Y => r.y = v as u8,
                        reg::SP => r.sp = v as u8,
                        reg::FL => r.p = v as u8,
                        _ => {}
                    }
                }
                self.m.set_regs(r);
                for &(reg_id, v) in &values {
                    match reg_id {
                        reg::ZERO => self.m.poke_banked(0, v as u8),
                        reg::ONE => self.m.poke_banked(1, v as u8),
                        // The raster position is the machine's clock: not settable.
                        _ => {}
                    }
                }
                let body = reply::register_info(&self.registers());
                self.ok(kind::REGISTERS_GET, id, &body);
            }
            Command::RegistersAvailable(memspace) => {
                computer(memspace)?;
                self.ok(kind, id, &reply::registers_available());
            }
            Command::BanksAvailable => self.ok(kind, id, &reply::banks_available()),
            Command::Advance { step_over, count } => {
                self.ok(kind, id, &[]);
                self.resume(Mode::Steps {
                    left: count,
                    over: step_over,
                });
            }
            Command::ExecuteUntilReturn => {
                self.ok(kind, id, &[]);
                let sp = self.m.regs().sp;
                self.resume(Mode::UntilReturn { sp });
            }
            Command::KeyboardFeed(text) => {
                self.feed.extend(text);
                self.pump_feed();
                self.ok(kind, id, &[]);
            }
            Command::DisplayGet { .. } => {
                let (g, pens) = self.picture();
                self.ok(kind, id, &reply::display(g, &pens));
            }
            Command::ResourceGet(name) => {
                let body = match resources::get(&name, self.m, &self.settings)? {
                    ResourceValue::Int(v) => reply::resource_int(v),
                    ResourceValue::Str(t) => {
                        reply::resource_string(&t).ok_or(Error::ObjectMissing)?
                    }
                };
                self.ok(kind, id, &body);
            }
            Command::ResourceSet(name, value) => {
                resources::set(&name, &value, self.m, &mut self.settings)?;
                self.ok(kind, id, &[]);
            }
            Command::CpuHistory { memspace, count } => {
                computer(memspace)?;
                let items = self.past.last(self.m, count);
                self.ok(kind, id, &reply::cpu_history(&items));
            }
            Command::Dump { name, .. } => {
                let path = file_name(name)?;
                self.dump(&path)?;
                self.ok(kind, id, &[]);
            }
            Command::Undump(name) => {
                let path = file_name(name)?;
                self.undump(&path)?;
                self.ok(kind, id, &reply::pc(self.m.regs().pc));
            }
            Command::PaletteGet => self.ok(kind, id, &reply::palette(&render::PALETTE)),
            Command::ViceInfo => self.ok(kind, id, &reply::vice_info()),
            Command::JoyportSet { port, value } => {
                if port > 1 {
                    return Err(Error::ObjectMissing);
                }
                self.m.set_joystick(port as u8 + 1, (value & 0x1F) as u8);
                self.ok(kind, id, &[]);
            }
            Command::UserportSet(value) => {
                if value > 0xFF {
                    return Err(Error::InvalidParameter);
                }
                self.m.set_userport(value as u8);
                self.ok(kind, id, &[]);
            }
            Command::Exit => {
                self.ok(kind, id, &[]);
                self.resume(Mode::Running);
            }
            Command::Quit => {
                self.ok(kind, id, &[]);
                self.quit = true;
            }
            Command::Reset(what) => {
                match what {
                    0 | 1 => {
                        let mut fresh = (self.fresh)().map_err(|e| {
                            note(format_args!("reset: {e}"));
                            Error::Failure
                        })?;
                        // A soft reset keeps RAM (the KERNAL's cold start, the user's
                        // or the stub's, clears what it clears when it runs).
                        if what == 0 {
                            fresh.write(0x0002, &self.m.ram()[2..]);
                        }
                        fresh.set_watch(None);
                        *self.m = fresh;
                        self.feed.clear();
                    }
                    8..=11 => return Err(Error::ObjectMissing),
                    _ => return Err(Error::InvalidParameter),
                }
                self.ok(kind, id, &[]);
            }
            Command::Autostart { run, index, name } => {
                let name = String::from_utf8(name).map_err(|_| Error::InvalidParameter)?;
                self.autostart(Path::new(&name), index, run)?;
                self.ok(kind, id, &[]);
                // Load, (start,) and back to the monitor.
                self.resume(Mode::Running);
                self.stop();
            }
        }
        Ok(())
    }

    /// Save the machine to a snapshot file (c64kit's own format: docs/debugging.md).
    /// VICE's "save ROMs / disks" flags have nothing to do: c64kit's file never holds
    /// them.
    fn dump(&mut self, path: &Path) -> Result<(), Error> {
        self.refuse_true_drive("dump")?;
        std::fs::write(path, self.m.save_state()).map_err(|e| {
            note(format_args!("dump: cannot write {}: {e}", path.display()));
            Error::Failure
        })
    }

    /// Snapshot files hold the C64, not a true 1541's CPU, VIAs and disk: with one
    /// attached, going on from a file would leave the two out of step.
    fn refuse_true_drive(&self, what: &str) -> Result<(), Error> {
        if self.m.true_drive().is_some() {
            note(format_args!(
                "{what}: snapshot files do not hold the true 1541's state (run with --drive virtual)"
            ));
            return Err(Error::Failure);
        }
        Ok(())
    }

    /// Go on from a snapshot file; a wrong or damaged file changes nothing.
    fn undump(&mut self, path: &Path) -> Result<(), Error> {
        self.refuse_true_drive("undump")?;
        let bytes = std::fs::read(path).map_err(|e| {
            note(format_args!("undump: cannot read {}: {e}", path.display()));
            Error::Failure
        })?;
        self.m.load_state(&bytes).map_err(|e| {
            note(format_args!("undump: {}: {e}", path.display()));
            Error::Failure
        })?;
        self.feed.clear();
        Ok(())
    }

    /// The picture display get sends: c64kit's whole picture, or with the border mode
    /// "none" the display window alone.
    fn picture(&self) -> (reply::Geometry, Vec<u8>) {
        let pens = render::pens(self.m);
        let (w, h) = (render::WIDTH, render::HEIGHT);
        match self.settings.border {
            Border::Normal(_) => (
                reply::Geometry {
                    width: w as u16,
                    height: h as u16,
                    inner_x: render::BORDER_X as u16,
                    inner_y: render::BORDER_Y as u16,
                    inner_width: 320,
                    inner_height: 200,
                },
                pens,
            ),
            Border::None => {
                let window: Vec<u8> = pens
                    .chunks(w)
                    .skip(render::BORDER_Y)
                    .take(200)
                    .flat_map(|row| &row[render::BORDER_X..render::BORDER_X + 320])
                    .copied()
                    .collect();
                let g = reply::Geometry {
                    width: 320,
                    height: 200,
                    inner_x: 0,
                    inner_y: 0,
                    inner_width: 320,
                    inner_height: 200,
                };
                debug_assert_eq!(window.len(), 320 * 200, "{h} lines");
                (g, window)
            }
        }
    }

    fn read_bank(&self, bank: u16, addr: u16) -> Result<u8, Error> {
        Ok(match bank {
            bank::CPU => self.m.peek_banked(addr),
            bank::RAM => self.m.peek(addr),
            bank::ROM => self.m.peek_rom(addr).unwrap_or_else(|| self.m.peek(addr)),
            bank::IO => match addr {
                0xD000..=0xDFFF => self.m.peek_io(addr),
                _ => self.m.peek_rom(addr).unwrap_or_else(|| self.m.peek(addr)),
            },
            _ => return Err(Error::InvalidParameter),
        })
    }

    fn write_bank(&mut self, bank: u16, addr: u16, value: u8) {
        match bank {
            bank::CPU => self.m.poke_banked(addr, value),
            bank::IO if (0xD000..=0xDFFF).contains(&addr) => self.m.poke_io(addr, value),
            _ => self.m.poke(addr, value),
        }
    }

    /// Load a program file (a .prg, .p00, .t64; a .d64's first program) and, if
    /// asked, start it: at its SYS line with the stub KERNAL, by typing RUN with ROMs.
    fn autostart(&mut self, path: &Path, index: u16, run: bool) -> Result<(), Error> {
        let bytes = std::fs::read(path).map_err(|e| {
            note(format_args!(
                "autostart: cannot read {}: {e}",
                path.display()
            ));
            Error::Failure
        })?;
        let prg = match c64emu::identify(&bytes) {
            Ok(Content::Program { prg, .. }) if index == 0 => prg,
            Ok(Content::Disk) if index == 0 => {
                c64emu::first_disk_program(&bytes)
                    .map_err(|_| Error::Failure)?
                    .1
            }
            Ok(_) => return Err(Error::ObjectMissing),
            Err(e) => {
                note(format_args!("autostart: {}: {e}", path.display()));
                return Err(Error::Failure);
            }
        };
        let loaded = self.m.load_prg(&prg).map_err(|_| Error::Failure)?;
        if run {
            if self.m.real_roms() {
                self.feed.extend(*b"RUN\r");
                self.pump_feed();
            } else {
                self.m.start_at(loaded.sys.unwrap_or(loaded.start));
            }
        }
        Ok(())
    }
}

/// Does the command change the machine (so that replaying the past would not redo it)?
fn changes_machine(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::MemSet { .. }
            | Command::RegistersSet(..)
            | Command::KeyboardFeed(_)
            | Command::JoyportSet { .. }
            | Command::UserportSet(_)
            | Command::Reset(_)
            | Command::Autostart { .. }
            | Command::Undump(_)
            | Command::ResourceSet(..)
    )
}

/// A file name as a client sends it (the host's bytes, UTF-8 here).
fn file_name(name: Vec<u8>) -> Result<std::path::PathBuf, Error> {
    String::from_utf8(name)
        .map(std::path::PathBuf::from)
        .map_err(|_| Error::InvalidParameter)
}

/// A line on standard error that never panics: a client's test harness may have closed
/// the pipe, and the session must go on.
fn note(msg: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "c64kit run: {msg}");
}

/// Only the computer's memory and CPU are there (no drive CPUs).
fn computer(memspace: Memspace) -> Result<(), Error> {
    match memspace {
        Memspace::Computer => Ok(()),
        Memspace::Drive(_) => Err(Error::InvalidMemspace),
    }
}

/// The machine as conditions see it.
struct MachineEnv<'a>(&'a Machine);

impl Env for MachineEnv<'_> {
    fn register(&self, r: Reg) -> u16 {
        let regs = self.0.regs();
        match r {
            Reg::A => regs.a.into(),
            Reg::X => regs.x.into(),
            Reg::Y => regs.y.into(),
            Reg::Pc => regs.pc,
            Reg::Sp => regs.sp.into(),
            Reg::Fl => regs.p.into(),
            Reg::Line => self.0.raster_line(),
            Reg::Cycle => (self.0.cycles() % timing::CYCLES_PER_LINE) as u16,
        }
    }

    fn memory(&self, bank: &str, addr: u16) -> Option<u8> {
        let m = self.0;
        Some(match bank {
            "cpu" | "default" => m.peek_banked(addr),
            "ram" => m.peek(addr),
            "rom" => m.peek_rom(addr).unwrap_or_else(|| m.peek(addr)),
            "io" => m.peek_io(addr),
            _ => return None,
        })
    }
}
