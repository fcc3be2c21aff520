/**
 * Read of the EventStoreDB test double: stream reads (forwards/backwards, count, stream-not-found),
 * $all reads (from start/end/position, optional filter) and $all subscriptions (confirmation,
 * catch-up, checkpoints every `window × multiplier` scanned events on filtered subscriptions,
 * CaughtUp at the end of catch-up as servers from 23.10 send it, then live events). Stream
 * subscriptions, FellBehind and backpressure are not modelled.
 */
import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import * as streamsPb from '@eventstore/db-client/generated/streams_pb';
import * as sharedPb from '@eventstore/db-client/generated/shared_pb';
import type { InMemoryLog, LoggedEvent } from './inMemoryLog';
import { streamNameOf } from './appendHandlers';
import type { Gate } from './gate';

const FORWARDS = 0;
/** The gRPC client's fixed search window when it asks for `count` (server default). */
const DEFAULT_SEARCH_WINDOW = 32;

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

function checkpointResponse(position: bigint): streamsPb.ReadResp {
  const checkpoint = new streamsPb.ReadResp.Checkpoint();
  checkpoint.setCommitPosition(position.toString());
  checkpoint.setPreparePosition(position.toString());
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

function readStream(log: InMemoryLog, call: ReadCall, options: streamsPb.ReadReq.Options): void {
  const streamOptions = options.getStream()!;
  const streamName = streamNameOf(streamOptions.getStreamIdentifier());
  const events = log.streamEvents(streamName) ?? [];
  if (events.length === 0) {
    const notFound = new streamsPb.ReadResp.StreamNotFound();
    notFound.setStreamIdentifier(streamIdentifier(streamName));
    const response = new streamsPb.ReadResp();
    response.setStreamNotFound(notFound);
    call.write(response);
    call.end();
    return;
  }
  const count = countOf(options);
  const forwards = options.getReadDirection() === FORWARDS;
  const last = events.length - 1;
  const requested = streamOptions.hasRevision() ? BigInt(streamOptions.getRevision()) : undefined;
  let sent = 0;
  if (forwards) {
    const from = streamOptions.hasEnd() ? events.length : requested === undefined ? 0 : requested > BigInt(last) ? events.length : Number(requested);
    for (let index = from; index <= last && sent < count; index++, sent++) call.write(eventResponse(events[index]));
  } else {
    const from = streamOptions.hasStart() ? 0 : requested === undefined ? last : requested > BigInt(last) ? last : Number(requested);
    for (let index = from; index >= 0 && sent < count; index--, sent++) call.write(eventResponse(events[index]));
  }
  call.end();
}

function readAll(log: InMemoryLog, call: ReadCall, options: streamsPb.ReadReq.Options): void {
  const allOptions = options.getAll()!;
  const events = log.events;
  const count = countOf(options);
  const filter = filterOf(options) ?? (() => true);
  const forwards = options.getReadDirection() === FORWARDS;
  const requested = allOptions.hasPosition() ? BigInt(allOptions.getPosition()!.getCommitPosition()) : undefined;
  let sent = 0;
  if (forwards) {
    // Forwards from a position includes the event at that position.
    let index = allOptions.hasEnd() ? events.length : requested === undefined ? 0 : events.findIndex((event) => event.position >= requested);
    if (index < 0) index = events.length;
    for (; index < events.length && sent < count; index++) {
      if (filter(events[index])) (call.write(eventResponse(events[index])), sent++);
    }
  } else {
    // Backwards from a position returns the events before it.
    let index = allOptions.hasStart() ? -1 : events.length - 1;
    if (requested !== undefined) while (index >= 0 && events[index].position >= requested) index--;
    for (; index >= 0 && sent < count; index--) {
      if (filter(events[index])) (call.write(eventResponse(events[index])), sent++);
    }
  }
  call.end();
}

function subscribeToAll(log: InMemoryLog, gate: Gate, call: ReadCall, options: streamsPb.ReadReq.Options): void {
  const allOptions = options.getAll()!;
  const filter = filterOf(options);
  const filterOptions = options.getFilter();
  const window = filterOptions?.hasMax() ? filterOptions.getMax() : DEFAULT_SEARCH_WINDOW;
  const checkpointEvery = Math.max(1, window * Math.max(1, filterOptions?.getCheckpointintervalmultiplier() ?? 1));
  // Subscriptions start after the given position (exclusive).
  const after = allOptions.hasPosition()
    ? BigInt(allOptions.getPosition()!.getCommitPosition())
    : allOptions.hasEnd()
      ? log.lastPosition()
      : undefined;

  let scanned = 0;
  const deliver = (event: LoggedEvent): void => {
    if (after !== undefined && event.position <= after) return;
    if (!filter || filter(event)) call.write(eventResponse(event));
    scanned++;
    if (filter && scanned % checkpointEvery === 0) call.write(checkpointResponse(event.position));
  };

  const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation();
  confirmation.setSubscriptionId(randomUUID());
  const confirmed = new streamsPb.ReadResp();
  confirmed.setConfirmation(confirmation);
  call.write(confirmed);

  for (const event of log.events) deliver(event);
  // Since 23.10 the server marks the switch to live with CaughtUp (and no longer with a checkpoint).
  const caughtUp = new streamsPb.ReadResp();
  caughtUp.setCaughtUp(new streamsPb.ReadResp.CaughtUp());
  call.write(caughtUp);

  const unsubscribe = log.onAppended((appended) => gate.whenOpen(() => appended.forEach(deliver)));
  call.on('cancelled', unsubscribe);
  call.on('close', unsubscribe);
  call.on('error', unsubscribe);
}

export function handleRead(log: InMemoryLog, gate: Gate) {
  return (call: ReadCall): void => gate.whenOpen(() => serveRead(log, gate, call));
}

function serveRead(log: InMemoryLog, gate: Gate, call: ReadCall): void {
  try {
    const options = call.request.getOptions();
    if (!options) throw new Error('read without options');
    if (options.hasSubscription()) {
      if (!options.hasAll()) {
        call.emit('error', { code: grpc.status.UNIMPLEMENTED, details: 'the test double models $all subscriptions only' });
        return;
      }
      subscribeToAll(log, gate, call, options);
    } else if (options.hasStream()) {
      readStream(log, call, options);
    } else if (options.hasAll()) {
      readAll(log, call, options);
    } else {
      throw new Error('read of neither a stream nor $all');
    }
  } catch (error) {
    call.emit('error', { code: grpc.status.INVALID_ARGUMENT, details: error instanceof Error ? error.message : String(error) });
  }
}
