// The c64kit debugger for VS Code: starts `c64kit debug`, which speaks the Debug
// Adapter Protocol on stdin/stdout. Everything else is c64kit's.
'use strict';

const vscode = require('vscode');

/** The adapter: `c64kit debug` with the user's extra arguments. */
function adapter() {
  const config = vscode.workspace.getConfiguration('c64kit');
  const binary = config.get('path') || 'c64kit';
  const extra = config.get('debugArgs') || [];
  return new vscode.DebugAdapterExecutable(binary, ['debug', ...extra]);
}

function activate(context) {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('c64kit', {
      createDebugAdapterDescriptor: () => adapter(),
    }),
  );
}

function deactivate() {}

module.exports = { activate, deactivate, adapter };
