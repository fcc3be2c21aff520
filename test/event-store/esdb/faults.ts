/**
 * Failures the EventStoreDB test double can play, for failover tests:
 *  - an outage in the middle of an append (written to the log, never acknowledged), of a read or of
 *    a subscription (cut after a given number of events): the node stops hard and comes back after
 *    `downMs`, with the same log;
 *  - a leader change at the same points: leadership moves to another node of the cluster and the
 *    interrupted call (and every later one on this node) is answered NotLeader with the new
 *    leader's endpoint, as a real follower answers (exception `not-leader`,
 *    `leader-endpoint-host`/`-port` in the trailers); the client then reconnects to that node.
 *  - a live subscription falling behind (`fellBehind`): the server sends FellBehind after the given
 *    number of events, reads from the log again and sends CaughtUp once it has caught up.
 * Each armed fault fires once.
 */
import * as grpc from '@grpc/grpc-js';

export type FaultPoint = 'append' | 'read' | 'subscription';

export interface Fault {
  readonly at: FaultPoint;
  /** Reads and subscriptions: cut once at least this many events were sent on the call (default 1). */
  readonly afterEvents?: number;
  /** Only a call of the client connecting with this name (`connectionName=` in its connection string). */
  readonly connection?: string;
  readonly action: { readonly kind: 'outage'; readonly downMs: number } | { readonly kind: 'leaderChange' } | { readonly kind: 'fellBehind' };
}

export interface Endpoint {
  readonly host: string;
  readonly port: number;
}

export interface FaultHooks {
  /** Stop this node hard and bring it back after `downMs`. */
  readonly outage: (downMs: number) => void;
  /** Move leadership away from this node. */
  readonly leaderChange: () => void;
  /** Where the leader is, when this node is not it (undefined: this node leads). */
  readonly leader: () => Endpoint | undefined;
}

interface Cuttable {
  emit(event: 'error', error: Partial<grpc.StatusObject>): boolean;
}

export class Faults {
  private armed: Fault[] = [];
  private hooks: FaultHooks | undefined;

  attach(hooks: FaultHooks): void {
    this.hooks = hooks;
  }

  arm(fault: Fault): void {
    this.armed.push(fault);
  }

  get pending(): number {
    return this.armed.length;
  }

  private take(at: FaultPoint, sentEvents?: number, connection?: string, fellBehind = false): Fault | undefined {
    const index = this.armed.findIndex(
      (fault) =>
        fault.at === at &&
        (fault.action.kind === 'fellBehind') === fellBehind &&
        (sentEvents === undefined || sentEvents >= (fault.afterEvents ?? 1)) &&
        (fault.connection === undefined || fault.connection === connection),
    );
    return index < 0 ? undefined : this.armed.splice(index, 1)[0];
  }

  /** Whether a read or subscription is cut now, having sent `sentEvents` events; if so the node fails it. */
  cutsAfter(at: 'read' | 'subscription', sentEvents: number, call: Cuttable, connection?: string): boolean {
    const fault = this.take(at, sentEvents, connection);
    if (!fault) return false;
    this.fire(fault, call);
    return true;
  }

  /** Whether a live subscription that sent `sentEvents` events is to fall behind now. */
  fallsBehind(sentEvents: number, connection?: string): boolean {
    return this.take('subscription', sentEvents, connection, true) !== undefined;
  }

  /** Whether an append just written is left unanswered; if so the node fails it. */
  cutsAppend(call: Cuttable, connection?: string): boolean {
    const fault = this.take('append', undefined, connection);
    if (!fault) return false;
    this.fire(fault, call);
    return true;
  }

  private fire(fault: Fault, call: Cuttable): void {
    if (fault.action.kind === 'fellBehind') return;
    if (fault.action.kind === 'outage') {
      this.hooks?.outage(fault.action.downMs);
      return;
    }
    this.hooks?.leaderChange();
    this.rejectAsFollower(call);
  }

  private rejectAsFollower(call: Cuttable): boolean {
    const leader = this.hooks?.leader();
    if (!leader) return false;
    const metadata = new grpc.Metadata();
    metadata.set('exception', 'not-leader');
    metadata.set('leader-endpoint-host', leader.host);
    metadata.set('leader-endpoint-port', String(leader.port));
    call.emit('error', { code: grpc.status.NOT_FOUND, details: 'Leader info available', metadata });
    return true;
  }
}
