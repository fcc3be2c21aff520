import { ISKO_PROFILE } from './isko';
import type { RuleProfile } from './rule-profile';

/**
 * R43 / V2a with the V1b overbid: the rule before the 1999 ISkO, still in some Preisskat rules and
 * older English texts. A lost hand game is entered once, not doubled; an overbid game is charged the
 * smallest multiple of its base value reaching the bid, so an overbid hand game loses that multiple
 * once (hearts hand at bid 59 -> -60). Everything else, grand base 24 included, is ISkO.
 */
export const PRE_1999_PROFILE: RuleProfile = {
  ...ISKO_PROFILE,
  id: 'pre-1999',
  version: '1',
  description: 'Pre-1999 rule: lost hand games (and overbid hand games) are not doubled (V2a, V1b)',
  lostGame: 'doubleExceptHand',
};
