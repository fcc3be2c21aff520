import { CARDGAMES_IO_PROFILE } from './cardgames-io';
import { type HouseOptionSwitches, withHouseOptions } from './house-options';
import { ISKO_PROFILE } from './isko';
import { ISS_PROFILE } from './iss';
import { PRE_1999_PROFILE } from './pre-1999';
import type { RuleProfile } from './rule-profile';
import { SWEDISH_TEXTBOOK_PROFILE } from './swedish-textbook';

export type { RuleProfile } from './rule-profile';
export { HOUSE_OPTION_NAMES, type HouseOptionName, type HouseOptionSwitches, houseOptionsOn, withHouseOptions } from './house-options';

/** D4: the named rule profiles. */
const PROFILES: Readonly<Record<string, RuleProfile>> = {
  [ISKO_PROFILE.id]: ISKO_PROFILE,
  [ISS_PROFILE.id]: ISS_PROFILE,
  [CARDGAMES_IO_PROFILE.id]: CARDGAMES_IO_PROFILE,
  [SWEDISH_TEXTBOOK_PROFILE.id]: SWEDISH_TEXTBOOK_PROFILE,
  [PRE_1999_PROFILE.id]: PRE_1999_PROFILE,
};

export const PROFILE_IDS: readonly string[] = Object.keys(PROFILES);
export const DEFAULT_PROFILE_ID = 'isko';

export function isProfileId(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(PROFILES, id);
}

/**
 * The profile named `id`, with house options switched on by name (R40 Kontra/Re, R42
 * Ramsch). Throws a RangeError naming the known ids for an unknown id or option.
 */
export function getProfile(id: string, options?: HouseOptionSwitches | Readonly<Record<string, unknown>>): RuleProfile {
  if (!isProfileId(id)) {
    throw new RangeError(`D4: unknown rule profile "${id}"; known profiles: ${PROFILE_IDS.join(', ')}`);
  }
  const base = PROFILES[id];
  return options ? withHouseOptions(base, options) : base;
}
