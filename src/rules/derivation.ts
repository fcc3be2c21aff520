import type { DerivationLine } from './game-result';
import { RuleViolation } from '../kernel/refusal';

/** One readable step of a computation, tagged with the rule it applies. */
export const line = (ruleId: string, text: string): DerivationLine => ({ ruleId, text });

/** Refuse bad input with the rule it breaks, in the same shape the play engine uses. */
export function invalid(ruleId: string, reason: string): never {
  throw new RuleViolation({ ruleId, reason });
}

/** Signed number with a real minus sign, as a score sheet writes it: +48, −96, 0. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '0';
}

/** A non-negative amount with a real minus sign when negative (no plus sign). */
export function plain(n: number): string {
  return n < 0 ? `−${-n}` : `${n}`;
}
