import type { RuleProfile } from './rule-profile';

/** D4 default: the Internationale Skatordnung as tournaments play it (R1-R37, D1, D2). */
export const ISKO_PROFILE: RuleProfile = {
  id: 'isko',
  version: '1',
  description: 'Internationale Skatordnung (ISkO 1999/2018): tournament rules, no house options',
  claims: 'isko',
  schneiderAnnouncedEnd: 'playOn', // R19: "may be stopped": play goes on
  reachedLevels: 'isko', // R23/R24 over a complete game
  allPassed: 'passedIn', // R8
  overbidLoss: 'isko', // R32
  lostGame: 'double', // R31
  nullOverbid: 'multipleOfNullValue', // D2
  grandBase: 24, // R26
  houseOptions: { kontraRe: false, ramsch: false },
  // R36: 36 at 3, 48 at 4; 5-tables are not in the SkWO, 60 keeps twelve deals per dealer (a setting).
  seriesLength: { 3: 36, 4: 48, 5: 60 },
};
