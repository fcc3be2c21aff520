/**
 * The order jest runs test files in (test/support/waiting-beside-busy.js): the browser specs, which
 * mostly wait, spread over the run beside the busy kinds by estimated time, each stream longest
 * first, failed files first, every file once.
 */
const WaitingBesideBusy = require('./waiting-beside-busy.js');

interface FakeTest {
  path: string;
  context: { hasteFS: { getSize(path: string): number } };
}

const sizes = new Map<string, number>();
const context = { hasteFS: { getSize: (p: string) => sizes.get(p) ?? 0 } };
const test = (path: string, bytes = 1000): FakeTest => (sizes.set(path, bytes), { path, context });

/** A sequencer whose timings and failures come from the given tables instead of jest's cache. */
function sequencer(workers: number, times: Record<string, number> = {}, failed: string[] = []) {
  const s = new WaitingBesideBusy({ contexts: [], globalConfig: { maxWorkers: workers } });
  s.time = (t: FakeTest) => times[t.path];
  s.hasFailed = (t: FakeTest) => failed.includes(t.path);
  return s as { sort(tests: FakeTest[]): FakeTest[] };
}

const paths = (tests: FakeTest[]) => tests.map((t) => t.path);

describe('jest order: browser specs beside busy specs', () => {
  it('without timings (a fresh clone) spreads the browser specs by their guessed time and runs each stream longest first', () => {
    const tests = [
      test('a.browser.spec.ts', 9000),
      test('b.browser.spec.ts', 3000),
      test('c.browser.spec.ts', 5000),
      ...Array.from({ length: 40 }, (_, i) => test(`u${i}.spec.ts`, 2000 * (i + 1))),
      test('x.e2e.spec.ts'),
      test('y.fuzz.spec.ts'),
    ];
    const order = paths(sequencer(3).sort(tests));
    expect([...order].sort()).toEqual(paths(tests).sort());
    // The browser specs: the same guess each, so the largest file first.
    const browser = order.filter((p) => p.includes('.browser.'));
    expect(browser).toEqual(['a.browser.spec.ts', 'c.browser.spec.ts', 'b.browser.spec.ts']);
    // Three workers: a browser spec (25 s guessed) whenever twice the browser time is queued in busy specs.
    expect(order.slice(0, 7)).toEqual([
      'a.browser.spec.ts',
      'u39.spec.ts',
      'u38.spec.ts',
      'c.browser.spec.ts',
      'u37.spec.ts',
      'u36.spec.ts',
      'b.browser.spec.ts',
    ]);
    // The busy stream: the largest unit spec first (27 s guessed), a kind's guess before smaller files.
    const busy = order.filter((p) => !p.includes('.browser.'));
    expect(busy.slice(0, 3)).toEqual(['u39.spec.ts', 'u38.spec.ts', 'u37.spec.ts']);
    expect(busy.indexOf('y.fuzz.spec.ts')).toBeLessThan(busy.indexOf('u4.spec.ts'));
  });

  it('with timings keeps each stream longest first and the waiting stream at one worker share of the time', () => {
    const times: Record<string, number> = { 'p.browser.spec.ts': 60_000, 'q.browser.spec.ts': 10_000 };
    const tests = [test('p.browser.spec.ts'), test('q.browser.spec.ts')];
    for (let i = 0; i < 10; i++) {
      tests.push(test(`b${i}.spec.ts`));
      times[`b${i}.spec.ts`] = 10_000 + i;
    }
    const order = paths(sequencer(2, times).sort(tests));
    // Two workers, one for each stream: q waits until p's 60 s of busy specs are queued (b9 to b4).
    expect(order.slice(0, 2)).toEqual(['p.browser.spec.ts', 'b9.spec.ts']);
    expect(order.indexOf('q.browser.spec.ts')).toBe(7);
  });

  it('runs the files that failed last time first', () => {
    const tests = [test('a.browser.spec.ts'), test('u.spec.ts', 50_000), test('v.spec.ts', 100)];
    expect(paths(sequencer(2, {}, ['v.spec.ts']).sort(tests))[0]).toBe('v.spec.ts');
  });
});
