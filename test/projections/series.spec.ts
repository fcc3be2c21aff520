import type { DealScoredData } from '../../src/deal/events';
import { Ledger } from '../../src/ledger/ledger';
import { DEAL_SUMMARY_TABLE } from '../../src/projections/deal-summary/deal-summary-projection';
import { TABLE_INFO_TABLE } from '../../src/projections/tables/table-projection';
import { TOURNAMENT_INFO_TABLE } from '../../src/projections/tables/tournament-projection';
import type { GameResult } from '../../src/rules/game-result';
import { ctx, playTableDeal } from './helpers';

/** Every read-model row, sorted, for comparing a live build with a rebuild. */
function dumpReadModels(ledger: Ledger): string {
  const db = (ledger as unknown as { db: import('better-sqlite3').Database }).db;
  const out: Record<string, unknown[]> = {};
  for (const t of [DEAL_SUMMARY_TABLE, TABLE_INFO_TABLE, TOURNAMENT_INFO_TABLE]) out[t] = db.prepare(`SELECT * FROM ${t} ORDER BY 1`).all();
  return JSON.stringify(out);
}

describe('a full 36-deal series at a 3-table in a tournament (R34-R37)', () => {
  let ledger: Ledger;
  const players = ['Anna', 'Ben', 'Cleo'];
  const results: { dealId: string; dealer: string; seatPlayers: string[]; result: GameResult }[] = [];

  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    await ledger.execute({ type: 'CreateTournament', tournamentId: 'cup', name: 'Club cup' }, ctx('organiser'));
    await ledger.execute({ type: 'OpenTable', tableId: 'T1', players, firstDealer: 'Anna', tournamentId: 'cup', round: 1 }, ctx('organiser'));
    for (let n = 1; n <= 36; n++) {
      const dealId = await playTableDeal(ledger, 'T1', `series-${n}`);
      const events = await ledger.dealEvents(dealId);
      const started = events[0].data as { dealer: string; players: string[] };
      const scored = events.find((e) => e.type === 'DealScored');
      results.push({ dealId, dealer: started.dealer, seatPlayers: started.players, result: (scored?.data as DealScoredData).result });
    }
  }, 120000);
  afterAll(() => ledger.close());

  it('R37: the deal passes to the left after every deal, passed-in ones included; R2: the dealer is rearhand', () => {
    results.forEach((r, i) => {
      const dealer = players[i % 3];
      expect(r.dealer).toBe(dealer);
      expect(r.seatPlayers[2]).toBe(dealer);
      expect(r.seatPlayers[0]).toBe(players[(i + 1) % 3]);
    });
  });

  it('R36: a 37th deal is refused once the series of 36 is complete', async () => {
    await expect(ledger.execute({ type: 'StartTableDeal', tableId: 'T1', cards: { kind: 'seeded', seed: 'x' } }, ctx())).rejects.toMatchObject({
      ruleId: 'R36',
    });
  });

  it("R34/R35: the list and the Seeger-Fabian block match totals computed by hand from each deal's recorded result", async () => {
    const sheet = await ledger.scoreSheet('T1');
    expect(sheet?.rows).toHaveLength(36);
    expect(sheet?.complete).toBe(true);
    // By hand: only the declarer's column changes; 50 per own won minus lost game; 40 per lost game of an opponent.
    const game: Record<string, number> = { Anna: 0, Ben: 0, Cleo: 0 };
    const won: Record<string, number> = { Anna: 0, Ben: 0, Cleo: 0 };
    const lost: Record<string, number> = { Anna: 0, Ben: 0, Cleo: 0 };
    const bonus: Record<string, number> = { Anna: 0, Ben: 0, Cleo: 0 };
    for (const { seatPlayers, result } of results) {
      if (result.kind !== 'scored' || result.declarer === null) continue;
      const declarer = seatPlayers[result.declarer];
      game[declarer] += result.score as number;
      if (result.won) won[declarer]++;
      else {
        lost[declarer]++;
        for (const p of players) if (p !== declarer) bonus[p] += 40;
      }
    }
    expect(sheet?.rows[35].totals).toEqual(game);
    for (const l of sheet!.seegerFabian) {
      expect(l.gamePoints).toBe(game[l.player]);
      expect(l.total).toBe(game[l.player] + 50 * (won[l.player] - lost[l.player]) + bonus[l.player]);
    }
    // The series is not trivial: games were won and lost, and the counts add up.
    const scored = results.filter((r) => r.result.kind === 'scored').length;
    expect(scored).toBeGreaterThan(10);
    expect(sheet!.seegerFabian.reduce((s, l) => s + l.won + l.lost, 0)).toBe(scored);
  });

  it('standings of the tournament rank the players by their Seeger-Fabian totals', async () => {
    const standings = await ledger.standings('cup');
    const sheet = await ledger.scoreSheet('T1');
    expect(standings?.tables).toEqual([{ tableId: 'T1', round: 1 }]);
    const expected = [...sheet!.seegerFabian].sort((a, b) => b.total - a.total || b.won - a.won || a.lost - b.lost);
    expect(standings?.lines.map((l) => [l.player, l.total])).toEqual(expected.map((l) => [l.player, l.total]));
    expect(standings?.lines[0].rank).toBe(1);
  });

  it('player statistics count the deals, declarer games and game types of a player', async () => {
    const stats = await ledger.playerStats('Anna');
    const annaDeclared = results.filter((r) => r.result.kind === 'scored' && r.result.declarer !== null && r.seatPlayers[r.result.declarer] === 'Anna');
    expect(stats?.dealsPlayed).toBe(36);
    expect(stats?.declarerGames).toBe(annaDeclared.length);
    expect(stats?.wonAsDeclarer).toBe(annaDeclared.filter((r) => r.result.won).length);
    expect(Object.values(stats!.gameTypeMix).reduce((a, b) => a + b, 0)).toBe(annaDeclared.length);
    const sheet = await ledger.scoreSheet('T1');
    expect(stats?.seegerFabianPerSeries).toEqual([{ tableId: 'T1', total: sheet!.seegerFabian.find((l) => l.player === 'Anna')!.total }]);
    expect(await ledger.playerStats('Nobody')).toBeNull();
  });

  it('deal summaries are filterable by player, table, tournament, game type and result, a page at a time', async () => {
    const all = await ledger.deals({ tableId: 'T1' }, { first: 10 });
    expect(all.totalCount).toBe(36);
    expect(all.items).toHaveLength(10);
    expect(all.hasNextPage).toBe(true);
    const next = await ledger.deals({ tableId: 'T1' }, { first: 100, after: all.endCursor });
    expect(next.items).toHaveLength(26);
    expect(new Set([...all.items, ...next.items].map((d) => d.dealId)).size).toBe(36);
    const won = await ledger.deals({ tournamentId: 'cup', result: 'won' }, { first: 100 });
    expect(won.totalCount).toBe(results.filter((r) => r.result.kind === 'scored' && r.result.won).length);
    const passed = await ledger.deals({ player: 'Ben', result: 'passedIn' }, { first: 100 });
    expect(passed.totalCount).toBe(results.filter((r) => r.result.kind === 'passedIn').length);
    const grand = await ledger.deals({ gameType: 'grand' }, { first: 100 });
    expect(grand.items.every((d) => d.gameType === 'grand')).toBe(true);
    const byIds = await ledger.dealsByIds([results[3].dealId, 'missing', results[0].dealId]);
    expect(byIds.map((d) => d?.dealId ?? null)).toEqual([results[3].dealId, null, results[0].dealId]);
  });

  it('a correction changes the score sheet and the standings, keeps the original in the audit, and records who made it', async () => {
    const target = results.find((r) => r.result.kind === 'scored' && r.result.declaration?.gameType !== 'null')!;
    const declarer = target.seatPlayers[target.result.declarer as number];
    const before = (await ledger.standings('cup'))!.lines.find((l) => l.player === declarer)!.total;
    const original = target.result.score as number;
    // A legal score of the same game one level off (R28: a multiple of the base value; lost ones doubled).
    const base = { diamonds: 9, hearts: 10, spades: 11, clubs: 12, grand: 24 }[target.result.declaration!.gameType as 'grand'];
    const corrected = target.result.won ? original + base : original - 2 * base;
    await expect(
      ledger.execute({ type: 'CorrectScore', dealId: target.dealId, correctedScore: corrected, reason: 'matadors miscounted' }, ctx('Ben', { role: 'player' })),
    ).rejects.toMatchObject({ ruleId: 'L4' });
    await ledger.execute(
      { type: 'CorrectScore', dealId: target.dealId, correctedScore: corrected, reason: 'matadors miscounted' },
      ctx('arbiter-Ulla', { role: 'arbiter' }),
    );
    const row = (await ledger.scoreSheet('T1'))!.rows.find((r) => r.dealId === target.dealId)!;
    expect(row).toMatchObject({ entry: corrected, corrected: true, originalEntry: original, correctionReason: 'matadors miscounted' });
    const after = (await ledger.standings('cup'))!.lines.find((l) => l.player === declarer)!.total;
    expect(after - before).toBe(corrected - original);
    const audit = await ledger.audit(target.dealId);
    expect(audit?.recorded?.score).toBe(original);
    expect(audit?.events.filter((e) => e.type === 'DealScored')).toHaveLength(1);
    expect(audit?.corrections).toEqual([
      expect.objectContaining({
        who: 'arbiter-Ulla',
        reason: 'matadors miscounted',
        previousScore: original,
        correctedScore: corrected,
        correctsEventId: audit!.events.find((e) => e.type === 'DealScored')!.eventId,
        when: expect.any(String),
      }),
    ]);
    expect(audit?.chain.intact).toBe(true);
    expect(audit?.differences).toEqual([]);
    const summary = await ledger.deal(target.dealId);
    expect(summary).toMatchObject({ score: corrected, originalScore: original, corrected: true, correctedBy: 'arbiter-Ulla' });
  });

  it('rebuilding every projection from zero gives exactly the read models the live runner built', async () => {
    const live = dumpReadModels(ledger);
    const rebuilt = await ledger.rebuildProjections();
    expect(rebuilt.deals).toBe(36);
    expect(dumpReadModels(ledger)).toBe(live);
  });

  it('re-scoring under the current engine finds no deal whose result differs', async () => {
    expect(await ledger.rescore()).toEqual([]);
  });
});
