// editors/vscode/extension.js with a stand-in for VS Code's API: it registers a
// factory for the `c64kit` type that starts `c64kit debug` with the user's arguments,
// and package.json declares that type with the launch attributes c64debug reads.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const Module = require('node:module');
const path = require('node:path');

const EXT = path.resolve(__dirname, '..', '..', 'editors', 'vscode');

test('the VS Code extension starts c64kit debug', () => {
  const registered = {};
  const settings = { path: '/opt/c64kit', debugArgs: ['--case-sensitive'] };
  const vscode = {
    DebugAdapterExecutable: class { constructor(command, args) { this.command = command; this.args = args; } },
    DebugAdapterServer: class { constructor(port, host) { this.port = port; this.host = host; } },
    workspace: { getConfiguration: (s) => ({ get: (k) => (s === 'c64kit' ? settings[k] : undefined) }) },
    debug: { registerDebugAdapterDescriptorFactory: (type, f) => { registered[type] = f; return {}; } },
  };
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? vscode : load.call(this, request, ...rest);
  };
  try {
    const ext = require(path.join(EXT, 'extension.js'));
    const context = { subscriptions: [] };
    ext.activate(context);
    const exe = registered.c64kit.createDebugAdapterDescriptor({ configuration: { request: 'launch' } });
    assert.deepStrictEqual([exe.command, exe.args], ['/opt/c64kit', ['debug', '--case-sensitive']]);
    const server = registered.c64kit.createDebugAdapterDescriptor({ configuration: { request: 'attach', port: 6502 } });
    assert.deepStrictEqual([server.port, server.host], [6502, '127.0.0.1']);
    assert.strictEqual(context.subscriptions.length, 1);
  } finally {
    Module._load = load;
  }
  const pkg = require(path.join(EXT, 'package.json'));
  const dbg = pkg.contributes.debuggers.find((d) => d.type === 'c64kit');
  assert.deepStrictEqual(Object.keys(dbg.configurationAttributes.launch.properties).sort(),
    ['cwd', 'keys', 'labels', 'program', 'stopOnEntry']);
  assert.deepStrictEqual(Object.keys(dbg.configurationAttributes.attach.properties).sort(),
    ['host', 'port', 'stopOnEntry']);
});
