/**
 * TEST DOUBLE — NOT AN EVENTSTOREDB SERVER.
 *
 * An in-process gRPC server that speaks the slice of EventStoreDB's protocol the Skat Ledger adapter
 * uses through `@eventstore/db-client` 6.x, built on the service definitions shipped inside the
 * client package. It exists because no EventStoreDB server (and no Docker) is available where the
 * suite runs; it proves the adapter's use of the real client over the wire. Whenever
 * `EVENTSTORE_CONNECTION_STRING` is set, the conformance suite also runs against a real server;
 * that run is the authority.
 *
 * RPCs: ServerFeatures.GetSupportedMethods (in `legacy` mode without BatchAppend, so the client
 * appends with Append), Gossip.Read (so `esdb+discover://` works: members with their state, dead
 * or unreachable ones not alive), Streams.Append, Streams.BatchAppend, Streams.Read.
 * Modelled as the server behaves (read-handler.ts, append-handlers.ts, in-memory-log.ts,
 * cluster.ts, security.ts):
 *  - $all positions (commit = prepare), stream revisions, expected revisions with both
 *    WrongExpectedVersion shapes, idempotent re-append, server-side prefix/regex filters;
 *  - reads from a position where no event starts: InvalidPosition (status Unknown);
 *  - appends over `maxAppendSize` (default 1,048,576 bytes of event data and metadata):
 *    MaximumAppendSizeExceeded;
 *  - filtered subscriptions: checkpoints at page boundaries once `window × multiplier` events were
 *    scanned, and always one before CaughtUp (24.x); `checkpointPrepare: 'zero'` sends prepare 0, as
 *    older servers did; CaughtUp (23.10+); FellBehind when more than `liveBuffer` committed events
 *    wait to be sent to a live subscriber (or when a fault says so), then catch-up from the log and CaughtUp again;
 *  - a cluster (startEsdbTestCluster): a log per node, replication with per-follower lag, writes
 *    acknowledged once a majority holds them, reads only of committed events; followers serve
 *    reads (possibly stale) and forward writes unless the call sets `requires-leader`, then they
 *    answer NotLeader naming the leader; kill/restart, partition/heal, an election window without a
 *    leader (writes refused as not ready), a deposed leader's unreplicated writes lost on rejoin;
 *  - TLS with a CA (test-certificates.ts) and, on a secure node, users and ACLs (security.ts);
 *  - system streams of each RunProjections setting: `None` only the few `$` events of a fresh
 *    node; `System` and `All` also `$projections-…` events and, per user event, `$>` links in
 *    `$ce-<category>`, `$et-<type>` and (new streams) `$streams`.
 *  - for tests: hard stop/restart, a frozen server, counters of what was sent
 *    (transfer-counters.ts), outages and leader changes in the middle of a call (faults.ts).
 * Still NOT modelled: deletes, tombstones, stream metadata other than `$acl` ($maxAge, $maxCount),
 * stream subscriptions, persistent subscriptions, projections' own logic (user projections of
 * `All` write nothing), scavenging, read-only replicas, explicit transactions (so prepare = commit
 * always), client certificates, the HTTP/AtomPub API, durability (logs live in memory), real
 * network partitions between client and node (a partition here only separates nodes), clock skew,
 * and the exact byte layout of positions.
 */
import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { GossipService } from '@eventstore/db-client/generated/gossip_grpc_pb';
import * as featuresPb from '@eventstore/db-client/generated/serverfeatures_pb';
import * as gossipPb from '@eventstore/db-client/generated/gossip_pb';
import * as sharedPb from '@eventstore/db-client/generated/shared_pb';
import { InMemoryLog, type LoggedEvent } from './in-memory-log';
import { handleAppend, handleBatchAppend } from './append-handlers';
import { handleRead, type CallContext, type DoubleSettings } from './read-handler';
import { Gate } from './gate';
import { Faults, type Endpoint, type Fault } from './faults';
import { newTransferCounters, type ConnectionCounters, type TransferCounters } from './transfer-counters';
import { ClusterModel, soleNode, type ClusterTiming, type NodeState, type NodeView } from './cluster';
import { AccessControl, type TestUser } from './security';

