import fc from 'fast-check';
import { ALL_CARDS, type Card, cardPoints, isJack } from '../../src/rules/card';
import { BID_VALUES } from '../../src/rules/bid-values';
import type { Declaration, GameType } from '../../src/rules/declaration';
import { applyMove, legalMoves, replayMoves, seatToAct } from '../../src/rules/game';
import type { GameState } from '../../src/rules/game-state';
import type { Move } from '../../src/rules/move';
import type { Seat } from '../../src/rules/seat';
import { ISKO_PROFILE } from '../../src/rules/variant/isko';
import { ISS_PROFILE } from '../../src/rules/variant/iss';
import type { RuleProfile } from '../../src/rules/variant/rule-profile';
import { playRandomGame } from './random-game';

const KONTRA_RAMSCH: RuleProfile = { ...ISKO_PROFILE, id: 'test-house', allPassed: 'ramsch', houseOptions: { kontraRe: true, ramsch: true } };
const PROFILES = [ISKO_PROFILE, ISS_PROFILE, KONTRA_RAMSCH];

/** Independent statement of R16 for checking: the class a card follows in. */
function followClass(card: Card, mode: GameType | 'ramsch'): string {
  if (mode === 'null') return card[0];
  if (isJack(card)) return 'trump';
  const trumpSuit: Partial<Record<string, string>> = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' };
  return card[0] === trumpSuit[mode] ? 'trump' : card[0];
}

/** Every card of the deal is in exactly one place: a hand, the current trick, a trick, the skat. */
function cardsInPlay(s: GameState): Card[] {
  return [
    ...s.hands[0],
    ...s.hands[1],
    ...s.hands[2],
    ...(s.currentTrick?.cards.map((c) => c.card) ?? []),
    ...s.tricks.flatMap((t) => t.cards.map((c) => c.card)),
    ...s.skat,
  ];
}

const seedArb = fc.string({ minLength: 1, maxLength: 12 });
const profileArb = fc.constantFrom(...PROFILES);

