/**
 * The replication model of the EventStoreDB test double's cluster (esdb-test-server.ts serves it):
 * each node has its own log; the leader writes, replicates to the followers it can reach after
 * each follower's lag, and acknowledges a write once a majority of the nodes hold it (then it is
 * committed: visible to readers on the leader, and on each follower once that follower holds it).
 *
 * Failures, as a Jepsen run plays them:
 *  - kill(i): the node stops (connections cut); its log survives, as on disk. A killed leader leaves
 *    the cluster leaderless for `electionMs`; then the reachable majority elects the node with the
 *    longest log. Writes it acknowledged survive (a majority held them); one it wrote alone is lost
 *    when it comes back (restart truncates it to what it shares with the new leader).
 *  - partition(i): the node cannot reach the others; clients still reach it. A partitioned leader
 *    still takes writes into its own log but cannot commit them, so they wait, unacknowledged and
 *    invisible to readers; after `electionMs` the majority elects another leader and the old one
 *    steps down (its calls are cut and its pending writes fail; it answers as a node without a
 *    leader until heal()); its lone writes are lost at heal().
 *  - moveLeader(): a graceful election (the leader first replicates everything), for the faults
 *    of faults.ts.
 * Without a leader, writes and calls that require the leader are refused as not ready
 * (UNAVAILABLE); other reads are served from the node's own log (possibly stale).
 */
import type { AppendOutcome, ExpectedState, InMemoryLog, ProposedEvent } from './in-memory-log';
import type { Endpoint } from './faults';

export type NodeState = 'leader' | 'follower' | 'unknown' | 'dead';

/** Why a node does not serve a call itself. */
export type Refusal = { readonly kind: 'notLeader'; readonly leader: Endpoint } | { readonly kind: 'notReady' };

/** What a call handler needs to know of the node it runs on. */
export interface NodeView {
  readonly log: InMemoryLog;
  /** undefined: serve it here; otherwise how to refuse. Writes without `requiresLeader` are forwarded. */
  refusal(call: { readonly requiresLeader: boolean; readonly write: boolean }): Refusal | undefined;
  /** Appends through this node (a follower forwards to the leader) and resolves once committed. */
  append(streamName: string, expected: ExpectedState, proposed: readonly ProposedEvent[]): Promise<AppendOutcome>;
}

/** A single node: it leads, commits at once. */
export function soleNode(log: InMemoryLog): NodeView {
  return {
    log,
    refusal: () => undefined,
    append: async (streamName, expected, proposed) => log.append(streamName, expected, proposed),
  };
}

/** A write that could not be committed: the node lost its leadership or the cluster its leader. */
export class NotCommittedError extends Error {
  constructor(readonly refusal: Refusal) {
    super('the write was not committed');
  }
}

export interface ClusterMember {
  readonly log: InMemoryLog;
  readonly endpoint: Endpoint;
  /** Cuts every open call (a crash, or a node stepping down drops its clients). */
  cut(): Promise<void>;
  /** Serves again after cut(). */
  resume(): Promise<void>;
}

interface PendingAck {
  readonly leader: number;
  readonly count: number;
  readonly resolve: () => void;
  readonly reject: (error: NotCommittedError) => void;
}

export interface ClusterTiming {
  /** Replication lag per follower in ms (default 0: the next turn of the event loop). */
  readonly lagMs?: readonly number[];
  /** How long a cluster stays leaderless after losing its leader (default 100 ms). */
  readonly electionMs?: number;
}

export class ClusterModel {
  private leaderIndex: number | undefined = 0;
  private readonly alive: boolean[];
  private readonly partitioned: boolean[];
  private readonly deposed: boolean[];
  private readonly pending = new Set<PendingAck>();
  private readonly replicating = new Set<number>();
  private electionTimer: NodeJS.Timeout | undefined;
  private members: readonly ClusterMember[] = [];
  private electionsHeld = 0;

  constructor(
    private readonly size: number,
    private readonly timing: ClusterTiming = {},
  ) {
    this.alive = Array.from({ length: size }, () => true);
    this.partitioned = Array.from({ length: size }, () => false);
    this.deposed = Array.from({ length: size }, () => false);
  }

  attach(members: readonly ClusterMember[]): void {
    this.members = members;
  }

  get leader(): number | undefined {
    return this.leaderIndex;
  }

  get elections(): number {
    return this.electionsHeld;
  }

  state(index: number): NodeState {
    if (!this.alive[index]) return 'dead';
    if (this.leaderIndex === index) return 'leader';
    if (this.partitioned[index] || this.deposed[index] || this.leaderIndex === undefined) return 'unknown';
    return 'follower';
  }

