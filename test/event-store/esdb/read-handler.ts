/**
 * Read of the EventStoreDB test double: stream reads (forwards/backwards, count, stream-not-found),
 * $all reads (from start/end/position, optional server-side filter; InvalidPosition from a position
 * where no event starts) and $all subscriptions (confirmation, catch-up read in pages of the
 * filter's window, a checkpoint at the end of a page once `window × multiplier` events were scanned
 * since the last one and always one before CaughtUp, as 24.x sends them; CaughtUp at the end of
 * catch-up as servers from 23.10 send it; then live events, FellBehind when more than `liveBuffer`
 * committed events wait to be sent to a live subscriber, catch-up from the log and CaughtUp again). Only committed events
 * are read (in-memory-log.ts); call-guard.ts checks the node's role and the caller's rights first.
 * Filters work as the server's (from streams.proto's FilterOptions): on the stream name or the event
 * type, by prefixes or a regular expression; only matching events are sent. Writes respect the
 * transport's backpressure (a slow reader slows the sender, as over a real HTTP/2 connection), and
 * every message sent is counted (transfer-counters.ts) so tests can assert what a read cost. Stream
 * subscriptions are not modelled.
 */
import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import * as streamsPb from '@eventstore/db-client/generated/streams_pb';
import * as sharedPb from '@eventstore/db-client/generated/shared_pb';
import type { InMemoryLog, LoggedEvent } from './in-memory-log';
import { streamNameOf } from './append-handlers';
import type { Gate } from './gate';
import { contextOfCall, type ConnectionCounters, type TransferCounters } from './transfer-counters';
import type { Faults } from './faults';
import type { NodeView } from './cluster';
import type { AccessControl } from './security';
import { guard } from './call-guard';

const FORWARDS = 0;
/** The gRPC client's fixed search window when it asks for `count` (server default). */
const DEFAULT_SEARCH_WINDOW = 32;
/**
 * Messages the double buffers per call before it waits for the reader: about what a real server
 * gets ahead of a reader within HTTP/2 flow control (a 64 KiB window of ~600-byte events). Memory
 * stays bounded on 700,000-event reads, and a reader that stops early (maxCount) was sent little.
 */
const SEND_BUFFER_MESSAGES = 100;

type ReadCall = grpc.ServerWritableStream<streamsPb.ReadReq, streamsPb.ReadResp>;
type EventFilter = (event: LoggedEvent) => boolean;

function streamIdentifier(streamName: string): sharedPb.StreamIdentifier {
  const identifier = new sharedPb.StreamIdentifier();
  identifier.setStreamName(Uint8Array.from(Buffer.from(streamName, 'utf8')));
  return identifier;
}

function eventResponse(event: LoggedEvent): streamsPb.ReadResp {
  const record = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
  const id = new sharedPb.UUID();
  id.setString(event.id);
  record.setId(id);
  record.setStreamIdentifier(streamIdentifier(event.streamName));
  record.setStreamRevision(event.revision.toString());
  record.setPreparePosition(event.position.toString());
  record.setCommitPosition(event.position.toString());
  const metadata = record.getMetadataMap();
  metadata.set('type', event.type);
  metadata.set('content-type', event.contentType);
  metadata.set('created', event.createdTicks.toString());
  record.setCustomMetadata(event.customMetadata);
  record.setData(event.data);
  const readEvent = new streamsPb.ReadResp.ReadEvent();
  readEvent.setEvent(record);
  readEvent.setCommitPosition(event.position.toString());
  const response = new streamsPb.ReadResp();
  response.setEvent(readEvent);
  return response;
}

function checkpointResponse(position: bigint, prepareZero: boolean): streamsPb.ReadResp {
  const checkpoint = new streamsPb.ReadResp.Checkpoint();
  checkpoint.setCommitPosition(position.toString());
  checkpoint.setPreparePosition(prepareZero ? '0' : position.toString());
  const response = new streamsPb.ReadResp();
  response.setCheckpoint(checkpoint);
  return response;
}

