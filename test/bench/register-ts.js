/**
 * `-r ./test/bench/register-ts.js`: ts-node's transpile-only hook for the benches, without the one
 * side effect that skews them. ts-node loads Node's `repl` at start-up for its REPL, and `repl`
 * loads `domain`, which wraps every EventEmitter.emit of the process: a bare HTTP server answered
 * about 30 % fewer requests with it (7,137 against 5,126 req/s, 2026-12-02), and the production
 * server (`node dist/main.js`) never loads it. ts-node's REPL reads `repl` only when it starts one,
 * so it is handed a lazy stand-in here.
 */
'use strict';
const Module = require('node:module');

const load = Module._load;
const lazyRepl = {
  get start() {
    return load('repl', module, false).start;
  },
  get Recoverable() {
    return load('repl', module, false).Recoverable;
  },
};
Module._load = function (request, parent, isMain) {
  if (request === 'repl' && parent && /ts-node[\\/]dist[\\/]repl\.js$/.test(parent.filename)) return lazyRepl;
  return load.call(this, request, parent, isMain);
};
try {
  require('ts-node').register({ transpileOnly: true });
} finally {
  Module._load = load;
}
