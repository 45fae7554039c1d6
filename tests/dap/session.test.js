// Microsoft's DAP test client (@vscode/debugadapter-testsupport) drives `c64kit debug`
// through whole sessions: on a small source made here, and on RYG (asm/RYG.asm).
// tests/cli_debug_client.rs runs this with C64KIT_BIN set to the built binary.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = process.env.C64KIT_BIN || path.join(ROOT, 'target', 'debug', 'c64kit');
const RYG = path.join(ROOT, 'asm', 'RYG.asm');
const JUEGO = path.join(ROOT, 'asm', 'Juego.asm');

// A loop calling a routine that calls another (entry $C000, ends with an RTS to BASIC).
const SOURCE = [
  '        * = $c000',   // 1
  'start   ldx #0',      // 2
  'loop    jsr sub',     // 3
  '        inx',         // 4
  '        cpx #3',      // 5
  '        bne loop',    // 6
  '        rts',         // 7
  'sub     txa',         // 8
  '        jsr inner',   // 9
  '        rts',         // 10
  'inner   sta $0400,x', // 11
  '        rts',         // 12
  '',
].join('\n');

// The scratch directories the tests make, removed when they have all run.
const scratch = [];
test.after(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

function scratchDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c64kit-dap-'));
  scratch.push(dir);
  return dir;
}

function program() {
  const file = path.join(scratchDir(), 'loop.asm');
  fs.writeFileSync(file, SOURCE);
  return fs.realpathSync(file);
}

async function client() {
  // The runtime is c64kit itself, its one argument the subcommand.
  const dc = new DebugClient(BIN, 'debug', 'c64kit');
  dc.defaultTimeout = 20000;
  await dc.start();
  return dc;
}

async function top(dc) {
  const st = await dc.stackTraceRequest({ threadId: 1 });
  return st.body.stackFrames;
}

test('a breakpoint on the first instruction stops before anything runs', async () => {
  const dc = await client();
  const file = program();
  try {
    await dc.hitBreakpoint({ program: file }, { path: file, line: 2 });
    const frames = await top(dc);
    assert.strictEqual(frames[0].name, 'start');
    assert.strictEqual(frames[0].instructionPointerReference, '0xC000');
  } finally {
    await dc.stop();
  }
});

test('next, stepIn and stepOut follow the call stack', async () => {
  const dc = await client();
  const file = program();
  try {
    await dc.hitBreakpoint({ program: file }, { path: file, line: 9 });
    let frames = await top(dc);
    assert.deepStrictEqual(frames.map((f) => [f.name, f.line]), [['sub', 9], ['loop', 3]]);
    await Promise.all([dc.stepInRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 11 })]);
    frames = await top(dc);
    assert.deepStrictEqual(frames.map((f) => f.name), ['inner', 'sub', 'loop']);
    await Promise.all([dc.stepOutRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 10 })]);
    await Promise.all([dc.stepOutRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 4 })]);
    // next over line 3's JSR: sub and inner run whole, and sub's breakpoint stops it.
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 5 })]);
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 6 })]);
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 3 })]);
    await Promise.all([dc.nextRequest({ threadId: 1 }), dc.assertStoppedLocation('breakpoint', { path: file, line: 9 })]);
    const regs = await dc.variablesRequest({ variablesReference: 1 });
    const x = regs.body.variables.find((v) => v.name === 'X');
    assert.strictEqual(x.value, '$01 (1)');
    const ev = await dc.evaluateRequest({ expression: 'inner - start + x', context: 'watch' });
    assert.strictEqual(ev.body.result, '$11 (17)');
    await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [] });
    await Promise.all([dc.continueRequest({ threadId: 1 }), dc.waitForEvent('terminated')]);
  } finally {
    await dc.stop();
  }
});

