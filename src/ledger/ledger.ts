import type { NewEvent, RecordedEvent } from '../eventStore/eventStore';
import type { DealAudit } from '../projections/audit/dealAudit';
import type { DealFilter, DealPage, DealSummary } from '../projections/dealSummary/dealSummary';
import type { PlayerStats } from '../projections/playerStats/playerStats';
import type { Perspective, ReplayFrame } from '../projections/replayFrames/replayFrame';
import type { ScoreSheet } from '../projections/scoreSheet/scoreSheet';
import type { Standings } from '../projections/standings/standings';
import type { AppendDealOutcome, CommandContext, CommandOutcome, LedgerCommand } from './ledgerTypes';

export type { LedgerCommand, CommandContext, CommandOutcome, AppendDealOutcome } from './ledgerTypes';
export { IllegalCommandError, NotFoundError } from './errors';
export { ConcurrencyError } from '../eventStore/errors';

export interface LedgerOptions {
  /** `sqlite::memory:`, `sqlite:<file>`, or an EventStoreDB URL. */
  readonly storeUrl: string;
  /** Where the read models live; default: the store's SQLite file, or memory. */
  readonly readModelUrl?: string;
  /** Rule profile for deals that name none (default `isko`). */
  readonly profileId?: string;
}

const notYet = (what: string): never => {
  throw new Error(`Ledger.${what}: not implemented yet`);
};

/** The one entry point the API and the CLI use: commands in, read models out. */
export class Ledger {
  static async open(_options: LedgerOptions): Promise<Ledger> {
    return notYet('open');
  }
  async execute(_command: LedgerCommand, _ctx: CommandContext): Promise<CommandOutcome> {
    return notYet('execute');
  }
  /** Bulk import: append a whole deal's events to a new stream (noStream). */
  async appendDealEvents(_dealId: string, _events: readonly NewEvent[]): Promise<AppendDealOutcome> {
    return notYet('appendDealEvents');
  }
  async deal(_dealId: string): Promise<DealSummary | null> {
    return notYet('deal');
  }
  async frames(_dealId: string, _range: { from?: number; to?: number }, _perspective: Perspective): Promise<ReplayFrame[]> {
    return notYet('frames');
  }
  async frame(_dealId: string, _step: number, _perspective: Perspective): Promise<ReplayFrame | null> {
    return notYet('frame');
  }
  async deals(_filter: DealFilter, _page: { first: number; after?: string }): Promise<DealPage> {
    return notYet('deals');
  }
  async dealsByIds(_ids: readonly string[]): Promise<(DealSummary | null)[]> {
    return notYet('dealsByIds');
  }
  async audit(_dealId: string): Promise<DealAudit | null> {
    return notYet('audit');
  }
  async scoreSheet(_tableId: string): Promise<ScoreSheet | null> {
    return notYet('scoreSheet');
  }
  async standings(_tournamentId: string): Promise<Standings | null> {
    return notYet('standings');
  }
  async playerStats(_player: string): Promise<PlayerStats | null> {
    return notYet('playerStats');
  }
  async dealEvents(_dealId: string): Promise<RecordedEvent[]> {
    return notYet('dealEvents');
  }
  /** Called after the projections have applied each event; returns an unsubscribe. */
  subscribe(_listener: (event: RecordedEvent) => void): () => void {
    return notYet('subscribe');
  }
  async rebuildProjections(): Promise<{ events: number; deals: number }> {
    return notYet('rebuildProjections');
  }
  async rescore(): Promise<Array<{ dealId: string; field: string; recorded: unknown; recomputed: unknown }>> {
    return notYet('rescore');
  }
  async catchUp(): Promise<void> {
    return notYet('catchUp');
  }
  async close(): Promise<void> {
    return notYet('close');
  }
}
