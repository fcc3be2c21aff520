// Jest's order of test files. With timings from an earlier run in jest's cache, jest's own order
// (failed first, then longest first). Without them (a fresh clone: every CI run) jest orders by file
// size, which puts the browser specs (small files, the slowest suites) last, so the run ends with one
// worker busy and the other idle. Here the kinds known to be slow go first (browser, fuzz, e2e, cli),
// then unit specs, larger files first within a kind: longest first, as jest does with timings.
const Sequencer = require('@jest/test-sequencer').default;

const KIND_ORDER = ['browser', 'fuzz', 'property', 'e2e', 'cli'];
const rank = (path) => {
  const m = /\.([a-z0-9]+)\.spec\.ts$/.exec(path);
  const i = m ? KIND_ORDER.indexOf(m[1]) : -1;
  return i === -1 ? KIND_ORDER.length : i;
};

class SlowKindsFirst extends Sequencer {
  sort(tests) {
    const timed = tests.filter((t) => this.time(t) != null);
    if (tests.length > 0 && timed.length === tests.length) return super.sort(tests);
    const size = (t) => t.context.hasteFS.getSize(t.path) ?? 0;
    return [...tests].sort((a, b) => rank(a.path) - rank(b.path) || size(b) - size(a));
  }
}

module.exports = SlowKindsFirst;
