/**
 * `npm run bench -- as-of` (issue 28 item 2): on a SQLite store of DEALS result-only deals (default
 * 100,000, in series of 36; a 500-player tournament of 167 tables among them, its deals spread
 * through the log; players drawn from a pool of PLAYERS), built once and cached in the OS temp
 * folder under skat-ledger-bench/ (keyed by the read models' layout and DEALS), each run on a copy:
 *   (a) the tournament's standings as of a random log position: p50/p99 of Ledger.asOf +
 *       standingsOf (target ≤ 50 ms), beside the live standings;
 *   (b) a random player's statistics (with his Seeger-Fabian total per series and his ratings) as
 *       of a random position: p50/p99 (target ≤ 100 ms), beside the live ones;
 *   (c) the same two and a leaderboard as GraphQL queries at the default limits (cost model and all), anonymous:
 *       admitted or refused, their cost, and wall time.
 * Wall time and this process's CPU time per sample: the machine is shared. `DEALS=10000` for a quick run.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { AppendBatch, NewEvent } from '../../src/event-store/event-store';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';
import { REGISTERED_PROJECTIONS } from '../../src/projections/registered-projections';
import { seededRandom } from '../../src/rules/deck';
import { startServer } from '../api/harness';

const DEALS = Number(process.env.DEALS ?? 100_000);
const PLAYERS = Number(process.env.PLAYERS ?? 3_000);
const SAMPLES = Number(process.env.SAMPLES ?? 50);
const TOURNAMENT_TABLES = 167;
const SERIES = 36;
/** Bumped whenever the filler changes (v2: the results are of kind `scored`, as the engine records them). */
const FILL_VERSION = 2;

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number): string => `${x.toFixed(2).padStart(8)} ms`;
const line = (label: string, wall: number[], cpu: number[], target: string) =>
  process.stdout.write(
    `${label.padEnd(52)} p50 ${ms(pct(wall, 50))}  p99 ${ms(pct(wall, 99))}   CPU p50 ${ms(pct(cpu, 50))}  p99 ${ms(pct(cpu, 99))}   (${wall.length} samples, load ${loadavg()[0].toFixed(1)})   target ${target}\n`,
  );

