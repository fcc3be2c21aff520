/**
 * Projections benchmark (issue 4): generate DEALS random legal deals through the deal decider into
 * a temp SQLite store (one noStream append per deal), then compare in the same run
 *   - raw scan of the same rows (the headline baseline): plain SQL over only the event types the
 *     projections read, data decoded — exactly the rows a rebuild reads;
 *   - the same rows fetched by SQL without decoding their JSON (reference: the floor of any reader);
 *   - raw scan of all rows: every row of the events table, data decoded (kept for reference);
 *   - store scans: all rows, and the projected types, through EventStore.readAll (upcasting, bigint revisions);
 *   - rebuild: Ledger.rebuildProjections() from zero: drop the read models, re-read the projected
 *     events, write the rows and checkpoints batch by batch, build the secondary indexes, and one
 *     WAL checkpoint at the end (so the next writer does not pay for the rebuild's WAL).
 * Each figure is wall time and CPU time (user + system of this process): the machine is shared,
 * so wall time includes waiting for a core, CPU time does not.
 * Then a catch-up when nothing was appended (what every API read does first): with the store's
 * change token, and without it (reads the log to find nothing), microseconds per call.
 * Then replay frames for a sample of deals in every perspective: microseconds per frame.
 * `DEALS=20000 npm run bench -- projections` for a quicker run; `BENCH_DB=/tmp/x.db` keeps the
 * generated store in that file and reuses it on the next run (generation is the slow part).
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandOfMove } from '../../src/deal/command-of-move';
import type { DealCommand } from '../../src/deal/commands';
import { decide, type DecideContext } from '../../src/deal/decide';
import { initialDealState } from '../../src/deal/deal-state';
import { DEAL_SCHEMA_VERSION, type DealEvent } from '../../src/deal/events';
import { evolve } from '../../src/deal/evolve';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { NewEvent, RecordedEvent } from '../../src/event-store/event-store';
import { openEventStore } from '../../src/event-store/store-url';
import { Ledger } from '../../src/ledger/ledger';
import { openReadModelDb } from '../../src/projections/read-model-db';
import { PROJECTED_EVENT_TYPES, ProjectionRunner } from '../../src/projections/runner';
import type { Perspective } from '../../src/projections/replay-frames/replay-frame';
import { replayFrames } from '../../src/projections/replay-frames/replay-frames';
import { seededRandom } from '../../src/rules/deck';
import { legalMoves } from '../../src/rules/game';
import type { Move } from '../../src/rules/move';
import type { RandomInt } from '../../src/rules/deck';
import type { TableOpenedData } from '../../src/table/events';
import { decodeData } from '../../src/event-store/sqlite/stored-rows';

const DEALS = Number(process.env.DEALS ?? 100_000);
const PLAYERS = ['Anna', 'Ben', 'Cleo', 'Dora'];
const ctx: DecideContext = { actorId: 'bench', role: 'system', now: '2026-11-29T12:00:00.000Z' };

const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const rate = (n: number, millis: number): string => `${Math.round((n / millis) * 1000).toLocaleString('en-US')}/s`;

/** Wall and CPU milliseconds of one measured phase. */
interface Took {
  readonly wall: number;
  readonly cpu: number;
}
/** Every measured phase starts from a collected heap (npm run bench passes --expose-gc), so none pays for the garbage of the one before. */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();
async function took<T>(run: () => Promise<T> | T): Promise<{ value: T; took: Took }> {
  collectGarbage();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const value = await run();
  const wall = ms(t0);
  const c = process.cpuUsage(cpu0);
  return { value, took: { wall, cpu: (c.user + c.system) / 1000 } };
}
const secs = (t: Took): string => `${(t.wall / 1000).toFixed(2)} s wall, ${(t.cpu / 1000).toFixed(2)} s CPU`;
/** Rate of a phase against a baseline doing the same work: baseline time / phase time (wall; CPU). */
const ratio = (baseline: Took, phase: Took): string => `${(baseline.wall / phase.wall).toFixed(2)} wall, ${(baseline.cpu / phase.cpu).toFixed(2)} CPU`;

