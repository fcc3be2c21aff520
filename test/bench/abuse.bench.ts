/**
 * `npm run bench -- abuse` (issue 13 item 2): the worst admissible anonymous requests against a
 * server on a 100,000-deal SQLite store (DEALS; built once by bulk import and reused from the temp
 * folder, see abuseBenchServer.ts), each sent REPEAT times one after another while this process
 * polls /health without pause; for each request p50/max latency, the server's CPU time per request,
 * and p50/max of the /health answers that overlapped it. Targets: the request ≤ 100 ms, /health
 * ≤ 50 ms. Each request is built as large as the cost limit admits (the cost of each is checked:
 * a refused request is reported, not measured). Anonymous, no token; the response cache is off
 * (a hostile caller varies its queries anyway). The machine is shared: compare the CPU times.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const REPEAT = Number(process.env.REPEAT ?? 10);
/** Deals the export probe asks for (`max`): an anonymous caller may ask for all, which takes minutes here. */
const EXPORT_DEALS = Number(process.env.EXPORT_DEALS ?? 10_000);

interface Ready {
  url: string;
  file: string;
  reused: boolean;
  deals: number;
  seriesLength: number;
  firstId: number;
  pools: { a: number; b: number; c: number };
}

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send(message);
  });
}

const cpuOf = async (child: ChildProcess): Promise<number> => (await ask<{ cpuMicros: number }>(child, 'cpu')).cpuMicros / 1000;

interface Probe {
  readonly name: string;
  /** A fresh request each time (distinct deals where the server would otherwise remember an answer). */
  readonly send: (i: number) => Promise<{ status: number; errors: string[]; bytes: number }>;
  readonly note?: string;
  /** Fewer runs than REPEAT (a whole-store export). */
  readonly repeat?: number;
}

