/**
 * Reads one client subscription in wire order, and ends reads cut short without leaving the call open.
 */
import type { AllStreamResolvedEvent, StreamingRead } from '@eventstore/db-client';
import type { FeedItem } from './supervised-subscription';
import type { ClientEvent } from './esdb-filters';
import { isClientCancellation } from './esdb-errors';

export interface SubscriptionStream extends NodeJS.ReadableStream {
  readonly readableLength: number;
  unsubscribe(): Promise<void>;
  destroy(): void;
}

export type WireItem = FeedItem | { readonly kind: 'raw'; readonly event: ClientEvent };

/**
 * Reads one client subscription in wire order. Client 6.x emits `caughtUp`/`confirmation` and calls
 * `checkpointReached` when it parses the message, while earlier events may still sit in its
 * buffer; each such marker therefore waits until the events buffered before it were consumed (and,
 * since the consumer awaits its handler before asking for more, handled). Listeners are attached
 * at construction, before the client can emit anything.
 */
export class WireOrderReader {
  private readonly markers: { readonly after: number; readonly item: FeedItem }[] = [];
  private consumed = 0;
  private failure: unknown;
  private ended = false;
  private closed = false;
  private notify: (() => void) | undefined;

  constructor(private readonly subscription: SubscriptionStream) {
    subscription.on('error', (error) => ((this.failure = error), this.wake()));
    subscription.on('end', () => ((this.ended = true), this.wake()));
    subscription.on('close', () => this.wake());
    subscription.on('readable', () => this.wake());
    subscription.on('confirmation', () => this.mark({ kind: 'confirmed' }));
    subscription.on('caughtUp', () => this.mark({ kind: 'caughtUp' }));
    subscription.on('fellBehind', () => this.mark({ kind: 'fellBehind' }));
  }

  /** A message that is not an event, placed after every event the client has parsed so far. */
  mark(item: FeedItem): void {
    this.markers.push({ after: this.consumed + this.subscription.readableLength, item });
    this.wake();
  }

  async *items(): AsyncGenerator<WireItem> {
    while (!this.closed) {
      while (this.markers.length > 0 && this.markers[0].after <= this.consumed) yield this.markers.shift()!.item;
      const resolved = this.subscription.read() as AllStreamResolvedEvent | null;
      if (resolved !== null) {
        this.consumed++;
        if (resolved.event) yield { kind: 'raw', event: resolved.event };
        continue;
      }
      if (this.failure !== undefined) {
        if (isClientCancellation(this.failure)) return;
        throw this.failure;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.notify = resolve));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake();
    await this.subscription.unsubscribe().catch(() => undefined);
    this.subscription.destroy();
  }

  private wake(): void {
    const notify = this.notify;
    this.notify = undefined;
    notify?.();
  }
}

/** How long a read that was cut short may take to finish before it is destroyed. */
const CUT_SHORT_GRACE_MS = 5_000;

/**
 * Ends a read the caller stopped before its end. Cancelling alone is not enough: a read whose buffer
 * filled up is paused, and grpc-js delivers the cancellation (which ends the call) only when the
 * next message is asked for; until then the call stays open and `client.dispose()`, which waits
 * for every open call, never returns (seen on Node 24 with a read of $all cut short by maxCount).
 * So cancel, then read out and discard whatever is still buffered until the stream ends.
 */
export async function cutShort(read: StreamingRead<unknown>): Promise<void> {
  await read.cancel().catch(() => undefined);
  if (read.readableEnded || read.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    // A server that answers nothing more cannot hold the caller: give up and destroy the read.
    const timer = setTimeout(() => (read.destroy(), done()), CUT_SHORT_GRACE_MS);
    timer.unref();
    read.once('end', done).once('close', done).once('error', done);
    read.resume();
  });
}
