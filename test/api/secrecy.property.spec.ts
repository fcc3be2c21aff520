/**
 * Issue 13, item 1: secrecy by construction. Two servers hold the same live deal except for the
 * cards one perspective may not see (they are permuted among the places it cannot see: the other
 * hands, the skat, the discards). Every answer that perspective gets (queries over HTTP and
 * graphql-ws, every frame, every subscription message, every error) must be byte-identical on both.
 * Roles: anonymous, a recorder of another table (both the public view) and a defender (a player
 * token for a seat that is not the declarer's). Hand games (the untouched skat) included.
 */
import fc from 'fast-check';
import { commandOfMove } from '../../src/deal/command-of-move';
import { DealEventHub } from '../../src/api/subscriptions/deal-event-hub';
import { ALL_CARDS, type Card } from '../../src/rules/card';
import { replay, type DealtCards } from '../../src/rules/game';
import type { GameState } from '../../src/rules/game-state';
import type { Move } from '../../src/rules/move';
import type { Seat } from '../../src/rules/seat';
import { getProfile } from '../../src/rules/variant';
import { playRandomGame } from '../rules/random-game';
import { collect, startServer, type TestServer } from './harness';

const ISKO = getProfile('isko');
const PLAYERS = ['Anna', 'Ben', 'Cleo'] as const;
const STARTED_AT = '2026-01-01T18:00:00.000Z';

const MOVE = 'kind seat value card { code } cards { code } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced }';
const FRAME = `dealId step event { id type revision } phase players highestBid declarer toAct cardsShown finished
  bidding { seat call value } declaration { game hand ouvert schneiderAnnounced schwarzAnnounced }
  hands { forehand { code } middlehand { code } rearhand { code } } skat { code }
  hidden { forehand middlehand rearhand skat }
  currentTrick { leader cards { seat card { code } } }
  completedTricks { leader winner points unplayed cards { seat card { code } } }
  cardPoints { declarer defenders } legalMoves { ${MOVE} }`;

/** The queries a curious caller sends about one live deal; errors are part of the answer. */
const QUERIES: ReadonlyArray<{ name: string; query: string }> = [
  {
    name: 'deal with every frame',
    query: `query($id: ID!) { deal(id: $id) { id status revision players dealer declarer game tableId startedAt source result { score }
      frames { ${FRAME} } public: frames(perspective: PUBLIC) { legalMoves { ${MOVE} } } } }`,
  },
  {
    name: 'each frame by step',
    query: `query($id: ID!) { deal(id: $id) { a: frame(step: 0) { ${FRAME} } b: frame(step: 6) { ${FRAME} } c: frame(step: 12) { ${FRAME} } d: frame(step: 40) { ${FRAME} } } }`,
  },
  { name: 'all cards (refused)', query: `query($id: ID!) { deal(id: $id) { frames(perspective: ALL) { hands { forehand { code } } } } }` },
  { name: 'a seat view (refused or own)', query: `query($id: ID!) { deal(id: $id) { f: frames(perspective: FOREHAND) { legalMoves { ${MOVE} } } } }` },
  { name: 'audit (refused)', query: `query($id: ID!) { audit(dealId: $id) { intact events { type } } }` },
  { name: 'deal list', query: `query { deals(first: 5) { totalCount edges { cursor node { id status declarer game result { score } } } } }` },
];

const UPDATES = `subscription($id: ID!) { dealUpdates(dealId: $id) { eventId eventType revision status frame { ${FRAME} } } }`;

interface Role {
  readonly name: string;
  readonly token?: string;
  /** The seat it may see, if any. */
  readonly seat: Seat | null;
}