/** A plausible random move: short auctions, mostly picked-up suit games, cards played to the end. */
function pick(moves: readonly Move[], random: RandomInt): Move {
  const plays = moves.filter((m) => m.kind === 'play');
  if (plays.length) return plays[random(plays.length)];
  const pass = moves.find((m) => m.kind === 'pass');
  if (pass) return random(100) < 45 ? pass : (moves.filter((m) => m.kind !== 'pass')[0] ?? pass);
  const pickUp = moves.find((m) => m.kind === 'pickUpSkat');
  if (pickUp && random(100) < 85) return pickUp;
  const plain = moves.filter((m) => m.kind !== 'declare' || (!m.declaration.ouvert && !m.declaration.schneiderAnnounced));
  return plain[random(plain.length)];
}

/** One random legal deal of a 4-table series, as the events the decider produces. */
function generateDeal(n: number): DealEvent[] {
  const tableNo = Math.floor(n / 48);
  const dealNumber = (n % 48) + 1;
  const dealer = PLAYERS[(dealNumber - 1) % 4];
  const active = [1, 2, 3].map((k) => PLAYERS[(PLAYERS.indexOf(dealer) + k) % 4]) as [string, string, string];
  const dealId = `b${n}`;
  const random = seededRandom(`bench-${n}`);
  let state = initialDealState;
  const events: DealEvent[] = [];
  let command: DealCommand = {
    type: 'StartDeal',
    dealId,
    tableId: `bt${tableNo}`,
    dealNumber,
    dealer,
    players: active,
    sittingOut: [dealer],
    cards: { kind: 'seeded', seed: `bench-${n}` },
    startedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  };
  for (;;) {
    const decided = decide(command, state, ctx);
    if (!decided.ok) throw new Error(`deal ${n}: ${decided.refusal.ruleId} ${decided.refusal.reason}`);
    events.push(...decided.value);
    for (const e of decided.value) state = evolve(state, e);
    if (state.recordedResult || !state.game) return events;
    command = commandOfMove(dealId, pick(legalMoves(state.game), random));
  }
}

