/**
 * `npm run bench -- ratings` (issue 28 item 3): which rating model predicts best whether the
 * declarer wins. Each model is folded over the rated games in log order (the projection's own
 * pure fold, ratings-fold.ts); every game of the later half is predicted with the ratings before
 * it (fitted on everything earlier, the earlier half included) and scored by log-loss and Brier
 * score, beside a baseline that always predicts the earlier half's declarer win rate. Stores:
 *   (a) the real ISS records in shared/data/iss (imported into an in-memory ledger);
 *   (b) GAMES generated games (default 1,000,000) among PLAYERS players with a hidden skill each:
 *       the declarer wins with probability sigmoid(edge + his skill - the defenders' mean), so a
 *       model that learns the skills predicts better than the baseline;
 *   (c) the time to rate all players over the generated games (every model), and a rebuild of the
 *       ratings' projections (every model and the rating log) through the runner over REBUILD_DEALS
 *       deals of a SQLite store (REBUILD_TABLES=1: table deals, 36 to a table), alone and with every
 *       other projection;
 *   (d) ratings as of a moment before the last score: each model's leaderboard from its steps and
 *       folded over the rating log, and a player's ratings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importIssText } from '../../src/archive/import/import-iss';
import type { DealScoredData, DealStartedData } from '../../src/deal/events';
import { eventIdFor } from '../../src/event-store/event-ids';
import type { AppendBatch } from '../../src/event-store/event-store';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';
import type { RatingModel } from '../../src/projections/ratings/rating-model';
import { RATING_MODELS } from '../../src/projections/ratings/rating-models';
import { ratedGame } from '../../src/projections/ratings/ratings-fold';
import { createRebuildTables, dropRebuildTables, type ReadModelDb } from '../../src/projections/read-model-db';
import { registeredProjections } from '../../src/projections/registered-projections';
import { ProjectionRunner } from '../../src/projections/runner';
import { foldedBook } from '../../src/ledger/reads/ratings-as-of';
import { sortablePosition } from '../../src/projections/as-of/as-of-cut';
import { seededRandom } from '../../src/rules/deck';
import { ledgerImportTarget } from '../support/ledger-import-target';

const GAMES = Number(process.env.GAMES ?? 1_000_000);
const PLAYERS = Number(process.env.PLAYERS ?? 5_000);
const REBUILD_DEALS = Number(process.env.REBUILD_DEALS ?? 50_000);
/** REBUILD_TABLES=1: the rebuild's deals are table deals, 36 to a table (an ISS import's are), so their rows wait for the next deal. */
const REBUILD_TABLES = process.env.REBUILD_TABLES === '1';

interface Game {
  readonly players: readonly [string, string, string];
  readonly declarer: number;
  readonly won: boolean;
  readonly gameValue: number;
  readonly score: number;
  readonly tableSize: number;
}

/** The model's predictions of the later half, online; its ratings of every player at the end. */
function evaluate(model: RatingModel, games: readonly Game[]): { logLoss: number; brier: number; n: number; ms: number } {
  const t = performance.now();
  const state = new Map<string, readonly number[]>();
  let edge = 0;
  let logLoss = 0;
  let brier = 0;
  let n = 0;
  const half = Math.floor(games.length / 2);
  for (const [i, g] of games.entries()) {
    const s = g.players.map((p) => state.get(p) ?? model.initial());
    const defenders = [0, 1, 2].filter((x) => x !== g.declarer).map((x) => s[x]) as [readonly number[], readonly number[]];
    const p = model.predict(s[g.declarer], defenders, edge);
    if (i >= half) {
      const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
      logLoss -= g.won ? Math.log(q) : Math.log(1 - q);
      brier += ((g.won ? 1 : 0) - p) ** 2;
      n++;
    }
    const [d, f0, f1] = model.update(s[g.declarer], defenders, g, edge);
    const others = [0, 1, 2].filter((x) => x !== g.declarer);
    state.set(g.players[g.declarer], d);
    state.set(g.players[others[0]], f0);
    state.set(g.players[others[1]], f1);
    edge += model.advantageStep * ((g.won ? 1 : 0) - p);
  }
  return { logLoss: logLoss / Math.max(1, n), brier: brier / Math.max(1, n), n, ms: performance.now() - t };
}

