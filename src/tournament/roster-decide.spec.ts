import { deciderSpec } from '../../test/support/decider-spec';
import { tournamentDecider } from './tournament-decider';

describe('the roster in the ledger (issue 22 item 2, L23)', () => {
  const tournament = deciderSpec(tournamentDecider('isko'));
  const created = { type: 'TournamentCreated', data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: 3 } } as const;
  const enter = (...players: string[]) => ({ type: 'EnterPlayers', tournamentId: 'cup', players }) as const;
  const entered = (fromRound: number, ...players: string[]) => ({ type: 'PlayersEntered', data: { players, fromRound } }) as const;
  const six = ['A', 'B', 'C', 'D', 'E', 'F'];
  const round1 = [
    { type: 'TournamentTableAdded', data: { tableId: 't1', round: 1, players: ['A', 'B', 'C'] } } as const,
    { type: 'TournamentTableAdded', data: { tableId: 't2', round: 1, players: ['D', 'E', 'F'] } } as const,
  ];

  it('given a new tournament, when a list is entered, then PlayersEntered from round 1; the roster lists them in order', () => {
    const state = tournament
      .given(created)
      .when(enter(...six))
      .thenState();
    expect(state.roster.map((r) => [r.player, r.fromRound])).toEqual(six.map((p) => [p, 1]));
  });

  it('given round 1 played, when a player joins late, then he is entered from round 2', () => {
    tournament
      .given(created, entered(1, ...six), ...round1)
      .when(enter('G'))
      .then([entered(2, 'G')]);
  });

  it('refused (L23): a name twice in the list, a name on the roster already, a name with control characters or blanks around it, more than 500; no name at all (L10)', () => {
    tournament
      .given(created)
      .when(enter('A', 'A'))
      .thenRefused('L23', /named twice/);
    tournament
      .given(created, entered(1, 'A'))
      .when(enter('B', 'A'))
      .thenRefused('L23', /already on the roster of cup: A/);
    tournament
      .given(created)
      .when(enter('A\u0007'))
      .thenRefused('L23', /no name/);
    tournament
      .given(created)
      .when(enter(' A'))
      .thenRefused('L23', /no name/);
    const many = Array.from({ length: 500 }, (_, i) => `P${i}`);
    tournament
      .given(created, entered(1, ...many))
      .when(enter('late'))
      .thenRefused('L23', /at most 500/);
    tournament.given(created).when(enter()).thenRefused('L10');
  });

  it('given a player not yet seated, when renamed, then PlayerRenamed; refused (L23): a player sitting at a table, an unknown one, a name taken', () => {
    const rename = (from: string, to: string) => ({ type: 'RenamePlayer', tournamentId: 'cup', from, to }) as const;
    tournament
      .given(created, entered(1, ...six))
      .when(rename('A', 'Anna'))
      .then([{ type: 'PlayerRenamed', data: { from: 'A', to: 'Anna' } }]);
    tournament
      .given(created, entered(1, ...six), ...round1)
      .when(rename('A', 'Anna'))
      .thenRefused('L23', /sits at a table/);
    tournament
      .given(created, entered(1, ...six))
      .when(rename('Z', 'Zoe'))
      .thenRefused('L23', /not on the roster/);
    tournament
      .given(created, entered(1, ...six))
      .when(rename('A', 'B'))
      .thenRefused('L23', /on the roster already/);
  });

  it('given a player removed after round 1, then he is not drawn for round 2 (L23), and may be entered again from round 2', () => {
    const removed = { type: 'PlayerRemoved', data: { player: 'F', afterRound: 1 } } as const;
    tournament
      .given(created, entered(1, ...six), ...round1)
      .when({ type: 'RemovePlayer', tournamentId: 'cup', player: 'F' })
      .then([removed]);
    tournament
      .given(created, entered(1, ...six), ...round1, removed)
      .when({ type: 'DrawSeats', tournamentId: 'cup', round: 2, method: 'standings', players: six })
      .thenRefused('L23', /not on the roster for round 2: F/);
    tournament
      .given(created, entered(1, ...six), ...round1, removed)
      .when({ type: 'RemovePlayer', tournamentId: 'cup', player: 'F' })
      .thenRefused('L23', /not on the roster/);
    const state = tournament
      .given(created, entered(1, ...six), ...round1, removed)
      .when(enter('F'))
      .thenState();
    expect(state.roster.filter((r) => r.player === 'F')).toEqual([{ player: 'F', fromRound: 2, removedAfterRound: null }]);
  });

  it('given players entered late (from round 2), then a draw of round 1 may not seat them (L23) and one of round 2 does', () => {
    // Entered while round 1 is being played: from round 2.
    const late = entered(2, 'G', 'H', 'I');
    tournament
      .given(created, entered(1, ...six), ...round1, late)
      .when({ type: 'DrawSeats', tournamentId: 'cup', round: 2, method: 'standings', players: [...six, 'G', 'H', 'I'] })
      .thenEvents();
    tournament
      .given(created, entered(1, ...six), late)
      .when({ type: 'DrawSeats', tournamentId: 'cup', round: 1, method: 'random', seed: 's', players: [...six, 'G', 'H', 'I'] })
      .thenRefused('L23', /round 1: G, H, I/);
  });

  it('a closed tournament takes no roster change (L22)', () => {
    const closed = [
      created,
      entered(1, ...six),
      ...round1,
      { type: 'RoundClosed', data: { round: 1, tables: ['t1', 't2'] } } as const,
      { type: 'TournamentClosed', data: { rounds: 1, early: { reason: 'late', planned: 3 } } } as const,
    ];
    tournament
      .given(...closed)
      .when(enter('G'))
      .thenRefused('L22');
  });
});
