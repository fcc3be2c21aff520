import { commandMetadata } from '../../command-handling/handle-command';
import type { CommandContext } from '../../command-handling/command-types';
import { IllegalCommandError } from '../../kernel/errors';
import { dealStreamName } from '../../deal/events';
import { ConcurrencyError } from '../../event-store/errors';
import type { EventStore, NewEvent } from '../../event-store/event-store';
import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';
import type { OpenTable } from '../../table/commands';
import { decideTable } from '../../table/decide-table';
import { tableStreamName } from '../../table/events';
import { initialTableState, type TableState } from '../../table/table-state';
import type { AppendDealOutcome } from './append-deal-outcome';
import type { ReadModelUpkeep } from '../upkeep/read-model-upkeep';
import type { ScoreSheets } from '../reads/score-sheets';
import { STRUCTURE_SCHEMA_VERSION } from './structure-schema-version';
import { foldTableStream } from '../../table/table-stream';

/**
 * What a bulk import (archive/) writes through the ledger: whole deals appended in one batch, the
 * events of a table it opens or extends, and the table's list as the read models hold it. The
 * read models catch up after each append (ReadModelUpkeep.appendedInBulk after a batch).
 */
export class BulkAppend {
  constructor(
    private readonly store: EventStore,
    private readonly upkeep: ReadModelUpkeep,
    private readonly sheets: ScoreSheets,
    /** The table's sheet after a catch-up (memoised by the ledger). */
    private readonly scoreSheet: (tableId: string) => Promise<ScoreSheet | null>,
    private readonly defaultProfileId: string,
  ) {}

  /** Bulk import: a whole deal's events appended to a new stream (noStream) in one batch. */
  async appendDealEvents(dealId: string, events: readonly NewEvent[]): Promise<AppendDealOutcome> {
    const stream = dealStreamName(dealId);
    const existing = await this.store.readStream(stream, { maxCount: 1 });
    if (existing.exists) return { dealId, status: 'alreadyPresent', nextExpectedRevision: existing.currentRevision };
    try {
      const appended = await this.store.appendToStream(stream, events, { expectedRevision: 'noStream' });
      await this.upkeep.afterAppend({
        streamName: stream,
        events: events.map((e, i) => ({ eventId: e.metadata.eventId, type: e.type, revision: String(i) })),
        nextExpectedRevision: appended.nextExpectedRevision,
        alreadyApplied: false,
      });
      return { dealId, status: 'appended', nextExpectedRevision: appended.nextExpectedRevision };
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      const now = await this.store.readStream(stream, { maxCount: 1 });
      return { dealId, status: 'alreadyPresent', nextExpectedRevision: now.currentRevision };
    }
  }

  /**
   * An imported series' table as stored, and the highest deal number on its list, so an import
   * that goes on in a later run continues the numbering. Null when the table does not exist.
   */
  async seriesTable(
    tableId: string,
    options: { readonly catchUp?: boolean } = {},
  ): Promise<{ readonly state: TableState; readonly lastDealNumber: number } | null> {
    const read = await this.store.readStream(tableStreamName(tableId));
    if (!read.exists) return null;
    const state = foldTableStream(read.events);
    // A bulk import reads the list as of the last catch-up: the deals it appended since are its own to count.
    const sheet = options.catchUp === false ? this.sheets.sheetOf(tableId) : await this.scoreSheet(tableId);
    return { state, lastDealNumber: (sheet?.rows ?? []).reduce((n, r) => Math.max(n, r.dealNumber), 0) };
  }

  /**
   * The events OpenTable records for a table that does not exist yet, exactly as execute() would
   * record them (ids, metadata), for a bulk import that appends them with its deals in one batch.
   * Refused (IllegalCommandError) as execute() would refuse it. Tables of tournaments are not offered.
   */
  openTableEvents(command: OpenTable, ctx: CommandContext): NewEvent[] {
    if (command.tournamentId != null) throw new IllegalCommandError('L10', 'a bulk import opens tables outside tournaments only');
    const decided = decideTable(command, initialTableState, this.defaultProfileId);
    if (!decided.ok) throw new IllegalCommandError(decided.refusal.ruleId, decided.refusal.reason);
    const recordedAt = new Date().toISOString();
    return decided.value.map((e, i) => ({ type: e.type, data: e.data, metadata: commandMetadata(ctx, i, recordedAt, STRUCTURE_SCHEMA_VERSION) }));
  }

  /** Appends events an import derived for an existing table (newcomers joining an ISS series). */
  async appendTableEvents(tableId: string, events: readonly NewEvent[]): Promise<void> {
    const streamName = tableStreamName(tableId);
    const appended = await this.store.appendToStream(streamName, events, { expectedRevision: 'streamExists' });
    const first = appended.nextExpectedRevision - BigInt(events.length - 1);
    await this.upkeep.afterAppend({
      streamName,
      events: events.map((e, i) => ({ eventId: e.metadata.eventId, type: e.type, revision: String(first + BigInt(i)) })),
      nextExpectedRevision: appended.nextExpectedRevision,
      alreadyApplied: false,
    });
  }
}
