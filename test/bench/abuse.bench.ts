/**
 * `npm run bench -- abuse` (issue 13 item 2): the worst admissible anonymous requests against a
 * server on a 100,000-deal SQLite store (DEALS; built once by bulk import and reused from the temp
 * folder, see abuse-bench-server.ts), each sent REPEAT times one after another while this process
 * polls /health without pause; for each request p50/max latency, the server's CPU time per request
 * (less what the /health answers given meanwhile cost, measured alone first), and p50/max of the
 * /health answers that overlapped it. Targets: the request ≤ 100 ms, /health
 * ≤ 50 ms. Each request is built as large as the cost limit admits (the cost of each is checked:
 * a refused request is reported, not measured). Anonymous, no token; the response cache is off
 * (a hostile caller varies its queries anyway). The machine is shared: compare the CPU times.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const REPEAT = Number(process.env.REPEAT ?? 10);
/** Deals the export probe asks for (`max`): an anonymous caller may ask for all, which takes minutes here. */
const EXPORT_DEALS = Number(process.env.EXPORT_DEALS ?? 10_000);
/** The round the fitting requests use: other players and deals than the measured rounds (what they compute is then remembered). */
const FIT_ROUND = 97;
/** Fork-and-delete cycles made on one deal before the branch-list probe (each used to add a stream read per alias). */
const DEAD_BRANCHES = Number(process.env.DEAD_BRANCHES ?? 300);
/** Anonymous lanes asking for fresh analyses while the arbiter asks for one. */
const LANES = 20;

interface Ready {
  url: string;
  file: string;
  reused: boolean;
  deals: number;
  seriesLength: number;
  firstId: number;
  pools: { a: number; b: number; c: number };
  exportIdleMs: number;
  tokens: { admin: string; arbiter: string; player: string };
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
  name: string;
  /** An aliased request of n parts: n is set to the most the cost limit admits before measuring. */
  readonly build?: (n: number, i: number) => string;
  /** A fresh request each time (distinct deals where the server would otherwise remember an answer). */
  send: (i: number) => Promise<{ status: number; errors: string[]; bytes: number }>;
  readonly note?: string;
  /** Fewer runs than REPEAT (a whole-store export). */
  readonly repeat?: number;
  /** A document the limits refuse (400): measured, not fitted (target ≤ 20 ms of CPU). */
  readonly refused?: boolean;
}

