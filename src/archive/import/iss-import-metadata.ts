import type { EventMetadata } from '../../event-store/event-metadata';
import { eventIdFor } from '../../event-store/event-ids';

/** The actor and source of every event an ISS import writes. */
export const ISS_IMPORT_SOURCE = 'import:iss';

/**
 * The metadata of the `index`th event an ISS import writes for one command (a record's deal, a
 * table's newcomers): its id derived from the command's, the import as actor and source, when the
 * deal took place, and the tracing ids. An import has no request around it: the command is both the
 * correlation and the causation, so a re-import writes the same metadata and the same hash chain.
 * No recordedAt: the store's clock sets it.
 */
export function issImportMetadata(commandId: string, index: number, occurredAt: string, schemaVersion: string, rulesVersion?: string): EventMetadata {
  return {
    eventId: eventIdFor(commandId, index),
    commandId,
    actorId: ISS_IMPORT_SOURCE,
    source: ISS_IMPORT_SOURCE,
    occurredAt,
    schemaVersion,
    ...(rulesVersion !== undefined ? { rulesVersion } : {}),
    $correlationId: commandId,
    $causationId: commandId,
  };
}