  /** Whether node `from` can see node `to` (gossip, replication). */
  reaches(from: number, to: number): boolean {
    if (!this.alive[from] || !this.alive[to]) return false;
    return from === to || (!this.partitioned[from] && !this.partitioned[to]);
  }

  view(index: number): NodeView {
    const members = () => this.members;
    return {
      get log() {
        return members()[index].log;
      },
      refusal: (call) => this.refusal(index, call),
      append: (streamName, expected, proposed) => this.append(index, streamName, expected, proposed),
    };
  }

  private refusal(index: number, call: { readonly requiresLeader: boolean; readonly write: boolean }): Refusal | undefined {
    if (this.leaderIndex === index) return undefined;
    if (this.deposed[index] && (call.write || call.requiresLeader)) return { kind: 'notReady' };
    if (!call.requiresLeader && !call.write) return undefined;
    if (!call.requiresLeader && this.canForward(index)) return undefined;
    const leader = this.leaderIndex;
    if (leader === undefined || !this.reaches(index, leader)) return { kind: 'notReady' };
    return { kind: 'notLeader', leader: this.members[leader].endpoint };
  }

  private canForward(index: number): boolean {
    return this.leaderIndex !== undefined && this.reaches(index, this.leaderIndex);
  }

  private async append(via: number, streamName: string, expected: ExpectedState, proposed: readonly ProposedEvent[]): Promise<AppendOutcome> {
    const leader = this.leaderIndex;
    if (leader === undefined || !this.reaches(via, leader) || this.deposed[via]) throw new NotCommittedError({ kind: 'notReady' });
    const log = this.members[leader].log;
    const outcome = log.append(streamName, expected, proposed);
    if (outcome.kind !== 'success' || outcome.position === undefined) return outcome;
    // A replay of a write still uncommitted waits for it too: the client must not see it before a majority holds it.
    const count = indexOfPosition(log, outcome.position) + 1;
    if (count > log.visibleCount) {
      await new Promise<void>((resolve, reject) => {
        this.pending.add({ leader, count, resolve, reject });
        this.replicate();
      });
    }
    return outcome;
  }

  /** Schedules replication from the leader to every follower it reaches, after each one's lag. */
  replicate(): void {
    const leader = this.leaderIndex;
    if (leader === undefined) return;
    for (let follower = 0; follower < this.size; follower++) {
      if (follower === leader || this.replicating.has(follower) || !this.reaches(leader, follower)) continue;
      this.replicating.add(follower);
      const lag = this.timing.lagMs?.[follower] ?? 0;
      const run = () => {
        this.replicating.delete(follower);
        this.replicateTo(leader, follower);
      };
      if (lag > 0) setTimeout(run, lag);
      else setImmediate(run);
    }
    this.advanceCommit();
  }

  private replicateTo(leader: number, follower: number): void {
    if (this.leaderIndex !== leader || !this.reaches(leader, follower)) return;
    const source = this.members[leader].log;
    const target = this.members[follower].log;
    if (target.events.length < source.events.length) target.receive(source.events.slice(target.events.length));
    this.advanceCommit();
    // The follower learns the commit point with the data (and on the next round otherwise).
    target.commit(Math.min(target.events.length, source.visibleCount));
    if (target.events.length < source.events.length) this.replicate();
  }

  /** The leader commits what a majority of the nodes (itself included) hold. */
  private advanceCommit(): void {
    const leader = this.leaderIndex;
    if (leader === undefined) return;
    const source = this.members[leader].log;
    const held = this.members
      .map((member, index) => (this.reaches(leader, index) ? Math.min(member.log.events.length, source.events.length) : 0))
      .sort((a, b) => b - a);
    const majority = Math.floor(this.size / 2) + 1;
    const committed = held[majority - 1] ?? 0;
    source.commit(committed);
    for (let index = 0; index < this.size; index++) {
      if (index !== leader && this.reaches(leader, index)) this.members[index].log.commit(Math.min(this.members[index].log.events.length, source.visibleCount));
    }
    for (const ack of [...this.pending]) {
      if (ack.leader === leader && ack.count <= source.visibleCount) {
        this.pending.delete(ack);
        ack.resolve();
      }
    }
  }

  private failPending(leader: number, refusal: Refusal): void {
    for (const ack of [...this.pending]) {
      if (ack.leader !== leader) continue;
      this.pending.delete(ack);
      ack.reject(new NotCommittedError(refusal));
    }
  }

  /** Stops node `index` hard; a leader's loss starts an election. */
  async kill(index: number): Promise<void> {
    this.alive[index] = false;
    await this.members[index].cut();
    if (this.leaderIndex === index) this.loseLeader(index);
  }

  /** Brings a killed node back: it drops what it holds beyond the leader's log, then follows. */
  async restart(index: number): Promise<void> {
    this.rejoin(index);
    this.alive[index] = true;
    await this.members[index].resume();
    this.afterMembershipChange();
  }

