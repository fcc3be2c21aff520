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
 * RPCs: ServerFeatures.GetSupportedMethods (in `legacy` mode without BatchAppend among the
 * methods, so the client appends with Append as against a server that does not offer it),
 * Streams.Append, Streams.BatchAppend and Streams.Read (see read-handler.ts, with the server's
 * filters). Modelled behaviour: $all positions (commit = prepare, increasing), stream revisions, the
 * expected-revision check with the server's WrongExpectedVersion shapes, idempotent re-append
 * (in-memory-log.ts), a few `$` system events in $all as a fresh server has, and, for tests, a hard
 * stop/restart, a frozen server, counters of what was sent (transfer-counters.ts), outages and
 * leader changes in the middle of an append, a read or a subscription (faults.ts), and a cluster of
 * nodes over one log (startEsdbTestCluster).
 */
import * as grpc from '@grpc/grpc-js';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import * as featuresPb from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as sharedPb from '@eventstore/db-client/generated/shared_pb';
import { InMemoryLog } from './in-memory-log';
import { handleAppend, handleBatchAppend } from './append-handlers';
import { handleRead, type CallContext } from './read-handler';
import { Gate } from './gate';
import { Faults, type Endpoint, type Fault } from './faults';
import { newTransferCounters, type ConnectionCounters, type TransferCounters } from './transfer-counters';

export interface EsdbTestServerOptions {
  /** Leave BatchAppend out of the supported methods: the client then appends with Append. */
  readonly legacy?: boolean;
  /** Listen on this port (default: a free one). */
  readonly port?: number;
  /** Keep the events of a previous instance (restart), or share them with other nodes (cluster). */
  readonly log?: InMemoryLog;
  /** The version GetSupportedMethods reports (default 24.10.0). */
  readonly serverVersion?: string;
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
  /** Everything counted since start (a live object: copy it with `{ ...server.counters }`). */
  readonly counters: TransferCounters;
  /**
   * What one client connection cost, by the name it connects with (`connectionName=api-b` in its
   * connection string; the client sends it with every call): a live object, zero until it calls.
   */
  countersOf(connectionName: string): TransferCounters;
  /** Arms a failure (faults.ts); an outage brings the node back by itself after `downMs`. */
  arm(fault: Fault): void;
  /** Resolves when the node is up again after an outage that fired. */
  settled(): Promise<void>;
  /** Armed faults that have not fired yet. */
  readonly pendingFaults: () => number;
}

export const TEST_DOUBLE_VERSION = '24.10.0-skat-ledger-test-double';

