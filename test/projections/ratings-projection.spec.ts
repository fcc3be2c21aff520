import type { DealScoredData } from '../../src/deal/core-events';
import { ratingModel } from '../../src/projections/ratings/rating-models';
import { ratingsProjection } from '../../src/projections/ratings/ratings-projection';
import { dealKey, EDGE_KEY, playerKey, ratedGame, type RatingRow } from '../../src/projections/ratings/ratings-fold';
import { randomDeal } from '../deal/random-deal';
import { projectionSpec, type GivenEvent } from '../support/projection-spec';

/**
 * The registered per-player projection of many rows (issue #25's acceptance, issue #28 item 3):
 * one DealScored writes the declarer's row, both defenders' rows and the edge, and drops the
 * deal's row, live as from zero (projectionSpec). R30/R31: a won game raises the declarer above
 * his defenders, a lost one puts him below; R8: a passed-in deal rates nobody.
 */
const elo = ratingModel('elo')!;
const spec = projectionSpec(ratingsProjection(elo));

/** The first seeded random deal whose end is of the kind asked for, as events of its stream. */
function dealEnding(want: 'won' | 'lost' | 'passedIn', players: [string, string, string]): { events: GivenEvent[]; declarer: number | null } {
  for (let i = 0; ; i++) {
    const { events } = randomDeal(`p${i}`, `rating-spec-${want}-${i}`, { players, dealer: players[2] });
    const scored = events.find((e) => e.type === 'DealScored');
    if (!scored) continue;
    const data = scored.data as DealScoredData;
    const game = ratedGame(data);
    const kind = data.result.kind === 'passedIn' ? 'passedIn' : game === null ? null : game.won ? 'won' : 'lost';
    if (kind !== want) continue;
    return { events: events.map((e) => ({ streamName: `deal-p${i}`, type: e.type, data: e.data })), declarer: game?.declarer ?? null };
  }
}

const PLAYERS: [string, string, string] = ['Anna', 'Ben', 'Cleo'];
const playerRow = (rows: Record<string, RatingRow>, name: string) => rows[playerKey(name)] as Extract<RatingRow, { kind: 'player' }>;

describe('the Elo ratings projection, given events then rows', () => {
  for (const outcome of ['won', 'lost'] as const) {
    it(`a ${outcome} declarer game rates the three players and the edge, and drops the deal's row`, async () => {
      const { events, declarer } = dealEnding(outcome, PLAYERS);
      const dealId = events[0].streamName.slice('deal-'.length);
      const keys = [...PLAYERS.map(playerKey), EDGE_KEY, dealKey(dealId)];
      const { live, fromZero } = await spec
        .given(...events.slice(0, -1))
        .when(events[events.length - 1])
        .rows(...keys);
      expect(fromZero).toEqual(live);
      expect(Object.keys(live).sort()).toEqual(keys.filter((k) => k !== dealKey(dealId)).sort());
      const name = PLAYERS[declarer!];
      const declarerScore = elo.score(playerRow(live, name).state);
      for (const other of PLAYERS.filter((p) => p !== name)) {
        const defender = playerRow(live, other);
        expect(defender).toMatchObject({ kind: 'player', player: other, games: 1, declared: 0, declaredWon: 0 });
        if (outcome === 'won') expect(declarerScore).toBeGreaterThan(elo.score(defender.state));
        else expect(declarerScore).toBeLessThan(elo.score(defender.state));
      }
      expect(playerRow(live, name)).toMatchObject({ games: 1, declared: 1, declaredWon: outcome === 'won' ? 1 : 0 });
      expect(live[EDGE_KEY]).toMatchObject({ kind: 'edge', games: 1 });
    });
  }

  it('a passed-in deal rates nobody, and its deal row goes once it is scored', async () => {
    const { events } = dealEnding('passedIn', PLAYERS);
    const dealId = events[0].streamName.slice('deal-'.length);
    await spec.given(events[0]).then({ [dealKey(dealId)]: { kind: 'deal', players: PLAYERS, computerSeats: [], tableId: null, tableSize: 3 } });
    const { live, fromZero } = await spec.given(...events).rows(...PLAYERS.map(playerKey), EDGE_KEY, dealKey(dealId));
    expect(live).toEqual({});
    expect(fromZero).toEqual({});
  });
});
