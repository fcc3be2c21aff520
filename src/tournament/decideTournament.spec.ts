import { deciderSpec } from '../../test/support/deciderSpec';
import { tournamentDecider } from './tournamentDecider';

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
});
