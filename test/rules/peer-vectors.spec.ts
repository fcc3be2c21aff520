import * as fs from 'fs';
import * as path from 'path';
import { type Card, isCard } from '../../src/rules/card';
import type { GameType } from '../../src/rules/declaration';
import { countMatadors } from '../../src/rules/matadors';
import { scoreGame } from '../../src/rules/scoring';
import type { ScoringFacts } from '../../src/rules/scoring-facts';
import { seegerFabian } from '../../src/rules/score-sheet';
import { getProfile } from '../../src/rules/variant';
import type { RuleProfile } from '../../src/rules/variant/rule-profile';

/**
 * Acceptance: every peer vector in shared/vectors/peer-vectors.json.
 *
 * Vectors leave fields they consider "not relevant" null. The facts are built from what a vector
 * states, and every open field is filled in every way consistent with the vector's own statement,
 * the same rule for every vector:
 * - card points unknown: the plain band of its stated outcome (won 61..89, lost 31..60, overbid
 *   31..89 since an overbid loses either way); all tricks to the declarer means 120;
 * - matadors unknown (only overbid vectors): every matador count whose value stays below the bid;
 * - tricks unknown: all 10 to the declarer when the defenders took none, 9 of 10 when the vector
 *   says they took one, otherwise a share in line with the points;
 * - bid unknown: 18, the smallest bid.
 * The result must be the vector's for every filling.
 */
interface PeerVector {
  readonly description: string;
  readonly gameType: GameType;
  readonly hand: boolean;
  readonly schneiderAnnounced: boolean;
  readonly schwarzAnnounced: boolean;
  readonly ouvert: boolean;
  readonly declarerCards: string[] | null;
  readonly skat: string[] | null;
  readonly matadors: number | null;
  readonly declarerPoints: number | null;
  readonly declarerTricks: number | null;
  readonly defendersTookTrick: boolean | null;
  readonly bid: number | null;
  readonly expectedValue: number;
  readonly expectedWon: boolean;
  readonly expectedScore: number;
  readonly iskoExpectedValue?: number;
  readonly iskoExpectedScore?: number;
  readonly overbid?: boolean;
  readonly variant?: string;
  readonly kontra?: boolean;
  readonly re?: boolean;
  readonly seegerDeclarer?: number;
  readonly seegerEachDefender?: number;
  readonly table?: 3 | 4 | 5;
}

const SHARED = path.resolve(__dirname, '..', '..', '..', 'shared');
const VECTORS: PeerVector[] = JSON.parse(fs.readFileSync(path.join(SHARED, 'vectors', 'peer-vectors.json'), 'utf8'));

const BASES: Record<Exclude<GameType, 'null'>, number> = { diamonds: 9, hearts: 10, spades: 11, clubs: 12, grand: 24 };

/** The profile a vector's `variant` names; ISkO when it names none. */
function profileFor(v: PeerVector): RuleProfile {
  if (!v.variant) return getProfile('isko');
  if (v.variant.startsWith('kontra-re')) return getProfile('isko', { kontraRe: true });
  if (v.variant.startsWith('pre-1999')) return getProfile('pre-1999');
  throw new Error(`no profile for variant "${v.variant}"`);
}

function expectationFor(v: PeerVector): { value: number; score: number } {
  if (v.variant) return { value: v.expectedValue, score: v.expectedScore };
  return { value: v.iskoExpectedValue ?? v.expectedValue, score: v.iskoExpectedScore ?? v.expectedScore };
}

/** All 12 cards when the vector lists the full hand and a fully known skat. */
function fullCards(v: PeerVector): Card[] | null {
  const cards = [...(v.declarerCards ?? []), ...(v.skat ?? [])];
  return v.declarerCards?.length === 10 && v.skat?.length === 2 && cards.every(isCard) ? (cards as Card[]) : null;
}

