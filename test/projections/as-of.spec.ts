import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importIssText } from '../../src/archive/import/import-iss';
import type { EventStore } from '../../src/event-store/event-store';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { Ledger, type AsOf } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';
import { RATING_MODELS } from '../../src/projections/ratings/rating-models';
import { hasClaims } from '../../src/projections/audit/claim-audit';
import type { Perspective } from '../../src/projections/replay-frames/replay-frame';
import { seededRandom } from '../../src/rules/deck';
import type { EnteredResult } from '../../src/rules/result-entry';
import { growingCut } from '../support/growing-cut';
import { ledgerImportTarget } from '../support/ledger-import-target';
import { ctx, playOut, playTableDeal } from './helpers';

/**
 * Issue 28 item 2: every answer as of a moment of the log equals the answer of a store that holds
 * only the events up to that moment. For 20 random log positions of a generated tournament evening
 * and of the real ISS corpus (and a few times of the evening), the full store's as-of answers
 * (standings R35, score sheets R34, tables, tournaments, player statistics with and without his
 * series and with a tournament hidden, each deal's summary, frames in every perspective, audit,
 * fair-dealing record and revision, every rating model's leaderboard and each player's ratings) are compared with a ledger over a store cut there: the same
 * events, appended again in log order, so positions, hashes (L-chain) and times are the same.
 */
const CORPUS = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const PERSPECTIVES: Perspective[] = [{ kind: 'all' }, { kind: 'public' }, { kind: 'seat', seat: 0 }];

