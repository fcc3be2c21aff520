import { ISKO_PROFILE } from './isko';
import type { RuleProfile } from './rule-profile';

/**
 * D4 / V2b: the old Swedish textbook (Wikibooks "Lärobok i skat"). A lost game adds one multiplier
 * level instead of doubling ("utan 2, spela 3, förlorat 4"); when all pass, Ramsch is played (R42).
 * A null game has no matadors: its fixed value is one level, so "lost" adds a second (x2).
 */
export const SWEDISH_TEXTBOOK_PROFILE: RuleProfile = {
  ...ISKO_PROFILE,
  id: 'swedish-textbook',
  version: '1',
  description: 'Swedish textbook: a lost game adds one multiplier level (V2b); Ramsch when all pass',
  lostGame: 'addLevel',
  allPassed: 'ramsch',
  houseOptions: { ...ISKO_PROFILE.houseOptions, ramsch: true },
};