function filterOf(options: streamsPb.ReadReq.Options): EventFilter | undefined {
  if (!options.hasFilter()) return undefined;
  const filter = options.getFilter()!;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  if (!expression) return undefined;
  const prefixes = expression.getPrefixList();
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  return (event) => {
    const subject = onStream ? event.streamName : event.type;
    if (prefixes.length > 0) return prefixes.some((prefix) => subject.startsWith(prefix));
    return regex ? regex.test(subject) : true;
  };
}

function countOf(options: streamsPb.ReadReq.Options): number {
  const count = BigInt(options.getCount() || '0');
  return count > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(count);
}

/** The server settings the double honours. */
export interface DoubleSettings {
  readonly maxAppendSize: number;
  readonly checkpointPrepare: 'commit' | 'zero';
  readonly liveBuffer: number;
}

/** Where a call stands: the counters it adds to and the fault (if any) that cuts it. */
export interface CallContext {
  /** This node's log (node.log). */
  readonly log: InMemoryLog;
  readonly node: NodeView;
  readonly security?: AccessControl;
  readonly settings: DoubleSettings;
  readonly gate: Gate;
  readonly counters: TransferCounters;
  /** The same counts per client connection (by its connection name). */
  readonly byConnection: ConnectionCounters;
  /** The calling client's connection name (per call; '' when it sent none). */
  readonly connectionName?: string;
  readonly faults: Faults;
}

/**
 * Sends responses with backpressure: waits for 'drain' when the transport's buffer is full, and
 * stops (returning false) once the call was cancelled or an armed fault cut the server.
 */
class Sender {
  private cancelled = false;
  private sentEvents = 0;
  constructor(
    private readonly call: ReadCall,
    private readonly context: CallContext,
    private readonly kind: 'read' | 'subscription',
  ) {
    call.on('cancelled', () => (this.cancelled = true));
    call.on('close', () => (this.cancelled = true));
    call.on('error', () => (this.cancelled = true));
  }

  get open(): boolean {
    return !this.cancelled;
  }

  get sentCount(): number {
    return this.sentEvents;
  }

  async event(event: LoggedEvent): Promise<boolean> {
    if (!(await this.write(eventResponse(event)))) return false;
    this.context.counters.eventsSent++;
    if (this.kind === 'subscription') this.context.counters.subscriptionEventsSent++;
    this.sentEvents++;
    if (this.context.faults.cutsAfter(this.kind, this.sentEvents, this.call, this.context.connectionName)) {
      this.cancelled = true;
      return false;
    }
    return true;
  }

  async checkpoint(position: bigint): Promise<boolean> {
    this.context.counters.checkpointsSent++;
    return this.write(checkpointResponse(position, this.context.settings.checkpointPrepare === 'zero'));
  }

  async write(response: streamsPb.ReadResp): Promise<boolean> {
    if (this.cancelled) return false;
    // Wait for 'drain' only past the window (the transport's own 16-message mark would cost a round trip each).
    if (!this.call.write(response) && this.call.writableLength > SEND_BUFFER_MESSAGES) {
      await new Promise<void>((resolve) => {
        const done = () => (this.call.off('drain', done), this.call.off('close', done), resolve());
        this.call.on('drain', done);
        this.call.on('close', done);
      });
    }
    return !this.cancelled;
  }

  end(): void {
    if (!this.cancelled) this.call.end();
  }
}

function streamNotFound(streamName: string): streamsPb.ReadResp {
  const notFound = new streamsPb.ReadResp.StreamNotFound();
  notFound.setStreamIdentifier(streamIdentifier(streamName));
  const response = new streamsPb.ReadResp();
  response.setStreamNotFound(notFound);
  return response;
}