function baseline(games: readonly Game[]): { logLoss: number; brier: number } {
  const half = Math.floor(games.length / 2);
  const rate = games.slice(0, half).filter((g) => g.won).length / Math.max(1, half);
  const q = Math.min(1 - 1e-9, Math.max(1e-9, rate));
  const later = games.slice(half);
  const logLoss = later.reduce((s, g) => s - (g.won ? Math.log(q) : Math.log(1 - q)), 0) / Math.max(1, later.length);
  const brier = later.reduce((s, g) => s + ((g.won ? 1 : 0) - rate) ** 2, 0) / Math.max(1, later.length);
  return { logLoss, brier };
}

function report(label: string, games: readonly Game[]): void {
  process.stdout.write(
    `${label}: ${games.length.toLocaleString('en-US')} rated games, later half ${(games.length - Math.floor(games.length / 2)).toLocaleString('en-US')}\n`,
  );
  const b = baseline(games);
  process.stdout.write(`  ${'baseline (earlier half win rate)'.padEnd(34)} log-loss ${b.logLoss.toFixed(4)}  Brier ${b.brier.toFixed(4)}\n`);
  for (const model of RATING_MODELS) {
    const r = evaluate(model, games);
    process.stdout.write(
      `  ${model.id.padEnd(34)} log-loss ${r.logLoss.toFixed(4)}  Brier ${r.brier.toFixed(4)}   (${(r.ms / 1000).toFixed(2)} s to rate every game)\n`,
    );
  }
}

