/**
 * `npm run bench -- tournament` (issue 11): on a SQLite store already holding DEALS deals (default
 * 100,000 result-only filler deals in series of 36; built once and cached in the OS temp folder
 * under skat-ledger-bench/, keyed by FILL_VERSION, the read models' layout and DEALS; each run works on a copy):
 *   (a) recording a move end to end: the `playCard`/bid mutation over HTTP until the table's
 *       `tableUpdates` subscriber (graphql-ws) receives that event; p50/p99 (target p50 ≤ 10 ms);
 *   (b) a result-only entry (`enterResult` over HTTP) at tables of 36 deals: p50/p99 (target p50 ≤ 10 ms);
 *   (c) the standings of a 500-player tournament (167 3-tables) read after each result-only deal:
 *       p50/p99 of `Ledger.standings` (target ≤ 20 ms).
 * Wall time and the CPU time of this process within each sample (server and client run in it) are
 * printed: the machine is shared, so wall time includes waiting for a core. `DEALS=10000` for a
 * quick run; `PHASES=moves|entries|standings` runs one; `CPU_PROFILE=f.cpuprofile` profiles them.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { AppendBatch } from '../../src/event-store/event-store';
import { Ledger } from '../../src/ledger/ledger';
import { REGISTERED_PROJECTIONS } from '../../src/projections/registered-projections';
import { chooseMove, newCommandId } from '../api/deal-flow';
import { collect, startServer } from '../api/harness';
import { ledgerStore } from '../../src/ledger/store-port';

const DEALS = Number(process.env.DEALS ?? 100_000);
const MOVES = Number(process.env.MOVES ?? 200);
const ENTRIES = Number(process.env.ENTRIES ?? 200);
const STANDINGS_PLAYERS = 500;
/** `PHASES=moves,entries,standings` (default all): which measurements to run, e.g. to profile one. */
const PHASES = new Set((process.env.PHASES ?? 'moves,entries,standings').split(','));

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
/** Wall p50/p90/p99, the CPU time of this process (server and client) within each sample's window, and the load average. */
const line = (label: string, xs: number[], target: string, cpu: number[]) =>
  process.stdout.write(
    `${label.padEnd(46)} p50 ${ms(pct(xs, 50))}  p90 ${ms(pct(xs, 90))}  p99 ${ms(pct(xs, 99))}   CPU p50 ${ms(pct(cpu, 50))}  p90 ${ms(pct(cpu, 90))}   (${xs.length} samples, load ${loadavg()[0].toFixed(1)})   target ${target}\n`,
  );
const ms = (x: number): string => `${x.toFixed(2).padStart(7)} ms`;
const cpuSince = (c: NodeJS.CpuUsage): number => cpuMs(process.cpuUsage(c));
const cpuMs = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1000;

/** Bumped whenever the filler changes: a store cached under an older version is built again. */
const FILL_VERSION = 2;

/**
 * Filler: passed-in result-only deals (DealStarted, ResultEntered, DealPassedIn, DealScored) in
 * series of 36 at tables `filler-t<n>` of three players each, appended in batches.
 */
async function fill(ledger: Ledger, deals: number): Promise<void> {
  const batch: AppendBatch[] = [];
  for (let i = 1; i <= deals; i++) {
    const table = Math.floor((i - 1) / 36);
    const players = [`f${table}a`, `f${table}b`, `f${table}c`] as const;
    const tableId = `filler-t${table}`;
    const dealId = `filler-${i}`;
    const cmd = `fill-${i}`;
    const meta = (n: number) => ({ eventId: eventIdFor(cmd, n), commandId: cmd, actorId: 'bench', source: 'manual', recordedAt: '2026-11-29T12:00:00.000Z' });
    const facts = { kind: 'passedIn' as const };
    batch.push({
      streamName: `deal-${dealId}`,
      expectedRevision: 'noStream',
      events: [
        {
          type: 'DealStarted',
          data: {
            dealId,
            tableId,
            tournamentId: null,
            dealNumber: ((i - 1) % 36) + 1,
            dealer: players[2],
            players,
            sittingOut: [],
            computerSeats: [],
            profileId: 'isko',
            profileOptions: {},
            profileVersion: '1',
            startedAt: '2026-11-29T12:00:00.000Z',
          },
          metadata: meta(0),
        },
        { type: 'ResultEntered', data: { facts, enteredBy: 'bench' }, metadata: meta(1) },
        { type: 'DealPassedIn', data: { dealNumber: 1 }, metadata: meta(2) },
        {
          type: 'DealScored',
          data: {
            result: {
              kind: 'passedIn',
              passedIn: true,
              declarer: null,
              declaration: null,
              bid: null,
              won: null,
              gameValue: null,
              score: null,
              matadors: null,
              overbid: false,
              declarerPoints: null,
              declarerTricks: null,
              schneider: false,
              schwarz: false,
              seatScores: [0, 0, 0],
              notScoreableReason: null,
              derivation: [],
            },
            profileId: 'isko',
            profileVersion: '1',
          },
          metadata: meta(3),
        },
      ],
    });
    if (batch.length === 2000 || i === deals) {
      await ledgerStore(ledger).appendMany(batch.splice(0));
    }
  }
  await ledger.catchUp();
}

