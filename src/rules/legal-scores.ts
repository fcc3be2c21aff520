import { MAX_BID } from './bid-values';
import type { GameType } from './declaration';
import { baseValue, NULL_VALUES } from './game-value';
import { trumpOrder } from './matadors';
import type { RuleProfile } from './variant/rule-profile';

/** R28: the highest multiplier of a game type: all matadors + game, hand, schneider (announced), schwarz (announced), ouvert. */
const maxMultiplier = (gameType: Exclude<GameType, 'null'>): number => trumpOrder(gameType).length + 7;

/**
 * R26-R32: every signed score the rules can enter for a declarer game of this type (any type when
 * null): +value won; lost −2 × value (R31; V2a: hand games once; V2b: one level more), where an
 * overbid loss is charged at a multiple of the base up to the highest bid (R32, D2). Ascending.
 */
export function legalScores(gameType: GameType | null, profile: RuleProfile): number[] {
  const out = new Set<number>();
  const types: GameType[] = gameType ? [gameType] : ['clubs', 'spades', 'hearts', 'diamonds', 'grand', 'null'];
  for (const t of types) {
    const won: number[] = [];
    const lost: number[] = [];
    if (t === 'null') {
      const values = Object.values(NULL_VALUES);
      won.push(...values);
      // D2: an overbid null is charged at a multiple of its value (or the next null value) reaching the bid.
      for (const v of values) for (let k = 1; v * k <= MAX_BID + v; k++) lost.push(v * k);
    } else {
      const base = baseValue(t, profile);
      for (let m = 2; m <= maxMultiplier(t); m++) won.push(base * m);
      for (let m = 1; m <= Math.max(maxMultiplier(t) + 1, Math.ceil(MAX_BID / base)); m++) lost.push(base * m);
    }
    for (const v of won) out.add(v);
    for (const v of lost) {
      out.add(-2 * v);
      // V2a enters a lost hand game once; V2b adds a level instead of doubling (its score is a plain multiple).
      if (profile.lostGame !== 'double') out.add(-v);
    }
  }
  return [...out].sort((a, b) => a - b);
}