describe('play properties (random legal games)', () => {
  it('R1/R15-R19/D3: 120 points, every card once, 10 tricks unless decided early, suit always followed', () => {
    fc.assert(
      fc.property(seedArb, profileArb, fc.constantFrom(0, 0.02, 0.2), (seed, profile, interjection) => {
        const g = playRandomGame(seed, profile, { interjection, keepStates: true });
        for (let i = 0; i < g.states.length; i++) {
          const s = g.states[i];
          const all = cardsInPlay(s);
          expect(all).toHaveLength(32);
          expect(new Set(all).size).toBe(32);
          const move = g.moves[i];
          if (move && move.kind === 'play' && s.currentTrick) {
            // R16: either the card follows the led class or the player held none of it.
            const mode = s.playMode!;
            const led = followClass(s.currentTrick.cards[0].card, mode);
            const held = s.hands[move.seat];
            expect(followClass(move.card, mode) === led || !held.some((c) => followClass(c, mode) === led)).toBe(true);
          }
        }
        const f = g.final;
        expect(['finished', 'passedIn', 'abandoned']).toContain(f.phase);
        if (f.phase === 'finished') {
          const inTricksAndSkat = f.tricks.reduce((a, t) => a + t.points, 0) + f.skat.reduce((a, c) => a + cardPoints(c), 0);
          const unplayed = cardsInPlay(f).reduce((a, c) => a + cardPoints(c), 0) - inTricksAndSkat;
          expect(inTricksAndSkat + unplayed).toBe(120);
          // Only a game decided early leaves cards in the hands (R18/R19), and on ISS a declarer's
          // resignation or both defenders resigning a null game, which leave the rest unplayed (D3).
          const early =
            f.endedBy === 'nullTrickTaken' ||
            f.endedBy === 'defendersTookTrick' ||
            f.endedBy === 'defendersOver30' ||
            (f.profile.claims === 'iss' && (f.endedBy === 'declarerResigned' || (f.endedBy === 'defendersResigned' && f.declaration?.gameType === 'null')));
          if (!early) expect(inTricksAndSkat).toBe(120);
          for (const t of f.tricks) expect(t.cards.map((c) => c.card).reduce((a, c) => a + cardPoints(c), 0)).toBe(t.points);
          if (!early) expect(f.tricks).toHaveLength(10);
          else expect(f.tricks.length).toBeLessThanOrEqual(10);
          if (f.endedBy === 'allTricks') expect(f.tricks.every((t) => !t.unplayed)).toBe(true);
          expect(f.result).not.toBeNull();
          if (f.declarer !== null) {
            expect(f.result!.declarerTricks).toBe(f.tricks.filter((t) => t.winner === f.declarer).length);
          }
          // R15: each trick is led by the winner of the one before (played tricks).
          for (let k = 1; k < f.tricks.length; k++) if (!f.tricks[k].unplayed) expect(f.tricks[k].leader).toBe(f.tricks[k - 1].winner);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('every random move not in legalMoves is refused with a rule and a reason, and the state is unchanged', () => {
    fc.assert(
      fc.property(seedArb, profileArb, fc.array(fc.tuple(fc.nat(), moveArb()), { minLength: 5, maxLength: 25 }), (seed, profile, probes) => {
        const g = playRandomGame(seed, profile, { interjection: 0.02, keepStates: true });
        for (const [at, move] of probes) {
          const s = g.states[at % g.states.length];
          const before = JSON.stringify(s);
          const r = applyMove(s, move);
          const listed = isListed(move, legalMoves(s), s);
          if (listed) {
            expect(r.ok).toBe(true);
          } else {
            if (r.ok) throw new Error(`accepted an unlisted move ${JSON.stringify(move)} in phase ${s.phase}, seat to act ${seatToAct(s)}`);
            expect(r.refusal.ruleId).toMatch(/^(R\d+|D\d)$/);
            expect(r.refusal.reason.length).toBeGreaterThan(5);
          }
          expect(JSON.stringify(s)).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
  });
});

function moveArb(): fc.Arbitrary<Move> {
  const seat = fc.constantFrom<Seat>(0, 1, 2);
  const card = fc.constantFrom(...ALL_CARDS);
  const declaration = fc.record<Declaration>({
    gameType: fc.constantFrom<GameType>('clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'),
    hand: fc.boolean(),
    schneiderAnnounced: fc.boolean(),
    schwarzAnnounced: fc.boolean(),
    ouvert: fc.boolean(),
  });
  return fc.oneof(
    fc.record({ kind: fc.constant('bid' as const), seat, value: fc.oneof(fc.constantFrom(...BID_VALUES), fc.integer({ min: 0, max: 300 })) }),
    fc.record({ kind: fc.constant('hold' as const), seat }),
    fc.record({ kind: fc.constant('pass' as const), seat }),
    fc.record({ kind: fc.constant('pickUpSkat' as const), seat }),
    fc.record({ kind: fc.constant('discard' as const), seat, cards: fc.tuple(card, card) }),
    fc.record({ kind: fc.constant('declare' as const), seat, declaration }),
    fc.record({ kind: fc.constant('showCards' as const), seat }),
    fc.record({ kind: fc.constant('play' as const), seat, card }),
    fc.record({ kind: fc.constant('play' as const), seat, card }),
    fc.record({ kind: fc.constant('play' as const), seat, card }),
    fc.record({ kind: fc.constant('resign' as const), seat }),
    fc.record({ kind: fc.constant('kontra' as const), seat }),
    fc.record({ kind: fc.constant('re' as const), seat }),
  );
}

/** R12: the complete form of a declaration's announcements, as legalMoves lists them. */
function complete(d: Declaration): Declaration {
  if (d.gameType === 'null') return d;
  const schwarz = d.schwarzAnnounced || d.ouvert;
  return { ...d, schwarzAnnounced: schwarz, schneiderAnnounced: d.schneiderAnnounced || schwarz };
}

/**
 * Is `move` among `legal`, reading the compact forms: a listed bid stands for every legal value
 * from it upwards (R5 jump bids); a discard is a set of two cards; declarations compare in complete form.
 */
function isListed(move: Move, legal: readonly Move[], s: GameState): boolean {
  return legal.some((l) => {
    if (l.kind !== move.kind || ('seat' in l && 'seat' in move && l.seat !== move.seat)) return false;
    switch (move.kind) {
      case 'bid':
        return l.kind === 'bid' && BID_VALUES.includes(move.value) && move.value >= l.value && move.value > s.highestBid - (s.auction?.stage === 3 ? 1 : 0);
      case 'discard':
        return l.kind === 'discard' && new Set([...l.cards, ...move.cards]).size === 2 && move.cards[0] !== move.cards[1];
      case 'declare': {
        if (l.kind !== 'declare') return false;
        const a = complete(move.declaration);
        if (move.declaration.gameType === 'null' && (move.declaration.schneiderAnnounced || move.declaration.schwarzAnnounced)) return false;
        if (move.declaration.gameType !== 'null' && move.declaration.ouvert && !move.declaration.hand) return false;
        const b = l.declaration;
        return (
          a.gameType === b.gameType &&
          a.hand === b.hand &&
          a.ouvert === b.ouvert &&
          a.schneiderAnnounced === b.schneiderAnnounced &&
          a.schwarzAnnounced === b.schwarzAnnounced
        );
      }
      case 'play':
        return l.kind === 'play' && l.card === move.card;
      default:
        return true;
    }
  });
}

describe('replay', () => {
  it('replayMoves (in-place fast path) ends in the same state as a fold of applyMove, and leaves its inputs alone', () => {
    fc.assert(
      fc.property(seedArb, profileArb, fc.constantFrom(0, 0.05, 0.3), (seed, profile, interjection) => {
        const g = playRandomGame(seed, profile, { interjection });
        const dealtBefore = JSON.stringify(g.dealt);
        const movesBefore = JSON.stringify(g.moves);
        const r = replayMoves(g.dealt, g.moves, profile);
        if (!r.ok) throw new Error(r.refusal.reason);
        expect(r.value).toEqual(g.final);
        expect(JSON.stringify(g.dealt)).toBe(dealtBefore);
        expect(JSON.stringify(g.moves)).toBe(movesBefore);
        // A broken move is reported by index, with the refusal applyMove gives.
        if (g.moves.length > 3) {
          const bad = g.moves.slice();
          bad[2] = { kind: 'play', seat: 0, card: 'XX' as Card };
          const f = replayMoves(g.dealt, bad, profile);
          expect(f.ok).toBe(false);
          if (!f.ok) expect(f.index).toBe(2);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('hostile input', () => {
  const kinds = ['bid', 'hold', 'pass', 'pickUpSkat', 'discard', 'declare', 'showCards', 'play', 'resign', 'kontra', 're', 'abandon', 'nonsense'];
  it('applyMove never throws on malformed moves: it refuses them with a rule and a reason', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.nat(),
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              kind: fc.constantFrom(...kinds),
              seat: fc.anything(),
              card: fc.anything(),
              value: fc.anything(),
              cards: fc.anything(),
              declaration: fc.anything(),
              reason: fc.anything(),
            },
            { requiredKeys: ['kind'] },
          ),
          fc.record(
            {
              kind: fc.constantFrom(...kinds),
              seat: fc.constantFrom(0, 1, 2),
              card: fc.anything(),
              value: fc.anything(),
              cards: fc.array(fc.anything(), { maxLength: 3 }),
              declaration: fc.object(),
            },
            { requiredKeys: ['kind', 'seat'] },
          ),
        ),
        (seed, at, move) => {
          const g = playRandomGame(seed, ISS_PROFILE, { keepStates: true });
          const s = g.states[at % g.states.length];
          const before = JSON.stringify(s);
          const r = applyMove(s, move as Move);
          if (!r.ok) expect(r.refusal.reason.length).toBeGreaterThan(5);
          expect(JSON.stringify(s)).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });
});
