import { deciderSpec } from '../../test/support/decider-spec';
import { tournamentDecider } from './tournament-decider';

describe('tournament decider', () => {
  const tournament = deciderSpec(tournamentDecider('isko'));
  const create = { type: 'CreateTournament', tournamentId: 'cup', name: 'Cup' } as const;
  const created = { type: 'TournamentCreated', data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: null } } as const;
  it('CreateTournament records TournamentCreated; a second one is refused (L1), so is an unnamed one (L10)', () => {
    tournament.given().when(create).then([created]);
    tournament.given(created).when(create).thenRefused('L1');
    tournament
      .given()
      .when({ ...create, name: '' })
      .thenRefused('L10');
  });
  it('adds a table to a round once (a repeat records nothing); refused for a tournament that does not exist (L2)', () => {
    const add = { type: 'AddTournamentTable', tournamentId: 'cup', tableId: 't1', round: 1, players: ['A', 'B', 'C'] } as const;
    tournament.given().when(add).thenRefused('L2');
    const added = { type: 'TournamentTableAdded', data: { tableId: 't1', round: 1, players: ['A', 'B', 'C'] } } as const;
    tournament.given(created).when(add).then([added]);
    tournament.given(created, added).when(add).thenNothing();
  });
  it('SetLossFee records LossFeeSet (R35); refused for fees that are not whole cents from 0 to 100000, and for a tournament that does not exist (L2)', () => {
    const fee = { type: 'SetLossFee', tournamentId: 'cup', feeCents: 50, fromFourthLostGameCents: 100 } as const;
    tournament
      .given(created)
      .when(fee)
      .then([{ type: 'LossFeeSet', data: { feeCents: 50, fromFourthLostGameCents: 100 } }]);
    tournament
      .given(created)
      .when({ ...fee, fromFourthLostGameCents: null })
      .then([{ type: 'LossFeeSet', data: { feeCents: 50, fromFourthLostGameCents: null } }]);
    tournament.given().when(fee).thenRefused('L2');
    for (const feeCents of [-1, 0.5, 100_001, Number.NaN])
      tournament
        .given(created)
        .when({ ...fee, feeCents })
        .thenRefused('R35');
    tournament
      .given(created)
      .when({ ...fee, fromFourthLostGameCents: -5 })
      .thenRefused('R35', /4th lost game/);
  });
  describe('DrawSeats (issue 11 item 6)', () => {
    const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const draw = { type: 'DrawSeats', tournamentId: 'cup', round: 2, method: 'standings', players: seven } as const;
    it('given seven players in rank order, when drawn by standings, then one table of 4 (ranks 1-4) and one of 3 (D5), named by round', () => {
      tournament
        .given(created)
        .when(draw)
        .then([
          {
            type: 'SeatsDrawn',
            data: {
              round: 2,
              method: 'standings',
              seed: null,
              tables: [
                { tableId: 'cup-r2-t1', players: ['A', 'B', 'C', 'D'] },
                { tableId: 'cup-r2-t2', players: ['E', 'F', 'G'] },
              ],
            },
          },
        ]);
    });
    it('a random draw records its seed, and the same seed gives the same tables', () => {
      const random = { ...draw, method: 'random', seed: 's-1' } as const;
      const first = tournament.given(created).when(random).thenEvents();
      expect(tournament.given(created).when(random).thenEvents()).toEqual(first);
      const drawn = first[0] as Extract<(typeof first)[number], { type: 'SeatsDrawn' }>;
      expect(drawn.data.seed).toBe('s-1');
      expect(drawn.data.tables.flatMap((t) => t.players).sort()).toEqual(seven);
    });
    it('refused: a random draw without a seed (L10), a player drawn twice or a count no tables seat (D5), a round below 1 (R36) or drawn already (L1), an unknown method (L10), no tournament (L2)', () => {
      tournament
        .given(created)
        .when({ ...draw, method: 'random' })
        .thenRefused('L10', /seed/);
      tournament
        .given(created)
        .when({ ...draw, players: ['A', 'B', 'C', 'A'] })
        .thenRefused('D5', /once/);
      tournament
        .given(created)
        .when({ ...draw, players: ['A', 'B'] })
        .thenRefused('D5', /cannot be seated/);
      tournament
        .given(created)
        .when({ ...draw, round: 0 })
        .thenRefused('R36');
      const drawn = tournament.given(created).when(draw).thenEvents();
      tournament
        .given(created, ...drawn)
        .when(draw)
        .thenRefused('L1', /round 2/);
      const added = { type: 'TournamentTableAdded', data: { tableId: 't1', round: 2, players: ['A', 'B', 'C'] } } as const;
      tournament
        .given(created, added)
        .when(draw)
        .thenRefused('L1', /round 2/);
      tournament
        .given(created)
        .when({ ...draw, method: 'alphabetical' as 'random' })
        .thenRefused('L10');
      tournament.given().when(draw).thenRefused('L2');
    });
  });
});
