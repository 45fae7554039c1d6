// The c64kit debugger for VS Code: starts `c64kit debug`, which speaks the Debug
// Adapter Protocol on stdin/stdout; an `attach` configuration connects to a machine
// served on a port (`c64kit debug --port N PROGRAM`, a test run with C64KIT_DEBUG=N).
// Everything else is c64kit's.
'use strict';

const vscode = require('vscode');

/** The adapter: `c64kit debug` with the user's extra arguments. */
function adapter() {
  const config = vscode.workspace.getConfiguration('c64kit');
  const binary = config.get('path') || 'c64kit';
  const extra = config.get('debugArgs') || [];
  return new vscode.DebugAdapterExecutable(binary, ['debug', ...extra]);
}

/** The adapter for a session: launched, or the server an attach names. */
function descriptor(session) {
  const c = (session && session.configuration) || {};
  if (c.request === 'attach') {
    return new vscode.DebugAdapterServer(c.port, c.host || '127.0.0.1');
  }
  return adapter();
}

function activate(context) {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('c64kit', {
      createDebugAdapterDescriptor: (session) => descriptor(session),
    }),
  );
}

function deactivate() {}

module.exports = { activate, deactivate, adapter, descriptor };
