import { InvalidEventError } from '../errors';
import type { EventMetadata } from '../event-metadata';
import type { AppendBatch, NewEvent, NewStreamSealing } from '../event-store';
import type { ByteList, TextList } from '../packed-texts';
import { COMPACT_JSON_FORM } from './compact-json';
import { assertStreamName } from './store-arguments';

/**
 * A new stream's events checked, serialised and hash-chained ahead of the transaction
 * (prepareNewStream): four strings per event, so a bulk writer's waiting batches hold text only
 * and the objects it decided die young.
 */
export class SealedNewStream implements AppendBatch {
  readonly expectedRevision = 'noStream' as const;
  constructor(
    readonly streamName: string,
    /** type, event id, data JSON and metadata JSON (chain fields included) of each event in turn. */
    readonly rows: TextList,
    /** The hash of the last event: the stream's head. */
    readonly lastHash: string,
    /** The store that sealed it; another store appends the rebuilt `events`. */
    readonly sealedBy: object,
    /** The command the i-th event's id derives from as eventIdFor(idCommand, i); null: not known. */
    readonly idCommand: string | null = null,
    /** Each event's data in compact form (compact-json; null: the data JSON is kept); null: not given. */
    readonly dataForms: ByteList | null = null,
  ) {}

  /** How many events. */
  get size(): number {
    return this.rows.length / 4;
  }

  /** The events as objects again, without the chain fields (any store re-chains them). */
  get events(): NewEvent[] {
    const out: NewEvent[] = [];
    const text = (i: number) => this.rows.at(i) as string;
    for (let i = 0; i < this.rows.length; i += 4) {
      const metadata = JSON.parse(text(i + 3)) as Record<string, string>;
      delete metadata.prevHash;
      delete metadata.hash;
      out.push({ type: text(i), data: JSON.parse(text(i + 2)) as unknown, metadata: metadata as unknown as EventMetadata });
    }
    return out;
  }
}

/** The SQLite store's NewStreamSealing: rows sealed elsewhere (a worker thread) adopted as batches of `sealedBy`. */
export function newStreamSealing(recordedAt: () => string, maxEventBytes: number, sealedBy: object): NewStreamSealing {
  return {
    recordedAt,
    maxEventBytes,
    dataForm: COMPACT_JSON_FORM,
    adopt: (streamName, rows, lastHash, known = {}) => {
      assertStreamName(streamName);
      if (rows.length === 0 || rows.length % 4 !== 0 || !/^[0-9a-f]{64}$/.test(lastHash))
        throw new InvalidEventError(`append to ${streamName}: not sealed rows`);
      const idCommand = known.idCommand ?? null;
      if (idCommand !== null && (typeof idCommand !== 'string' || idCommand.length === 0))
        throw new InvalidEventError(`append to ${streamName}: not a command id`);
      const dataForms = known.dataForms ?? null;
      if (dataForms !== null && dataForms.length !== rows.length / 4) throw new InvalidEventError(`append to ${streamName}: not a data form per event`);
      return new SealedNewStream(streamName, rows, lastHash, sealedBy, idCommand, dataForms);
    },
  };
}