async function main(): Promise<void> {
  const child = fork(join(__dirname, 'abuseBenchServer.ts'), [], { execArgv: ['-r', 'ts-node/register/transpile-only'], env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' }, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  const base = ready.url.replace('/graphql', '');
  process.stdout.write(`store ${ready.file} (${ready.deals} deals, ${ready.reused ? 'reused' : 'built now'}); anonymous requests, default limits, REPEAT ${REPEAT}; machine shared\n`);

  const gql = async (query: string): Promise<{ status: number; errors: string[]; bytes: number }> => {
    const res = await fetch(ready.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const text = await res.text();
    let errors: string[] = [];
    try {
      const body = JSON.parse(text) as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
      errors = (body.errors ?? []).map((e) => `${e.extensions?.code ?? '?'}: ${e.message.slice(0, 120)}`);
    } catch {
      errors = [`not JSON: ${text.slice(0, 120)}`];
    }
    return { status: res.status, errors, bytes: text.length };
  };
  const dealId = (n: number) => `iss-${ready.firstId + (n % ready.deals)}`;
  const seriesTable = (s: number) => `iss-series-${1 + s}`;
  const aliases = (n: number, one: (k: number) => string) => `{ ${Array.from({ length: n }, (_, k) => `x${k}: ${one(k)}`).join(' ')} }`;
  let round = 0;
  const next = () => ++round * 997;

  const probes: Probe[] = [
    { name: 'audit ×21 distinct deals', send: () => { const r = next(); return gql(aliases(21, (k) => `audit(dealId: "${dealId(r + k)}") { intact agrees derivation { ruleId text } }`)); } },
    { name: `playerStats of an a-player (1/${ready.pools.a} of all deals)`, send: (i) => gql(`{ playerStats(player: "a${i % ready.pools.a}") { dealsPlayed declarerGames wonAsDeclarer seegerFabianPerSeries { total } } }`) },
    { name: `playerStats of a b-player (1/${ready.pools.b} of all deals)`, send: (i) => gql(`{ playerStats(player: "b${i % ready.pools.b}") { dealsPlayed declarerGames wonAsDeclarer seegerFabianPerSeries { total } } }`) },
    { name: 'playerStats ×11 c-players', send: (i) => gql(aliases(11, (k) => `playerStats(player: "c${(i * 11 + k) % ready.pools.c}") { dealsPlayed wonAsDeclarer }`)) },
    { name: 'scoreSheet ×60 distinct series tables', send: () => { const r = next(); return gql(aliases(60, (k) => `scoreSheet(tableId: "${seriesTable((r + k) % Math.floor(ready.deals / ready.seriesLength))}") { rows { dealNumber declarer entry } totals { player seegerFabian } }`)); } },
    { name: 'deals(first: 100) with results', send: (i) => gql(`{ deals(first: 100, filter: { player: "c${i % ready.pools.c}" }) { totalCount edges { node { id players result { declarer game won score } } } } }`) },
    { name: 'deals(filter: { result: LOST }) totalCount ×2', send: () => gql(aliases(2, (k) => `deals(first: 1, filter: { result: ${k % 2 ? "WON" : "LOST"} }) { totalCount }`)) },
    { name: 'deals(first: 1) totalCount ×95, no filter', send: () => gql(aliases(95, () => `deals(first: 1) { totalCount }`)) },
    { name: 'deals totalCount ×40 b-player filters', send: (i) => gql(aliases(40, (k) => `deals(first: 1, filter: { player: "b${(i + k) % ready.pools.b}" }) { totalCount }`)) },
    { name: 'frames of 4 distinct deals (ALL steps, PUBLIC)', send: () => { const r = next(); return gql(aliases(4, (k) => `deal(id: "${dealId(r + k)}") { frames(perspective: PUBLIC) { step toAct hands { forehand { code } } currentTrick { cards { card { code } } } legalMoves { kind card { code } } } }`)); } },
    { name: 'analysis of a deal not yet computed (1 solver job)', note: 'solver-bound: waits for a worker thread, the event loop is free', send: () => gql(`{ deal(id: "${dealId(next())}") { analysis { steps { step verdict value alternatives { move value verdict } } turningPoints { text } } } }`) },
    { name: `NDJSON export of ${EXPORT_DEALS} deals (streamed)`, repeat: 1, note: 'a stream: its length grows with the answer (the whole store is DEALS/EXPORT_DEALS times this); /health is what must stay low', send: async () => {
      const res = await fetch(`${base}/api/export/deals.ndjson?max=${EXPORT_DEALS}`, { headers: { accept: 'application/x-ndjson' } });
      const text = await res.text();
      return { status: res.status, errors: res.ok ? [] : [text.slice(0, 120)], bytes: text.length };
    } },
    { name: 'analysis ×84 aliases of one computed deal', send: () => gql(aliases(84, () => `deal(id: "${dealId(0)}") { analysis { steps { step verdict value alternatives { move value verdict } } } }`)) },
  ];

  // Warm-up: the first analysis (worker start) and the cached one the alias probe reads.
  await gql(`{ deal(id: "${dealId(0)}") { analysis { steps { step } } } }`);

  const health: { at: number; ms: number }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t0 = performance.now();
      await fetch(`${base}/health`).then((r) => r.text());
      health.push({ at: t0, ms: performance.now() - t0 });
    }
  })();

  process.stdout.write(`${'request'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'CPU ms'.padStart(8)} ${'health p50'.padStart(11)} ${'health max'.padStart(11)}  answer\n`);
  for (const probe of probes) {
    const times: number[] = [];
    const overlapping: number[] = [];
    let last: { status: number; errors: string[]; bytes: number } | null = null;
    const cpu0 = await cpuOf(child);
    for (let i = 0; i < (probe.repeat ?? REPEAT); i++) {
      const t0 = performance.now();
      last = await probe.send(i);
      const t1 = performance.now();
      times.push(t1 - t0);
      for (const h of health) if (h.at <= t1 && h.at + h.ms >= t0) overlapping.push(h.ms);
      if (last.status === 400) break;
    }
    const cpu = ((await cpuOf(child)) - cpu0) / times.length;
    const answer = last?.status === 400 ? `REFUSED ${last.errors[0]}` : `${last?.status} ${last?.bytes} bytes${last?.errors.length ? `, ${last.errors.length} errors: ${last.errors[0]}` : ''}`;
    process.stdout.write(`${probe.name.padEnd(52)} ${pct(times, 50).toFixed(1).padStart(8)} ${Math.max(...times).toFixed(1).padStart(8)} ${cpu.toFixed(1).padStart(8)} ${pct(overlapping, 50).toFixed(1).padStart(11)} ${Math.max(0, ...overlapping).toFixed(1).padStart(11)}  ${answer}${probe.note ? ` (${probe.note})` : ''}\n`);
  }
  polling = false;
  await poller;
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  process.stdout.write('targets: each request ≤ 100 ms, /health ≤ 50 ms while it runs\n');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