/**
 * The store with DEALS filler deals (events and read models in one SQLite file), built once and
 * kept under the OS temp folder keyed by FILL_VERSION, the read models' layout and DEALS; each run works on a copy.
 */
async function storeCopy(): Promise<{ url: string; built: string; remove: () => void }> {
  const dir = join(tmpdir(), 'skat-ledger-bench');
  mkdirSync(dir, { recursive: true });
  // Keyed by the registered projections' versions too: a store whose read models a newer version
  // rebuilds at open would measure that rebuild's aftermath (a WAL of tens of MB), not a running server.
  const layout = REGISTERED_PROJECTIONS.map((p) => `${p.name}${p.version}`).join('-');
  const cached = join(dir, `tournament-v${FILL_VERSION}-${layout}-${DEALS}.db`);
  let built = `cached ${cached}`;
  if (!existsSync(cached)) {
    const t0 = Date.now();
    const building = `${cached}.${process.pid}.building`;
    const ledger = await Ledger.open({ storeUrl: `sqlite:${building}` });
    await fill(ledger, DEALS);
    await ledger.close();
    renameSync(building, cached);
    built = `built in ${((Date.now() - t0) / 1000).toFixed(1)} s, cached as ${cached}`;
  }
  const work = mkdtempSync(join(tmpdir(), 'skat-ledger-tournament-bench-'));
  const copy = join(work, 'store.db');
  copyFileSync(cached, copy);
  return { url: `sqlite:${copy}`, built, remove: () => rmSync(work, { recursive: true, force: true }) };
}

/** `CPU_PROFILE=file.cpuprofile`: a V8 CPU profile of the measured part (after the store is built), for Chrome DevTools. */
async function profileFrom(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => undefined;
  const { Session } = await import('node:inspector');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = await post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    process.stdout.write(`CPU profile written to ${file}\n`);
  };
}

