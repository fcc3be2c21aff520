import type { Card } from '../rules/card';
import { scoreGame } from '../rules/scoring';
import { cardLayout, maskOf } from './card-layout';
import type { ScoringFacts } from '../rules/scoring-facts';
import type { GameContract } from './game-contract';
import { checkPosition } from './position-check';
import { defaultSolver, solveNull } from './solve';
import type { Solver } from './solver';
import type { SolverPosition } from './solver-position';

/** The least a suit or grand declarer must reach to win: 61, 90 or every trick; null when nothing wins. */
export type Requirement = { readonly kind: 'points'; readonly points: number } | { readonly kind: 'allTricks' } | null;

export interface GameVerdict {
  readonly won: boolean;
  /** What the declarer had to reach (the announcement and the bid both counted). */
  readonly requirement: Requirement;
}

/**
 * The final outcomes a suit/grand declarer can aim at, weakest first, each as facts for the
 * existing scoring (R22-R28, R32/R33). Each is the least outcome of its class, so if it does not
 * win (announcement missed, or the value after play below the bid), nothing of that class does.
 */
const OUTCOME_CLASSES: ReadonlyArray<{ requirement: Exclude<Requirement, null>; points: number; declarerTricks: number }> = [
  { requirement: { kind: 'points', points: 61 }, points: 61, declarerTricks: 5 },
  { requirement: { kind: 'points', points: 90 }, points: 90, declarerTricks: 8 },
  { requirement: { kind: 'allTricks' }, points: 120, declarerTricks: 10 },
];

/** The weakest outcome that wins the game as declared and bid (the scoring code decides). */
export function requirementOf(contract: GameContract): Requirement {
  for (const c of OUTCOME_CLASSES) {
    const facts: ScoringFacts = {
      declarer: contract.declarer,
      declaration: contract.declaration,
      bid: contract.bid,
      declarerCardsWithSkat: contract.declarerCardsWithSkat,
      declarerPoints: c.points,
      declarerTricks: c.declarerTricks,
      defenderTricks: 10 - c.declarerTricks,
      kontra: false,
      re: false,
      endedBy: 'allTricks',
    };
    if (scoreGame(facts, contract.profile).won) return c.requirement;
  }
  return null;
}

/** Null: won by taking no trick, unless the null value is below the bid (R29, R32/R33, D2). */
function nullValueReachesBid(contract: GameContract): boolean {
  const facts: ScoringFacts = {
    declarer: contract.declarer,
    declaration: contract.declaration,
    bid: contract.bid,
    declarerCardsWithSkat: contract.declarerCardsWithSkat,
    declarerPoints: 0,
    declarerTricks: 0,
    defenderTricks: 10,
    kontra: false,
    re: false,
    endedBy: 'allTricks',
  };
  return scoreGame(facts, contract.profile).won === true;
}

/**
 * Won or lost under perfect play from this position, for the game as declared and bid: against
 * 61 / 90 / all tricks as announced, and against the bid (an overbid game is lost whatever the
 * points, R33; a higher level reached can lift the value over the bid, R28).
 */
export function gameVerdict(pos: SolverPosition, contract: GameContract, solver: Solver = defaultSolver()): GameVerdict {
  checkPosition(pos);
  if (contract.declaration.gameType === 'null') {
    if (pos.game !== 'null') throw new RangeError('the contract is a null game but the position is not');
    const reaches = nullValueReachesBid(contract);
    return { won: reaches && solveNull(pos, solver).won, requirement: null };
  }
  if (pos.game === 'null') throw new RangeError('the contract is a suit or grand game but the position is null');
  const requirement = requirementOf(contract);
  if (requirement === null) return { won: false, requirement };
  solver.load(pos);
  if (requirement.kind === 'allTricks') return { won: pos.defenderTricks === 0 && solver.takeAll(), requirement };
  return { won: solver.futureAtLeast(requirement.points - pos.declarerPoints), requirement };
}

/** One legal card and whether the game is still won (under perfect play) after it. */
export interface MoveVerdict {
  readonly card: Card;
  readonly won: boolean;
}

/**
 * The verdict after each legal card of the side to move (the per-card table of a step): the
 * same question as gameVerdict, asked once per card (cards that are equivalent are searched once).
 */
export function moveVerdicts(pos: SolverPosition, contract: GameContract, solver: Solver = defaultSolver()): MoveVerdict[] {
  checkPosition(pos);
  const nullGame = contract.declaration.gameType === 'null';
  if (nullGame !== (pos.game === 'null')) throw new RangeError('the contract and the position are of different kinds of game');
  const requirement = nullGame ? null : requirementOf(contract);
  const possible = nullGame ? nullValueReachesBid(contract) && pos.declarerTricks === 0 : requirement !== null;
  solver.load(pos);
  const reps = solver.representatives();
  const layout = cardLayout(pos.game, pos.trump);
  const cache = new Map<number, boolean>();
  const out: MoveVerdict[] = [];
  for (const card of pos.hands[pos.toMove]) {
    const rep = reps.get(31 - Math.clz32(maskOf(layout, [card])));
    if (rep === undefined) continue;
    let won = cache.get(rep);
    if (won === undefined) {
      won = possible && wonAfter(solver, rep, pos, requirement);
      cache.set(rep, won);
    }
    out.push({ card, won });
  }
  return out;
}

function wonAfter(solver: Solver, bit: number, pos: SolverPosition, requirement: Requirement): boolean {
  const saved = solver.play(bit);
  const completed = solver.trickJustCompleted;
  const declarerWon = completed && solver.winnerOfLastTrick === pos.declarer;
  let won: boolean;
  if (pos.game === 'null') won = !declarerWon && solver.nullWon();
  else if (requirement!.kind === 'allTricks') won = pos.defenderTricks === 0 && !(completed && !declarerWon) && solver.takeAll();
  else won = solver.futureAtLeast(requirement!.points - pos.declarerPoints - (completed ? solver.gainOfLastPlay : 0));
  solver.undo(bit, saved);
  return won;
}