async function main(): Promise<void> {
  const child = fork(join(__dirname, 'abuse-bench-server.ts'), [], {
    execArgv: ['-r', join(__dirname, 'register-ts.js')],
    env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  const base = ready.url.replace('/graphql', '');
  process.stdout.write(
    `store ${ready.file} (${ready.deals} deals, ${ready.reused ? 'reused' : 'built now'}); anonymous requests, default limits, REPEAT ${REPEAT}; machine shared\n`,
  );

  const gql = async (query: string, headers: Record<string, string> = {}): Promise<{ status: number; errors: string[]; bytes: number }> => {
    const res = await fetch(ready.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
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

  const most = (name: string, build: (n: number, i: number) => string): Probe => ({ name, build, send: () => Promise.reject(new Error('not fitted')) });
  const probes: Probe[] = [
    most('audit of distinct deals', (n) => {
      const r = next();
      return aliases(n, (k) => `audit(dealId: "${dealId(r + k)}") { intact agrees derivation { ruleId text } }`);
    }),
    {
      name: `playerStats of an a-player (1/${ready.pools.a} of all deals)`,
      send: (i) => gql(`{ playerStats(player: "a${i % ready.pools.a}") { dealsPlayed declarerGames wonAsDeclarer seegerFabianPerSeries { total } } }`),
    },
    {
      name: `playerStats of a b-player (1/${ready.pools.b} of all deals)`,
      send: (i) => gql(`{ playerStats(player: "b${i % ready.pools.b}") { dealsPlayed declarerGames wonAsDeclarer seegerFabianPerSeries { total } } }`),
    },
    most('playerStats of c-players', (n, i) => aliases(n, (k) => `playerStats(player: "c${(i * n + k) % ready.pools.c}") { dealsPlayed wonAsDeclarer }`)),
    most('scoreSheet of distinct series tables', (n) => {
      const r = next();
      return aliases(
        n,
        (k) =>
          `scoreSheet(tableId: "${seriesTable((r + k) % Math.floor(ready.deals / ready.seriesLength))}") { rows { dealNumber declarer entry } totals { player seegerFabian } }`,
      );
    }),
    // The first n tables' status: a sheet per table unless it is kept (the fitting requests keep those they built).
    most('tables(first: n) with their status', (n) => `{ tables(first: ${n}) { tableId players dealsPlayed openDisputes problems } }`),
    {
      name: 'deals(first: 100) with results',
      send: (i) =>
        gql(
          `{ deals(first: 100, filter: { player: "c${i % ready.pools.c}" }) { totalCount edges { node { id players result { declarer game won score } } } } }`,
        ),
    },
    most('deals(filter: { result }) totalCount', (n) => aliases(n, (k) => `deals(first: 1, filter: { result: ${k % 2 ? 'WON' : 'LOST'} }) { totalCount }`)),
    most('deals(first: 1) totalCount, no filter', (n) => aliases(n, () => `deals(first: 1) { totalCount }`)),
    most('deals totalCount, b-player filters', (n, i) =>
      aliases(n, (k) => `deals(first: 1, filter: { player: "b${(i + k) % ready.pools.b}" }) { totalCount }`),
    ),
    most('frames of distinct deals (all steps, PUBLIC)', (n) => {
      const r = next();
      return aliases(
        n,
        (k) =>
          `deal(id: "${dealId(r + k)}") { frames(perspective: PUBLIC) { step toAct hands { forehand { code } } currentTrick { cards { card { code } } } legalMoves { kind card { code } } } }`,
      );
    }),
    {
      name: 'analysis of a deal not yet computed (1 solver job)',
      note: 'solver-bound: waits for a worker thread, the event loop is free',
      send: () =>
        gql(`{ deal(id: "${dealId(next())}") { analysis { steps { step verdict value alternatives { move value verdict } } turningPoints { text } } } }`),
    },
    {
      name: `NDJSON export of ${EXPORT_DEALS} deals (streamed)`,
      repeat: 1,
      note: 'a stream: its length grows with the answer (the whole store is DEALS/EXPORT_DEALS times this); /health is what must stay low',
      send: async () => {
        const res = await fetch(`${base}/api/export/deals.ndjson?max=${EXPORT_DEALS}`, { headers: { accept: 'application/x-ndjson' } });
        const text = await res.text();
        return { status: res.status, errors: res.ok ? [] : [text.slice(0, 120)], bytes: text.length };
      },
    },
    // Issue 24: erroring fields, aliases of a read already paid for, documents the limits refuse, a deal's dead branches.
    most('deal(id: <300 characters>) aliases, each an error', (n, i) => aliases(n, (k) => `deal(id: "${String(i * 1000 + k).padStart(300, 'x')}") { id }`)),
    most('playerStats aliases of one b-player (computed once)', (n, i) => aliases(n, () => `playerStats(player: "b${i % ready.pools.b}") { dealsPlayed }`)),
    {
      name: 'refused: 2,400 erroring aliases (768 KB: bytes)',
      refused: true,
      send: (i) => gql(aliases(2400, (k) => `deal(id: "${String(i * 10_000 + k).padStart(300, 'x')}") { id }`)),
    },
    {
      name: 'refused: 2,400 deal aliases (60 KB: tokens)',
      refused: true,
      send: (i) => gql(aliases(2400, (k) => `deal(id: "y${i * 10_000 + k}") { id }`)),
    },
    { name: 'refused: a 1 MB document', refused: true, send: (i) => gql(`{ __typename ${`# ${i} `.padEnd(999_000, 'x')}\n}`) },
    {
      name: 'refused: 800 aliased audits (cost; 8,800 tokens)',
      refused: true,
      send: (i) => gql(aliases(800, (k) => `audit(dealId: "${dealId(i * 1000 + k)}") { intact }`)),
    },
    most(`Deal.branches aliases of a deal with ${DEAD_BRANCHES} dead branches`, (n) => aliases(n, () => `deal(id: "${dealId(7)}") { branches { id } }`)),
    most('analysis aliases of one computed deal', (n) =>
      aliases(n, () => `deal(id: "${dealId(0)}") { analysis { steps { step verdict value alternatives { move value verdict } } } }`),
    ),
  ];

  // Dead branches on one deal: fork and delete, DEAD_BRANCHES times (a player token: 20 live at most, deleted ones free).
  const asPlayer = { authorization: `Bearer ${ready.tokens.player}` };
  const cycles0 = performance.now();
  for (let i = 0; i < DEAD_BRANCHES; i++) {
    const forked = await fetch(ready.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asPlayer },
      body: JSON.stringify({ query: `mutation { forkBranch(commandId: "dead-${Date.now()}-${i}", input: { dealId: "${dealId(7)}", step: 3 }) { id } }` }),
    }).then((r) => r.json() as Promise<{ data?: { forkBranch: { id: string } }; errors?: unknown[] }>);
    if (!forked.data) throw new Error(`fork refused: ${JSON.stringify(forked.errors)}`);
    await gql(`mutation { deleteBranch(commandId: "dead-del-${Date.now()}-${i}", input: { branchId: "${forked.data.forkBranch.id}" }) { id } }`, asPlayer);
  }
  process.stdout.write(`${DEAD_BRANCHES} fork-and-delete cycles on ${dealId(7)} (${((performance.now() - cycles0) / 1000).toFixed(1)} s)\n`);

  // Warm-up: the first analysis (worker start) and the cached one the alias probe reads.
  await gql(`{ deal(id: "${dealId(0)}") { analysis { steps { step } } } }`);

  // What one /health answer costs the server alone: the poller below runs throughout, and the answers it gets while a
  // request runs (the event loop yields to them) are the poller's CPU, not the request's; it is taken off below.
  const HEALTH_ALONE = 200;
  const healthCpu0 = await cpuOf(child);
  for (let i = 0; i < HEALTH_ALONE; i++) await fetch(`${base}/health`).then((r) => r.text());
  const healthCpuMs = ((await cpuOf(child)) - healthCpu0) / HEALTH_ALONE;
  process.stdout.write(`one /health answer alone: ${healthCpuMs.toFixed(2)} ms of server CPU (taken off each request's CPU per answer during it)\n`);

  const health: { at: number; ms: number }[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t0 = performance.now();
      await fetch(`${base}/health`).then((r) => r.text());
      health.push({ at: t0, ms: performance.now() - t0 });
    }
  })();

  process.stdout.write(
    `${'request'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'CPU ms'.padStart(8)} ${'health p50'.padStart(11)} ${'health p99'.padStart(11)}  answer\n`,
  );
  for (const probe of probes) {
    if (probe.build) {
      // The most parts the cost limit admits (refusals are answered before anything runs).
      let lo = 0;
      let hi = 1024;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if ((await gql(probe.build(mid, FIT_ROUND))).status === 400) hi = mid - 1;
        else lo = mid;
      }
      const n = Math.max(1, lo);
      const build = probe.build;
      probe.name = `${probe.name} ×${n}`;
      probe.send = (i) => gql(build(n, i));
    }
    const times: number[] = [];
    const overlapping: number[] = [];
    let last: { status: number; errors: string[]; bytes: number } | null = null;
    const cpu0 = await cpuOf(child);
    const from = performance.now();
    for (let i = 0; i < (probe.repeat ?? REPEAT); i++) {
      const t0 = performance.now();
      last = await probe.send(i);
      const t1 = performance.now();
      times.push(t1 - t0);
      for (const h of health) if (h.at <= t1 && h.at + h.ms >= t0) overlapping.push(h.ms);
      if (last.status === 400 && !probe.refused) break;
    }
    const cpuAll = (await cpuOf(child)) - cpu0;
    const to = performance.now();
    const healthAnswers = health.filter((h) => h.at + h.ms > from && h.at + h.ms <= to).length;
    const cpu = Math.max(0, cpuAll - healthAnswers * healthCpuMs) / times.length;
    const answer =
      last?.status === 400 || last?.status === 429
        ? `REFUSED ${last.errors[0]}`
        : `${last?.status} ${last?.bytes} bytes${last?.errors.length ? `, ${last.errors.length} errors: ${last.errors[0]}` : ''}`;
    process.stdout.write(
      `${probe.name.padEnd(52)} ${pct(times, 50).toFixed(1).padStart(8)} ${Math.max(...times)
        .toFixed(1)
        .padStart(
          8,
        )} ${cpu.toFixed(1).padStart(8)} ${pct(overlapping, 50).toFixed(1).padStart(11)} ${pct(overlapping, 99).toFixed(1).padStart(11)}  ${answer}${probe.note ? ` (${probe.note})` : ''}\n`,
    );
  }
  // An arbiter's analysis of a deal not yet computed while LANES anonymous callers (each its own address) ask for fresh ones.
  {
    const lanes = Array.from({ length: LANES }, (_, k) =>
      gql(`{ deal(id: "${dealId(next() + k)}") { analysis { steps { step } } } }`, { 'x-forwarded-for': `198.51.100.${10 + k}` }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    const arbiter = await gql(`{ deal(id: "${dealId(next() + 500)}") { analysis { steps { step } } } }`, { authorization: `Bearer ${ready.tokens.arbiter}` });
    const waited = performance.now() - t0;
    const answers = await Promise.all(lanes);
    const busy = answers.filter((a) => a.errors.some((e) => e.startsWith('ANALYSIS_BUSY'))).length;
    process.stdout.write(
      `arbiter's analysis beside ${LANES} anonymous lanes: ${arbiter.errors.length ? `REFUSED ${arbiter.errors[0]}` : 'answered'} in ${waited.toFixed(0)} ms; lanes answered ${answers.length - busy}, told ANALYSIS_BUSY ${busy}\n`,
    );
  }

  // Two exports whose clients never read: each slot must be free again within the idle time, counted from their requests.
  {
    const { connect } = await import('node:net');
    const port = Number(new URL(base).port);
    const sent: number[] = [];
    const sockets = [ready.tokens.admin, ready.tokens.arbiter].map((token) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/export/deals.ndjson HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
        sent.push(performance.now());
        socket.pause();
      });
      socket.on('error', () => undefined);
      return socket;
    });
    while (sent.length < 2) await new Promise((r) => setTimeout(r, 5));
    const t0 = Math.max(...sent);
    let status = 0;
    let refused = 0;
    let freedAt = NaN;
    while (performance.now() - t0 < ready.exportIdleMs * 4) {
      const r = await fetch(`${base}/api/export/deals.ndjson?max=1`, { headers: { authorization: `Bearer ${ready.tokens.player}` } });
      await r.text();
      status = r.status;
      // A slot free before both stalled streams took theirs is not the one they free.
      if (status === 200 && refused > 0) {
        freedAt = performance.now();
        break;
      }
      if (status !== 200) refused++;
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const socket of sockets) socket.destroy();
    process.stdout.write(
      `two stalled exports: a third caller ${status === 200 ? `got a slot ${((freedAt - t0) / 1000).toFixed(2)} s` : `was still refused (${status}) ${((performance.now() - t0) / 1000).toFixed(2)} s`} after the stalled clients sent their requests (idle time ${ready.exportIdleMs / 1000} s; refused ${refused} times before, polled every 25 ms)\n`,
    );
  }

  polling = false;
  await poller;
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  process.stdout.write('targets: each admitted request ≤ 100 ms of CPU, each refused document ≤ 20 ms, /health p99 ≤ 50 ms while it runs\n');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
