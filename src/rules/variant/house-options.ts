import type { RuleProfile } from './rule-profile';

/**
 * The house options a table can switch on by name over any base profile (D4, R40, R42). Bock rounds
 * (R41) are not offered until they are wired from the table option to the sheet.
 */
export const HOUSE_OPTION_NAMES = ['kontraRe', 'ramsch'] as const;
export type HouseOptionName = (typeof HOUSE_OPTION_NAMES)[number];
export type HouseOptionSwitches = Partial<Record<HouseOptionName, boolean>>;

/**
 * Turn house options on (or off) over a base profile. Ramsch (R42) also decides what happens when
 * all pass, so switching it changes `allPassed` with it. Unknown names or non-boolean values are
 * refused, so a mistyped option never silently plays by the base rules.
 */
export function withHouseOptions(base: RuleProfile, switches: Readonly<Record<string, unknown>> = {}): RuleProfile {
  const options = checkSwitches(switches);
  const houseOptions = { ...base.houseOptions, ...options };
  const allPassed = options.ramsch === undefined ? base.allPassed : options.ramsch ? 'ramsch' : 'passedIn';
  return { ...base, houseOptions, allPassed };
}

function checkSwitches(switches: Readonly<Record<string, unknown>>): HouseOptionSwitches {
  const checked: HouseOptionSwitches = {};
  for (const [name, value] of Object.entries(switches)) {
    if (!(HOUSE_OPTION_NAMES as readonly string[]).includes(name)) {
      throw new RangeError(`D4: unknown house option "${name}"; known options: ${HOUSE_OPTION_NAMES.join(', ')}`);
    }
    if (value === undefined) continue;
    if (typeof value !== 'boolean') {
      throw new TypeError(`D4: house option "${name}" must be true or false, got ${JSON.stringify(value)}`);
    }
    checked[name as HouseOptionName] = value;
  }
  return checked;
}

/** "kontraRe, ramsch" — the options switched on, for descriptions and derivations. */
export function houseOptionsOn(profile: RuleProfile): HouseOptionName[] {
  return HOUSE_OPTION_NAMES.filter((name) => profile.houseOptions[name]);
}
