import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { DEAL_STREAM_PREFIX } from '../../deal/events';
import { Ledger, type RecordedEvent } from '../../ledger/ledger';
import { EventQueue } from './event-queue';

const QUEUE_CAPACITY = 1000;
/** Renders kept: enough for every perspective of the events in flight to their subscribers. */
const RENDERS_KEPT = 512;

/** What a render is of: built only by renderKey, so every key names its event, its kind and its scope. */
export type RenderKey = string & { readonly __renderKey: true };

/**
 * The key of one render: the event (its stream and id: event ids may repeat across streams in
 * EventStoreDB), what is rendered, and everything the render depends on (the deal, table or
 * tournament it is of, and the perspective), so no render is shared across deals or views.
 */
export function renderKey(
  event: Pick<RecordedEvent, 'streamName' | 'eventId'>,
  what: 'summary' | 'dealUpdate' | 'frame' | 'sheet' | 'standings' | 'table',
  ...scope: readonly unknown[]
): RenderKey {
  return JSON.stringify([event.streamName, event.eventId, what, ...scope]) as RenderKey;
}

/** One Ledger listener fanned out to the subscribers of each deal. */
@Injectable()
export class DealEventHub implements OnModuleDestroy {
  private readonly byDeal = new Map<string, Set<EventQueue<RecordedEvent>>>();
  /** Subscribers to every event of the log (tables, tournaments): each filters what is theirs. */
  private readonly everything = new Map<EventQueue<RecordedEvent>, (event: RecordedEvent) => boolean>();
  private unsubscribe: (() => void) | null = null;
  private readonly renders = new Map<string, Promise<unknown>>();

  constructor(@Inject(Ledger) private readonly ledger: Ledger) {
    // Listening from the start, so that the log's head is known before the first subscriber comes.
    this.ensureListening();
  }

  /** The events of one deal from now on, in the order they are recorded. */
  follow(dealId: string): EventQueue<RecordedEvent> {
    this.ensureListening();
    const subscribers = this.byDeal.get(dealId) ?? new Set();
    this.byDeal.set(dealId, subscribers);
    const queue: EventQueue<RecordedEvent> = new EventQueue(QUEUE_CAPACITY, () => {
      subscribers.delete(queue);
      if (subscribers.size === 0) this.byDeal.delete(dealId);
    });
    subscribers.add(queue);
    return queue;
  }

  /** The events of any stream that `wanted` keeps (checked as each event arrives, so a busy log fills no queue), in order. */
  followWhere(wanted: (event: RecordedEvent) => boolean): EventQueue<RecordedEvent> {
    this.ensureListening();
    const queue: EventQueue<RecordedEvent> = new EventQueue(QUEUE_CAPACITY, () => this.everything.delete(queue));
    this.everything.set(queue, wanted);
    return queue;
  }

  /**
   * What one event looks like from one perspective, computed once however many subscribers wait
   * for it (see renderKey); a failed render is not kept.
   */
  renderOnce<T>(key: RenderKey, render: () => Promise<T>): Promise<T> {
    const known = this.renders.get(key);
    if (known) return known as Promise<T>;
    const p = render();
    this.renders.set(key, p);
    p.catch(() => this.renders.delete(key));
    if (this.renders.size > RENDERS_KEPT) this.renders.delete(this.renders.keys().next().value as string);
    return p;
  }

  /** How many subscribers follow every event (tables, tournaments) now. */
  wideSubscriberCount(): number {
    return this.everything.size;
  }

  /** How many subscribers follow a deal now (0 once they all left). */
  subscriberCount(dealId: string): number {
    return this.byDeal.get(dealId)?.size ?? 0;
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const subs of [...this.byDeal.values()]) for (const q of [...subs]) q.close();
    for (const q of [...this.everything.keys()]) q.close();
  }

  private ensureListening(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.ledger.subscribe((event) => {
      for (const [q, wanted] of this.everything) if (wanted(event)) q.push(event);
      if (!event.streamName.startsWith(DEAL_STREAM_PREFIX)) return;
      const subs = this.byDeal.get(event.streamName.slice(DEAL_STREAM_PREFIX.length));
      if (subs) for (const q of subs) q.push(event);
    });
  }
}