/** Cards the perspective never sees while the deal is live: everything but its own hand (and the skat it picked up), played cards and shown hands. */
function hiddenFrom(seat: Seat | null, dealt: DealtCards, moves: readonly Move[], final: GameState): Set<Card> {
  const seen = new Set<Card>();
  if (seat !== null) {
    for (const c of dealt.hands[seat]) seen.add(c);
    if (final.declarer === seat && final.skatPickedUp) for (const c of dealt.skat) seen.add(c);
  }
  for (const m of moves) if (m.kind === 'play') seen.add(m.card);
  if (final.cardsShown && final.declarer !== null) for (const c of final.hands[final.declarer]) seen.add(c);
  return new Set(ALL_CARDS.filter((c) => !seen.has(c)));
}

function permute(dealt: DealtCards, moves: readonly Move[], map: ReadonlyMap<Card, Card>): { dealt: DealtCards; moves: Move[] } {
  const m = (c: Card): Card => map.get(c) ?? c;
  return {
    dealt: { hands: [dealt.hands[0].map(m), dealt.hands[1].map(m), dealt.hands[2].map(m)], skat: [m(dealt.skat[0]), m(dealt.skat[1])] },
    moves: moves.map((mv): Move =>
      mv.kind === 'discard' ? { ...mv, cards: [m(mv.cards[0]), m(mv.cards[1])] as const } : mv.kind === 'play' ? { ...mv, card: m(mv.card) } : mv,
    ),
  };
}

