/**
 * Users and access control of the EventStoreDB test double, as the server applies them on a
 * secure (TLS) node; an insecure node applies none, as `--insecure` does.
 *  - Users authenticate with HTTP Basic credentials in the `authorization` header; unknown users
 *    and wrong passwords are UNAUTHENTICATED. `admin` is in `$admins`, which has every right.
 *  - A user stream's ACL is its `$$<stream>` metadata `$acl` if set, else the default
 *    `$userStreamAcl` of the last `update-default-acl`-style event in `$settings`; the server's own
 *    default lets every authenticated user read and write user streams.
 *  - System streams (`$…`) and `$all`: their metadata `$acl` (`$$$all` for `$all`), else the
 *    default `$systemStreamAcl`, else `$admins` only.
 *  - A role list names users, groups, or `$all` (every authenticated user).
 * Refusals are PERMISSION_DENIED with the `exception: access-denied` trailer, as the server sends.
 */
import * as grpc from '@grpc/grpc-js';
import type { InMemoryLog } from './in-memory-log';

export interface TestUser {
  readonly password: string;
  readonly groups?: readonly string[];
}

export type Right = '$r' | '$w';

export interface Principal {
  readonly name: string;
  readonly groups: readonly string[];
}

type AclEntry = string | readonly string[] | undefined;
type Acl = Partial<Record<Right | '$d' | '$mr' | '$mw', AclEntry>>;

export class AccessControl {
  constructor(private readonly users: ReadonlyMap<string, TestUser>) {}

  /** The caller, `undefined` when it sent no credentials, or 'unauthenticated' when they are wrong. */
  authenticate(metadata: grpc.Metadata): Principal | undefined | 'unauthenticated' {
    const [header] = metadata.get('authorization');
    if (typeof header !== 'string') return undefined;
    const match = /^Basic (.+)$/.exec(header);
    if (!match) return 'unauthenticated';
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const name = decoded.slice(0, colon);
    const user = this.users.get(name);
    if (colon < 0 || !user || user.password !== decoded.slice(colon + 1)) return 'unauthenticated';
    return { name, groups: [...(user.groups ?? []), ...(name === 'admin' ? ['$admins'] : [])] };
  }

  allows(log: InMemoryLog, principal: Principal | undefined, right: Right, streamName: string): boolean {
    if (principal?.groups.includes('$admins')) return true;
    if (!principal) return false;
    const roles = this.rolesFor(log, right, streamName);
    return roles.some((role) => role === '$all' || role === principal.name || principal.groups.includes(role));
  }

  private rolesFor(log: InMemoryLog, right: Right, streamName: string): readonly string[] {
    const system = streamName.startsWith('$');
    const own = lastData(log, streamName === '$all' ? '$$$all' : `$$${streamName}`)?.['$acl'] as Acl | undefined;
    const defaults = lastData(log, '$settings') as { $userStreamAcl?: Acl; $systemStreamAcl?: Acl } | undefined;
    const entry = own?.[right] ?? (system ? defaults?.$systemStreamAcl?.[right] : defaults?.$userStreamAcl?.[right]);
    if (entry === undefined) return system ? ['$admins'] : ['$all'];
    return typeof entry === 'string' ? [entry] : entry;
  }
}

function lastData(log: InMemoryLog, streamName: string): Record<string, unknown> | undefined {
  const events = log.streamEvents(streamName);
  if (!events || events.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.from(events[events.length - 1].data).toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function accessDenied(): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  metadata.set('exception', 'access-denied');
  return { code: grpc.status.PERMISSION_DENIED, details: 'Access Denied', metadata };
}

export function unauthenticated(): Partial<grpc.StatusObject> {
  return { code: grpc.status.UNAUTHENTICATED, details: 'Bad authentication' };
}
