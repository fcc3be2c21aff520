import type { EventMetadata } from '../event-metadata';
import type { AppendBatch, NewEvent } from '../event-store';
import type { ByteList, TextList } from '../packed-texts';

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