export type RunProjections = 'None' | 'System' | 'All';

export interface EsdbTestServerOptions {
  /** Leave BatchAppend out of the supported methods: the client then appends with Append. */
  readonly legacy?: boolean;
  /** Listen on this port (default: a free one). */
  readonly port?: number;
  /** Keep the events of a previous instance (restart). */
  readonly log?: InMemoryLog;
  /** The version GetSupportedMethods reports (default 24.10.0). */
  readonly serverVersion?: string;
  /** Serve TLS with this certificate (test-certificates.ts); users and ACLs then apply. */
  readonly tls?: { readonly cert: Buffer; readonly key: Buffer; readonly ca: Buffer };
  /** Users besides `admin` (password `changeit`), for a TLS node. */
  readonly users?: Readonly<Record<string, TestUser>>;
  /** The server's MaxAppendSize (default 1,048,576). */
  readonly maxAppendSize?: number;
  /** Which system projections run (default None). */
  readonly runProjections?: RunProjections;
  /** Checkpoints' prepare position: the commit position (24.x, default) or 0 (older servers). */
  readonly checkpointPrepare?: 'commit' | 'zero';
  /** Committed events a live subscription may have waiting to be sent before the server sends FellBehind (default 2,000). */
  readonly liveBuffer?: number;
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
export const DEFAULT_MAX_APPEND_SIZE = 1_048_576;
export const ADMIN_PASSWORD = 'changeit';

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

const json = (value: unknown) => Uint8Array.from(Buffer.from(JSON.stringify(value), 'utf8'));
const none = new Uint8Array();

function systemEvent(log: InMemoryLog, streamName: string, type: string, data: unknown, id: string = randomUUID()): void {
  log.append(streamName, { kind: 'any' }, [{ id, type, contentType: 'application/json', data: json(data), customMetadata: none }]);
}

/** What a fresh real server has in $all before any user write: system streams and `$` event types. */
function seedSystemEvents(log: InMemoryLog, runProjections: RunProjections): void {
  systemEvent(log, '$$$stats-127.0.0.1:2113', '$metadata', { $maxAge: 86400 }, 'a0b1c2d3-0000-4000-8000-000000000001');
  systemEvent(log, '$user-admin', '$User', { loginName: 'admin' }, 'a0b1c2d3-0000-4000-8000-000000000002');
  systemEvent(log, '$stats-127.0.0.1:2113', '$statsCollected', { 'proc-startTime': 'now' }, 'a0b1c2d3-0000-4000-8000-000000000003');
  if (runProjections === 'None') return;
  systemEvent(log, '$projections-$all', '$ProjectionsInitialized', {});
  for (const name of ['$by_category', '$by_event_type', '$stream_by_category', '$streams']) {
    systemEvent(log, '$projections-$all', '$ProjectionCreated', name);
    systemEvent(log, `$projections-${name}`, '$ProjectionUpdated', { handlerType: 'native', mode: 'Continuous' });
  }
}

/** The standard projections' link events for user events, as `System` and `All` write them once started. */
function linkUserEvents(log: InMemoryLog): void {
  log.onAppended((appended) => {
    for (const event of appended) {
      if (event.streamName.startsWith('$') || event.type.startsWith('$')) continue;
      const link = () => ({
        id: randomUUID(),
        type: '$>',
        contentType: 'application/octet-stream',
        data: Buffer.from(`${event.revision}@${event.streamName}`),
        customMetadata: none,
      });
      const category = event.streamName.split('-')[0];
      log.append(`$ce-${category}`, { kind: 'any' }, [link()]);
      log.append(`$et-${event.type}`, { kind: 'any' }, [link()]);
      if (event.revision === 0n) log.append('$streams', { kind: 'any' }, [link()]);
    }
  });
}

const GOSSIP_STATE: Record<NodeState, gossipPb.MemberInfo.VNodeState> = {
  leader: gossipPb.MemberInfo.VNodeState.LEADER,
  follower: gossipPb.MemberInfo.VNodeState.FOLLOWER,
  unknown: gossipPb.MemberInfo.VNodeState.UNKNOWN,
  dead: gossipPb.MemberInfo.VNodeState.SHUTDOWN,
};

export interface GossipMember {
  readonly instanceId: string;
  readonly endpoint: Endpoint;
  readonly state: NodeState;
  readonly alive: boolean;
}

function clusterInfo(members: readonly GossipMember[]): gossipPb.ClusterInfo {
  const info = new gossipPb.ClusterInfo();
  info.setMembersList(
    members.map((member) => {
      const out = new gossipPb.MemberInfo();
      const id = new sharedPb.UUID();
      id.setString(member.instanceId);
      out.setInstanceId(id);
      out.setTimeStamp(String(Date.now() * 10_000));
      out.setState(GOSSIP_STATE[member.state]);
      out.setIsAlive(member.alive);
      const endpoint = new gossipPb.EndPoint();
      endpoint.setAddress(member.endpoint.host);
      endpoint.setPort(member.endpoint.port);
      out.setHttpEndPoint(endpoint);
      return out;
    }),
  );
  return info;
}

interface ListenOptions {
  readonly legacy: boolean;
  readonly version: string;
  readonly port: number;
  readonly context: CallContext;
  readonly tls?: EsdbTestServerOptions['tls'];
  readonly gossip: () => readonly GossipMember[];
}

async function listen(options: ListenOptions): Promise<{ server: grpc.Server; port: number }> {
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
  server.addService(GossipService as unknown as grpc.ServiceDefinition, {
    read: (_call: grpc.ServerUnaryCall<sharedPb.Empty, gossipPb.ClusterInfo>, callback: grpc.sendUnaryData<gossipPb.ClusterInfo>) =>
      context.gate.whenOpen(() => callback(null, clusterInfo(options.gossip()))),
  });
  const credentials = options.tls
    ? grpc.ServerCredentials.createSsl(options.tls.ca, [{ cert_chain: options.tls.cert, private_key: options.tls.key }], false)
    : grpc.ServerCredentials.createInsecure();
  // A port just released by forceShutdown may still be in use for a moment: try again briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync(`127.0.0.1:${options.port}`, credentials, (error, bound) => (error ? reject(error) : resolve(bound))),
      );
      return { server, port };
    } catch (error) {
      if (options.port === 0 || attempt >= 40 || !/EADDRINUSE/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

interface NodeWiring {
  /** This node's view of the cluster (a single node: it leads). */
  readonly view: (log: InMemoryLog) => NodeView;
  readonly gossip: () => readonly GossipMember[];
  readonly leader: () => Endpoint | undefined;
  readonly leaderChange: () => void;
}

interface StartedNode extends EsdbTestServer {
  readonly instanceId: string;
  /** Cut every call (stop), for the cluster model. */
  cut(): Promise<void>;
  /** Listen again after cut(). */
  resume(): Promise<void>;
}

function settingsOf(options: EsdbTestServerOptions): DoubleSettings {
  return {
    maxAppendSize: options.maxAppendSize ?? DEFAULT_MAX_APPEND_SIZE,
    checkpointPrepare: options.checkpointPrepare ?? 'commit',
    liveBuffer: options.liveBuffer ?? 2_000,
  };
}

function accessControl(options: EsdbTestServerOptions): AccessControl | undefined {
  if (!options.tls) return undefined;
  return new AccessControl(new Map(Object.entries({ admin: { password: ADMIN_PASSWORD }, ...options.users })));
}

async function startNode(options: EsdbTestServerOptions, log: InMemoryLog, wiring: (port: () => number) => NodeWiring): Promise<StartedNode> {
  const legacy = options.legacy ?? false;
  const version = options.serverVersion ?? TEST_DOUBLE_VERSION;
  const gate = new Gate();
  const counters = newTransferCounters();
  const byConnection: ConnectionCounters = new Map();
  const faults = new Faults();
  let boundPort = options.port ?? 0;
  const wired = wiring(() => boundPort);
  const node = wired.view(log);
  const context: CallContext = { log, node, gate, counters, byConnection, faults, security: accessControl(options), settings: settingsOf(options) };
  const listening = await listen({ legacy, version, port: boundPort, context, tls: options.tls, gossip: wired.gossip });
  const port = (boundPort = listening.port);
  let server: grpc.Server | undefined = listening.server;
  let restarting: Promise<void> = Promise.resolve();
  // Stops and starts run one after another: two overlapping starts would bind the port twice.
  let transition: Promise<void> = Promise.resolve();
  const serialised = (step: () => Promise<void>) => (transition = transition.then(step, step));
  const stop = (): Promise<void> =>
    serialised(async () => {
      if (!server) return;
      const stopping = server;
      server = undefined;
      gate.thaw();
      stopping.forceShutdown();
    });
  const resume = (): Promise<void> =>
    serialised(async () => {
      if (server) return;
      ({ server } = await listen({ legacy, version, port, context, tls: options.tls, gossip: wired.gossip }));
    });
  const restart = async (): Promise<void> => {
    await stop();
    await resume();
  };
  faults.attach({
    outage: (downMs) => {
      // Cut after the current call's handler returns, as a crash between two writes would.
      restarting = new Promise<void>((resolve) => setImmediate(() => void stop().then(() => setTimeout(() => void restart().then(resolve, resolve), downMs))));
    },
    leaderChange: wired.leaderChange,
    leader: wired.leader,
  });
  return {
    instanceId: randomUUID(),
    // A TLS node's string names no CA: the caller adds `?tlsCAFile=…` (test-certificates.ts).
    connectionString: options.tls ? `esdb://127.0.0.1:${port}` : `esdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    stop,
    restart,
    cut: stop,
    resume,
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
  const log = options.log ?? new InMemoryLog();
  if (!options.log) {
    seedSystemEvents(log, options.runProjections ?? 'None');
    if ((options.runProjections ?? 'None') !== 'None') linkUserEvents(log);
  }
  let instanceId = '';
  const node = await startNode(options, log, (port) => ({
    view: soleNode,
    gossip: () => [{ instanceId, endpoint: { host: '127.0.0.1', port: port() }, state: 'leader', alive: true }],
    leader: () => undefined,
    leaderChange: () => undefined,
  }));
  instanceId = node.instanceId;
  return node;
}

export interface EsdbTestCluster {
  readonly nodes: readonly EsdbTestServer[];
  /** The leader's log (the one that decides; followers hold a prefix of it once settled). */
  readonly log: InMemoryLog;
  /**
   * `esdb+discover://` with node 0 as its seed. Client 6.x asks only the FIRST host of an
   * `esdb+discover://` string for gossip (it expects one DNS name for the cluster), so this string
   * cannot find the cluster while node 0 is down.
   */
  readonly discoverString: string;
  /** `esdb://` naming every node: client 6.x asks each in turn for gossip (survives any one node's loss). */
  readonly seedsString: string;
  readonly model: ClusterModel;
  /** The node that leads now (the first node while none does). */
  leader(): EsdbTestServer;
  /** Index of the leading node, undefined during an election. */
  leaderIndex(): number | undefined;
  /** Moves leadership to the next node gracefully (as a leader resigning would). */
  moveLeader(): void;
  kill(index: number): Promise<void>;
  restart(index: number): Promise<void>;
  partition(index: number): void;
  heal(index: number): Promise<void>;
  /** Resolves once a leader leads and every reachable node holds its log. */
  settle(): Promise<void>;
  /** Counters summed over the nodes. */
  counters(): TransferCounters;
  /** One client connection's counters summed over the nodes (see EsdbTestServer.countersOf). */
  countersOf(connectionName: string): TransferCounters;
  stop(): Promise<void>;
}

export interface EsdbTestClusterOptions extends ClusterTiming {
  readonly nodes?: number;
  readonly legacy?: boolean;
  readonly tls?: EsdbTestServerOptions['tls'];
  readonly users?: EsdbTestServerOptions['users'];
  readonly maxAppendSize?: number;
}

/**
 * Nodes with a log each, node 0 leading at start (cluster.ts). Connect through gossip
 * (`discoverString`) or to one node (`nodes[i].connectionString`): a follower serves reads and
 * forwards writes; with `requiresLeader` it answers NotLeader and the client reconnects to the leader.
 */
export async function startEsdbTestCluster(options: EsdbTestClusterOptions = {}): Promise<EsdbTestCluster> {
  const size = options.nodes ?? 3;
  const model = new ClusterModel(size, options);
  const logs = Array.from({ length: size }, () => new InMemoryLog({ autoCommit: false }));
  // A fresh cluster's system events, on every node alike.
  const seed = new InMemoryLog();
  seedSystemEvents(seed, 'None');
  for (const log of logs) {
    log.receive(seed.events);
    log.commit(seed.events.length);
  }
  const nodes: StartedNode[] = [];
  const gossip = (self: number) => (): GossipMember[] =>
    nodes.map((node, index) => ({
      instanceId: node.instanceId,
      endpoint: { host: '127.0.0.1', port: node.port },
      state: model.reaches(self, index) ? model.state(index) : 'dead',
      alive: model.reaches(self, index),
    }));
  for (let i = 0; i < size; i++) {
    const self = i;
    nodes.push(
      await startNode({ legacy: options.legacy, tls: options.tls, users: options.users, maxAppendSize: options.maxAppendSize }, logs[i], () => ({
        view: () => model.view(self),
        gossip: gossip(self),
        leader: () => {
          const leader = model.leader;
          return leader === undefined || leader === self ? undefined : { host: '127.0.0.1', port: nodes[leader].port };
        },
        leaderChange: () => model.moveLeader(),
      })),
    );
  }
  model.attach(nodes.map((node, index) => ({ log: logs[index], endpoint: { host: '127.0.0.1', port: node.port }, cut: node.cut, resume: node.resume })));
  const hosts = nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
  const sum = (pick: (node: StartedNode) => TransferCounters) => {
    const total = newTransferCounters();
    for (const node of nodes) {
      const own = pick(node);
      for (const key of Object.keys(total) as (keyof TransferCounters)[]) total[key] += own[key];
    }
    return total;
  };
  return {
    nodes,
    get log() {
      return logs[model.leader ?? 0];
    },
    discoverString: `esdb+discover://127.0.0.1:${nodes[0].port}${options.tls ? '' : '?tls=false'}`,
    seedsString: `esdb://${hosts}${options.tls ? '' : '?tls=false'}`,
    model,
    leader: () => nodes[model.leader ?? 0],
    leaderIndex: () => model.leader,
    moveLeader: () => model.moveLeader(),
    kill: (index) => model.kill(index),
    restart: (index) => model.restart(index),
    partition: (index) => model.partition(index),
    heal: (index) => model.heal(index),
    settle: () => model.settle(),
    counters: () => sum((node) => node.counters),
    countersOf: (connectionName) => sum((node) => node.countersOf(connectionName)),
    async stop() {
      model.stopTimers();
      await Promise.all(nodes.map((node) => node.settled().then(() => node.stop())));
    },
  };
}

export type { LoggedEvent };