async function readStream(context: CallContext, call: ReadCall, options: streamsPb.ReadReq.Options): Promise<void> {
  const send = new Sender(call, context, 'read');
  const streamOptions = options.getStream()!;
  const streamName = streamNameOf(streamOptions.getStreamIdentifier());
  const stored = context.log.streamEvents(streamName) ?? [];
  const events = stored.slice(0, context.log.visibleInStream(stored));
  if (events.length === 0) {
    await send.write(streamNotFound(streamName));
    send.end();
    return;
  }
  const count = countOf(options);
  const forwards = options.getReadDirection() === FORWARDS;
  const last = events.length - 1;
  const requested = streamOptions.hasRevision() ? BigInt(streamOptions.getRevision()) : undefined;
  let sent = 0;
  if (forwards) {
    const from = streamOptions.hasEnd() ? events.length : requested === undefined ? 0 : requested > BigInt(last) ? events.length : Number(requested);
    for (let index = from; index <= last && sent < count; index++, sent++) if (!(await send.event(events[index]))) return;
  } else {
    const from = streamOptions.hasStart() ? 0 : requested === undefined ? last : requested > BigInt(last) ? last : Number(requested);
    for (let index = from; index >= 0 && sent < count; index--, sent++) if (!(await send.event(events[index]))) return;
  }
  send.end();
}

/** Index of the first event at or after `position` (binary search: positions increase along the log). */
function indexAtOrAfter(events: readonly LoggedEvent[], position: bigint): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle].position < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

async function readAll(context: CallContext, call: ReadCall, options: streamsPb.ReadReq.Options): Promise<void> {
  const send = new Sender(call, context, 'read');
  const allOptions = options.getAll()!;
  const events = context.log.events;
  const visible = context.log.visibleCount;
  const count = countOf(options);
  const filter = filterOf(options) ?? (() => true);
  const forwards = options.getReadDirection() === FORWARDS;
  const requested = allOptions.hasPosition() ? requestedPosition(context, allOptions.getPosition()!) : undefined;
  if (requested === 'invalid') return invalidPosition(call);
  let sent = 0;
  if (forwards) {
    // Forwards from a position includes the event at that position.
    let index = allOptions.hasEnd() ? visible : requested === undefined ? 0 : indexAtOrAfter(events, requested);
    for (; index < visible && sent < count; index++) {
      context.counters.eventsScanned++;
      if (filter(events[index])) {
        if (!(await send.event(events[index]))) return;
        sent++;
      }
    }
  } else {
    // Backwards from a position returns the events before it.
    let index = allOptions.hasStart() ? -1 : requested === undefined ? visible - 1 : Math.min(visible, indexAtOrAfter(events, requested)) - 1;
    for (; index >= 0 && sent < count; index--) {
      context.counters.eventsScanned++;
      if (filter(events[index])) {
        if (!(await send.event(events[index]))) return;
        sent++;
      }
    }
  }
  send.end();
}

/** A position the caller sent: the commit position, or 'invalid' where no event starts (the real server checks both halves). */
function requestedPosition(context: CallContext, position: streamsPb.ReadReq.Options.Position): bigint | 'invalid' {
  const commit = BigInt(position.getCommitPosition());
  const prepare = BigInt(position.getPreparePosition());
  if (prepare !== commit || !context.log.isEventBoundary(commit)) return 'invalid';
  return commit;
}

/** What the server answers for a position where no event starts (RpcExceptions.InvalidPositionException). */
function invalidPosition(call: ReadCall): void {
  call.emit('error', { code: grpc.status.UNKNOWN, details: 'Trying to read from an invalid position.' });
}

