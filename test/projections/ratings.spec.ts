import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importIssText } from '../../src/archive/import/import-iss';
import { eventIdFor } from '../../src/event-store/event-ids';
import { openSqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';
import { RATING_MODELS } from '../../src/projections/ratings/rating-models';
import { ratingStepsTable, ratingsTable } from '../../src/projections/ratings/ratings-projection';
import { RATING_LOG_TABLE, RATING_SEATS_TABLE } from '../../src/projections/ratings/rating-log';
import type { ReadModelDb } from '../../src/projections/read-model-db';
import { randomDeal } from '../deal/random-deal';
import { ledgerImportTarget } from '../support/ledger-import-target';
import type { EnteredResult } from '../../src/rules/result-entry';
import { ctx } from './helpers';
import { growingCut } from '../support/growing-cut';
import type { Card } from '../../src/rules/card';
import type { DealCommand } from '../../src/deal/commands';

/**
 * Issue 28 item 3: ratings as registered projections, several models over the same events. A
 * declarer's won game (R30) raises his rating and lowers both defenders'; a lost one (R31) the
 * reverse; passed-in deals (R8) rate nobody. Each model's rows rebuilt from zero equal the live
 * fold's, event by event as they were appended, over random played deals and the ISS corpus, and
 * over a deal whose ending move was withdrawn (L24) and that was scored again.
 */
const HANDS: [Card[], Card[], Card[]] = [
  ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
  ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
  ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
];
const CARDS = { kind: 'given' as const, hands: HANDS, skat: ['C7', 'D7'] as [Card, Card] };
const BID_CLUBS_HAND: DealCommand[] = [
  { type: 'CallBid', dealId: 't-1', seat: 1, value: 18 },
  { type: 'HoldBid', dealId: 't-1', seat: 0 },
  { type: 'PassBid', dealId: 't-1', seat: 1 },
  { type: 'PassBid', dealId: 't-1', seat: 2 },
  {
    type: 'DeclareGame',
    dealId: 't-1',
    seat: 0,
    declaration: { gameType: 'clubs', hand: true, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
  },
];
const won = (declarer: 0 | 1 | 2): EnteredResult => ({
  kind: 'game',
  declarer,
  declaration: { gameType: 'grand', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
  matadors: 1,
  bid: 18,
  declarerPoints: 80,
  nullWon: null,
  schneider: false,
  schwarz: false,
});
const CORPUS = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');

/** Every model's rows and its steps (its ratings through time, rating-steps.ts), and the rating log's seats. */
const rowsOf = (ledger: Ledger): string => {
  const db = (ledger as unknown as { db: ReadModelDb }).db;
  const rows = RATING_MODELS.map((m) => db.prepare(`SELECT key, kind, score, games, json FROM ${ratingsTable(m)} ORDER BY key`).all());
  const steps = RATING_MODELS.map((m) => db.prepare(`SELECT * FROM ${ratingStepsTable(m)} ORDER BY position`).all());
  expect(steps.every((s) => s.length > 0)).toBe(true);
  const seats = db.prepare(`SELECT * FROM ${RATING_SEATS_TABLE} ORDER BY position, seat`).all();
  return JSON.stringify([rows, steps, seats]);
};

describe('ratings as projections (issue 28 item 3)', () => {
  it('every model: a won game raises the declarer and lowers the defenders, a lost one the reverse', () => {
    for (const model of RATING_MODELS) {
      const [a, b, c] = [model.initial(), model.initial(), model.initial()];
      const p = model.predict(a, [b, c], 0);
      expect(p).toBeCloseTo(0.5, 5); // equal players, no edge yet
      const won = model.update(a, [b, c], { won: true, gameValue: 48, score: 48, tableSize: 3 }, 0);
      expect(model.score(won[0])).toBeGreaterThan(model.score(a) - 1e-9);
      expect(won[0][0]).toBeGreaterThan(a[0]);
      // The DSkV figure (R35) moves a defender only when the declarer lost: +40 each at a 3-table.
      expect(won[1][0]).toBeLessThan(b[0] + (model.id === 'dskv' ? 1e-9 : 0));
      expect(model.score(won[1])).toBeLessThan(model.score(won[0]));
      expect(model.score(won[2])).toBeLessThan(model.score(won[0]));
      const lost = model.update(a, [b, c], { won: false, gameValue: 48, score: -96, tableSize: 3 }, 0);
      expect(lost[0][0]).toBeLessThan(a[0]);
      expect(lost[1][0]).toBeGreaterThan(b[0]);
      expect(model.score(lost[1])).toBeGreaterThan(model.score(lost[0]));
      // The stronger declarer is the likelier winner, and the edge raises it.
      expect(model.predict(won[0], [won[1], won[2]], 0)).toBeGreaterThan(p);
      expect(model.predict(a, [b, c], model.advantageStep * 10)).toBeGreaterThan(p);
    }
  });

  it('each projection rebuilt from zero gives the ratings of the live fold (random played deals, then the ISS corpus)', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      const players = ['Anna', 'Ben', 'Cleo', 'Dora', 'Emil'];
      for (let i = 0; i < 60; i++) {
        const seats: [string, string, string] = [players[i % 5], players[(i + 1) % 5], players[(i + 3) % 5]];
        const { events } = randomDeal(`r${i}`, `ratings-${i}`, { players: seats, dealer: seats[2] });
        await ledgerStore(ledger).appendToStream(
          `deal-r${i}`,
          events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`ratings-${i}`, k) } })),
          { expectedRevision: 'noStream' },
        );
        // Live: the read models fold each deal as it comes.
        if (i % 7 === 0) await ledger.catchUp();
      }
      const text = readdirSync(CORPUS)
        .filter((f) => f.endsWith('.sgf'))
        .sort()
        .map((f) => readFileSync(join(CORPUS, f), 'utf8'))
        .join('\n');
      await importIssText(ledgerImportTarget(ledger), text);
      await ledger.catchUp();
      const live = rowsOf(ledger);
      const board = await ledger.ratings('elo', 10);
      expect(board.length).toBeGreaterThan(3);
      expect(board.map((r) => r.rating)).toEqual([...board.map((r) => r.rating)].sort((x, y) => y - x));
      const rated = board.reduce((n, r) => n + r.games, 0);
      expect(rated).toBeGreaterThan(0);
      expect((await ledger.playerRatings(board[0].player)).map((r) => r.model)).toEqual(RATING_MODELS.map((m) => m.id));
      await ledger.rebuildProjections();
      expect(rowsOf(ledger)).toBe(live);
    } finally {
      await ledger.close();
    }
  });

  it('a deal whose end was withdrawn (L24) and scored again is rated by its second score: live, from zero and as of every position', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    let n = 0;
    const rec = () => ({ commandId: `w-${++n}`, actorId: 'rec', role: 'player' as const });
    try {
      await ledger.execute({ type: 'OpenTable', tableId: 't', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Cleo' }, rec());
      await ledger.execute({ type: 'OpenTable', tableId: 'u', players: ['Anna', 'Dora', 'Emil'], firstDealer: 'Emil' }, rec());
      await ledger.execute({ type: 'StartTableDeal', tableId: 't', cards: CARDS }, rec());
      for (const m of BID_CLUBS_HAND) await ledger.execute(m, rec());
      // Anna (declarer, seat 0) resigns: lost (R31), rated so.
      await ledger.execute({ type: 'Resign', dealId: 't-1', seat: 0 }, rec());
      const first = await ledger.playerRatings('Anna');
      expect(first.map((r) => [r.games, r.declared, r.declaredWon])).toEqual(RATING_MODELS.map(() => [1, 1, 0]));
      // Anna's rating moves again at another table before the withdrawal: the withdrawn step is then taken out of her rating, not undone.
      await ledger.execute({ type: 'StartTableDeal', tableId: 'u', result: won(0) }, ctx('rec'));
      await ledger.execute({ type: 'WithdrawMove', dealId: 't-1', reason: 'Anna did not resign' }, rec());
      const between = Object.fromEntries((await ledger.ratings('elo', 10)).map((r) => [r.player, [r.games, r.declared, r.declaredWon]]));
      expect(between).toEqual({ Anna: [1, 1, 1], Dora: [1, 0, 0], Emil: [1, 0, 0] });
      // Played on: the defenders resign, the declarer wins (R30): rated by this score, not the first.
      await ledger.execute({ type: 'Resign', dealId: 't-1', seat: 1 }, rec());
      expect((await ledger.deal('t-1'))?.status).toBe('scored');
      for (const model of RATING_MODELS) {
        const board = Object.fromEntries((await ledger.ratings(model.id, 10)).map((r) => [r.player, [r.games, r.declared, r.declaredWon]]));
        expect(board).toEqual({ Anna: [2, 2, 2], Ben: [1, 0, 0], Cleo: [1, 0, 0], Dora: [1, 0, 0], Emil: [1, 0, 0] });
      }
      // The table's next deal: t-1's end can no longer be withdrawn (L24), so its row goes from every model and the rating log.
      const dealRows = () =>
        [...RATING_MODELS.map(ratingsTable), RATING_LOG_TABLE].map(
          (t) => (ledger as unknown as { db: ReadModelDb }).db.prepare(`SELECT key FROM ${t} WHERE key LIKE 'deal%' ORDER BY key`).pluck().all() as string[],
        );
      expect(dealRows()).toEqual([...RATING_MODELS.map(() => ['deal\u0000t-1', 'deal\u0000u-1']), ['deal\u0000t-1', 'deal\u0000u-1']]);
      await ledger.execute({ type: 'StartTableDeal', tableId: 't', result: { kind: 'passedIn' } }, ctx('rec'));
      expect(dealRows()).toEqual([...RATING_MODELS.map(() => ['deal\u0000t-2', 'deal\u0000u-1']), ['deal\u0000t-2', 'deal\u0000u-1']]);
      const elo = Object.fromEntries((await ledger.ratings('elo', 10)).map((r) => [r.player, r.rating]));
      expect(elo.Ben).toBeLessThan(1500);
      expect(elo.Ben).toBeCloseTo(elo.Cleo, 9);
      const live = rowsOf(ledger);
      await ledger.rebuildProjections();
      expect(rowsOf(ledger)).toBe(live);
      // As of every position (the withdrawal's among them): the ratings of a store cut there.
      const store = ledgerStore(ledger);
      const { cut, upTo } = await growingCut(store);
      try {
        for await (const e of store.readAll()) {
          await upTo(e.position);
          const view = await ledger.asOf({ position: e.position });
          for (const model of RATING_MODELS) expect(await view.ratings.leaderboard(model.id, 10)).toEqual(await cut.ratings(model.id, 10));
          for (const p of ['Anna', 'Ben', 'Dora']) expect(await view.ratings.player(p)).toEqual(await cut.playerRatings(p));
        }
      } finally {
        await cut.close();
      }
    } finally {
      await ledger.close();
    }
  });

  it('as of a time: from the steps while the clock only went forwards, folded from the rating log where it stepped back into the cut', async () => {
    const ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const players = ['Anna', 'Ben', 'Cleo', 'Dora', 'Emil'];
    const deals = Array.from({ length: 12 }, (_, i) => {
      const seats: [string, string, string] = [players[i % 5], players[(i + 1) % 5], players[(i + 3) % 5]];
      return randomDeal(`c${i}`, `clock-${i}`, { players: seats, dealer: seats[2] }).events;
    });
    const ratedDeal = (events: (typeof deals)[number]) =>
      events.some((e) => e.type === 'DealScored' && (e.data as { result: { declarer: number | null } }).result.declarer !== null);
    // Deal i recorded at minute i, except the first rated one from deal 7 on (`back`), recorded at minute 3: a clock stepped back.
    const back = deals.findIndex((events, i) => i >= 7 && ratedDeal(events));
    expect(back).toBeGreaterThan(0);
    const lastBefore = Math.max(...deals.slice(0, back).flatMap((events, i) => (ratedDeal(events) ? [i] : [])));
    expect(lastBefore).toBeGreaterThan(3);
    const minute = (i: number) => new Date(Date.UTC(2026, 0, 1, 10, i === back ? 3 : i, 30)).toISOString();
    try {
      for (const [i, events] of deals.entries()) {
        await ledgerStore(ledger).appendToStream(
          `deal-c${i}`,
          events.map((e, k) => ({ ...e, metadata: { eventId: eventIdFor(`clock-${i}`, k), recordedAt: minute(i) } })),
          { expectedRevision: 'noStream' },
        );
      }
      await ledger.catchUp();
      expect(deals.filter(ratedDeal).length).toBeGreaterThan(4);
      for (const m of [1, 2, 3, 5, lastBefore - 1, lastBefore, back, 11]) {
        const time = new Date(Date.UTC(2026, 0, 1, 10, m, 45)).toISOString();
        // What a store that recorded only the events up to then holds: every deal recorded then or before, in log order.
        const within = openSqliteEventStore(':memory:');
        const cut = await Ledger.withStore(within);
        try {
          for await (const e of ledgerStore(ledger).readAll()) {
            if ((e.metadata.recordedAt ?? '') > time) continue;
            // eslint-disable-next-line @typescript-eslint/no-unused-vars
            const { hash, prevHash, ...metadata } = e.metadata;
            await within.appendToStream(e.streamName, [{ type: e.type, data: e.data, metadata: metadata as typeof e.metadata }], {
              expectedRevision: e.revision === 0n ? 'noStream' : e.revision - 1n,
            });
          }
          await cut.appendedInBulk();
          const work = ledger.ratingsAsOfCost({ time });
          // From minute 3 until the last rated deal before `back`, a cut holds `back` (minute 3) but not that deal: not the first
          // entries of the log, so the fold answers; from that deal's minute on, they are again.
          expect({ m, live: work.live, fold: !work.live && work.steps === null }).toEqual({ m, live: m === 11, fold: m >= 3 && m < lastBefore });
          const view = await ledger.asOf({ time });
          for (const model of RATING_MODELS) expect(await view.ratings.leaderboard(model.id, 10)).toEqual(await cut.ratings(model.id, 10));
          for (const p of players) expect(await view.ratings.player(p)).toEqual(await cut.playerRatings(p));
        } finally {
          await cut.close();
        }
      }
    } finally {
      await ledger.close();
    }
  });

  it('the DSkV figure is the Seeger-Fabian Leistung (R35) per 36-game series (R36), over at least one series', () => {
    const dskv = RATING_MODELS.find((m) => m.id === 'dskv')!;
    const [a, b, c] = [dskv.initial(), dskv.initial(), dskv.initial()];
    // R35's worked examples: a lost clubs game with 2 (-72) is -122 for the declarer and +40 for each defender at a 3-table,
    // +30 at a 4-table; a won one (36) is 86.
    const lost3 = dskv.update(a, [b, c], { won: false, gameValue: 36, score: -72, tableSize: 3 }, 0);
    expect(lost3.map((s) => s[0])).toEqual([-122, 40, 40]);
    expect(dskv.update(a, [b, c], { won: false, gameValue: 36, score: -72, tableSize: 4 }, 0).map((s) => s[0])).toEqual([-122, 30, 30]);
    const won = dskv.update(a, [b, c], { won: true, gameValue: 36, score: 36, tableSize: 3 }, 0);
    expect(won.map((s) => s[0])).toEqual([86, 0, 0]);
    // Shown per series of 36 games: one game counts as a series; 72 games with 1,000 points in all are 500 per series.
    expect(dskv.score(won[0])).toBe(86);
    expect(dskv.score([1000, 72])).toBe(500);
  });

  it('no deal of a private tournament is rated; a start with another set of private tournaments rebuilds the ratings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ratings-private-'));
    const storeUrl = `sqlite:${join(dir, 'store.db')}`;
    const gamesOf = async (ledger: Ledger) => Object.fromEntries((await ledger.ratings('elo', 10)).map((r) => [r.player, r.games]));
    try {
      let ledger = await Ledger.open({ storeUrl });
      await ledger.execute({ type: 'CreateTournament', tournamentId: 'secret', name: 'Secret' }, ctx('admin'));
      await ledger.execute({ type: 'OpenTable', tableId: 'club', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna' }, ctx('admin'));
      await ledger.execute(
        { type: 'OpenTable', tableId: 'sec', players: ['Anna', 'Dora', 'Emil'], firstDealer: 'Anna', tournamentId: 'secret', round: 1 },
        ctx('admin'),
      );
      for (let i = 0; i < 3; i++) {
        await ledger.execute({ type: 'StartTableDeal', tableId: 'club', result: won((i % 3) as 0 | 1 | 2) }, ctx('rec'));
        await ledger.execute({ type: 'StartTableDeal', tableId: 'sec', result: won((i % 3) as 0 | 1 | 2) }, ctx('rec'));
      }
      // Nothing private: every game is rated (R30).
      expect(await gamesOf(ledger)).toEqual({ Anna: 6, Ben: 3, Cleo: 3, Dora: 3, Emil: 3 });
      await ledger.close();
      ledger = await Ledger.open({ storeUrl, privateTournaments: ['secret'] });
      // Rebuilt at start with the tournament private: its games are rated by no model, its players only there have no rating.
      expect(await gamesOf(ledger)).toEqual({ Anna: 3, Ben: 3, Cleo: 3 });
      for (const model of RATING_MODELS) expect((await ledger.ratings(model.id, 10)).map((r) => r.games).sort()).toEqual([3, 3, 3]);
      await ledger.close();
      ledger = await Ledger.open({ storeUrl });
      expect(await gamesOf(ledger)).toEqual({ Anna: 6, Ben: 3, Cleo: 3, Dora: 3, Emil: 3 });
      await ledger.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