async function issGames(): Promise<Game[]> {
  const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
  const dir = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
  const text = readdirSync(dir)
    .filter((f) => f.endsWith('.sgf'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  await importIssText(ledgerImportTarget(ledger), text);
  const players = new Map<string, readonly string[]>();
  const games: Game[] = [];
  for await (const e of ledgerStore(ledger).readAll({ eventTypes: ['DealStarted', 'DealScored'] })) {
    if (e.type === 'DealStarted') players.set(e.streamName, (e.data as DealStartedData).players);
    else {
      const g = ratedGame(e.data as DealScoredData);
      const p = players.get(e.streamName);
      if (g && p && p.length === 3) games.push({ players: p as [string, string, string], ...g, tableSize: 3 });
    }
  }
  await ledger.close();
  return games;
}

function generatedGames(): Game[] {
  const random = seededRandom('ratings-bench');
  const uniform = () => random(1_000_000) / 1_000_000;
  // Skills ~ N(0, 0.6) in logits (Box-Muller), the declarer's edge 1.1 (about 75 % for equal players).
  const skill = Array.from({ length: PLAYERS }, () => Math.sqrt(-2 * Math.log(1 - uniform() * 0.999999)) * Math.cos(2 * Math.PI * uniform()) * 0.6);
  const games: Game[] = [];
  for (let i = 0; i < GAMES; i++) {
    const seats = new Set<number>();
    while (seats.size < 3) seats.add(random(PLAYERS));
    const [a, b, c] = [...seats];
    const declarer = random(3);
    const ids = [a, b, c];
    const others = ids.filter((_, k) => k !== declarer);
    const logit = 1.1 + skill[ids[declarer]] - (skill[others[0]] + skill[others[1]]) / 2;
    const won = uniform() < 1 / (1 + Math.exp(-logit));
    const gameValue = 18 + random(100);
    games.push({ players: [`g${a}`, `g${b}`, `g${c}`], declarer, won, gameValue, score: won ? gameValue : -2 * gameValue, tableSize: 3 });
  }
  return games;
}

async function rebuild(): Promise<void> {
  const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
  const random = seededRandom('ratings-rebuild');
  let batch: AppendBatch[] = [];
  for (let i = 0; i < REBUILD_DEALS; i++) {
    const players = [`r${random(PLAYERS)}`, `s${random(PLAYERS)}`, `t${random(PLAYERS)}`];
    const meta = (n: number) => ({ eventId: eventIdFor(`rb-${i}`, n) });
    const won = random(4) > 0;
    const declarer = random(3);
    batch.push({
      streamName: `deal-rb-${i}`,
      expectedRevision: 'noStream',
      events: [
        {
          type: 'DealStarted',
          data: {
            dealId: `rb-${i}`,
            tableId: REBUILD_TABLES ? `rt-${Math.floor(i / 36)}` : null,
            tournamentId: null,
            dealNumber: REBUILD_TABLES ? 1 + (i % 36) : 1,
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
        {
          type: 'DealScored',
          data: {
            result: {
              kind: 'scored',
              passedIn: false,
              declarer,
              won,
              gameValue: 48,
              score: won ? 48 : -96,
              declaration: null,
              bid: 18,
              matadors: 1,
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
          metadata: meta(1),
        },
      ],
    });
    if (batch.length === 2000) {
      await ledgerStore(ledger).appendMany(batch);
      batch = [];
    }
  }
  if (batch.length) await ledgerStore(ledger).appendMany(batch);
  await ledger.catchUp();
  const db = (ledger as unknown as { db: ReadModelDb }).db;
  const store = ledgerStore(ledger);
  const deals = REBUILD_DEALS.toLocaleString('en-US');
  // The ratings' projections alone (every model and the rating log), loaded from zero into rebuild tables as a rebuild does.
  const ratings = registeredProjections().filter((p) => p.name.startsWith('rating'));
  const alone = await measured(async () => {
    createRebuildTables(db, ratings);
    await new ProjectionRunner(db, store, ratings, 'rebuild').catchUp(false);
    dropRebuildTables(db, ratings);
  });
  process.stdout.write(`(c) the ratings (${ratings.map((p) => p.name).join(', ')}) rebuilt over ${deals} deals: ${alone}\n`);
  const all = await measured(() => ledger.rebuildProjections());
  process.stdout.write(`(c) every projection rebuilt over ${deals} deals: ${all}\n`);
  // (d) Ratings as of the position before the last score, as the API answers them: each model's leaderboard from its steps (every
  // player visited: what the API charges per player), a player's ratings under every model; and each model folded over the
  // rating log (the answer for a time a clock stepped back into: what the API charges per entry).
  let last = '0';
  for await (const e of store.readAll({ eventTypes: ['DealScored'] })) last = e.position;
  const before = (BigInt(last) - 1n).toString();
  const work = ledger.ratingsAsOfCost({ position: before });
  const cpuOf = async (run: () => Promise<unknown>): Promise<number> => {
    const c = process.cpuUsage();
    await run();
    const u = process.cpuUsage(c);
    return (u.user + u.system) / 1000;
  };
  for (const model of RATING_MODELS) {
    const view = await ledger.asOf({ position: before });
    const steps = await cpuOf(() => view.ratings.leaderboard(model.id, 20));
    const fold = await cpuOf(() => foldedBook(db, model, { kind: 'position', key: sortablePosition(before) }));
    process.stdout.write(
      `(d) ${model.id.padEnd(14)} as of the position before the last score: leaderboard from the steps ${steps.toFixed(1)} ms CPU ` +
        `(${((steps * 1000) / work.players).toFixed(2)} µs per player, ${work.players.toLocaleString('en-US')} players); ` +
        `folded over the rating log ${fold.toFixed(0)} ms CPU (${((fold * 1000) / work.entries).toFixed(2)} µs per entry, ${work.entries.toLocaleString('en-US')} entries)\n`,
    );
  }
  const player = (await ledger.ratings('elo', 1))[0].player;
  const view = await ledger.asOf({ position: before });
  const one = await cpuOf(() => view.ratings.player(player));
  process.stdout.write(`(d) a player's ratings under every model as of that position: ${one.toFixed(2)} ms CPU\n`);
  await ledger.close();
}

/** Wall and CPU time of `work`, as text. */
async function measured(work: () => Promise<unknown>): Promise<string> {
  const c = process.cpuUsage();
  const t = performance.now();
  await work();
  const u = process.cpuUsage(c);
  return `${((performance.now() - t) / 1000).toFixed(2)} s wall, ${((u.user + u.system) / 1e6).toFixed(2)} s CPU`;
}

async function main(): Promise<void> {
  // PARTS=c: only the rebuild and the as-of fold (for a profile).
  if (process.env.PARTS === 'c') return rebuild();
  report('(a) ISS corpus', await issGames());
  const t = performance.now();
  const games = generatedGames();
  process.stdout.write(`(b) generated in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  report('(b) generated', games);
  await rebuild();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
