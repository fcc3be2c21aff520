/**
 * `npm run bench -- iss-verify`: builds a temp file of 20,000 ISS records (random legal games
 * played with the engine and written with our writer, plus the 33 corpus records), then times
 * the streaming verifier over it. Prints games per second, peak RSS and peak heap, and a split of
 * the time per stage (read, tokens -> moves, engine replay, result comparison) on the same lines.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readIssRecord } from '../../src/format/iss/IssReader';
import { issTokensToMoves } from '../../src/format/iss/IssMoves';
import { replayIssRecord } from '../../src/format/iss/IssReplay';
import { writeLiveIssRecord } from '../../src/format/iss/IssWriter';
import { addVerdict, emptySummary, verifyIssLine, verifyIssLines } from '../../src/format/iss/issVerify';
import { applyMove, startGame } from '../../src/rules/game';
import { getProfile } from '../../src/rules/variant';
import { corpusLines } from '../iss/corpus';
import { playRandomGame, seededRandom } from '../iss/randomGames';

const TOTAL = Number(process.env.ISS_BENCH_RECORDS ?? 20_000);
const ISS = getProfile('iss');

let peakHeap = 0;
const sampleHeap = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function buildFile(path: string): string[] {
  const t0 = process.hrtime.bigint();
  const rand = seededRandom(42);
  const lines = corpusLines().map((l) => l.text);
  for (let i = lines.length; i < TOTAL; i++) {
    const g = playRandomGame(rand, ISS);
    const w = writeLiveIssRecord({ players: ['p0', 'p1', 'p2'], date: new Date(Date.UTC(2026, 10, 29)), series: 1 + Math.floor(i / 36), id: 100000 + i, dealt: g.dealt, moves: g.moves });
    if (!w.ok) throw new Error(w.reason);
    lines.push(w.line);
  }
  writeFileSync(path, lines.join('\n') + '\n');
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(`built ${lines.length} records (${mb(statSync(path).size)} MiB) in ${(ms / 1000).toFixed(1)} s (generation uses legalMoves; not part of the figure)`);
  return lines;
}

async function timeStreaming(path: string) {
  global.gc?.();
  peakHeap = 0;
  const timer = setInterval(sampleHeap, 5);
  const summary = emptySummary();
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const v of verifyIssLines(lines, ISS)) {
    addVerdict(summary, path, v);
    if (++n % 1000 === 0) sampleHeap();
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  clearInterval(timer);
  sampleHeap();
  return { s, cpu: (c.user + c.system) / 1e6, summary };
}

function timeStages(lines: readonly string[]) {
  // CPU time (user + system) of this process, best of 3: the machine is shared, so wall time
  // mostly measures the neighbours.
  const stage = (name: string, f: (line: string) => unknown) => {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      i = 0;
      const c0 = process.cpuUsage();
      for (const l of lines) f(l);
      const c = process.cpuUsage(c0);
      best = Math.min(best, (c.user + c.system) / 1e6);
    }
    return { name, s: best, perGame: (best / lines.length) * 1e6 };
  };
  const records = lines.map((l) => {
    const r = readIssRecord(l);
    if (!r.ok) throw new Error(r.error.reason);
    return r.record;
  });
  const converted = records.map((r) => {
    const m = issTokensToMoves(r.moves);
    if (!m.ok) throw new Error(m.reason);
    return m.value;
  });
  let i = 0;
  const read = stage('read (IssReader)', (l) => readIssRecord(l));
  const toMoves = stage('tokens -> moves (IssMoves)', () => issTokensToMoves(records[i++].moves));
  const engine = stage('engine: startGame + applyMove per move', () => {
    const g = converted[i++];
    const st = startGame(g.dealt, ISS);
    if (!st.ok) return;
    let s = st.value;
    for (const m of g.moves) {
      const n = applyMove(s, m);
      if (!n.ok) return;
      s = n.value;
    }
  });
  const replay = stage('replayIssRecord (moves + engine + checks)', () => replayIssRecord(records[i++], ISS));
  const whole = stage('verifyIssLine (everything, in memory)', (l) => verifyIssLine(l, 1, ISS));
  return [read, toMoves, engine, replay, whole];
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'iss-bench-'));
  try {
    const path = join(dir, 'records.sgf');
    const lines = buildFile(path);
    // Warm-up so the JIT has seen every path before timing.
    for (const l of lines.slice(0, 2000)) verifyIssLine(l, 1, ISS);

    const { s, cpu, summary } = await timeStreaming(path);
    const usage = process.resourceUsage();
    console.log(
      `iss verify (streaming, readline): ${summary.records} records in ${s.toFixed(2)} s wall = ${Math.round(summary.records / s).toLocaleString('en')} games/s; ` +
        `${cpu.toFixed(2)} s CPU = ${Math.round(summary.records / cpu).toLocaleString('en')} games/s per core ` +
        `(agree ${summary.agree}, disagree ${summary.disagree}, not scoreable ${summary.notScoreable}, malformed ${summary.malformed.length})`,
    );
    console.log(`peak RSS ${mb(usage.maxRSS * 1024)} MiB (process.resourceUsage().maxRSS, whole process incl. the generated lines), peak heap during the run ${mb(peakHeap)} MiB`);
    if (summary.disagree || summary.malformed.length) console.log('WARNING: generated records should all agree', JSON.stringify(summary).slice(0, 1000));

    console.log('CPU time per stage (in memory, same records, best of 3):');
    for (const st of timeStages(lines)) {
      console.log(`  ${st.name.padEnd(44)} ${st.s.toFixed(2)} s  ${st.perGame.toFixed(1)} µs/game  ${Math.round(lines.length / st.s).toLocaleString('en')} games/s`);
    }
    console.log('target: >= 100,000 games/s on one core');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
