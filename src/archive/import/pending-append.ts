import type { AppendBatch, EventStore, NewEvent } from '../../event-store/event-store';
import type { ExpectedRevision } from '../../event-store/expected-revision';

/** Where a deal waiting in the batch came from, so a repeat of its record in the same batch is recognised. */
export interface PendingDeal {
  readonly line: string;
  readonly file: string | null;
  readonly lineNumber: number;
  /** The deal's first batch index and how many events it has (undone when a racing writer got there first). */
  readonly index: number;
  readonly events: number;
}

/**
 * The streams' batches an import has decided but not yet written: many deals (and the series
 * tables they open or join) that go to the store in one appendMany, i.e. one transaction.
 */
export class PendingAppend {
  private batches: AppendBatch[] = [];
  /**
   * A store that seals new streams ahead (SQLite) gets each deal as soon as it is decided, so the
   * batch waits as text: the deal's objects die young, and the transaction only inserts rows.
   */
  constructor(private readonly store?: Pick<EventStore, 'prepareNewStream'>) {}

  private readonly deals = new Map<string, PendingDeal>();
  /** Events waiting, over all batches. */
  events = 0;

  get size(): number {
    return this.batches.length;
  }

  addStream(streamName: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): void {
    this.batches.push({ streamName, events, expectedRevision });
    this.events += events.length;
  }

  addDeal(dealId: string, streamName: string, events: readonly NewEvent[], from: Omit<PendingDeal, 'index' | 'events'>): void {
    this.deals.set(dealId, { ...from, index: this.batches.length, events: events.length });
    if (this.store?.prepareNewStream) {
      this.batches.push(this.store.prepareNewStream(streamName, events));
      this.events += events.length;
    } else this.addStream(streamName, events, 'noStream');
  }

  /** A deal whose batch the store sealed ahead (newStreamSealing.adopt), with its number of events. */
  addSealedDeal(dealId: string, batch: AppendBatch, events: number, from: Omit<PendingDeal, 'index' | 'events'>): void {
    this.deals.set(dealId, { ...from, index: this.batches.length, events });
    this.batches.push(batch);
    this.events += events;
  }

  deal(dealId: string): PendingDeal | undefined {
    return this.deals.get(dealId);
  }

  /** Hands the batches over and starts empty. */
  take(): { batches: AppendBatch[]; deals: Map<string, PendingDeal> } {
    const taken = { batches: this.batches, deals: new Map(this.deals) };
    this.batches = [];
    this.deals.clear();
    this.events = 0;
    return taken;
  }
}
