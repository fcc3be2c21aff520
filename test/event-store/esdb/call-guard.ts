/**
 * What the EventStoreDB test double checks before it serves a call, in the server's order: the
 * node's role (a follower refuses a call with `requires-leader: true` as NotLeader naming the
 * leader; without a leader, writes and such calls are refused as not ready), then, on a secure
 * node, the caller's credentials and the ACL right the call needs (security.ts).
 */
import * as grpc from '@grpc/grpc-js';
import type { NodeView, Refusal } from './cluster';
import { accessDenied, unauthenticated, type AccessControl, type Right } from './security';

export interface GuardContext {
  readonly node: NodeView;
  readonly security?: AccessControl;
}

export interface GuardedCall {
  readonly write: boolean;
  /** The stream whose ACL applies (`$all` for reads and subscriptions of $all). */
  readonly streamName: string;
}

export function requiresLeader(metadata: grpc.Metadata): boolean {
  const [value] = metadata.get('requires-leader');
  return value === 'true';
}

export function refusalStatus(refusal: Refusal): Partial<grpc.StatusObject> {
  if (refusal.kind === 'notReady') return { code: grpc.status.UNAVAILABLE, details: 'Server Is Not Ready' };
  const metadata = new grpc.Metadata();
  metadata.set('exception', 'not-leader');
  metadata.set('leader-endpoint-host', refusal.leader.host);
  metadata.set('leader-endpoint-port', String(refusal.leader.port));
  return { code: grpc.status.NOT_FOUND, details: 'Leader info available', metadata };
}

/** undefined: serve the call; otherwise the status to fail it with. */
export function guard(context: GuardContext, metadata: grpc.Metadata, call: GuardedCall): Partial<grpc.StatusObject> | undefined {
  const refusal = context.node.refusal({ requiresLeader: requiresLeader(metadata), write: call.write });
  if (refusal) return refusalStatus(refusal);
  if (!context.security) return undefined;
  const principal = context.security.authenticate(metadata);
  if (principal === 'unauthenticated') return unauthenticated();
  const right: Right = call.write ? '$w' : '$r';
  return context.security.allows(context.node.log, principal, right, call.streamName) ? undefined : accessDenied();
}
