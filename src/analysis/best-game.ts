import type { Card } from '../rules/card';
import { type Declaration, GAME_TYPES, type GameType, SUIT_OF_GAME } from '../rules/declaration';
import { scoreGame } from '../rules/scoring';
import type { Seat } from '../rules/seat';
import type { RuleProfile } from '../rules/variant/rule-profile';
import { checkProblem, discardKey, type DiscardProblem, discardsOf, positionAfterDiscard } from './best-discard';
import { discardsLikelyBestFirst } from './discard-order';
import type { GameContract } from './game-contract';
import { requirementOf } from './game-verdict';
import { checkPosition } from './position-check';
import { defaultSolver } from './solve';
import type { Solver } from './solver';

export interface GameOption {
  readonly gameType: GameType;
  /** Some discard wins the game as declared (picked up, nothing announced) and bid. */
  readonly won: boolean;
  /** A winning discard (the first found), or null. */
  readonly discard: readonly [Card, Card] | null;
  /** R26-R29: the game value when won at the least winning level (the bid is reached); null when lost. */
  readonly gameValue: number | null;
}

export interface BestGameProblem {
  readonly declarer: Seat;
  /** By seat; the declarer's entry holds his 12 cards (his ten and the skat). */
  readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]];
  /** R6: what he bid. */
  readonly bid: number;
  readonly profile: RuleProfile;
  /** R27: the cards the matadors are counted over; default the declarer's twelve. */
  readonly declarerCardsWithSkat?: readonly Card[];
}

/**
 * The best game for the declarer's twelve cards, every card open: for each of the six game types
 * (picked up, nothing announced; R11) whether some discard wins it against the bid (R22, R33 via
 * the scoring code), with such a discard and the value. A type's search stops at its first
 * winning discard; `best` is the won game of highest value, or null when none wins.
 */
export function bestGame(p: BestGameProblem, solver: Solver = defaultSolver()): { readonly options: readonly GameOption[]; readonly best: GameOption | null } {
  checkProblem({ game: 'grand', declarer: p.declarer, hands: p.hands });
  const twelve = p.hands[p.declarer];
  const discards = discardsOf(twelve);
  const options: GameOption[] = [];
  for (const gameType of GAME_TYPES) {
    const declaration: Declaration = { gameType, hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false };
    const contract: GameContract = {
      declarer: p.declarer,
      declaration,
      bid: p.bid,
      declarerCardsWithSkat: p.declarerCardsWithSkat ?? twelve,
      profile: p.profile,
    };
    const trump = SUIT_OF_GAME[gameType];
    const problem: DiscardProblem = {
      game: gameType === 'null' ? 'null' : gameType === 'grand' ? 'grand' : 'suit',
      ...(trump ? { trump } : {}),
      declarer: p.declarer,
      hands: p.hands,
    };
    const requirement = gameType === 'null' ? null : requirementOf(contract);
    let winning: readonly [Card, Card] | null = null;
    const possible = gameType === 'null' ? nullReachesBid(contract) : requirement !== null;
    if (possible) {
      // A discard equivalent to one that failed fails too (rank equivalence over the whole deal).
      const keyOf = discardKey(problem);
      const tried = new Set<string>();
      // The likely best discard first: a type's search stops at its first winning discard.
      for (const discard of discardsLikelyBestFirst(problem, discards)) {
        const key = keyOf(discard);
        if (tried.has(key)) continue;
        tried.add(key);
        const pos = positionAfterDiscard(problem, discard);
        checkPosition(pos);
        solver.load(pos);
        const won =
          gameType === 'null'
            ? solver.nullWon()
            : requirement!.kind === 'allTricks'
              ? solver.takeAll()
              : solver.futureAtLeast(requirement!.points - pos.declarerPoints);
        if (won) {
          winning = discard;
          break;
        }
      }
    }
    const gameValue = winning ? valueWhenWon(contract, requirement) : null;
    options.push({ gameType, won: winning !== null, discard: winning, gameValue });
  }
  let best: GameOption | null = null;
  for (const o of options) if (o.won && (best === null || (o.gameValue ?? 0) > (best.gameValue ?? 0))) best = o;
  return { options, best };
}

function facts(contract: GameContract, points: number, declarerTricks: number) {
  return {
    declarer: contract.declarer,
    declaration: contract.declaration,
    bid: contract.bid,
    declarerCardsWithSkat: contract.declarerCardsWithSkat,
    declarerPoints: points,
    declarerTricks,
    defenderTricks: 10 - declarerTricks,
    kontra: false,
    re: false,
    endedBy: 'allTricks' as const,
  };
}

function nullReachesBid(contract: GameContract): boolean {
  return scoreGame(facts(contract, 0, 0), contract.profile).won === true;
}

function valueWhenWon(contract: GameContract, requirement: ReturnType<typeof requirementOf>): number | null {
  if (contract.declaration.gameType === 'null') return scoreGame(facts(contract, 0, 0), contract.profile).gameValue;
  if (requirement === null) return null;
  const [points, tricks] = requirement.kind === 'allTricks' ? [120, 10] : requirement.points >= 90 ? [90, 8] : [61, 5];
  return scoreGame(facts(contract, points, tricks), contract.profile).gameValue;
}