function pointCandidates(v: PeerVector): number[] {
  if (v.declarerPoints !== null) return [v.declarerPoints];
  if (v.gameType === 'null') return v.declarerTricks === 0 ? [0] : [0, 20];
  if (v.defendersTookTrick === false) return [120];
  const [from, to] = v.overbid ? [31, 89] : v.expectedWon ? [61, 89] : [31, 60];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function matadorCandidates(v: PeerVector): Array<{ cards: Card[] | null; matadors?: number }> {
  if (v.gameType === 'null') return [{ cards: null }];
  const cards = fullCards(v);
  if (cards) return [{ cards }];
  if (v.matadors !== null) return [{ cards: null, matadors: v.matadors }];
  if (!v.overbid || v.bid === null) throw new Error(`vector "${v.description}" gives no matadors and is not an overbid`);
  // Every matador count whose plain value (matadors + game + hand) is below the bid.
  const max = v.gameType === 'grand' ? 4 : 11;
  const base = BASES[v.gameType];
  const out: Array<{ cards: null; matadors: number }> = [];
  for (let n = 1; n <= max; n++) {
    if (base * (n + 1 + (v.hand ? 1 : 0)) < v.bid) out.push({ cards: null, matadors: n }, { cards: null, matadors: -n });
  }
  return out;
}

function tricksFor(v: PeerVector, points: number): { declarer: number; defenders: number } {
  if (v.declarerTricks !== null) return { declarer: v.declarerTricks, defenders: 10 - v.declarerTricks };
  if (v.defendersTookTrick === false) return { declarer: 10, defenders: 0 };
  if (v.defendersTookTrick === true && points === 120) return { declarer: 9, defenders: 1 };
  const declarer = Math.min(9, Math.max(1, Math.round(points / 12)));
  return { declarer, defenders: 10 - declarer };
}

function factsFor(v: PeerVector): ScoringFacts[] {
  const all: ScoringFacts[] = [];
  for (const points of pointCandidates(v)) {
    for (const m of matadorCandidates(v)) {
      const tricks = tricksFor(v, points);
      all.push({
        declarer: 0,
        declaration: {
          gameType: v.gameType,
          hand: v.hand,
          schneiderAnnounced: v.schneiderAnnounced,
          schwarzAnnounced: v.schwarzAnnounced,
          ouvert: v.ouvert,
        },
        bid: v.bid ?? 18,
        declarerCardsWithSkat: m.cards,
        ...(m.matadors !== undefined ? { matadors: m.matadors } : {}),
        declarerPoints: points,
        declarerTricks: tricks.declarer,
        defenderTricks: tricks.defenders,
        kontra: v.kontra ?? false,
        re: v.re ?? false,
        endedBy:
          v.gameType === 'null' && tricks.declarer > 0
            ? 'nullTrickTaken'
            : v.defendersTookTrick && (v.schwarzAnnounced || v.ouvert)
              ? 'defendersTookTrick'
              : 'allTricks',
      });
    }
  }
  return all;
}

describe('peer vectors (shared/vectors/peer-vectors.json), R22-R33 D1 D2 R40', () => {
  it('has vectors to check', () => {
    expect(VECTORS.length).toBeGreaterThan(80);
  });

  describe.each(VECTORS.map((v, i) => [`#${i} ${v.variant ? `[${v.variant}] ` : ''}${v.description}`, v] as const))('%s', (_name, v) => {
    const profile = profileFor(v);
    const expected = expectationFor(v);

    it(`scores ${expected.score} (value ${expected.value}, ${v.expectedWon ? 'won' : 'lost'}) under profile ${profile.id}`, () => {
      const cases = factsFor(v);
      expect(cases.length).toBeGreaterThan(0);
      for (const facts of cases) {
        const result = scoreGame(facts, profile);
        const seen = { score: result.score, value: result.gameValue, won: result.won, overbid: result.overbid };
        const want = { score: expected.score, value: expected.value, won: v.expectedWon, overbid: v.overbid ?? false };
        if (JSON.stringify(seen) !== JSON.stringify(want)) {
          throw new Error(
            `facts ${JSON.stringify(facts)}\n gave ${JSON.stringify(seen)}, want ${JSON.stringify(want)}\n${result.derivation.map((l) => `${l.ruleId}: ${l.text}`).join('\n')}`,
          );
        }
        if (v.matadors !== null) expect(result.matadors).toBe(v.gameType === 'null' ? 0 : v.matadors);
        expect(result.seatScores[0]).toBe(expected.score);
      }
    });

    if (v.declarerCards && v.matadors !== null && v.gameType !== 'null') {
      it(`R27 counts matadors ${v.matadors} over the listed cards`, () => {
        const listed = [...v.declarerCards!, ...(v.skat ?? [])].filter(isCard);
        expect(countMatadors(listed, v.gameType as Exclude<GameType, 'null'>).signed).toBe(v.matadors);
      });
    }

    if (v.seegerDeclarer !== undefined && v.table) {
      it(`R35 Seeger-Fabian at a ${v.table}-player table: declarer ${v.seegerDeclarer}, each defender ${v.seegerEachDefender}`, () => {
        const players = ['A', 'B', 'C', 'D', 'E'].slice(0, v.table);
        const result = scoreGame(factsFor(v)[0], profile);
        const sheet = seegerFabian(players, [{ seatPlayers: ['A', 'B', 'C'], dealer: players[players.length - 1], result }]);
        const byName = new Map(sheet.players.map((p) => [p.player, p]));
        expect(byName.get('A')!.performance).toBe(v.seegerDeclarer);
        expect(byName.get('B')!.performance).toBe(v.seegerEachDefender);
        expect(byName.get('C')!.performance).toBe(v.seegerEachDefender);
      });
    }
  });
});
