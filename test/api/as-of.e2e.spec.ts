/**
 * Issue 28 item 2 over the API: answers as of a moment reveal nothing the caller may not see at
 * that moment. A deal shuffled by the server (fair dealing) is played to its end; as of a position
 * in its card play it is live again: an anonymous caller gets exactly what he saw then (the
 * public view of a live deal: hands hidden but a declarer's shown cards, R14, R21), no server seed,
 * no audit, and the NDJSON export leaves it out; a private tournament stays hidden as of any
 * moment; a bad asOf is refused as bad input.
 */
import { commandOfMove } from '../../src/deal/command-of-move';
import { initialDealState } from '../../src/deal/deal-state';
import { storedDealEvent } from '../../src/deal/deal-stream';
import { evolve } from '../../src/deal/evolve';
import { seededRandom } from '../../src/rules/deck';
import { legalMoves } from '../../src/rules/game';
import { pick } from '../deal/random-deal';
import { ctx, playOut } from '../projections/helpers';
import { codesOf, startServer, type TestServer } from './harness';

const DEAL = `query($id: ID!, $asOf: AsOfInput) { deal(id: $id, asOf: $asOf) {
    status revision frames { step hands { forehand { rank } middlehand { rank } rearhand { rank } } hidden { forehand middlehand rearhand skat } }
    fairness { serverSeed commitment } } }`;