function supportedMethods(legacy: boolean, version: string): featuresPb.SupportedMethods {
  const names = legacy ? ['read', 'append'] : ['read', 'append', 'batchappend'];
  const methods = names.map((name) => {
    const method = new featuresPb.SupportedMethod();
    method.setServiceName('event_store.client.streams.streams');
    method.setMethodName(name);
    return method;
  });
  const supported = new featuresPb.SupportedMethods();
  supported.setMethodsList(methods);
  supported.setEventStoreServerVersion(version);
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

async function listen(options: { legacy: boolean; version: string; port: number; context: CallContext }): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  const { context } = options;
  server.addService(StreamsService as unknown as grpc.ServiceDefinition, {
    read: handleRead(context),
    append: handleAppend(context),
    batchAppend: handleBatchAppend(context),
    delete: (_call: unknown, callback: grpc.sendUnaryData<never>) => callback({ code: grpc.status.UNIMPLEMENTED, details: 'not modelled' }, null),
    tombstone: (_call: unknown, callback: grpc.sendUnaryData<never>) => callback({ code: grpc.status.UNIMPLEMENTED, details: 'not modelled' }, null),
  });
  server.addService(ServerFeaturesService as unknown as grpc.ServiceDefinition, {
    getSupportedMethods: (
      _call: grpc.ServerUnaryCall<sharedPb.Empty, featuresPb.SupportedMethods>,
      callback: grpc.sendUnaryData<featuresPb.SupportedMethods>,
    ) => context.gate.whenOpen(() => callback(null, supportedMethods(options.legacy, options.version))),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port}`, grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return { server, port };
}

/** One node; `leader` says where the leader is when this node is not it (undefined: it leads). */
async function startNode(
  options: EsdbTestServerOptions,
  cluster?: { readonly leader: () => Endpoint | undefined; readonly leaderChange: () => void },
): Promise<EsdbTestServer> {
  const legacy = options.legacy ?? false;
  const version = options.serverVersion ?? TEST_DOUBLE_VERSION;
  const log = options.log ?? new InMemoryLog();
  if (!options.log) seedSystemEvents(log);
  const gate = new Gate();
  const counters = newTransferCounters();
  const byConnection: ConnectionCounters = new Map();
  const faults = new Faults();
  const context: CallContext = { log, gate, counters, byConnection, faults };
  const listening = await listen({ legacy, version, port: options.port ?? 0, context });
  const port = listening.port;
  let server = listening.server;
  let running = true;
  let restarting: Promise<void> = Promise.resolve();
  const stop = async (): Promise<void> => {
    if (!running) return;
    running = false;
    gate.thaw();
    server.forceShutdown();
  };
  const restart = async (): Promise<void> => {
    await stop();
    ({ server } = await listen({ legacy, version, port, context }));
    running = true;
  };
  faults.attach({
    outage: (downMs) => {
      // Cut after the current call's handler returns, as a crash between two writes would.
      restarting = new Promise<void>((resolve) => setImmediate(() => void stop().then(() => setTimeout(() => void restart().then(resolve, resolve), downMs))));
    },
    leaderChange: () => cluster?.leaderChange(),
    leader: () => cluster?.leader(),
  });
  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    stop,
    restart,
    freeze: () => gate.freeze(),
    thaw: () => gate.thaw(),
    readCalls: () => counters.readCalls,
    counters,
    countersOf(connectionName) {
      let own = byConnection.get(connectionName);
      if (!own) byConnection.set(connectionName, (own = newTransferCounters()));
      return own;
    },
    arm: (fault) => faults.arm(fault),
    async settled() {
      await restarting;
    },
    pendingFaults: () => faults.pending,
  };
}

export async function startEsdbTestServer(options: EsdbTestServerOptions = {}): Promise<EsdbTestServer> {
  return startNode(options);
}

export interface EsdbTestCluster {
  readonly nodes: readonly EsdbTestServer[];
  readonly log: InMemoryLog;
  /** The node that leads now. */
  leader(): EsdbTestServer;
  /** Moves leadership to the next node (as an election after the leader failed would). */
  moveLeader(): void;
  /** Counters summed over the nodes. */
  counters(): TransferCounters;
  /** One client connection's counters summed over the nodes (see EsdbTestServer.countersOf). */
  countersOf(connectionName: string): TransferCounters;
  stop(): Promise<void>;
}

/**
 * Nodes over one log, one of them leader: the others answer every call NotLeader with the
 * leader's endpoint. Connect to the first node (`nodes[0].connectionString`); after a leader
 * change the client follows the NotLeader answer to the new leader.
 */
export async function startEsdbTestCluster(options: { readonly nodes?: number; readonly legacy?: boolean } = {}): Promise<EsdbTestCluster> {
  const log = new InMemoryLog();
  seedSystemEvents(log);
  const nodes: EsdbTestServer[] = [];
  let leaderIndex = 0;
  const moveLeader = () => void (leaderIndex = (leaderIndex + 1) % nodes.length);
  for (let i = 0; i < (options.nodes ?? 3); i++) {
    const self = i;
    nodes.push(
      await startNode(
        { log, legacy: options.legacy },
        {
          leader: () => (leaderIndex === self ? undefined : { host: '127.0.0.1', port: nodes[leaderIndex].port }),
          leaderChange: moveLeader,
        },
      ),
    );
  }
  return {
    nodes,
    log,
    leader: () => nodes[leaderIndex],
    moveLeader,
    counters() {
      const sum = newTransferCounters();
      for (const node of nodes) for (const key of Object.keys(sum) as (keyof TransferCounters)[]) sum[key] += node.counters[key];
      return sum;
    },
    countersOf(connectionName) {
      const sum = newTransferCounters();
      for (const node of nodes) {
        const own = node.countersOf(connectionName);
        for (const key of Object.keys(sum) as (keyof TransferCounters)[]) sum[key] += own[key];
      }
      return sum;
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.settled().then(() => node.stop())));
    },
  };
}
