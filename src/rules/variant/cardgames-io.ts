import { ISKO_PROFILE } from './isko';
import type { RuleProfile } from './rule-profile';

/**
 * D4 / V1a: cardgames.io. An overbid game is charged twice its actual (reduced) value, an overbid
 * null twice its declared null value; a match is 12 deals (four deals per player at its 3-seat table,
 * applied to every table size here).
 */
export const CARDGAMES_IO_PROFILE: RuleProfile = {
  ...ISKO_PROFILE,
  id: 'cardgames-io',
  version: '1',
  description: 'cardgames.io: overbid loses twice the actual value (V1a); a match of 12 deals',
  overbidLoss: 'doubleReducedValue',
  nullOverbid: 'actualNullValue',
  seriesLength: { 3: 12, 4: 12, 5: 12 },
};