describe('answers as of a moment over the API (issue 28 item 2)', () => {
  let s: TestServer;
  let dealId: string;
  /** A position in the deal's card play: after its first trick's cards, before its end. */
  let mid: string;
  let last: string;
  /** The deal as an anonymous caller saw it live at `mid`. */
  let seenThen: any;

  beforeAll(async () => {
    s = await startServer({ privateTournaments: ['hidden-cup'] });
    const admin = ctx('admin', { role: 'admin' });
    await s.ledger.execute({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup' }, admin);
    await s.ledger.execute({ type: 'CreateTournament', tournamentId: 'hidden-cup', name: 'Hidden' }, admin);
    await s.ledger.execute(
      { type: 'OpenTable', tableId: 'cup-1', players: ['Anna', 'Ben', 'Cleo'], firstDealer: 'Anna', tournamentId: 'cup', round: 1 },
      admin,
    );
    await s.ledger.execute(
      { type: 'OpenTable', tableId: 'hid-1', players: ['Anna', 'Dora', 'Emil'], firstDealer: 'Anna', tournamentId: 'hidden-cup', round: 1 },
      admin,
    );
    await s.ledger.execute({ type: 'StartTableDeal', tableId: 'hid-1', cards: { kind: 'seeded', seed: 'hidden' } }, ctx('rec'));
    await playOut(s.ledger, 'hid-1-1', 'hidden');
    // Server-shuffled deals, move by move, until one is in its card play: what an anonymous caller saw then is kept.
    for (let i = 0; seenThen === undefined && i < 30; i++) {
      const started = await s.ledger.execute({ type: 'StartTableDeal', tableId: 'cup-1', cards: { kind: 'crypto' } }, ctx('rec'));
      dealId = started.dealId as string;
      const random = seededRandom(`as-of-api-${i}`);
      for (;;) {
        const events = await s.ledger.dealEvents(dealId);
        const state = events.map(storedDealEvent).reduce(evolve, initialDealState);
        if (state.recordedResult || !state.game || legalMoves(state.game).length === 0) break;
        if (seenThen === undefined && events.filter((e) => e.type === 'CardPlayed').length >= 3) {
          mid = events[events.length - 1].position;
          seenThen = (await s.gql(DEAL, { id: dealId })).body.data.deal;
        }
        await s.ledger.execute(commandOfMove(dealId, pick(legalMoves(state.game), random)), ctx());
      }
    }
    expect(seenThen).toBeDefined();
    const events = await s.ledger.dealEvents(dealId);
    last = events[events.length - 1].position;
  });
  afterAll(async () => s?.close());

  it('as of a moment in its card play a finished deal is live again: what the caller saw then, no server seed', async () => {
    const now = (await s.gql(DEAL, { id: dealId })).body.data.deal;
    expect(now.status).not.toBe('IN_PROGRESS');
    expect(now.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const then = await s.gql(DEAL, { id: dealId, asOf: { position: mid } });
    expect(then.body.errors).toBeUndefined();
    // Exactly the live answer of that moment: status, revision, every frame as the public saw it, the commitment without the seed.
    expect(then.body.data.deal).toEqual(seenThen);
    expect(seenThen.status).toBe('IN_PROGRESS');
    expect(seenThen.fairness.serverSeed).toBeNull();
    expect(seenThen.frames.length).toBeLessThan(now.frames.length);
    // A wider view than the caller may have then is refused, as for any live deal.
    const seat = await s.gql(`query($id: ID!, $asOf: AsOfInput) { deal(id: $id, asOf: $asOf) { frames(perspective: ALL) { step } } }`, {
      id: dealId,
      asOf: { position: mid },
    });
    expect(codesOf(seat)).toEqual(['FORBIDDEN']);
  });

  it('the audit as of that moment opens to an admin only, with the events up to it', async () => {
    const q = `query($id: ID!, $asOf: AsOfInput) { deal(id: $id, asOf: $asOf) { audit { events { position } } } }`;
    expect(codesOf(await s.gql(q, { id: dealId, asOf: { position: mid } }))).toEqual(['FORBIDDEN']);
    const admin = s.token({ role: 'admin' });
    const audit = (await s.gql(q, { id: dealId, asOf: { position: mid } }, admin)).body.data.deal.audit;
    expect(audit.events[audit.events.length - 1].position).toBe(mid);
    const whole = (await s.gql(q, { id: dealId, asOf: { position: last } }, admin)).body.data.deal.audit;
    expect(whole.events.length).toBeGreaterThan(audit.events.length);
  });

  it('the NDJSON export as of that moment leaves the then-live deal out for an anonymous caller', async () => {
    const base = s.url.replace('/graphql', '/api/export/deals.ndjson');
    const ids = async (query: string) =>
      (await (await fetch(`${base}?${query}`)).text())
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l).dealId);
    expect(await ids('')).toContain(dealId);
    expect(await ids(`asOf=${mid}`)).not.toContain(dealId);
    expect(await ids(`asOf=${last}`)).toContain(dealId);
    expect(await ids(`asOf=${last}`)).not.toContain('hid-1-1');
    const bad = await fetch(`${base}?asOf=yesterday`);
    expect(bad.status).toBe(400);
  });

  it('a private tournament stays hidden as of any moment', async () => {
    const q = `query($asOf: AsOfInput) { standings(tournamentId: "hidden-cup", asOf: $asOf) { name } scoreSheet(tableId: "hid-1", asOf: $asOf) { tableId }
      tournaments(asOf: $asOf) { tournamentId } tables(asOf: $asOf) { tableId } deal(id: "hid-1-1", asOf: $asOf) { id }
      playerStats(player: "Dora", asOf: $asOf) { dealsPlayed } }`;
    for (const position of [mid, last]) {
      const r = await s.gql(q, { asOf: { position } });
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data).toMatchObject({ standings: null, scoreSheet: null, deal: null, playerStats: null });
      expect(r.body.data.tournaments.map((t: { tournamentId: string }) => t.tournamentId)).toEqual(['cup']);
      expect(r.body.data.tables.map((t: { tableId: string }) => t.tableId)).toEqual(['cup-1']);
    }
    const admin = (await s.gql(q, { asOf: { position: last } }, s.token({ role: 'admin' }))).body.data;
    expect(admin.standings.name).toBe('Hidden');
    expect(admin.playerStats.dealsPlayed).toBe(1);
  });

  it('ratings (issue 28 item 3) rate no deal of a private tournament: every caller sees the same, nobody is left out', async () => {
    const q = `{ ratings(model: ELO, first: 10) { player games rating } playerStats(player: "Anna") { ratings { model games rating } } }`;
    const admin = (await s.gql(q, {}, s.token({ role: 'admin' }))).body.data;
    const anonymous = await s.gql(q, {});
    expect(anonymous.body.errors).toBeUndefined();
    // The same answer whoever asks: nothing in it depends on the hidden deal (an absence from the board would tell of it).
    expect(anonymous.body.data).toEqual(admin);
    const players = admin.ratings.map((r: { player: string }) => r.player);
    expect(players).toEqual(expect.arrayContaining(['Anna', 'Ben', 'Cleo']));
    expect(players).not.toContain('Dora');
    expect(players).not.toContain('Emil');
    // Anna's hidden deal is not among her rated games: she has as many as Ben, who sat beside her at every cup deal.
    const games = (p: string) => admin.ratings.find((r: { player: string }) => r.player === p).games;
    expect(games('Anna')).toBe(games('Ben'));
    expect(admin.playerStats.ratings.map((r: { model: string }) => r.model)).toEqual(['ELO', 'ELO_WEIGHTED', 'GLICKO2', 'TEAM_SKILL', 'DSKV']);
    // As of a moment before the last game (the fold of the rating log up to it) and at the end (the live rows): the same for
    // every caller, the hidden tournament's players on no board, Anna's ratings as of her statistics' moment.
    const at = `query($asOf: AsOfInput) { ratings(model: GLICKO2, first: 10, asOf: $asOf) { player games rating }
      playerStats(player: "Anna", asOf: $asOf) { ratings { model games } } }`;
    for (const position of [mid, last]) {
      const a = (await s.gql(at, { asOf: { position } }, s.token({ role: 'admin' }))).body;
      const b = (await s.gql(at, { asOf: { position } })).body;
      expect(b.errors).toBeUndefined();
      expect(b.data.ratings).toEqual(a.data.ratings);
      // Anna's statistics themselves may differ: an admin sees her hidden deal, and before her first cup
      // deal has ended (the shuffles are random) an anonymous caller sees no statistics of hers at all.
      // Her ratings never differ: the hidden deal is rated for nobody.
      const ratingsOf = (d: { playerStats: { ratings: unknown[] } | null }) => d.playerStats?.ratings ?? [];
      expect(ratingsOf(b.data)).toEqual(ratingsOf(a.data));
      expect(b.data.ratings.map((r: { player: string }) => r.player)).not.toContain('Dora');
    }
    const then = (await s.gql(at, { asOf: { position: mid } })).body.data;
    expect(then.ratings.reduce((n: number, r: { games: number }) => n + r.games, 0)).toBeLessThan(
      admin.ratings.reduce((n: number, r: { games: number }) => n + r.games, 0),
    );
  });

  it('refuses an asOf with both or neither part, or a position or time the store cannot read, as bad input', async () => {
    const q = `query($asOf: AsOfInput) { standings(tournamentId: "cup", asOf: $asOf) { name } }`;
    for (const asOf of [{}, { position: mid, time: '2026-01-01' }, { position: 'abc' }, { time: '2017-02-30' }]) {
      expect([asOf, codesOf(await s.gql(q, { asOf }))]).toEqual([asOf, ['BAD_USER_INPUT']]);
    }
    // Before the first event: nothing existed yet.
    expect((await s.gql(q, { asOf: { time: '2000-01-01' } })).body.data.standings).toBeNull();
  });
});