/** A result-only deal's events: one game of `declarer` with a random outcome (R31 scoring by the engine is not needed: the facts are recorded as entered). */
function dealEvents(
  dealId: string,
  tableId: string,
  tournamentId: string | null,
  dealNumber: number,
  players: readonly string[],
  won: boolean,
  value: number,
): NewEvent[] {
  const meta = (n: number) => ({
    eventId: eventIdFor(`asof-${dealId}`, n),
    commandId: `asof-${dealId}`,
    actorId: 'bench',
    source: 'manual',
    recordedAt: '2026-11-29T12:00:00.000Z',
  });
  const declarer = dealNumber % 3;
  const score = won ? value : -2 * value;
  const seatScores = [0, 1, 2].map((s) => (s === declarer ? score : 0));
  const result = {
    kind: 'scored',
    passedIn: false,
    declarer,
    declaration: { gameType: 'grand', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
    bid: 18,
    won,
    gameValue: value,
    score,
    matadors: 1,
    overbid: false,
    declarerPoints: won ? 70 : 50,
    declarerTricks: null,
    schneider: false,
    schwarz: false,
    seatScores,
    notScoreableReason: null,
    derivation: [],
  };
  return [
    {
      type: 'DealStarted',
      data: {
        dealId,
        tableId,
        tournamentId,
        dealNumber,
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
    { type: 'DealScored', data: { result, profileId: 'isko', profileVersion: '1' }, metadata: meta(1) },
  ];
}

async function fill(ledger: Ledger): Promise<void> {
  const ctx = (n: string) => ({ commandId: `asof-open-${n}`, actorId: 'bench' });
  await ledger.execute({ type: 'CreateTournament', tournamentId: 'bench-cup', name: 'Bench cup' }, ctx('cup'));
  for (let t = 0; t < TOURNAMENT_TABLES; t++) {
    const players = [`cup${3 * t}`, `cup${3 * t + 1}`, `cup${3 * t + 2}`];
    await ledger.execute(
      { type: 'OpenTable', tableId: `bench-cup-t${t}`, players, firstDealer: players[0], tournamentId: 'bench-cup', round: 1 },
      ctx(`t${t}`),
    );
  }
  const random = seededRandom('as-of-fill');
  const cupDeals = Math.min(DEALS, TOURNAMENT_TABLES * SERIES);
  // Every k-th deal is the tournament's next one, so its deals are spread over the whole log.
  const every = Math.max(1, Math.floor(DEALS / cupDeals));
  let cup = 0;
  let filler = 0;
  let batch: AppendBatch[] = [];
  for (let i = 0; i < DEALS; i++) {
    if (i % every === 0 && cup < cupDeals) {
      const t = cup % TOURNAMENT_TABLES;
      const n = Math.floor(cup / TOURNAMENT_TABLES) + 1;
      const players = [`cup${3 * t}`, `cup${3 * t + 1}`, `cup${3 * t + 2}`];
      batch.push({
        streamName: `deal-bench-cup-t${t}-${n}`,
        expectedRevision: 'noStream',
        events: dealEvents(`bench-cup-t${t}-${n}`, `bench-cup-t${t}`, 'bench-cup', n, players, random(3) > 0, 24 + random(100)),
      });
      cup++;
    } else {
      const series = Math.floor(filler / SERIES);
      const players = [0, 1, 2].map((k) => `p${(series * 7 + k * 1013) % PLAYERS}`);
      const id = `filler-${filler}`;
      batch.push({
        streamName: `deal-${id}`,
        expectedRevision: 'noStream',
        events: dealEvents(id, `filler-t${series}`, null, (filler % SERIES) + 1, players, random(3) > 0, 24 + random(100)),
      });
      filler++;
    }
    if (batch.length === 2000) {
      await ledgerStore(ledger).appendMany(batch);
      batch = [];
    }
  }
  if (batch.length) await ledgerStore(ledger).appendMany(batch);
  await ledger.appendedInBulk();
}

async function storeCopy(): Promise<{ url: string; built: string; remove: () => void }> {
  const dir = join(tmpdir(), 'skat-ledger-bench');
  mkdirSync(dir, { recursive: true });
  const layout = REGISTERED_PROJECTIONS.map((p) => `${p.name}${p.version}`).join('-');
  const cached = join(dir, `as-of-v${FILL_VERSION}-${layout}-${DEALS}-${PLAYERS}.db`);
  let built = `cached ${cached}`;
  if (!existsSync(cached)) {
    const t0 = Date.now();
    const building = `${cached}.${process.pid}.building`;
    const ledger = await Ledger.open({ storeUrl: `sqlite:${building}` });
    await fill(ledger);
    await ledger.close();
    renameSync(building, cached);
    built = `built in ${((Date.now() - t0) / 1000).toFixed(1)} s, cached as ${cached}`;
  }
  const work = mkdtempSync(join(tmpdir(), 'skat-ledger-as-of-bench-'));
  const copy = join(work, 'store.db');
  copyFileSync(cached, copy);
  return { url: `sqlite:${copy}`, built, remove: () => rmSync(work, { recursive: true, force: true }) };
}

async function measure<T>(run: () => Promise<T>): Promise<{ wall: number; cpu: number; value: T }> {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = await run();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  return { wall, cpu: (u.user + u.system) / 1000, value };
}

async function main(): Promise<void> {
  const store = await storeCopy();
  const server = await startServer({ storeUrl: store.url, limits: { ratePerWindow: undefined as unknown as number } });
  const ledger = server.ledger;
  await ledger.catchUp();
  let events = 0;
  for await (const e of ledgerStore(ledger).readAll({ eventTypes: ['DealScored'] })) events = Math.max(events, Number(e.position));
  process.stdout.write(`store: ${DEALS.toLocaleString('en-US')} deals, ${PLAYERS} filler players, log head ${events} (${store.built})\n`);
  const random = seededRandom('as-of-bench');
  const position = () => String(1 + random(events));
  const player = () => `p${random(PLAYERS)}`;

  const standings = { wall: [] as number[], cpu: [] as number[], live: [] as number[] };
  const stats = { wall: [] as number[], cpu: [] as number[], live: [] as number[], deals: [] as number[] };
  let refolds = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const s = await measure(async () => {
      const view = await ledger.asOf({ position: position() });
      const answer = await view.sheets.standingsOf('bench-cup');
      refolds += view.reads.refolds;
      return answer;
    });
    if (!s.value && i === 0) process.stdout.write('(the first sampled position lies before the tournament)\n');
    standings.wall.push(s.wall);
    standings.cpu.push(s.cpu);
    standings.live.push((await measure(() => ledger.standings('bench-cup'))).wall);
    const name = player();
    // His statistics and his ratings under every model, as the API's playerStats { ratings } gives them.
    const p = await measure(async () => {
      const view = await ledger.asOf({ position: position() });
      const answer = await view.sheets.playerStats(name, {});
      await view.ratings.player(name);
      return answer;
    });
    stats.wall.push(p.wall);
    stats.cpu.push(p.cpu);
    stats.deals.push(p.value?.dealsPlayed ?? 0);
    stats.live.push((await measure(() => ledger.playerStats(name))).wall);
  }
  line('(a) as-of standings, 500 players (Ledger)', standings.wall, standings.cpu, '≤ 50 ms');
  const ended = { wall: [] as number[], cpu: [] as number[] };
  for (let i = 0; i < SAMPLES; i++) {
    const e = await measure(async () => (await ledger.asOf({ position: String(events - random(10)) })).sheets.standingsOf('bench-cup'));
    ended.wall.push(e.wall);
    ended.cpu.push(e.cpu);
  }
  line('    as-of standings after the last deal (sheets kept)', ended.wall, ended.cpu, '≤ 50 ms');
  line('    live standings (sheets kept)', standings.live, standings.live, '');
  line(`(b) as-of playerStats (median ${pct(stats.deals, 50)} deals then)`, stats.wall, stats.cpu, '≤ 100 ms');
  line('    live playerStats (memoised after the first)', stats.live, stats.live, '');
  process.stdout.write(`    rows folded again over all samples: ${refolds}\n`);

  // (c) As a user would: anonymous, at the default limits, as of the middle of the log (every table mid-series) and of its end.
  for (const [at, p] of [
    ['mid-log', String(Math.floor(events / 2))],
    ['log end', String(events)],
  ] as const) {
    for (const [label, query] of [
      ['standings', `query($p: String!) { standings(tournamentId: "bench-cup", asOf: { position: $p }) { lines { player total } } }`],
      [
        'playerStats',
        `query($p: String!) { playerStats(player: "p7", asOf: { position: $p }) { dealsPlayed seegerFabianPerSeries { tableId total } ratings { model rating } } }`,
      ],
      ['ratings(GLICKO2)', `query($p: String!) { ratings(model: GLICKO2, first: 20, asOf: { position: $p }) { player rating } }`],
      ['tables(first: 100)', `query($p: String!) { tables(first: 100, asOf: { position: $p }) { tableId } }`],
    ] as const) {
      const r = await measure(() => server.gql(query, { p }));
      const errors = r.value.body.errors as Array<{ message: string }> | undefined;
      process.stdout.write(
        `(c) GraphQL ${`${label}, ${at}`.padEnd(30)} ${errors ? `refused: ${errors[0].message.slice(0, 100)}` : 'answered'}  (${r.wall.toFixed(1)} ms wall)\n`,
      );
    }
  }
  await server.close();
  store.remove();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