async function subscribeToAll(context: CallContext, call: ReadCall, options: streamsPb.ReadReq.Options): Promise<void> {
  const { log, gate, counters, faults } = context;
  const allOptions = options.getAll()!;
  const requested = allOptions.hasPosition() ? requestedPosition(context, allOptions.getPosition()!) : undefined;
  if (requested === 'invalid') return invalidPosition(call);
  counters.subscriptions++;
  const send = new Sender(call, context, 'subscription');
  const filter = filterOf(options);
  const filterOptions = options.getFilter();
  const window = Math.max(1, filterOptions?.hasMax() ? filterOptions.getMax() : DEFAULT_SEARCH_WINDOW);
  const checkpointEvery = window * Math.max(1, filterOptions?.getCheckpointintervalmultiplier() ?? 1);
  // Subscriptions start after the given position (exclusive).
  const after = requested ?? (allOptions.hasEnd() ? log.lastVisiblePosition() : undefined);

  const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation();
  confirmation.setSubscriptionId(randomUUID());
  const confirmed = new streamsPb.ReadResp();
  confirmed.setConfirmation(confirmation);
  if (!(await send.write(confirmed))) return;

  const marker = (set: (response: streamsPb.ReadResp) => void) => {
    const response = new streamsPb.ReadResp();
    set(response);
    return send.write(response);
  };
  // One cursor over the log for catch-up and live events alike: each pump sends what is new.
  let next = after === undefined ? 0 : indexAtOrAfter(log.events, after + 1n);
  let sinceCheckpoint = 0;
  let inPage = 0;
  let live = false;
  let pumping = false;
  let again = false;
  const checkpoint = async (position: bigint) => {
    sinceCheckpoint = 0;
    return send.checkpoint(position);
  };
  const pump = async (): Promise<void> => {
    if (pumping) return void (again = true);
    pumping = true;
    try {
      do {
        again = false;
        const events = log.events;
        while (next < log.visibleCount) {
          const event = events[next++];
          counters.eventsScanned++;
          if (!filter || filter(event)) {
            if (!(await send.event(event))) return;
          }
          sinceCheckpoint++;
          inPage = (inPage + 1) % window;
          // Checkpoints come at the end of a page of `window` scanned events, once enough were scanned.
          if (filter && inPage === 0 && sinceCheckpoint >= checkpointEvery && !(await checkpoint(event.position))) return;
          // The live queue holds what was committed and not yet sent; past its capacity the server
          // drops it, says so and reads from the log again.
          const behind = live && (log.visibleCount - next > context.settings.liveBuffer || faults.fallsBehind(send.sentCount, context.connectionName));
          if (behind) {
            live = false;
            counters.fellBehindSent++;
            if (!(await marker((response) => response.setFellBehind(new streamsPb.ReadResp.FellBehind())))) return;
          }
        }
        if (!live) {
          // 24.x: a checkpoint at the last scanned event, then CaughtUp (sent since 23.10).
          if (filter && sinceCheckpoint > 0 && next > 0 && !(await checkpoint(events[next - 1].position))) return;
          live = true;
          if (!(await marker((response) => response.setCaughtUp(new streamsPb.ReadResp.CaughtUp())))) return;
        }
      } while (again);
    } finally {
      pumping = false;
    }
  };
  const unsubscribe = log.onAppended(() => gate.whenOpen(() => void pump()));
  call.on('cancelled', unsubscribe);
  call.on('close', unsubscribe);
  call.on('error', unsubscribe);
  await pump();
  if (!send.open) unsubscribe();
}

export function handleRead(context: CallContext) {
  return (call: ReadCall): void => {
    const callContext = contextOfCall(context, call.metadata);
    callContext.counters.readCalls++;
    context.gate.whenOpen(() => void serveRead(callContext, call));
  };
}

async function serveRead(context: CallContext, call: ReadCall): Promise<void> {
  try {
    const options = call.request.getOptions();
    if (!options) throw new Error('read without options');
    const refused = guard(context, call.metadata, {
      write: false,
      streamName: options.hasStream() ? streamNameOf(options.getStream()!.getStreamIdentifier()) : '$all',
    });
    if (refused) return void call.emit('error', refused);
    if (options.hasSubscription()) {
      if (!options.hasAll()) {
        call.emit('error', { code: grpc.status.UNIMPLEMENTED, details: 'the test double models $all subscriptions only' });
        return;
      }
      await subscribeToAll(context, call, options);
    } else if (options.hasStream()) {
      await readStream(context, call, options);
    } else if (options.hasAll()) {
      await readAll(context, call, options);
    } else {
      throw new Error('read of neither a stream nor $all');
    }
  } catch (error) {
    call.emit('error', { code: grpc.status.INVALID_ARGUMENT, details: error instanceof Error ? error.message : String(error) });
  }
}
