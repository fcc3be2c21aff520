import { jsonRows } from '../../src/projections/json-rows';
import type { ProjectionDefinition } from '../../src/projections/projection-definition';
import { projectionSpec, type GivenEvent } from '../support/projection-spec';

/**
 * A projection may write and delete several rows per event (issue #25 item 3, as Emmett's
 * getDocumentIds): here one row per player of a deal, and a player's row deleted when he asks to
 * be forgotten. Each scenario runs on the real runner: the givens loaded from zero, the `when`
 * events applied to the rows they left, and a second load from zero must agree.
 */
interface PlayerDeals {
  readonly player: string;
  readonly deals: number;
}

const dealsPerPlayer: ProjectionDefinition<PlayerDeals> = {
  name: 'deals-per-player',
  version: 1,
  tables: [{ name: 'deals_per_player', columns: 'player TEXT PRIMARY KEY, json TEXT NOT NULL' }],
  eventTypes: ['DealStarted', 'PlayerForgotten'],
  keysOf: (event) => (event.type === 'DealStarted' ? (event.data as { players: string[] }).players : [(event.data as { player: string }).player]),
  fold: (row, event, player) => (event.type === 'PlayerForgotten' ? null : { player, deals: (row?.deals ?? 0) + 1 }),
  rows: (db, tables) => jsonRows(db, tables.deals_per_player, 'player'),
};

const deal = (id: string, players: readonly string[]): GivenEvent => ({ streamName: `deal-${id}`, type: 'DealStarted', data: { dealId: id, players } });
const forgotten = (player: string): GivenEvent => ({ streamName: `player-${player}`, type: 'PlayerForgotten', data: { player } });

describe('projections of many rows (issue #25 item 3)', () => {
  const spec = projectionSpec(dealsPerPlayer);

  it('one event writes a row per key it names', async () => {
    await spec.given(deal('d1', ['ann', 'bob', 'cy'])).then({
      ann: { player: 'ann', deals: 1 },
      bob: { player: 'bob', deals: 1 },
      cy: { player: 'cy', deals: 1 },
    });
  });

  it('a later event folds into the rows the earlier ones left, live as from zero', async () => {
    await spec
      .given(deal('d1', ['ann', 'bob', 'cy']), deal('d2', ['ann', 'bob', 'dee']))
      .when(deal('d3', ['ann', 'cy', 'dee']))
      .then({
        ann: { player: 'ann', deals: 3 },
        bob: { player: 'bob', deals: 2 },
        cy: { player: 'cy', deals: 2 },
        dee: { player: 'dee', deals: 2 },
      });
  });

  it('a fold that answers null deletes the row, and a later event may write it anew', async () => {
    await spec
      .given(deal('d1', ['ann', 'bob', 'cy']))
      .when(forgotten('bob'))
      .then({ ann: { player: 'ann', deals: 1 }, cy: { player: 'cy', deals: 1 } });
    await spec
      .given(deal('d1', ['ann', 'bob', 'cy']), forgotten('bob'))
      .when(deal('d2', ['ann', 'bob', 'cy']))
      .then({ ann: { player: 'ann', deals: 2 }, bob: { player: 'bob', deals: 1 }, cy: { player: 'cy', deals: 2 } });
  });

  it('a row deleted and written again inside one batch ends as written', async () => {
    await spec
      .given()
      .when(deal('d1', ['ann', 'bob', 'cy']), forgotten('ann'), deal('d2', ['ann', 'bob', 'cy']))
      .then({ ann: { player: 'ann', deals: 1 }, bob: { player: 'bob', deals: 2 }, cy: { player: 'cy', deals: 2 } });
  });
});