test('RYG: a label breakpoint, its frames, the screen in memory, pause', async () => {
  const dc = await client();
  try {
    await Promise.all([
      dc.waitForEvent('initialized').then(async () => {
        const r = await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'juego' }] });
        assert.strictEqual(r.body.breakpoints[0].verified, true);
        assert.strictEqual(r.body.breakpoints[0].line, 66);
        return dc.configurationDoneRequest();
      }),
      dc.launch({ program: RYG, keys: 'd{RETURN}' }),
      dc.assertStoppedLocation('breakpoint', { path: fs.realpathSync(JUEGO), line: 66 }),
    ]);
    const frames = await top(dc);
    assert.deepStrictEqual(frames.map((f) => f.name), ['juego', 'inicio+17'].slice(0, frames.length));
    await dc.setFunctionBreakpointsRequest({ breakpoints: [] });
    await dc.continueRequest({ threadId: 1 });
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all([dc.pauseRequest({ threadId: 1 }), dc.waitForEvent('stopped')]);
    // The demo's title row: row 1 of the screen at $0400.
    const mem = await dc.customRequest('readMemory', { memoryReference: '0x0400', offset: 40, count: 40 });
    const text = Buffer.from(mem.body.data, 'base64').map((c) => (c < 32 ? c + 64 : c)).toString('latin1');
    assert.match(text, /DEMO: C64 AGAINST C64/);
    await assert.rejects(dc.customRequest('frobnicate'), /not supported/);
  } finally {
    await dc.stop();
  }
});

test('stepBack and reverseContinue retrace the run; disassemble shows the source lines', async () => {
  const dc = await client();
  const file = program();
  try {
    await dc.hitBreakpoint({ program: file }, { path: file, line: 11 });
    // Forward to the second pass through inner (X = 1), then back again.
    await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: 11, condition: 'x == 1' }] });
    await Promise.all([dc.continueRequest({ threadId: 1 }), dc.assertStoppedLocation('breakpoint', { path: file, line: 11 })]);
    await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: 11 }] });
    await Promise.all([dc.reverseContinueRequest({ threadId: 1 }), dc.assertStoppedLocation('breakpoint', { path: file, line: 11 })]);
    let regs = await dc.variablesRequest({ variablesReference: 1 });
    assert.strictEqual(regs.body.variables.find((v) => v.name === 'X').value, '$00 (0)');
    // Back by lines from inner's first line: the JSR in sub that called it.
    await Promise.all([dc.stepBackRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 9 })]);
    await Promise.all([dc.stepBackRequest({ threadId: 1 }), dc.assertStoppedLocation('step', { path: file, line: 8 })]);
    const dis = await dc.disassembleRequest({ memoryReference: '0xC000', instructionCount: 3 });
    assert.deepStrictEqual(dis.body.instructions.map((i) => [i.address, i.instruction, i.line]),
      [['0xC000', 'LDX #$00', 2], ['0xC002', 'JSR sub', 3], ['0xC005', 'INX', 4]]);
  } finally {
    await dc.stop();
  }
});

// Resolves once something accepts connections on the port (the server starts up).
async function listening(port) {
  const net = require('node:net');
  for (let i = 0; i < 200; i++) {
    const up = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}

test('attach to a program c64kit debug --port runs', async () => {
  // A program that runs until it is stopped: the border colour cycles.
  const file = path.join(scratchDir(), 'forever.asm');
  fs.writeFileSync(file, '        * = $c000\nagain   inc $d020\n        jmp again\n');
  const port = 20000 + (process.pid % 20000);
  const { spawn } = require('node:child_process');
  const server = spawn(BIN, ['debug', '--port', String(port), file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const dc = new DebugClient(BIN, 'debug', 'c64kit');
  dc.defaultTimeout = 20000;
  try {
    await listening(port);
    await dc.start(port);
    await Promise.all([
      dc.waitForEvent('initialized').then(() => dc.configurationDoneRequest()),
      dc.initializeRequest().then(() => dc.attachRequest({ stopOnEntry: true })),
      dc.waitForEvent('stopped').then((e) => assert.strictEqual(e.body.reason, 'entry')),
    ]);
    const frames = await top(dc);
    assert.match(frames[0].name, /^again/);
    await dc.disconnectRequest({ terminateDebuggee: true });
    // The server ends with the program.
    for (let i = 0; i < 100 && server.exitCode === null; i++) await new Promise((r) => setTimeout(r, 50));
    assert.strictEqual(server.exitCode, 0);
  } finally {
    // (dc.stop() would wait for an answer from the server that has ended.)
    if (server.exitCode === null) server.kill();
  }
});
