/**
 * TEST DOUBLE — NOT AN EVENTSTOREDB SERVER.
 *
 * An in-process gRPC server that speaks the slice of EventStoreDB's protocol the Skat Ledger adapter
 * uses through `@eventstore/db-client` 6.x, built on the service definitions shipped inside the
 * client package. It exists because no EventStoreDB server (and no Docker) is available where the
 * suite runs; it proves the adapter's use of the real client over the wire. It is in memory, single
 * node, insecure only, and models no ACLs, deletes, projections, persistent subscriptions, stream
 * subscriptions, FellBehind or scavenging. Whenever `EVENTSTORE_CONNECTION_STRING` is set, the
 * conformance suite also runs against a real server; that run is the authority.
 *
 * RPCs: ServerFeatures.GetSupportedMethods (or UNIMPLEMENTED in `legacy` mode, as servers before
 * 21.10 answer; the double still sends CaughtUp there, which only 23.10+ servers do), Streams.Append,
 * Streams.BatchAppend (advertised in modern mode, so the client uses it for plain appends, as it
 * does against 21.10+ servers) and Streams.Read (see readHandler.ts). Modelled behaviour: $all
 * positions (commit = prepare, increasing), stream revisions, the expected-revision check with the
 * server's WrongExpectedVersion shapes, idempotent re-append (inMemoryLog.ts), a few `$` system
 * events in $all as a fresh server has, and, for tests, a hard stop/restart and a frozen server.
 */
import * as grpc from '@grpc/grpc-js';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import * as featuresPb from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as sharedPb from '@eventstore/db-client/generated/shared_pb';
import { InMemoryLog } from './inMemoryLog';
import { handleAppend, handleBatchAppend } from './appendHandlers';
import { handleRead } from './readHandler';
import { Gate } from './gate';

export interface EsdbTestServerOptions {
  /** Answer GetSupportedMethods with UNIMPLEMENTED, as servers before 21.10 do: the client then appends with Append. */
  readonly legacy?: boolean;
  /** Listen on this port (default: a free one). */
  readonly port?: number;
  /** Keep the events of a previous instance (restart). */
  readonly log?: InMemoryLog;
}

export interface EsdbTestServer {
  readonly connectionString: string;
  readonly port: number;
  readonly log: InMemoryLog;
  /** Shut down hard, cutting open calls (as a crashed server does). */
  stop(): Promise<void>;
  /** Start again on the same port with the same events. */
  restart(): Promise<void>;
  /** Play an unresponsive server: connections stay open, nothing is answered or sent until thaw(). */
  freeze(): void;
  thaw(): void;
  /** Read calls received (reads, subscriptions, probes) since start. */
  readonly readCalls: () => number;
}

const SERVER_VERSION = '24.10.0-skat-ledger-test-double';

function supportedMethods(): featuresPb.SupportedMethods {
  const methods = ['read', 'append', 'batchappend'].map((name) => {
    const method = new featuresPb.SupportedMethod();
    method.setServiceName('event_store.client.streams.streams');
    method.setMethodName(name);
    return method;
  });
  const supported = new featuresPb.SupportedMethods();
  supported.setMethodsList(methods);
  supported.setEventStoreServerVersion(SERVER_VERSION);
  return supported;
}

/** What a fresh real server has in $all before any user write: system streams and `$` event types. */
function seedSystemEvents(log: InMemoryLog): void {
  const json = (value: unknown) => Uint8Array.from(Buffer.from(JSON.stringify(value), 'utf8'));
  const none = new Uint8Array();
  const system = (streamName: string, id: string, type: string, data: unknown) =>
    log.append(streamName, { kind: 'any' }, [{ id, type, contentType: 'application/json', data: json(data), customMetadata: none }]);
  system('$$$stats-127.0.0.1:2113', 'a0b1c2d3-0000-4000-8000-000000000001', '$metadata', { $maxAge: 86400 });
  system('$user-admin', 'a0b1c2d3-0000-4000-8000-000000000002', '$User', { loginName: 'admin' });
  system('$stats-127.0.0.1:2113', 'a0b1c2d3-0000-4000-8000-000000000003', '$statsCollected', { 'proc-startTime': 'now' });
}

interface Counters {
  reads: number;
}

async function listen(options: { legacy: boolean; port: number; log: InMemoryLog; gate: Gate; counters: Counters }): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  const read = handleRead(options.log, options.gate);
  server.addService(StreamsService as unknown as grpc.ServiceDefinition, {
    read: (call: Parameters<typeof read>[0]) => {
      options.counters.reads++;
      read(call);
    },
    append: handleAppend(options.log, options.gate),
    batchAppend: handleBatchAppend(options.log, options.gate),
    delete: (_call: unknown, callback: grpc.sendUnaryData<never>) => callback({ code: grpc.status.UNIMPLEMENTED, details: 'not modelled' }, null),
    tombstone: (_call: unknown, callback: grpc.sendUnaryData<never>) => callback({ code: grpc.status.UNIMPLEMENTED, details: 'not modelled' }, null),
  });
  if (!options.legacy) {
    server.addService(ServerFeaturesService as unknown as grpc.ServiceDefinition, {
      getSupportedMethods: (_call: grpc.ServerUnaryCall<sharedPb.Empty, featuresPb.SupportedMethods>, callback: grpc.sendUnaryData<featuresPb.SupportedMethods>) =>
        options.gate.whenOpen(() => callback(null, supportedMethods())),
    });
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port}`, grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { server, port };
}

export async function startEsdbTestServer(options: EsdbTestServerOptions = {}): Promise<EsdbTestServer> {
  const legacy = options.legacy ?? false;
  const log = options.log ?? new InMemoryLog();
  if (!options.log) seedSystemEvents(log);
  const gate = new Gate();
  const counters: Counters = { reads: 0 };
  const listening = await listen({ legacy, port: options.port ?? 0, log, gate, counters });
  const port = listening.port;
  let server = listening.server;
  let running = true;
  const stop = async (): Promise<void> => {
    if (!running) return;
    running = false;
    gate.thaw();
    server.forceShutdown();
  };
  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    stop,
    async restart() {
      await stop();
      ({ server } = await listen({ legacy, port, log, gate, counters }));
      running = true;
    },
    freeze: () => gate.freeze(),
    thaw: () => gate.thaw(),
    readCalls: () => counters.reads,
  };
}
