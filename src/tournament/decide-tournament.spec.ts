import { deciderSpec } from '../../test/support/decider-spec';
import { tournamentDecider } from './tournament-decider';
import type { SeatsDrawnData } from './events';

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
  it('CreateTournament records its date, series lengths by table size and house options; refused: a bad date (L10), a series of 0 (R36), rounds of 0 (R36), an unknown option (L9)', () => {
    const [e] = tournament
      .given()
      .when({ ...create, rounds: 2, date: '2026-12-01', seriesLengths: { 3: 24, 4: 32 }, houseOptions: ['kontraRe'] })
      .thenEvents();
    expect(e).toEqual({
      type: 'TournamentCreated',
      data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: 2, date: '2026-12-01', seriesLengths: { 3: 24, 4: 32 }, houseOptions: ['kontraRe'] },
    });
    tournament
      .given()
      .when({ ...create, date: '1.12.2026' })
      .thenRefused('L10');
    tournament
      .given()
      .when({ ...create, seriesLengths: { 3: 0 } })
      .thenRefused('R36');
    tournament
      .given()
      .when({ ...create, rounds: 0 })
      .thenRefused('R36');
    tournament
      .given()
      .when({ ...create, houseOptions: ['hirsch'] })
      .thenRefused('L9');
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
    // Round 1 was played (its series closed: the Ledger names no open series) at a table of others.
    const round1 = { type: 'TournamentTableAdded', data: { tableId: 'r1', round: 1, players: ['X', 'Y', 'Z'] } } as const;
    it('given seven players in rank order, when drawn by standings, then one table of 4 (ranks 1-4) and one of 3 (D5), named by round', () => {
      tournament
        .given(created, round1)
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
      const first = tournament.given(created, round1).when(random).thenEvents();
      expect(tournament.given(created, round1).when(random).thenEvents()).toEqual(first);
      const drawn = first[0] as Extract<(typeof first)[number], { type: 'SeatsDrawn' }>;
      expect(drawn.data.seed).toBe('s-1');
      expect(drawn.data.tables.flatMap((t) => t.players).sort()).toEqual(seven);
    });
    it('refused: a random draw without a seed (L10), a player drawn twice or a count no tables seat (D5), a round below 1 (R36) or drawn already (L1), an unknown method (L10), no tournament (L2)', () => {
      tournament
        .given(created, round1)
        .when({ ...draw, method: 'random' })
        .thenRefused('L10', /seed/);
      tournament
        .given(created, round1)
        .when({ ...draw, players: ['A', 'B', 'C', 'A'] })
        .thenRefused('D5', /once/);
      tournament
        .given(created, round1)
        .when({ ...draw, players: ['A', 'B'] })
        .thenRefused('D5', /cannot be seated/);
      tournament
        .given(created, round1)
        .when({ ...draw, round: 0 })
        .thenRefused('R36');
      const drawn = tournament.given(created, round1).when(draw).thenEvents();
      tournament
        .given(created, round1, ...drawn)
        .when(draw)
        .thenRefused('L1', /round 2/);
      const added = { type: 'TournamentTableAdded', data: { tableId: 't1', round: 2, players: ['A', 'B', 'C'] } } as const;
      tournament
        .given(created, round1, added)
        .when(draw)
        .thenRefused('L1', /round 2/);
      tournament
        .given(created, round1)
        .when({ ...draw, method: 'alphabetical' as 'random' })
        .thenRefused('L10');
      tournament.given().when(draw).thenRefused('L2');
    });
  });

  describe('round order and trios (issue 22 item 5, L19)', () => {
    const nine = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
    const twoRounds = { type: 'TournamentCreated', data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: 2 } } as const;
    const r1 = (tableId: string, players: string[]) => ({ type: 'TournamentTableAdded', data: { tableId, round: 1, players } }) as const;
    const round1 = [r1('cup-t1', ['A', 'B', 'C']), r1('cup-t2', ['D', 'E', 'F']), r1('cup-t3', ['G', 'H', 'I'])];
    const draw2 = { type: 'DrawSeats', tournamentId: 'cup', round: 2, method: 'standings', players: nine } as const;
    const drawnOf = (events: readonly { type: string; data: unknown }[]) => events[0].data as SeatsDrawnData;

    it('given round 1 with a series still open, when round 2 is drawn, then it is refused naming the open series; with an override and its reason it is drawn and the override recorded', () => {
      tournament
        .given(twoRounds, ...round1)
        .when({ ...draw2, openSeries: ['cup-t2'] })
        .thenRefused('L19', /open series: cup-t2/);
      tournament
        .given(twoRounds, ...round1)
        .when({ ...draw2, openSeries: ['cup-t2'], override: '  ' })
        .thenRefused('L19');
      const drawn = drawnOf(
        tournament
          .given(twoRounds, ...round1)
          .when({ ...draw2, openSeries: ['cup-t2'], override: 'table 2 left early' })
          .thenEvents(),
      );
      expect(drawn.override).toEqual({ reason: 'table 2 left early', openSeries: ['cup-t2'] });
    });

    it('given a tournament of 2 rounds, when round 3 is drawn, then it is refused; a table opened for round 3 by hand too', () => {
      const drawn2 = tournament
        .given(twoRounds, ...round1)
        .when(draw2)
        .thenEvents();
      tournament
        .given(twoRounds, ...round1, ...drawn2)
        .when({ ...draw2, round: 3 })
        .thenRefused('L19', /plays 2 rounds: there is no round 3/);
      tournament
        .given(twoRounds, ...round1, ...drawn2)
        .when({ type: 'AddTournamentTable', tournamentId: 'cup', tableId: 'x', round: 3, players: ['A', 'B', 'C'] })
        .thenRefused('L19');
    });

    it('given round 1 played, when round 3 is drawn (or round 1 of nothing is skipped), then it is refused: no round is skipped', () => {
      tournament
        .given(created, ...round1)
        .when({ ...draw2, round: 5 })
        .thenRefused('L19', /skip rounds 2-4/);
      tournament
        .given(created)
        .when({ ...draw2, round: 2 })
        .thenRefused('L19', /skip round 1/);
      tournament
        .given(created)
        .when({ type: 'AddTournamentTable', tournamentId: 'cup', tableId: 'x', round: 2, players: ['A', 'B', 'C'] })
        .thenRefused('L19');
      // A hand-opened table of round 2 while round 1 is open is refused as a draw would be.
      tournament
        .given(created, ...round1)
        .when({ type: 'AddTournamentTable', tournamentId: 'cup', tableId: 'x', round: 2, players: ['A', 'B', 'C'], openSeries: ['cup-t1'] })
        .thenRefused('L19', /cup-t1/);
    });

    it('given round 1 at A-B-C, D-E-F, G-H-I and standings in that order, when round 2 is drawn by standings, then no trio sits together again', () => {
      const drawn = drawnOf(
        tournament
          .given(twoRounds, ...round1)
          .when(draw2)
          .thenEvents(),
      );
      const before = round1.map((t) => new Set(t.data.players));
      for (const t of drawn.tables) for (const b of before) expect(t.players.filter((p) => b.has(p)).length).toBeLessThan(3);
      expect(drawn.tables.flatMap((t) => t.players).sort()).toEqual(nine);
      expect(drawn.repeatedTrios).toBeUndefined();
      // Kept as close to the standings as it can: the leader still heads table 1 beside the second.
      expect(drawn.tables[0].players.slice(0, 2)).toEqual(['A', 'B']);
    });

    it('given three players who played round 1 together, when round 2 is drawn, then the repeat cannot be avoided and the draw says so', () => {
      const drawn = drawnOf(
        tournament
          .given(created, r1('cup-t1', ['A', 'B', 'C']))
          .when({ ...draw2, players: ['A', 'B', 'C'] })
          .thenEvents(),
      );
      expect(drawn.repeatedTrios).toEqual(['cup-r2-t1']);
    });
  });
});
