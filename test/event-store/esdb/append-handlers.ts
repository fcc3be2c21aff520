/**
 * Append and BatchAppend of the EventStoreDB test double, on the wire types shipped with the client.
 * Append: client-streaming, options first, then one proposed message per request; one AppendResp.
 * BatchAppend: bidirectional; requests grouped by correlation id until `is_final`; one response each.
 * Before writing: the node's role and the caller's write right (call-guard.ts), then the server's
 * MaxAppendSize over the append's event data, metadata and types (MaximumAppendSizeExceeded). The
 * write goes through the node (a follower forwards it) and is answered once committed (cluster.ts).
 */
import * as grpc from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import * as streamsPb from '@eventstore/db-client/generated/streams_pb';
import * as sharedPb from '@eventstore/db-client/generated/shared_pb';
import * as statusPb from '@eventstore/db-client/generated/status_pb';
import { Empty as GoogleEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import type { AppendOutcome, ExpectedState, ProposedEvent } from './in-memory-log';
import type { CallContext } from './read-handler';
import { contextOfCall } from './transfer-counters';
import { guard, refusalStatus } from './call-guard';
import { NotCommittedError } from './cluster';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class BadRequest extends Error {}

export function streamNameOf(identifier: sharedPb.StreamIdentifier | undefined): string {
  if (!identifier) throw new BadRequest('missing stream identifier');
  return Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
}

function uuidOf(id: sharedPb.UUID | undefined): string {
  if (!id) throw new BadRequest('missing event id');
  if (id.hasStructured()) {
    const structured = id.getStructured()!;
    const bytes = Buffer.alloc(16);
    bytes.writeBigInt64BE(BigInt(structured.getMostSignificantBits()), 0);
    bytes.writeBigInt64BE(BigInt(structured.getLeastSignificantBits()), 8);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  const text = id.getString();
  if (!UUID_PATTERN.test(text)) throw new BadRequest(`event id is not a UUID: ${text}`);
  return text.toLowerCase();
}

type Proposed = streamsPb.AppendReq.ProposedMessage | streamsPb.BatchAppendReq.ProposedMessage;

function proposedEvent(message: Proposed): ProposedEvent {
  const metadata = message.getMetadataMap();
  const type = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (!type) throw new BadRequest('proposed message without type');
  if (!contentType) throw new BadRequest('proposed message without content-type');
  return { id: uuidOf(message.getId()), type, contentType, data: message.getData_asU8(), customMetadata: message.getCustomMetadata_asU8() };
}

/** The bytes the server counts against MaxAppendSize (event data, metadata and type). */
function appendSize(proposed: readonly ProposedEvent[]): number {
  return proposed.reduce((sum, event) => sum + event.data.length + event.customMetadata.length + Buffer.byteLength(event.type), 0);
}

function maxAppendSizeStatus(limit: number): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  metadata.set('exception', 'maximum-append-size-exceeded');
  metadata.set('maximum-append-size', String(limit));
  return { code: grpc.status.INVALID_ARGUMENT, details: `Maximum Append Size of ${limit} Exceeded.`, metadata };
}

function detailsStatus(typeName: string, message: string, serialized: Uint8Array, code: number): statusPb.Status {
  const any = new Any();
  any.pack(serialized, typeName);
  const status = new statusPb.Status();
  status.setCode(code);
  status.setMessage(message);
  status.setDetails(any);
  return status;
}

function failWith(error: unknown, fail: (status: Partial<grpc.StatusObject>) => void): void {
  if (error instanceof NotCommittedError) return fail(refusalStatus(error.refusal));
  const code = error instanceof BadRequest ? grpc.status.INVALID_ARGUMENT : grpc.status.INTERNAL;
  fail({ code, details: error instanceof Error ? error.message : String(error) });
}

function appendExpected(options: streamsPb.AppendReq.Options): ExpectedState {
  if (options.hasRevision()) return { kind: 'revision', revision: BigInt(options.getRevision()) };
  if (options.hasNoStream()) return { kind: 'noStream' };
  if (options.hasStreamExists()) return { kind: 'streamExists' };
  return { kind: 'any' };
}

function appendResponse(outcome: AppendOutcome): streamsPb.AppendResp {
  const response = new streamsPb.AppendResp();
  if (outcome.kind === 'success') {
    const success = new streamsPb.AppendResp.Success();
    if (outcome.currentRevision === undefined) success.setNoStream(new sharedPb.Empty());
    else success.setCurrentRevision(outcome.currentRevision.toString());
    if (outcome.position === undefined) success.setNoPosition(new sharedPb.Empty());
    else {
      const position = new streamsPb.AppendResp.Position();
      position.setCommitPosition(outcome.position.toString());
      position.setPreparePosition(outcome.position.toString());
      success.setPosition(position);
    }
    response.setSuccess(success);
    return response;
  }
  const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
  if (outcome.currentRevision === undefined) wrong.setCurrentNoStream(new sharedPb.Empty());
  else wrong.setCurrentRevision(outcome.currentRevision.toString());
  const expected = outcome.expected;
  if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
  else if (expected.kind === 'noStream') wrong.setExpectedNoStream(new sharedPb.Empty());
  else if (expected.kind === 'streamExists') wrong.setExpectedStreamExists(new sharedPb.Empty());
  else wrong.setExpectedAny(new sharedPb.Empty());
  response.setWrongExpectedVersion(wrong);
  return response;
}

export function handleAppend(context: CallContext) {
  return (call: grpc.ServerReadableStream<streamsPb.AppendReq, streamsPb.AppendResp>, respond: grpc.sendUnaryData<streamsPb.AppendResp>): void => {
    const { node, gate, counters, faults, connectionName, settings } = contextOfCall(context, call.metadata);
    const callback: grpc.sendUnaryData<streamsPb.AppendResp> = (error, value) => gate.whenOpen(() => respond(error, value));
    let options: streamsPb.AppendReq.Options | undefined;
    const proposed: ProposedEvent[] = [];
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      failWith(error, (status) => callback(status as grpc.ServiceError, null));
    };
    call.on('data', (request: streamsPb.AppendReq) => {
      try {
        if (request.hasOptions()) {
          if (options) throw new BadRequest('options sent twice');
          options = request.getOptions();
        } else if (request.hasProposedMessage()) {
          if (!options) throw new BadRequest('proposed message before options');
          proposed.push(proposedEvent(request.getProposedMessage()!));
          counters.proposedMessagesArrived++;
        }
      } catch (error) {
        fail(error);
      }
    });
    // A client that cancels mid-call (its deadline passed) resets the HTTP/2 stream; Node ends the
    // request stream then too, and grpc-js tells 'cancelled' a few turns later. The server commits an
    // Append only when the request stream completed, so the double waits those turns and drops a
    // cancelled call: otherwise it wrote the events received so far, part of a batch.
    let cancelled = false;
    call.on('cancelled', () => (cancelled = true));
    call.on('end', () => {
      if (failed) return;
      void (async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        await new Promise((resolve) => setImmediate(resolve));
        if (cancelled || call.cancelled) return;
        if (!options) throw new BadRequest('append without options');
        const failAs = { emit: (_: 'error', status: Partial<grpc.StatusObject>) => (callback(status as grpc.ServiceError, null), true) };
        const streamName = streamNameOf(options.getStreamIdentifier());
        const refused = guard(context, call.metadata, { write: true, streamName });
        if (refused) return void failAs.emit('error', refused);
        if (appendSize(proposed) > settings.maxAppendSize) return void failAs.emit('error', maxAppendSizeStatus(settings.maxAppendSize));
        counters.appendRequests++;
        counters.eventsReceived += proposed.length;
        const outcome = await node.append(streamName, appendExpected(options), proposed);
        // Written, then the node fails before answering: the client never learns the outcome.
        if (faults.cutsAppend(failAs, connectionName)) return;
        callback(null, appendResponse(outcome));
      })().catch(fail);
    });
    call.on('error', () => undefined);
  };
}

