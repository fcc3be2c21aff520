/**
 * Append and BatchAppend of the EventStoreDB test double, on the wire types shipped with the client.
 * Append: client-streaming, options first, then one proposed message per request; one AppendResp.
 * BatchAppend: bidirectional; requests grouped by correlation id until `is_final`; one response each.
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

function failWith(error: unknown, fail: (status: Partial<grpc.StatusObject>) => void): void {
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
    const { log, gate, counters, faults, connectionName } = contextOfCall(context, call.metadata);
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
        }
      } catch (error) {
        fail(error);
      }
    });
    call.on('end', () => {
      if (failed) return;
      try {
        if (!options) throw new BadRequest('append without options');
        const failAs = { emit: (_: 'error', status: Partial<grpc.StatusObject>) => (callback(status as grpc.ServiceError, null), true) };
        if (faults.rejectsAsFollower(failAs)) return;
        counters.appendRequests++;
        counters.eventsReceived += proposed.length;
        const outcome = log.append(streamNameOf(options.getStreamIdentifier()), appendExpected(options), proposed);
        // Written, then the node fails before answering: the client never learns the outcome.
        if (faults.cutsAppend(failAs, connectionName)) return;
        callback(null, appendResponse(outcome));
      } catch (error) {
        fail(error);
      }
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
  const details = new sharedPb.WrongExpectedVersion();
  if (outcome.currentRevision === undefined) details.setCurrentNoStream(new GoogleEmpty());
  else details.setCurrentStreamRevision(outcome.currentRevision.toString());
  const expected = outcome.expected;
  if (expected.kind === 'revision') details.setExpectedStreamPosition(expected.revision.toString());
  else if (expected.kind === 'noStream') details.setExpectedNoStream(new GoogleEmpty());
  else if (expected.kind === 'streamExists') details.setExpectedStreamExists(new GoogleEmpty());
  else details.setExpectedAny(new GoogleEmpty());
  const any = new Any();
  any.pack(details.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  const status = new statusPb.Status();
  status.setCode(9); // FAILED_PRECONDITION
  status.setMessage('WrongExpectedVersion');
  status.setDetails(any);
  return status;
}

function batchResponse(correlationId: sharedPb.UUID, options: streamsPb.BatchAppendReq.Options, outcome: AppendOutcome): streamsPb.BatchAppendResp {
  const response = new streamsPb.BatchAppendResp();
  response.setCorrelationId(correlationId);
  response.setStreamIdentifier(options.getStreamIdentifier());
  if (options.hasStreamPosition()) response.setStreamPosition(options.getStreamPosition());
  else if (options.hasNoStream()) response.setNoStream(new GoogleEmpty());
  else if (options.hasStreamExists()) response.setStreamExists(new GoogleEmpty());
  else response.setAny(new GoogleEmpty());
  if (outcome.kind === 'wrongExpectedVersion') {
    response.setError(wrongExpectedVersionStatus(outcome));
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
    const { log, gate, counters, faults, connectionName } = contextOfCall(context, call.metadata);
    const pending = new Map<string, PendingBatch>();
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
        gate.whenOpen(() => {
          if (faults.rejectsAsFollower(call)) return;
          counters.appendRequests++;
          counters.eventsReceived += done.proposed.length;
          const outcome = log.append(streamNameOf(done.options.getStreamIdentifier()), batchExpected(done.options), done.proposed);
          if (faults.cutsAppend(call, connectionName)) return;
          call.write(batchResponse(correlationId, done.options, outcome));
        });
      } catch (error) {
        failWith(error, (status) => call.emit('error', status));
      }
    });
    call.on('end', () => call.end());
    call.on('error', () => undefined);
  };
}
