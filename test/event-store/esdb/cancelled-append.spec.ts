/**
 * A client-streaming Append that the client cancels (its deadline passed, the process died) before
 * it half-closed writes nothing: the server commits an Append only once the request stream ends, so
 * a cancelled call never leaves part of a batch behind (issue #27, the double faithful on writes).
 * Seen in the 100,000-record cluster import under load: a deadline cut an append mid-stream, the
 * double wrote the events it had received, and the retry of the whole batch met a stream holding
 * its first 33 of 36 events (WrongExpectedVersion).
 */
import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { StreamsClient } from '@eventstore/db-client/generated/streams_grpc_pb';
import * as streamsPb from '@eventstore/db-client/generated/streams_pb';
import * as sharedPb from '@eventstore/db-client/generated/shared_pb';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server';
import { waitFor } from './wait-for';

function options(streamName: string): streamsPb.AppendReq {
  const o = new streamsPb.AppendReq.Options();
  const id = new sharedPb.StreamIdentifier();
  id.setStreamName(Buffer.from(streamName));
  o.setStreamIdentifier(id);
  o.setNoStream(new sharedPb.Empty());
  return new streamsPb.AppendReq().setOptions(o);
}

function proposed(n: number): streamsPb.AppendReq {
  const m = new streamsPb.AppendReq.ProposedMessage();
  const id = new sharedPb.UUID();
  id.setString(randomUUID());
  m.setId(id);
  m.getMetadataMap().set('type', 'Test').set('content-type', 'application/json');
  m.setData(Buffer.from(JSON.stringify({ n })));
  m.setCustomMetadata(Buffer.from('{}'));
  return new streamsPb.AppendReq().setProposedMessage(m);
}

describe('a cancelled Append (test double)', () => {
  let server: EsdbTestServer;
  let client: StreamsClient;
  beforeAll(async () => {
    server = await startEsdbTestServer();
    client = new StreamsClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  });
  afterAll(async () => {
    client.close();
    await server.stop();
  });

  it('writes none of the events the call carried before it was cancelled', async () => {
    const answered: Array<grpc.ServiceError | null> = [];
    const call = client.append((error) => answered.push(error));
    call.write(options('cancelled-1'));
    for (let n = 0; n < 3; n++) call.write(proposed(n));
    // Cancelled once the server holds every message the call carried.
    await waitFor(() => server.counters.proposedMessagesArrived === 3, 'the messages to reach the server');
    call.cancel();
    await waitFor(() => answered.length === 1, 'the cancelled call to end');
    expect(answered[0]?.code).toBe(grpc.status.CANCELLED);
    // A complete call after it is written: the log moved for it only.
    const done: Array<grpc.ServiceError | null> = [];
    const whole = client.append((error) => done.push(error));
    whole.write(options('whole-1'));
    whole.write(proposed(0));
    whole.end();
    await waitFor(() => done.length === 1, 'the whole call to be answered');
    expect(done[0]).toBeNull();
    expect(server.log.streamEvents('whole-1')).toHaveLength(1);
    expect(server.log.streamEvents('cancelled-1')).toBeUndefined();
  });
});
