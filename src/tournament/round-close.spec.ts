import { deciderSpec } from '../../test/support/decider-spec';
import { tournamentDecider } from './tournament-decider';

describe('closing a round and the tournament (issue 22 item 1, L21, L22)', () => {
  const tournament = deciderSpec(tournamentDecider('isko'));
  const twoRounds = { type: 'TournamentCreated', data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: 2 } } as const;
  const unlimited = { type: 'TournamentCreated', data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: null } } as const;
  const table = (tableId: string, round: number, players: string[]) => ({ type: 'TournamentTableAdded', data: { tableId, round, players } }) as const;
  const round1 = [table('cup-t1', 1, ['A', 'B', 'C']), table('cup-t2', 1, ['D', 'E', 'F'])];
  const round2 = [table('cup-r2-t1', 2, ['A', 'D', 'B']), table('cup-r2-t2', 2, ['C', 'E', 'F'])];
  const closeRound = (round: number, openSeries: string[] = []) => ({ type: 'CloseRound', tournamentId: 'cup', round, openSeries }) as const;
  const closed1 = { type: 'RoundClosed', data: { round: 1, tables: ['cup-t1', 'cup-t2'] } } as const;
  const closed2 = { type: 'RoundClosed', data: { round: 2, tables: ['cup-r2-t1', 'cup-r2-t2'] } } as const;
  const closeTournament = { type: 'CloseTournament', tournamentId: 'cup' } as const;

  it('given round 1 with every series closed, when it is closed, then RoundClosed names its tables', () => {
    tournament
      .given(twoRounds, ...round1)
      .when(closeRound(1))
      .then([closed1]);
  });

  it('given a series of round 1 still open, when round 1 is closed, then it is refused naming the open series (L21)', () => {
    tournament
      .given(twoRounds, ...round1)
      .when(closeRound(1, ['cup-t2']))
      .thenRefused('L21', /open series \(cup-t2\)/);
  });

  it('given a table added to the round after the ledger read its series, when it is closed, then it is refused (L21): that series was not judged', () => {
    tournament
      .given(twoRounds, ...round1)
      .when({ ...closeRound(1), checkedTables: ['cup-t1'] })
      .thenRefused('L21', /meanwhile \(cup-t2\)/);
    tournament
      .given(twoRounds, ...round1)
      .when({ ...closeRound(1), checkedTables: ['cup-t1', 'cup-t2'] })
      .then([closed1]);
  });

  it('refused: a round closed twice (L21), a round without tables (L2), round 2 before round 1 (L21), round 0 (L10), no tournament (L2)', () => {
    tournament
      .given(twoRounds, ...round1, closed1)
      .when(closeRound(1))
      .thenRefused('L21', /closed already/);
    tournament
      .given(twoRounds, ...round1)
      .when(closeRound(2))
      .thenRefused('L2', /no tables/);
    tournament
      .given(twoRounds, ...round1, ...round2)
      .when(closeRound(2))
      .thenRefused('L21', /round 1 .* not closed yet/);
    tournament
      .given(twoRounds, ...round1)
      .when(closeRound(0))
      .thenRefused('L10');
    tournament.given().when(closeRound(1)).thenRefused('L2');
  });

  it('given round 1 closed, when a table is added to round 1, then it is refused (L21); one of round 2 is added', () => {
    tournament
      .given(twoRounds, ...round1, closed1)
      .when({ type: 'AddTournamentTable', tournamentId: 'cup', tableId: 'late', round: 1, players: ['G', 'H', 'I'] })
      .thenRefused('L21', /takes no further table/);
    tournament
      .given(twoRounds, ...round1, closed1)
      .when({ type: 'AddTournamentTable', tournamentId: 'cup', tableId: 'cup-r2-t1', round: 2, players: ['A', 'D', 'B'] })
      .then([round2[0]]);
  });

  it('given both planned rounds closed, when the tournament is closed, then TournamentClosed records its rounds', () => {
    tournament
      .given(twoRounds, ...round1, closed1, ...round2, closed2)
      .when(closeTournament)
      .then([{ type: 'TournamentClosed', data: { rounds: 2 } }]);
  });

  it('given a tournament without planned rounds, when it is closed after its last round is closed, then it closes after that round', () => {
    tournament
      .given(unlimited, ...round1, closed1)
      .when(closeTournament)
      .then([{ type: 'TournamentClosed', data: { rounds: 1 } }]);
  });

  it('refused: closing with its last round open (L22), with no round played (L22), before its planned rounds without a reason (L22); with a reason it closes early and says so', () => {
    tournament
      .given(twoRounds, ...round1, closed1, ...round2)
      .when(closeTournament)
      .thenRefused('L22', /round 2 .* not closed/);
    tournament
      .given(twoRounds)
      .when(closeTournament)
      .thenRefused('L22', /no round/);
    tournament
      .given(twoRounds, ...round1, closed1)
      .when(closeTournament)
      .thenRefused('L22', /plays 2 rounds and 1 were played/);
    tournament
      .given(twoRounds, ...round1, closed1)
      .when({ ...closeTournament, reason: '   ' })
      .thenRefused('L22');
    tournament
      .given(twoRounds, ...round1, closed1)
      .when({ ...closeTournament, reason: 'the hall closes at 23:00' })
      .then([{ type: 'TournamentClosed', data: { rounds: 1, early: { reason: 'the hall closes at 23:00', planned: 2 } } }]);
  });

  it('given the tournament closed, then no draw, table, round close, fee or second close is taken (L22); a table it has already is no new command', () => {
    const done = [twoRounds, ...round1, closed1, ...round2, closed2, { type: 'TournamentClosed', data: { rounds: 2 } } as const];
    tournament
      .given(...done)
      .when(closeTournament)
      .thenRefused('L22', /closed/);
    tournament
      .given(...done)
      .when({ type: 'DrawSeats', tournamentId: 'cup', round: 3, method: 'standings', players: ['A', 'B', 'C'] })
      .thenRefused('L22');
    tournament
      .given(...done)
      .when({ type: 'SetLossFee', tournamentId: 'cup', feeCents: 50, fromFourthLostGameCents: null })
      .thenRefused('L22');
    tournament
      .given(...done)
      .when(closeRound(2))
      .thenRefused('L22');
    tournament
      .given(...done)
      .when({ type: 'AddTournamentTable', tournamentId: 'cup', tableId: 'new', round: 2, players: ['A', 'B', 'C'] })
      .thenRefused('L22');
    tournament
      .given(...done)
      .when({ type: 'AddTournamentTable', tournamentId: 'cup', tableId: 'cup-t1', round: 1, players: ['A', 'B', 'C'] })
      .thenNothing();
  });
});
