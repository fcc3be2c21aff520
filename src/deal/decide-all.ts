import type { Judgement } from '../kernel/refusal';

import type { DealCommand } from './commands';
import { decide, type DecideContext } from './decide';
import { initialDealState, type DealState } from './deal-state';
import type { DealEvent } from './events';
import { foldDealStream } from './deal-stream';

export interface DecideAllFailure {
  readonly ok: false;
  readonly refusal: { readonly ruleId: string; readonly reason: string };
  /** Index of the refused command. */
  readonly index: number;
  /** Events decided before the refusal (not to be appended as a whole deal). */
  readonly events: readonly DealEvent[];
}

/**
 * Folds a list of commands into the events of a deal in memory, without I/O: what the ISS
 * importer uses to build a whole deal and append it in one batch with `noStream`.
 * Returns each command's events (same order) so callers can derive event ids per command.
 */
export function decideAll(
  commands: readonly DealCommand[],
  ctx: DecideContext,
  state: DealState = initialDealState,
): { ok: true; events: DealEvent[]; perCommand: DealEvent[][]; state: DealState } | DecideAllFailure {
  const events: DealEvent[] = [];
  const perCommand: DealEvent[][] = [];
  let current = state;
  for (let index = 0; index < commands.length; index++) {
    const decided: Judgement<DealEvent[]> = decide(commands[index], current, ctx);
    if (!decided.ok) return { ok: false, refusal: decided.refusal, index, events };
    current = foldDealStream(decided.value, current);
    events.push(...decided.value);
    perCommand.push(decided.value);
  }
  return { ok: true, events, perCommand, state: current };
}
