import { ISKO_PROFILE } from './isko';
import type { RuleProfile } from './rule-profile';

/** D4: ISkO scoring plus D3, the way the International Skat Server ends claimed and resigned games. */
export const ISS_PROFILE: RuleProfile = {
  ...ISKO_PROFILE,
  id: 'iss',
  version: '1',
  description: 'ISkO scoring with claims and resignations as the International Skat Server records them (D3)',
  claims: 'iss',
};
