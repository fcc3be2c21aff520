import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importIssText } from '../../src/archive/import/import-iss';
import { eventIdFor } from '../../src/event-store/event-ids';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';
import { RATING_MODELS } from '../../src/projections/ratings/rating-models';
import { ratingsTable } from '../../src/projections/ratings/ratings-projection';
import type { ReadModelDb } from '../../src/projections/read-model-db';
import { randomDeal } from '../deal/random-deal';
import { ledgerImportTarget } from '../support/ledger-import-target';
import type { EnteredResult } from '../../src/rules/result-entry';
import { ctx } from './helpers';

/**
 * Issue 28 item 3: ratings as registered projections, several models over the same events. A
 * declarer's won game (R30) raises his rating and lowers both defenders'; a lost one (R31) the
 * reverse; passed-in deals (R8) rate nobody. Each model's rows rebuilt from zero equal the live
 * fold's, event by event as they were appended, over random played deals and the ISS corpus.
 */
const CORPUS = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');

const rowsOf = (ledger: Ledger): string =>
  JSON.stringify(
    RATING_MODELS.map((m) =>
      (ledger as unknown as { db: ReadModelDb }).db.prepare(`SELECT key, kind, score, games, json FROM ${ratingsTable(m)} ORDER BY key`).all(),
    ),
  );

describe('ratings as projections (issue 28 item 3)', () => {
  it('every model: a won game raises the declarer and lowers the defenders, a lost one the reverse', () => {
    for (const model of RATING_MODELS) {
      const [a, b, c] = [model.initial(), model.initial(), model.initial()];
      const p = model.predict(a, [b, c], 0);
      expect(p).toBeCloseTo(0.5, 5); // equal players, no edge yet
      const won = model.update(a, [b, c], { won: true, gameValue: 48 }, 0);
      expect(model.score(won[0])).toBeGreaterThan(model.score(a) - 1e-9);
      expect(won[0][0]).toBeGreaterThan(a[0]);
      expect(won[1][0]).toBeLessThan(b[0]);
      expect(won[2][0]).toBeLessThan(c[0]);
      const lost = model.update(a, [b, c], { won: false, gameValue: 48 }, 0);
      expect(lost[0][0]).toBeLessThan(a[0]);
      expect(lost[1][0]).toBeGreaterThan(b[0]);
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

  it('no deal of a private tournament is rated; a start with another set of private tournaments rebuilds the ratings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ratings-private-'));
    const storeUrl = `sqlite:${join(dir, 'store.db')}`;
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
