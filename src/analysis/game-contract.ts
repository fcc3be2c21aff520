import type { Card } from '../rules/card';
import type { Declaration } from '../rules/declaration';
import type { Seat } from '../rules/seat';
import type { RuleProfile } from '../rules/variant/rule-profile';

/** What a won/lost verdict is judged against: the game as declared and bid (R22-R33). */
export interface GameContract {
  readonly declarer: Seat;
  readonly declaration: Declaration;
  /** R6: the bid the declarer must reach (R32/R33: an overbid game is lost whatever the points). */
  readonly bid: number;
  /** R27: the declarer's 10 dealt cards and the 2 dealt skat cards, for the matadors. */
  readonly declarerCardsWithSkat: readonly Card[];
  /** The rule profile the game is scored under. */
  readonly profile: RuleProfile;
}
