// Jest's order of test files. A browser spec mostly waits (on Chromium, on the page's own timers:
// it keeps about 0.6 of a core busy), every other kind keeps a core busy. Run in a row, as jest's
// longest-first order and a fresh clone's order both did, the browser specs took the first three
// minutes of a CI run with every worker on one, the cores a third idle. Here the two streams are
// merged by estimated time so that one worker's share runs the browser specs and the others the
// busy specs, side by side from start to end (jest.config.js gives that one worker on top of a
// worker per core). Each stream runs longest first: jest's timings from an earlier run when it has
// them, else an estimate by kind and file size. Specs that failed last time still run first.
const Sequencer = require('@jest/test-sequencer').default;

const WAITING_KIND = 'browser';
/** Seconds a spec of each kind takes when jest has no timing for it (a fresh clone: every CI run). */
const GUESS_SECONDS = { browser: 25, fuzz: 12, property: 8, e2e: 5, cli: 5 };
/** A unit spec without a timing: about a second per 3 KB of spec (its size is all jest knows). */
const UNIT_BYTES_PER_SECOND = 3000;

const kindOf = (path) => /\.([a-z0-9]+)\.spec\.ts$/.exec(path)?.[1];

class WaitingBesideBusy extends Sequencer {
  constructor(options) {
    super(options);
    /** How many files run at once (jest's resolved maxWorkers). */
    this.workers = Math.max(2, options?.globalConfig?.maxWorkers ?? 2);
  }

  /** Estimated milliseconds of a test file. */
  estimate(test) {
    const timed = this.time(test);
    if (timed != null) return timed;
    const guess = GUESS_SECONDS[kindOf(test.path)];
    if (guess !== undefined) return guess * 1000;
    return ((test.context.hasteFS.getSize(test.path) ?? 0) / UNIT_BYTES_PER_SECOND) * 1000;
  }

  sort(tests) {
    const ms = new Map(tests.map((t) => [t, this.estimate(t)]));
    const size = (t) => t.context.hasteFS.getSize(t.path) ?? 0;
    const longestFirst = (list) => [...list].sort((a, b) => ms.get(b) - ms.get(a) || size(b) - size(a) || (a.path < b.path ? -1 : 1));
    const failed = longestFirst(tests.filter((t) => this.hasFailed(t)));
    const rest = tests.filter((t) => !this.hasFailed(t));
    const waiting = longestFirst(rest.filter((t) => kindOf(t.path) === WAITING_KIND));
    const busy = longestFirst(rest.filter((t) => kindOf(t.path) !== WAITING_KIND));
    // One worker's share for the waiting stream, the others' for the busy one: take the next file
    // from the stream that is behind its share of the time queued so far.
    const merged = [...failed];
    let waitingMs = 0;
    let busyMs = 0;
    while (waiting.length > 0 || busy.length > 0) {
      const takeWaiting = busy.length === 0 || (waiting.length > 0 && waitingMs * (this.workers - 1) <= busyMs);
      const next = takeWaiting ? waiting.shift() : busy.shift();
      if (takeWaiting) waitingMs += ms.get(next);
      else busyMs += ms.get(next);
      merged.push(next);
    }
    return merged;
  }
}

module.exports = WaitingBesideBusy;