function batchExpected(options: streamsPb.BatchAppendReq.Options): ExpectedState {
  if (options.hasStreamPosition()) return { kind: 'revision', revision: BigInt(options.getStreamPosition()) };
  if (options.hasNoStream()) return { kind: 'noStream' };
  if (options.hasStreamExists()) return { kind: 'streamExists' };
  return { kind: 'any' };
}

function wrongExpectedVersionStatus(outcome: Extract<AppendOutcome, { kind: 'wrongExpectedVersion' }>): statusPb.Status {
  return detailsStatus('event_store.client.WrongExpectedVersion', 'WrongExpectedVersion', wrongExpectedVersionDetails(outcome).serializeBinary(), 9);
}

function wrongExpectedVersionDetails(outcome: Extract<AppendOutcome, { kind: 'wrongExpectedVersion' }>): sharedPb.WrongExpectedVersion {
  const details = new sharedPb.WrongExpectedVersion();
  if (outcome.currentRevision === undefined) details.setCurrentNoStream(new GoogleEmpty());
  else details.setCurrentStreamRevision(outcome.currentRevision.toString());
  const expected = outcome.expected;
  if (expected.kind === 'revision') details.setExpectedStreamPosition(expected.revision.toString());
  else if (expected.kind === 'noStream') details.setExpectedNoStream(new GoogleEmpty());
  else if (expected.kind === 'streamExists') details.setExpectedStreamExists(new GoogleEmpty());
  else details.setExpectedAny(new GoogleEmpty());
  return details;
}