describe('secrecy: answers do not depend on cards a perspective may not see (issue 13)', () => {
  let a: TestServer;
  let b: TestServer;
  let roles: (defenderSeat: Seat) => Role[];
  let counter = 0;

  beforeAll(async () => {
    [a, b] = await Promise.all([startServer({ responseCacheMs: 0 }), startServer({ responseCacheMs: 0 })]);
    const foreign = a.token({ role: 'recorder', table: 'elsewhere' });
    roles = (defenderSeat) => [
      { name: 'anonymous', seat: null },
      { name: 'recorder of another table', token: foreign, seat: null },
      { name: `defender ${PLAYERS[defenderSeat]}`, token: a.token({ role: 'player', player: PLAYERS[defenderSeat] }), seat: defenderSeat },
    ];
  }, 30_000);
  afterAll(async () => Promise.all([a?.close(), b?.close()]));

  /** Opens a table on both servers and starts its first deal with the given cards; returns the deal id. */
  async function startOnBoth(tableId: string, dealts: readonly [DealtCards, DealtCards]): Promise<string> {
    const ids = await Promise.all(
      [a, b].map(async (s, i) => {
        const ctx = { actorId: 'admin', role: 'system' as const, source: 'live' };
        await s.ledger.execute({ type: 'OpenTable', tableId, players: [...PLAYERS], firstDealer: PLAYERS[2] }, { ...ctx, commandId: `${tableId}/open` });
        const d = dealts[i];
        const out = await s.ledger.execute(
          { type: 'StartTableDeal', tableId, cards: { kind: 'given', hands: d.hands, skat: d.skat }, startedAt: STARTED_AT },
          { ...ctx, commandId: `${tableId}/deal1` },
        );
        return out.dealId as string;
      }),
    );
    expect(ids[0]).toBe(ids[1]);
    return ids[0];
  }

  async function recordOnBoth(dealId: string, movesA: readonly Move[], movesB: readonly Move[]): Promise<void> {
    for (let i = 0; i < movesA.length; i++) {
      const ctx = { actorId: 'recorder', role: 'player' as const, source: 'live', commandId: `${dealId}/m${i}` };
      await a.ledger.execute(commandOfMove(dealId, movesA[i]), ctx);
      await b.ledger.execute(commandOfMove(dealId, movesB[i]), ctx);
    }
  }

  /** Seats in the deal follow the table: the seat of a rules-engine seat index is the same index. */
  async function askBoth(dealId: string, role: Role, hiddenCard: Card): Promise<void> {
    const play = `mutation($c: ID!, $id: ID!, $card: String!) { playCard(commandId: $c, input: { dealId: $id, seat: FOREHAND, card: $card }) { revision } }`;
    const all = [...QUERIES, { name: 'playing a hidden card (refused)', query: play }];
    for (const { name, query } of all) {
      const vars = { id: dealId, c: `probe-${counter++}`, card: hiddenCard };
      const [ra, rb] = await Promise.all([a.gql(query, vars, role.token), b.gql(query, vars, role.token)]);
      expect({ role: role.name, name, status: rb.status, body: JSON.stringify(rb.body) }).toEqual({
        role: role.name,
        name,
        status: ra.status,
        body: JSON.stringify(ra.body),
      });
      // The same over graphql-ws (queries and mutations as single operations).
      const [wa, wb] = await Promise.all([wsOnce(a, query, vars, role.token), wsOnce(b, query, vars, role.token)]);
      expect({ role: role.name, name, ws: wb }).toEqual({ role: role.name, name, ws: wa });
    }
  }

  async function wsOnce(s: TestServer, query: string, variables: Record<string, unknown>, token?: string): Promise<string> {
    const client = s.ws(token);
    const out: unknown[] = [];
    await new Promise<void>((resolve) => {
      client.subscribe(
        { query, variables },
        { next: (v) => void out.push(v), error: (e) => (out.push({ error: e instanceof Error ? e.message : e }), resolve()), complete: resolve },
      );
    });
    await client.dispose();
    return JSON.stringify(out);
  }

  /** A live deal and its twin for one perspective, or null when no legal twin was found. */
  function twin(seed: string, cut: number, pickSeed: number, perspectiveSeat: (final: GameState) => Seat | null) {
    const game = playRandomGame(seed, ISKO, { keepStates: true, interjection: 0 });
    // The deal stays live: cut before the end (at least after dealing).
    const live = game.states.findIndex((s) => s.phase === 'finished' || s.phase === 'passedIn' || s.phase === 'abandoned');
    const lastLive = (live < 0 ? game.states.length : live) - 1;
    const firstPlay = game.states.findIndex((s) => s.phase === 'playing');
    // Half of the cuts land on the position the R13 switch list is offered in (declared, no card yet).
    const at = cut < 0.5 && firstPlay > 0 && firstPlay <= lastLive ? firstPlay : Math.max(0, Math.min(lastLive, Math.floor(cut * (lastLive + 1))));
    const moves = game.moves.slice(0, at);
    const final = game.states[at];
    const seat = perspectiveSeat(final);
    const hidden = [...hiddenFrom(seat, game.dealt, moves, final)];
    const rand = fc.sample(fc.shuffledSubarray(hidden, { minLength: hidden.length, maxLength: hidden.length }), { numRuns: 20, seed: pickSeed });
    for (const order of rand) {
      const map = new Map<Card, Card>(hidden.map((c, i) => [c, order[i]]));
      const other = permute(game.dealt, moves, map);
      const check = replay(other.dealt, other.moves, ISKO);
      if (check.ok && JSON.stringify(other.dealt) !== JSON.stringify(game.dealt)) return { dealt: game.dealt, moves, other, final, seat, hidden };
    }
    return null;
  }

  it("R13/D1: anonymous callers, defenders and other tables' recorders get byte-identical answers over HTTP and graphql-ws", async () => {
    let compared = 0;
    let handGames = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        fc.integer({ min: 0, max: 2 }),
        async (seed, cut, pickSeed, roleIndex) => {
          let role!: Role;
          const t = twin(seed, cut, pickSeed, (final) => {
            const defender = ([0, 1, 2] as const).find((s) => s !== (final.declarer ?? 0)) as Seat;
            role = roles(defender)[roleIndex];
            return role.seat;
          });
          if (!t) return;
          const tableId = `p${counter++}`;
          const dealId = await startOnBoth(tableId, [t.dealt, t.other.dealt]);
          await recordOnBoth(dealId, t.moves, t.other.moves);
          if (t.final.declaration?.hand) handGames++;
          await askBoth(dealId, role, t.hidden[0]);
          compared++;
        },
      ),
      { numRuns: 24, seed: 1313 },
    );
    expect(compared).toBeGreaterThan(12);
    expect(handGames).toBeGreaterThan(0);
  }, 120_000);

  it('R13/D1: subscription messages are byte-identical for every role while the twin deals are recorded', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer(), async (seed, cut, pickSeed) => {
        // The public view: every card a defender or the public might not see is permuted.
        const t = twin(seed, cut, pickSeed, () => null);
        if (!t) return;
        const tableId = `s${counter++}`;
        const dealId = await startOnBoth(tableId, [t.dealt, t.other.dealt]);
        const defender = ([0, 1, 2] as const).find((s) => s !== (t.final.declarer ?? 0)) as Seat;
        const watchers = roles(defender)
          .filter((r) => r.seat === null)
          .map((r) => ({ r, subs: [collect(a.ws(r.token), UPDATES, { id: dealId }), collect(b.ws(r.token), UPDATES, { id: dealId })] }));
        const hubs = [a.app.get(DealEventHub), b.app.get(DealEventHub)];
        while (hubs.some((h) => h.subscriberCount(dealId) < watchers.length)) await new Promise((r) => setTimeout(r, 10));
        await recordOnBoth(dealId, t.moves, t.other.moves);
        for (const { r, subs } of watchers) {
          for (const s of subs) await s.until((got) => got.length >= t.moves.length);
          expect({ role: r.name, messages: JSON.stringify(subs[1].received) }).toEqual({ role: r.name, messages: JSON.stringify(subs[0].received) });
          for (const s of subs) s.stop();
        }
        compared++;
      }),
      { numRuns: 10, seed: 1314 },
    );
    expect(compared).toBeGreaterThan(4);
  }, 120_000);

  it('R13: in a hand game the switch list does not tell whether the untouched skat holds the club jack', async () => {
    // Forehand holds SJ HJ DJ, the club jack lies in the skat (A) or in rearhand's hand (B); forehand plays diamonds hand.
    const rest = ALL_CARDS.filter((c) => !['CJ', 'SJ', 'HJ', 'DJ', 'C7', 'S7'].includes(c));
    const fh = ['SJ', 'HJ', 'DJ', ...rest.slice(0, 7)] as Card[];
    const mh = rest.slice(7, 17) as Card[];
    const rhA = [...rest.slice(17, 26), 'C7'] as Card[];
    const dealtA: DealtCards = { hands: [fh, mh, rhA], skat: ['CJ', 'S7'] };
    const dealtB: DealtCards = { hands: [fh, mh, [...rest.slice(17, 26), 'CJ'] as Card[]], skat: ['C7', 'S7'] };
    const moves: Move[] = [
      { kind: 'pass', seat: 1 },
      { kind: 'pass', seat: 2 },
      { kind: 'bid', seat: 0, value: 18 },
      { kind: 'declare', seat: 0, declaration: { gameType: 'diamonds', hand: true, ouvert: false, schneiderAnnounced: false, schwarzAnnounced: false } },
    ];
    for (const d of [dealtA, dealtB]) expect(replay(d, moves, ISKO)).toMatchObject({ ok: true });
    const dealId = await startOnBoth('hand-skat', [dealtA, dealtB]);
    await recordOnBoth(dealId, moves, moves);
    const q = `query($id: ID!) { deal(id: $id) { frames { legalMoves { ${MOVE} } } } }`;
    const [ra, rb] = await Promise.all([a.gql(q, { id: dealId }), b.gql(q, { id: dealId })]);
    expect(JSON.stringify(rb.body)).toBe(JSON.stringify(ra.body));
    // Even the declarer does not know the skat of a hand game: his switch list may not depend on it.
    const declarer = a.token({ role: 'player', player: PLAYERS[0] });
    const seatOf = (await a.gql(`query($id: ID!) { deal(id: $id) { players } }`, { id: dealId })).body.data.deal.players.indexOf(PLAYERS[0]);
    expect(seatOf).toBe(0);
    const [da, db] = await Promise.all([a.gql(q, { id: dealId }, declarer), b.gql(q, { id: dealId }, declarer)]);
    expect(JSON.stringify(db.body)).toBe(JSON.stringify(da.body));
  });
});
