import type { IssToken } from './iss-record';
import { writeToken } from './iss-writer';

/**
 * What a record wrote that its events do not say (a `??` card, a declaration split in two tokens,
 * moves after a time-out the engine could not replay): replace `remove` tokens at `at` of the
 * tokens regenerated from the events by `insert`. Null when the events say it all.
 */
export interface TokenPatch {
  readonly at: number;
  readonly remove: number;
  readonly insert: readonly IssToken[];
}

/** The smallest single-span patch that turns `regenerated` into `written`. */
export function diffTokens(regenerated: readonly IssToken[], written: readonly IssToken[]): TokenPatch | null {
  const a = regenerated.map(writeToken);
  const b = written.map(writeToken);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  if (prefix === a.length && prefix === b.length) return null;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return { at: prefix, remove: a.length - prefix - suffix, insert: written.slice(prefix, written.length - suffix) };
}

export function applyTokenPatch(tokens: readonly IssToken[], patch: TokenPatch | null | undefined): IssToken[] {
  if (!patch) return [...tokens];
  if (patch.at < 0 || patch.remove < 0 || patch.at + patch.remove > tokens.length) {
    throw new Error(
      `ISS move patch (at ${patch.at}, remove ${patch.remove}) does not fit ${tokens.length} regenerated tokens: the deal's events changed since the import`,
    );
  }
  return [...tokens.slice(0, patch.at), ...patch.insert, ...tokens.slice(patch.at + patch.remove)];
}