function toNewEvents(dealId: string, events: readonly DealEvent[]): NewEvent[] {
  const commandId = `bench:${dealId}`;
  return events.map((e, i) => ({
    type: e.type,
    data: e.data,
    metadata: { eventId: eventIdFor(commandId, i), commandId, actorId: 'bench', source: 'bench', schemaVersion: DEAL_SCHEMA_VERSION, rulesVersion: 'isko@1' },
  }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'skat-projections-bench-'));
  const keep = process.env.BENCH_DB;
  const file = keep ?? path.join(dir, 'ledger.db');
  try {
    if (keep && existsSync(keep)) await measure(file);
    else await measure(file, await generate(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function generate(file: string): Promise<void> {
  // 1. Generate and append.
  const store = await openEventStore(`sqlite:${file}`);
  let totalEvents = 0;
  let genMs = 0;
  let appendMs = 0;
  const tables = new Set<string>();
  for (let n = 0; n < DEALS; n++) {
    let t0 = process.hrtime.bigint();
    const events = generateDeal(n);
    genMs += ms(t0);
    t0 = process.hrtime.bigint();
    await store.appendToStream(`deal-b${n}`, toNewEvents(`b${n}`, events), { expectedRevision: 'noStream' });
    appendMs += ms(t0);
    totalEvents += events.length;
    tables.add(`bt${Math.floor(n / 48)}`);
    if (n > 0 && n % 20000 === 0) process.stdout.write(`  ... ${n} deals generated\n`);
  }
  for (const tableId of tables) {
    const data: TableOpenedData = {
      tableId,
      players: PLAYERS,
      firstDealer: 'Anna',
      profileId: 'isko',
      profileOptions: {},
      profileVersion: '1',
      seriesLength: 48,
      fiveTableSitOutOffset: 3,
      computerPlayers: [],
      tournamentId: null,
      round: null,
    };
    await store.appendToStream(`table-${tableId}`, [{ type: 'TableOpened', data, metadata: { eventId: eventIdFor(`bench:${tableId}`, 0) } }], {
      expectedRevision: 'noStream',
    });
    totalEvents++;
  }
  await store.dispose();
  process.stdout.write(
    `generated ${DEALS} deals, ${totalEvents} events (${(totalEvents / DEALS).toFixed(1)} per deal): engine ${(genMs / 1000).toFixed(1)} s, append ${(appendMs / 1000).toFixed(1)} s (${rate(totalEvents, appendMs)} events)\n`,
  );
}

async function measure(file: string, _generated?: void): Promise<void> {
  const counts = new Database(file, { readonly: true });
  const totalEvents = counts.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;
  const DEALS = counts.prepare("SELECT COUNT(*) FROM streams WHERE stream_name LIKE 'deal-%'").pluck().get() as number;
  const version = counts.pragma('user_version', { simple: true }) as number;
  counts.close();

  // 1. Open the store for writing: a file of an older schema version is migrated here (type index).
  const opened = await took(() => openEventStore(`sqlite:${file}`));
  const store2 = opened.value;
  const migratedTo = new Database(file, { readonly: true });
  const nowVersion = migratedTo.pragma('user_version', { simple: true }) as number;
  migratedTo.close();
  process.stdout.write(
    `store file: schema version ${version}${nowVersion !== version ? `, migrated to ${nowVersion} on open in ${secs(opened.took)}` : ''}; ${totalEvents} events, ${DEALS} deals\n`,
  );

  // 2. Raw scans: SQL plus the data decoded from its compact form (metadata is per run), nothing else.
  const raw = new Database(file, { readonly: true });
  const rawAll = await took(() => {
    let rows = 0;
    for (const row of raw.prepare('SELECT position, run_id, type_id, hash, data, own FROM events ORDER BY position').iterate() as Iterable<{
      data: Buffer;
      hash: Buffer;
    }>) {
      if (decodeData(row.data) !== undefined && row.hash) rows++;
    }
    return rows;
  });
  // The projections read only some event types; the like-for-like raw scan reads just those rows.
  const types = PROJECTED_EVENT_TYPES.map(() => '?').join(',');
  const projectedSql = `SELECT position, run_id, type_id, hash, data, own FROM events WHERE type_id IN (SELECT type_id FROM event_types WHERE name IN (${types})) ORDER BY position`;
  const plan = (raw.prepare(`EXPLAIN QUERY PLAN ${projectedSql}`).all(...PROJECTED_EVENT_TYPES) as { detail: string }[]).map((r) => r.detail).join('; ');
  const rawProjected = await took(() => {
    let rows = 0;
    for (const row of raw.prepare(projectedSql).iterate(...PROJECTED_EVENT_TYPES) as Iterable<{ data: Buffer; hash: Buffer }>) {
      if (decodeData(row.data) !== undefined && row.hash) rows++;
    }
    return rows;
  });
  // For reference only: the same rows fetched without decoding their JSON (the floor of any reader).
  const rawProjectedSqlOnly = await took(() => {
    let rows = 0;
    for (const row of raw.prepare(projectedSql).iterate(...PROJECTED_EVENT_TYPES) as Iterable<{ data: string }>) if (row.data) rows++;
    return rows;
  });
  raw.close();
  process.stdout.write(
    `raw scan, all rows:         ${rawAll.value} rows in ${secs(rawAll.took)} = ${rate(rawAll.value, rawAll.took.wall)} events, ${rate(DEALS, rawAll.took.wall)} deals\n`,
  );
  process.stdout.write(
    `raw scan, projected types:  ${rawProjected.value} rows in ${secs(rawProjected.took)} = ${rate(DEALS, rawProjected.took.wall)} deals (plan: ${plan})\n`,
  );
  process.stdout.write(`  same rows, SQL only (no JSON decoding, reference): ${secs(rawProjectedSqlOnly.took)}\n`);

  // 3. The same rows through the store port.
  const storeAll = await took(async () => {
    let n = 0;
    for await (const e of store2.readAll()) if (e) n++;
    return n;
  });
  const storeProjected = await took(async () => {
    let n = 0;
    for await (const e of store2.readAll({ eventTypes: PROJECTED_EVENT_TYPES })) if (e) n++;
    return n;
  });
  process.stdout.write(`store scan, all rows:       ${storeAll.value} events in ${secs(storeAll.took)} = ${rate(storeAll.value, storeAll.took.wall)} events\n`);
  process.stdout.write(
    `store scan, projected types: ${storeProjected.value} events in ${secs(storeProjected.took)} = ${rate(DEALS, storeProjected.took.wall)} deals\n`,
  );

  // 4. Rebuild every projection from zero (read models in the same file as the store).
  const ledger = await Ledger.withStore(store2, { readModelUrl: `sqlite:${file}` });
  const rebuild = await took(() => ledger.rebuildProjections());
  const rebuilt = rebuild.value;
  process.stdout.write(
    `rebuild:     ${rebuilt.deals} deal rows from ${totalEvents} events in the log (${rebuilt.events} of the projected types applied) in ${secs(rebuild.took)} = ${rate(DEALS, rebuild.took.wall)} deals, ${rate(rebuilt.events, rebuild.took.wall)} events read (${rate(totalEvents, rebuild.took.wall)} log events)\n`,
  );
  process.stdout.write(`HEADLINE rebuild rate / raw scan rate of the same rows: ${ratio(rawProjected.took, rebuild.took)} (target >= 0.5)\n`);
  process.stdout.write(`rebuild rate / SQL-only fetch of the same rows (no JSON decoding): ${ratio(rawProjectedSqlOnly.took, rebuild.took)}\n`);
  process.stdout.write(
    `rebuild rate / raw scan rate of all rows: ${ratio(rawAll.took, rebuild.took)}; rebuild / store scan of the projected types: ${ratio(storeProjected.took, rebuild.took)}\n`,
  );
  // Catch-up with nothing new: the change token answers without a read; without a token the
  // runner reads the checkpoint and one (empty) page of the log.
  const idle = 10_000;
  await ledger.catchUp();
  await ledger.catchUp();
  let t0 = process.hrtime.bigint();
  for (let i = 0; i < idle; i++) await ledger.catchUp();
  const withToken = ms(t0);
  const noToken = Object.create(store2) as typeof store2;
  (noToken as { changeToken?: unknown }).changeToken = undefined;
  const readModels = openReadModelDb(`sqlite:${file}`);
  const blind = new ProjectionRunner(readModels, noToken);
  await blind.catchUp(false);
  t0 = process.hrtime.bigint();
  for (let i = 0; i < idle; i++) await blind.catchUp(false);
  const withoutToken = ms(t0);
  readModels.close();
  process.stdout.write(
    `catch-up, nothing new: ${((withToken * 1000) / idle).toFixed(1)} µs per call with the change token, ${((withoutToken * 1000) / idle).toFixed(1)} µs reading the log (no token)\n`,
  );

  const sheet = await ledger.scoreSheet('bt0');
  process.stdout.write(
    `check: score sheet of table bt0 has ${sheet?.rows.length ?? 0} rows; Seeger-Fabian ${JSON.stringify(sheet?.seegerFabian.map((l) => [l.player, l.total]))}\n`,
  );

  // 5. Replay frames: a sample of deals, every perspective.
  const sample = Math.min(500, DEALS);
  const perspectives: Perspective[] = [{ kind: 'all' }, { kind: 'public' }, { kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'seat', seat: 2 }];
  const dealsEvents: RecordedEvent[][] = [];
  for (let n = 0; n < sample; n++) dealsEvents.push(await ledger.dealEvents(`b${n}`));
  let frames = 0;
  t0 = process.hrtime.bigint();
  for (let n = 0; n < sample; n++) for (const p of perspectives) frames += replayFrames(`b${n}`, dealsEvents[n], p).length;
  const framesMs = ms(t0);
  process.stdout.write(
    `replay frames: ${frames} frames (${sample} deals x ${perspectives.length} perspectives) in ${framesMs.toFixed(0)} ms = ${((framesMs * 1000) / frames).toFixed(1)} µs per frame (whole deal folded per call)\n`,
  );
  t0 = process.hrtime.bigint();
  let single = 0;
  for (let n = 0; n < sample; n++) single += (await ledger.frames(`b${n}`, { from: 10, to: 10 }, { kind: 'public' })).length;
  const singleMs = ms(t0);
  process.stdout.write(
    `single frame through the ledger (read stream + fold to step 10): ${((singleMs * 1000) / sample).toFixed(0)} µs per call (${single} frames)\n`,
  );
  await ledger.close();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exitCode = 1;
});