  /** Cuts node `index` off from the other nodes (clients still reach it). */
  partition(index: number): void {
    this.partitioned[index] = true;
    // The isolated leader goes on taking writes it cannot commit until the others have elected another.
    if (this.leaderIndex === index) this.scheduleElection();
  }

  async heal(index: number): Promise<void> {
    this.partitioned[index] = false;
    if (this.deposed[index] || this.rejoinDiverges(index)) {
      await this.members[index].cut();
      this.rejoin(index);
      this.deposed[index] = false;
      await this.members[index].resume();
    }
    this.afterMembershipChange();
  }

  /** A graceful move of leadership to the next live node (everything replicated first). */
  moveLeader(): void {
    const leader = this.leaderIndex;
    if (leader === undefined) return;
    const source = this.members[leader].log;
    for (let follower = 0; follower < this.size; follower++) {
      if (follower === leader || !this.reaches(leader, follower)) continue;
      const target = this.members[follower].log;
      if (target.events.length < source.events.length) target.receive(source.events.slice(target.events.length));
    }
    this.advanceCommit();
    for (const member of this.members) member.log.commit(source.visibleCount);
    for (let step = 1; step <= this.size; step++) {
      const next: number = (leader + step) % this.size;
      if (next !== leader && this.reaches(leader, next)) {
        this.leaderIndex = next;
        this.electionsHeld++;
        this.failPending(leader, { kind: 'notLeader', leader: this.members[next].endpoint });
        this.replicate();
        return;
      }
    }
  }

  /** Waits until no election is pending and every reachable follower holds the leader's log. */
  async settle(limitMs = 10_000): Promise<void> {
    const started = Date.now();
    for (;;) {
      const leader = this.leaderIndex;
      const done =
        leader !== undefined &&
        this.members.every((member, index) => !this.reaches(leader, index) || member.log.visibleCount === this.members[leader].log.events.length);
      if (done && this.pending.size === 0) return;
      if (Date.now() - started > limitMs) throw new Error('the cluster did not settle');
      this.replicate();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  stopTimers(): void {
    clearTimeout(this.electionTimer);
  }

  private loseLeader(index: number): void {
    this.leaderIndex = undefined;
    this.failPending(index, { kind: 'notReady' });
    this.scheduleElection();
  }

  private scheduleElection(): void {
    clearTimeout(this.electionTimer);
    this.electionTimer = setTimeout(() => void this.elect(), this.timing.electionMs ?? 100);
  }

  /** The reachable majority elects its node with the longest log; without a majority nobody leads. */
  private async elect(): Promise<void> {
    this.electionTimer = undefined;
    const candidates = Array.from({ length: this.size }, (_, index) => index).filter((index) => this.alive[index] && !this.partitioned[index]);
    const majority = Math.floor(this.size / 2) + 1;
    if (candidates.length < majority) return this.scheduleElection();
    candidates.sort((a, b) => this.members[b].log.events.length - this.members[a].log.events.length || a - b);
    const winner = candidates[0];
    const old = this.leaderIndex;
    this.leaderIndex = winner;
    this.electionsHeld++;
    if (old !== undefined && old !== winner) {
      // The isolated old leader steps down: its unacknowledged writes fail and its clients are dropped.
      this.deposed[old] = true;
      this.failPending(old, { kind: 'notReady' });
      await this.members[old].cut();
      await this.members[old].resume();
    }
    // The others drop what they hold beyond the new leader's log (never anything committed: a majority held that).
    for (const index of candidates) if (index !== winner && this.rejoinDiverges(index)) this.rejoin(index);
    this.replicate();
  }

  private afterMembershipChange(): void {
    if (this.leaderIndex === undefined && this.electionTimer === undefined) this.scheduleElection();
    this.replicate();
  }

  /** Whether node `index` holds events the leader does not (at the same place in the log). */
  private rejoinDiverges(index: number): boolean {
    const leader = this.leaderIndex;
    if (leader === undefined || leader === index) return false;
    const own = this.members[index].log.events;
    const theirs = this.members[leader].log.events;
    return commonPrefix(own, theirs) < own.length;
  }

  private rejoin(index: number): void {
    const leader = this.leaderIndex;
    if (leader === undefined || leader === index) return;
    const log = this.members[index].log;
    log.truncate(commonPrefix(log.events, this.members[leader].log.events));
  }
}

function commonPrefix<T>(a: readonly T[], b: readonly T[]): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a[index] === b[index]) index++;
  return index;
}

function indexOfPosition(log: InMemoryLog, position: bigint): number {
  const events = log.events;
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle].position < position) low = middle + 1;
    else high = middle;
  }
  return low;
}
