import { decideTournament } from './decideTournament';
import { evolveTournament, initialTournamentState } from './tournamentState';

describe('tournament decider', () => {
  const create = { type: 'CreateTournament', tournamentId: 'cup', name: 'Cup' } as const;
  it('CreateTournament records TournamentCreated; a second one is refused (L1), so is an unnamed one (L10)', () => {
    const r = decideTournament(create, initialTournamentState, 'isko');
    expect(r).toEqual({ ok: true, value: [{ type: 'TournamentCreated', data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: null } }] });
    const state = r.ok ? r.value.reduce(evolveTournament, initialTournamentState) : initialTournamentState;
    expect(decideTournament(create, state, 'isko')).toMatchObject({ ok: false, refusal: { ruleId: 'L1' } });
    expect(decideTournament({ ...create, name: '' }, initialTournamentState, 'isko')).toMatchObject({ ok: false, refusal: { ruleId: 'L10' } });
  });
  it('adds a table to a round once (a repeat records nothing); refused for a tournament that does not exist (L2)', () => {
    const add = { type: 'AddTournamentTable', tournamentId: 'cup', tableId: 't1', round: 1, players: ['A', 'B', 'C'] } as const;
    expect(decideTournament(add, initialTournamentState, 'isko')).toMatchObject({ ok: false, refusal: { ruleId: 'L2' } });
    const created = evolveTournament(initialTournamentState, { type: 'TournamentCreated', data: { tournamentId: 'cup', name: 'Cup', profileId: 'isko', rounds: null } });
    const r = decideTournament(add, created, 'isko');
    expect(r).toEqual({ ok: true, value: [{ type: 'TournamentTableAdded', data: { tableId: 't1', round: 1, players: ['A', 'B', 'C'] } }] });
    const withTable = r.ok ? r.value.reduce(evolveTournament, created) : created;
    expect(decideTournament(add, withTable, 'isko')).toEqual({ ok: true, value: [] });
  });
});
