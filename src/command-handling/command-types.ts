import type { DealCommand } from '../deal/commands';
import type { TableCommand } from '../table/commands';
import type { TournamentCommand } from '../tournament/commands';
import type { AccessCommand } from '../access/decide-access';

export type LedgerCommand = DealCommand | TableCommand | TournamentCommand | AccessCommand;

export interface CommandContext {
  /** Client-chosen id (UUID); a retried command with the same id never records twice. */
  readonly commandId: string;
  readonly actorId: string;
  /** 'arbiter' may correct scores. */
  readonly role?: 'player' | 'arbiter' | 'system';
  /** live | import:iss | manual */
  readonly source?: string;
  /** When given, a conflict surfaces as ConcurrencyError; otherwise bounded retry. */
  readonly expectedRevision?: bigint;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly occurredAt?: string;
}

export interface CommandOutcome {
  readonly streamName: string;
  /** Types and ids of the events recorded (or found already recorded) for this command. */
  readonly events: readonly { readonly eventId: string; readonly type: string; readonly revision: string }[];
  readonly nextExpectedRevision: bigint;
  /** The command had been applied before (same commandId): nothing new was recorded. */
  readonly alreadyApplied: boolean;
  /** The deal a table command started, when it started one. */
  readonly dealId?: string;
}