async function main(): Promise<void> {
  const store = await storeCopy();
  const server = await startServer({ storeUrl: store.url });
  const admin = server.token({ role: 'admin' });
  const gql = async (q: string, v: Record<string, unknown>) => {
    const r = await server.gql(q, v, admin);
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  };
  process.stdout.write(`store: ${DEALS.toLocaleString('en-US')} filler deals (${store.built}); machine shared, wall time includes waiting for a core\n`);
  const stopProfile = await profileFrom(process.env.CPU_PROFILE);

  // (a) move -> subscription delivery, at a live table.
  if (PHASES.has('moves')) {
    await gql(
      `mutation($c: ID!) { openTable(commandId: $c, input: { tableId: "bench", players: ["Anna", "Ben", "Cleo"], firstDealer: "Anna", seriesLength: 1000 }) { revision } }`,
      { c: newCommandId() },
    );
    const sub = collect(server.ws(admin), `subscription { tableUpdates(tableId: "bench") { eventId eventType } }`, {});
    await new Promise((r) => setTimeout(r, 300));
    const moveTimes: number[] = [];
    const moveCpu: number[] = [];
    let seed = 0;
    while (moveTimes.length < MOVES) {
      const start = await gql(
        `mutation($c: ID!) { startTableDeal(commandId: $c, input: { tableId: "bench", cards: { shuffle: SEEDED, seed: "b${seed++}" } }) { dealId } }`,
        { c: newCommandId() },
      );
      const dealId = start.startTableDeal.dealId;
      let step = 0;
      for (;;) {
        const r = await gql(
          `query($id: ID!, $from: Int!) { deal(id: $id) { status frames(from: $from) { step phase toAct legalMoves { kind seat value card { code } cards { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced } } } } }`,
          { id: dealId, from: step },
        );
        if (r.deal.status !== 'IN_PROGRESS' || moveTimes.length >= MOVES) break;
        const last = r.deal.frames[r.deal.frames.length - 1];
        step = last.step;
        const move = chooseMove(dealId, last);
        if (!move) break;
        const seen = sub.received.length;
        const c = process.cpuUsage();
        const t = process.hrtime.bigint();
        const res = await server.gql(move.mutation, move.variables, admin);
        if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
        await sub.until((rcv) => rcv.length > seen, 5000);
        moveTimes.push(Number(process.hrtime.bigint() - t) / 1e6);
        moveCpu.push(cpuSince(c));
      }
      if (moveTimes.length < MOVES) {
        const r = await gql(`query($id: ID!) { deal(id: $id) { status } }`, { id: dealId });
        if (r.deal.status === 'IN_PROGRESS')
          await gql(`mutation($c: ID!, $d: ID!) { abandonDeal(commandId: $c, input: { dealId: $d, reason: TIMEOUT }) { revision } }`, {
            c: newCommandId(),
            d: dealId,
          });
      }
    }
    line('move mutation -> tableUpdates delivery', moveTimes, 'p50 <= 10 ms', moveCpu);
    sub.stop();
  }

  // (b) result-only entry.
  if (PHASES.has('entries')) {
    // Series of 36 (R36) as at a tournament: a new table (not timed) after every 36 entries.
    const entryTimes: number[] = [];
    const entryCpu: number[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const table = `entry-${Math.floor(i / 36)}`;
      if (i % 36 === 0)
        await gql(
          `mutation($c: ID!) { openTable(commandId: $c, input: { tableId: "${table}", players: ["Anna", "Ben", "Cleo"], firstDealer: "Anna" }) { revision } }`,
          { c: newCommandId() },
        );
      const c = process.cpuUsage();
      const t = process.hrtime.bigint();
      // One document with variables, as the viewer's result form sends it (a parsed, validated document is reused).
      await gql(`mutation($c: ID!, $i: EnterResultInput!) { enterResult(commandId: $c, input: $i) { dealId } }`, {
        c: newCommandId(),
        i: { tableId: table, result: { declarer: 'Anna', game: 'CLUBS', matadors: 2, bid: 18, declarerPoints: 40 + (i % 50) } },
      });
      entryTimes.push(Number(process.hrtime.bigint() - t) / 1e6);
      entryCpu.push(cpuSince(c));
    }
    line('enterResult (HTTP)', entryTimes, 'p50 <= 10 ms', entryCpu);
  }

  // (c) standings of a 500-player tournament after each deal.
  if (PHASES.has('standings')) {
    const ledger = server.ledger;
    const sys = (id: string) => ({ commandId: id, actorId: 'bench', role: 'system' as const });
    await ledger.execute({ type: 'CreateTournament', tournamentId: 'big', name: 'Big' }, sys('big'));
    const tables = Math.ceil(STANDINGS_PLAYERS / 3);
    for (let t = 0; t < tables; t++) {
      const players = [0, 1, 2].map((k) => `p${(t * 3 + k) % STANDINGS_PLAYERS}-${Math.floor((t * 3 + k) / STANDINGS_PLAYERS)}`);
      await ledger.execute({ type: 'OpenTable', tableId: `big-${t}`, players, firstDealer: players[0], tournamentId: 'big', round: 1 }, sys(`big-open-${t}`));
    }
    const standingsTimes: number[] = [];
    const standingsCpu: number[] = [];
    const dealsPerTable = Number(process.env.STANDINGS_DEALS ?? 3);
    for (let n = 1; n <= dealsPerTable; n++) {
      for (let t = 0; t < tables; t++) {
        await ledger.execute(
          {
            type: 'StartTableDeal',
            tableId: `big-${t}`,
            result: {
              kind: 'game',
              declarer: (n % 3) as 0 | 1 | 2,
              declaration: { gameType: 'grand', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
              matadors: 1,
              bid: 18,
              declarerPoints: 50 + n,
              nullWon: null,
              schneider: false,
              schwarz: false,
            },
          },
          sys(`big-${t}-${n}`),
        );
        const c = process.cpuUsage();
        const t1 = process.hrtime.bigint();
        await ledger.standings('big');
        standingsTimes.push(Number(process.hrtime.bigint() - t1) / 1e6);
        standingsCpu.push(cpuSince(c));
      }
    }
    line(`standings of ${STANDINGS_PLAYERS} players after each deal`, standingsTimes, '<= 20 ms', standingsCpu);
  }
  await stopProfile();
  await server.close();
  store.remove();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
