import { ISKO_PROFILE } from './isko';
import type { RuleProfile } from './rule-profile';

/** D4: ISkO scoring plus D3, the way the International Skat Server ends claimed and resigned games. */
export const ISS_PROFILE: RuleProfile = {
  ...ISKO_PROFILE,
  id: 'iss',
  // 2: D3 as read from the server's 2012 scoring classes (resignations as played, the early end
  // of schneider-announced games, s/z of lost games).
  version: '2',
  description: 'ISkO scoring with claims, resignations and early ends as the International Skat Server scores them (D3)',
  claims: 'iss',
  schneiderAnnouncedEnd: 'defendersOver30',
  reachedLevels: 'iss',
};