type BatchOutcome = AppendOutcome | { readonly kind: 'refused'; readonly status: statusPb.Status };

function batchResponse(correlationId: sharedPb.UUID, options: streamsPb.BatchAppendReq.Options, outcome: BatchOutcome): streamsPb.BatchAppendResp {
  const response = new streamsPb.BatchAppendResp();
  response.setCorrelationId(correlationId);
  response.setStreamIdentifier(options.getStreamIdentifier());
  if (options.hasStreamPosition()) response.setStreamPosition(options.getStreamPosition());
  else if (options.hasNoStream()) response.setNoStream(new GoogleEmpty());
  else if (options.hasStreamExists()) response.setStreamExists(new GoogleEmpty());
  else response.setAny(new GoogleEmpty());
  if (outcome.kind === 'wrongExpectedVersion' || outcome.kind === 'refused') {
    response.setError(outcome.kind === 'refused' ? outcome.status : wrongExpectedVersionStatus(outcome));
    return response;
  }
  const success = new streamsPb.BatchAppendResp.Success();
  if (outcome.currentRevision === undefined) success.setNoStream(new GoogleEmpty());
  else success.setCurrentRevision(outcome.currentRevision.toString());
  if (outcome.position === undefined) success.setNoPosition(new GoogleEmpty());
  else {
    const position = new sharedPb.AllStreamPosition();
    position.setCommitPosition(outcome.position.toString());
    position.setPreparePosition(outcome.position.toString());
    success.setPosition(position);
  }
  response.setSuccess(success);
  return response;
}

interface PendingBatch {
  readonly options: streamsPb.BatchAppendReq.Options;
  readonly proposed: ProposedEvent[];
}

export function handleBatchAppend(context: CallContext) {
  return (call: grpc.ServerDuplexStream<streamsPb.BatchAppendReq, streamsPb.BatchAppendResp>): void => {
    const { node, gate, counters, faults, connectionName, settings } = contextOfCall(context, call.metadata);
    const pending = new Map<string, PendingBatch>();
    // Once the call failed or ended, later batches' answers have nowhere to go (the client dropped their promises).
    let over = false;
    const fail = (status: Partial<grpc.StatusObject>) => {
      if (over) return;
      over = true;
      call.emit('error', status);
    };
    const answer = (response: streamsPb.BatchAppendResp) => void (over || call.write(response));
    call.on('cancelled', () => (over = true));
    call.on('close', () => (over = true));
    call.on('data', (request: streamsPb.BatchAppendReq) => {
      try {
        const correlationId = request.getCorrelationId();
        if (!correlationId) throw new BadRequest('batch append without correlation id');
        const key = uuidOf(correlationId);
        let batch = pending.get(key);
        if (!batch) {
          const options = request.getOptions();
          if (!options) throw new BadRequest('first batch request without options');
          batch = { options, proposed: [] };
          pending.set(key, batch);
        }
        batch.proposed.push(...request.getProposedMessagesList().map(proposedEvent));
        if (!request.getIsFinal()) return;
        pending.delete(key);
        const done = batch;
        gate.whenOpen(
          () =>
            void (async () => {
              const streamName = streamNameOf(done.options.getStreamIdentifier());
              const refused = guard(context, call.metadata, { write: true, streamName });
              if (refused?.code === grpc.status.PERMISSION_DENIED) {
                const status = detailsStatus(
                  'event_store.client.AccessDenied',
                  'Access Denied',
                  new sharedPb.AccessDenied().serializeBinary(),
                  grpc.status.PERMISSION_DENIED,
                );
                return answer(batchResponse(correlationId, done.options, { kind: 'refused', status }));
              }
              if (refused) return fail(refused);
              const limit = settings.maxAppendSize;
              if (appendSize(done.proposed) > limit) {
                const exceeded = new sharedPb.MaximumAppendSizeExceeded();
                exceeded.setMaxappendsize(limit);
                const status = detailsStatus(
                  'event_store.client.MaximumAppendSizeExceeded',
                  'Maximum Append Size Exceeded',
                  exceeded.serializeBinary(),
                  grpc.status.INVALID_ARGUMENT,
                );
                return answer(batchResponse(correlationId, done.options, { kind: 'refused', status }));
              }
              counters.appendRequests++;
              counters.eventsReceived += done.proposed.length;
              const outcome = await node.append(streamName, batchExpected(done.options), done.proposed);
              if (over || faults.cutsAppend(call, connectionName)) return;
              answer(batchResponse(correlationId, done.options, outcome));
            })().catch((error: unknown) => failWith(error, fail)),
        );
      } catch (error) {
        failWith(error, fail);
      }
    });
    call.on('end', () => void (over || call.end()));
    call.on('error', () => undefined);
  };
}