const game = (declarer: 0 | 1 | 2, declarerPoints: number): EnteredResult => ({
  kind: 'game',
  declarer,
  declaration: { gameType: 'hearts', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
  matadors: 2,
  bid: 20,
  declarerPoints,
  nullWon: null,
  schneider: false,
  schwarz: false,
});

/** A tournament evening: two tables, played and result-only deals, a correction, a loss fee, a club table's server-shuffled deal, a deal left open. */
async function generatedEvening(ledger: Ledger): Promise<void> {
  await ledger.execute({ type: 'CreateTournament', tournamentId: 'eve', name: 'Evening' }, ctx('admin'));
  const tables = [
    { tableId: 'eve-1', players: ['Anna', 'Ben', 'Cleo'] },
    { tableId: 'eve-2', players: ['Dora', 'Emil', 'Fritz'] },
  ];
  for (const t of tables) await ledger.execute({ type: 'OpenTable', ...t, firstDealer: t.players[0], tournamentId: 'eve', round: 1 }, ctx('admin'));
  for (let i = 0; i < 3; i++) {
    for (const t of tables) {
      await playTableDeal(ledger, t.tableId, `eve-${t.tableId}-${i}`);
      await ledger.execute({ type: 'StartTableDeal', tableId: t.tableId, result: game(((i + 1) % 3) as 0 | 1 | 2, 40 + 20 * i) }, ctx('rec'));
    }
    if (i === 0) await ledger.execute({ type: 'SetLossFee', tournamentId: 'eve', feeCents: 50, fromFourthLostGameCents: null }, ctx('admin'));
  }
  await ledger.execute({ type: 'CorrectScore', dealId: 'eve-1-2', reason: 'recount', facts: game(1, 75) }, ctx('Ulla', { role: 'arbiter' }));
  // A club table beside the tournament, its deal shuffled by the server (fair dealing: commitment, then the seed revealed at the end).
  await ledger.execute({ type: 'OpenTable', tableId: 'club-1', players: ['Anna', 'Emil', 'Cleo'], firstDealer: 'Emil' }, ctx('admin'));
  const started = await ledger.execute({ type: 'StartTableDeal', tableId: 'club-1', cards: { kind: 'crypto' } }, ctx('rec'));
  await playOut(ledger, started.dealId as string, 'club-crypto');
  // Left open: in progress at the end of the log.
  const open = await ledger.execute({ type: 'StartTableDeal', tableId: 'eve-1', cards: { kind: 'seeded', seed: 'eve-open' } }, ctx('rec'));
  expect(open.dealId).toBeDefined();
}

/** A store holding the events of `full` up to the cut (in log order), each appended again as recorded (its hash recomputed by the store). */
async function cutStore(full: EventStore, within: (e: { position: string; metadata: { recordedAt?: string } }) => boolean): Promise<EventStore> {
  const cut = openSqliteEventStore(':memory:');
  for await (const e of full.readAll()) {
    if (!within(e)) break;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { hash, prevHash, ...metadata } = e.metadata;
    await cut.appendToStream(e.streamName, [{ type: e.type, data: e.data, metadata: metadata as typeof e.metadata }], {
      expectedRevision: e.revision === 0n ? 'noStream' : e.revision - 1n,
    });
  }
  return cut;
}

interface Subjects {
  readonly tournaments: readonly string[];
  readonly tables: readonly string[];
  readonly players: readonly string[];
  readonly deals: readonly string[];
  /** Deals with a claim: their audit judges it with the solver (seconds for the corpus); the evening's times compare them. */
  readonly withClaims: ReadonlySet<string>;
}

async function subjectsOf(ledger: Ledger): Promise<Subjects> {
  const deals = (await ledger.deals({}, { first: 1000, newestFirst: false })).items;
  const tables = [...new Set(deals.map((d) => d.tableId).filter((t): t is string => t !== null))];
  return {
    tournaments: (await ledger.tournaments(100)).map((t) => t.tournament.tournamentId),
    tables: [...new Set([...tables, ...(await ledger.tables({ limit: 1000 })).map((t) => t.tableId)])],
    players: [...new Set(deals.flatMap((d) => d.players))],
    deals: deals.map((d) => d.dealId),
    withClaims: new Set((await Promise.all(deals.map(async (d) => (hasClaims(await ledger.dealEvents(d.dealId)) ? [d.dealId] : [])))).flat()),
  };
}

/**
 * Every as-of answer of `full` at `asOf` against the live answer of `cut`. Frames (folded per deal
 * and perspective, milliseconds each for an ISS record) in one perspective per deal, turning with
 * `turn`, so 20 cuts see each deal in every perspective.
 */
/** JSON with bigints as text: two answers built alike have the same text. */
const text = (x: unknown): string => JSON.stringify(x, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

/**
 * Expects the as-of answer to equal the cut store's: their JSON texts compared (cheap on frame
 * lists, where jest's deep equality costs most of the spec's time), and jest's deep equality only
 * when the texts differ, for its diff (answers that differ only in key order then still pass).
 */
async function same(asOf: Promise<unknown> | unknown, cut: Promise<unknown> | unknown): Promise<void> {
  const [a, b] = [await asOf, await cut];
  if (text(a) !== text(b)) expect(a).toEqual(b);
}

async function expectSameAnswers(
  full: Ledger,
  cut: Ledger,
  asOf: AsOf,
  s: Subjects,
  audits: 'all' | 'withoutClaims' | 'none',
  turn: number,
): Promise<{ refolds: number; partsKept: number }> {
  const view = await full.asOf(asOf);
  for (const t of s.tournaments) await same(view.sheets.standingsOf(t), cut.standings(t));
  for (const t of s.tables) await same(view.sheets.sheetOf(t), cut.scoreSheet(t));
  await same(view.sheets.tables({ limit: 100 }), cut.tables({ limit: 100 }));
  await same(view.sheets.tables({ tournamentId: 'eve', limit: 2 }), cut.tables({ tournamentId: 'eve', limit: 2 }));
  await same(view.sheets.tournaments(100), cut.tournaments(100));
  // Ratings (issue 28 item 3): every model's leaderboard and each player's ratings as of the cut.
  for (const model of RATING_MODELS) await same(view.ratings.leaderboard(model.id, 100), cut.ratings(model.id, 100));
  for (const p of s.players) {
    await same(view.ratings.player(p), cut.playerRatings(p));
    await same(view.sheets.playerStats(p, {}), cut.playerStats(p));
    await same(view.sheets.playerStats(p, { series: false }), cut.playerStats(p, { series: false }));
    await same(view.sheets.playerStats(p, { hiddenTournaments: ['eve'] }), cut.playerStats(p, { hiddenTournaments: ['eve'] }));
  }
  for (const [i, id] of s.deals.entries()) {
    const then = await cut.deal(id);
    await same(view.sheets.deal(id), then);
    expect(await view.deals.revision(id)).toBe(await cut.dealRevision(id));
    await same(view.deals.fairDeal(id), cut.fairDeal(id));
    if (audits === 'all' || (audits === 'withoutClaims' && !s.withClaims.has(id))) await same(view.deals.audit(id), cut.audit(id));
    await same(view.deals.recordingFrames(id), cut.recordingFrames(id));
    const p = PERSPECTIVES[(i + turn) % PERSPECTIVES.length];
    await same(view.deals.frames(id, {}, p), then ? await cut.frames(id, {}, p) : []);
    await same(view.deals.frame(id, 3, p), then ? await cut.frame(id, 3, p) : null);
  }
  return { refolds: view.reads.refolds, partsKept: view.sheets.partsKept };
}

/** `count` positions drawn (seeded) from the log's own positions, the first and the last among them. */
async function positionsOf(store: EventStore, seed: string, count: number): Promise<string[]> {
  const all: string[] = [];
  for await (const e of store.readAll()) all.push(e.position);
  const random = seededRandom(seed);
  const picked = new Set([all[0], all[all.length - 1]]);
  while (picked.size < count) picked.add(all[random(all.length)]);
  return [...picked];
}

/** Compares at `count` positions (in log order, over one growing cut); the rows folded again and the cuts whose standings or statistics differ from now. */
async function compareAtPositions(
  full: Ledger,
  seed: string,
  count: number,
  audits: (turn: number) => 'withoutClaims' | 'none',
): Promise<{ refolds: number; partsKept: number; differentFromNow: number }> {
  const store = ledgerStore(full);
  const s = await subjectsOf(full);
  const positions = (await positionsOf(store, seed, count)).sort((a, b) => store.comparePositions(a, b));
  let refolds = 0;
  let partsKept = 0;
  let differentFromNow = 0;
  const now = JSON.stringify([await full.tables({ limit: 100 }), await Promise.all(s.players.map((p) => full.playerStats(p)))]);
  const { cut, upTo } = await growingCut(store);
  try {
    for (const [turn, position] of positions.entries()) {
      await upTo(position);
      const done = await expectSameAnswers(full, cut, { position }, s, audits(turn), turn);
      refolds += done.refolds;
      partsKept += done.partsKept;
      if (JSON.stringify([await cut.tables({ limit: 100 }), await Promise.all(s.players.map((p) => cut.playerStats(p)))]) !== now) differentFromNow++;
    }
  } finally {
    await cut.close();
  }
  return { refolds, partsKept, differentFromNow };
}

describe('answers as of a moment equal those of a store cut there (issue 28 item 2)', () => {
  it('a generated tournament evening, at 20 random log positions', async () => {
    const full = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      await generatedEvening(full);
      const { refolds, partsKept, differentFromNow } = await compareAtPositions(full, 'evening', 20, (turn) => (turn % 4 === 0 ? 'withoutClaims' : 'none'));
      // Not the live answers by another name: most cuts differ from now, and rows in progress at a cut were folded again.
      expect(differentFromNow).toBeGreaterThanOrEqual(15);
      expect(refolds).toBeGreaterThan(0);
      // The standings took tables' parts kept after a batch (SheetSnapshots) at most cuts, not only sheets built anew.
      expect(partsKept).toBeGreaterThanOrEqual(20);
    } finally {
      await full.close();
    }
  });

  it('the generated evening as of recorded times (each event recorded then or before)', async () => {
    const full = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      await generatedEvening(full);
      const store = ledgerStore(full);
      const times: string[] = [];
      for await (const e of store.readAll()) times.push(new Date(e.metadata.recordedAt!).toISOString());
      const s = await subjectsOf(full);
      const random = seededRandom('times');
      // Times that split the log into a prefix (every event recorded then or before lies before every later one: commands stamp
      // their events before they append, so neighbouring ones may be out of order), so the store cut there is that prefix.
      const clean = times.flatMap((t, i) => (times.slice(0, i + 1).every((x) => x <= t) && times.slice(i + 1).every((x) => x > t) ? [t] : []));
      expect(clean.length).toBeGreaterThan(10);
      for (const [turn, time] of [clean[random(clean.length)], clean[random(clean.length)], '2000-01-01', '2999-01-01'].entries()) {
        const cut = await Ledger.withStore(await cutStore(store, (e) => new Date(e.metadata.recordedAt!).toISOString() <= time));
        try {
          await expectSameAnswers(full, cut, { time }, s, 'all', turn);
        } finally {
          await cut.close();
        }
      }
    } finally {
      await full.close();
    }
  });

  it('the real ISS corpus, at 20 random log positions', async () => {
    const full = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      const text = readdirSync(CORPUS)
        .filter((f) => f.endsWith('.sgf'))
        .sort()
        .map((f) => readFileSync(join(CORPUS, f), 'utf8'))
        .join('\n');
      await importIssText(ledgerImportTarget(full), text);
      // Audits (each deal rescored) at every fourth cut, claims left out (the solver judges them: seconds for the corpus).
      const { differentFromNow } = await compareAtPositions(full, 'iss', 20, (turn) => (turn % 4 === 0 ? 'withoutClaims' : 'none'));
      expect(differentFromNow).toBeGreaterThanOrEqual(15);
    } finally {
      await full.close();
    }
  });

  it('refuses a moment that is neither a position of the store nor an instant', async () => {
    const full = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      await expect(full.asOf({ position: 'yesterday' })).rejects.toThrow(/no position of this store/);
      await expect(full.asOf({ time: '2017-02-30' })).rejects.toThrow(/ISO 8601/);
    } finally {
      await full.close();
    }
  });
});
