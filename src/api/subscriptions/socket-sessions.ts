/**
 * The graphql-ws connections the server holds, and what each may still do. The token a socket
 * presented is checked again on every operation (an expired or revoked token is refused even on
 * a socket opened while it was valid); the socket is closed when its token expires and as soon as
 * it is revoked; operations in flight are capped per socket and per caller (token, or address
 * when anonymous), so one caller cannot make every recorded event cost thousands of renders.
 */
import type { Principal } from '../../auth/role';
import type { TokenRevocations } from '../../auth/token-revocations';

/** graphql-ws closes with this when the server refuses the connection (as for a bad token at connect). */
export const CLOSE_FORBIDDEN = 4403;
/** setTimeout cannot wait longer than this; later expiries are caught by the per-operation check. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SessionSocket {
  close(code: number, reason: string): void;
}

export interface SessionLimits {
  readonly perConnection: number;
  readonly perCaller: number;
}

interface Session {
  readonly socket: SessionSocket;
  readonly authorization: unknown;
  readonly clientKey: string;
  principal: Principal;
  readonly operations: Set<string>;
  timer: NodeJS.Timeout | null;
}

export class SocketSessions {
  private readonly sessions = new Map<SessionSocket, Session>();
  private readonly perCaller = new Map<string, number>();
  private readonly stopListening: () => void;

  constructor(
    private readonly authenticate: (authorization: unknown, clientKey: string) => Principal,
    revocations: TokenRevocations,
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.stopListening = revocations.onRevoke((tokenId) => {
      for (const s of [...this.sessions.values()])
        if (s.principal.role !== 'anonymous' && (s.principal.tokenId === tokenId || s.principal.ancestors?.includes(tokenId))) this.end(s, 'token revoked');
    });
  }

  /** At connect: the principal of the socket (throws when the token is bad). */
  open(socket: SessionSocket, authorization: unknown, clientKey: string): Principal {
    const principal = this.authenticate(authorization, clientKey);
    const session: Session = { socket, authorization, clientKey, principal, operations: new Set(), timer: null };
    this.sessions.set(socket, session);
    if (principal.role !== 'anonymous' && principal.expiresAt !== undefined) {
      const wait = principal.expiresAt - this.now();
      if (wait <= 0) this.end(session, 'token expired');
      else if (wait <= MAX_TIMER_MS) {
        session.timer = setTimeout(() => this.end(session, 'token expired'), wait);
        session.timer.unref?.();
      }
    }
    return principal;
  }

  /**
   * Before each operation: the token checked again (throws when it expired or was revoked; the
   * socket is then closed) and the caps; returns the principal to run the operation as.
   * Returns a reason string when a cap refuses the operation.
   */
  admit(socket: SessionSocket, operationId: string): { principal: Principal } | { refused: string } {
    const s = this.sessions.get(socket);
    if (!s) return { refused: 'connection not initialised' };
    try {
      s.principal = this.authenticate(s.authorization, s.clientKey);
    } catch (err) {
      this.end(s, err instanceof Error ? err.message : 'token refused');
      throw err;
    }
    if (s.operations.size >= this.limits.perConnection) return { refused: `at most ${this.limits.perConnection} operations at once on one connection` };
    const callerCount = this.perCaller.get(s.principal.key) ?? 0;
    if (callerCount >= this.limits.perCaller) return { refused: `at most ${this.limits.perCaller} operations at once per caller` };
    s.operations.add(operationId);
    this.perCaller.set(s.principal.key, callerCount + 1);
    return { principal: s.principal };
  }

  /** An operation ended (completed by either side, or failed). */
  done(socket: SessionSocket, operationId: string): void {
    const s = this.sessions.get(socket);
    if (s && s.operations.delete(operationId)) this.release(s.principal.key, 1);
  }

  /** The socket is gone: its operations no longer count. */
  closed(socket: SessionSocket): void {
    const s = this.sessions.get(socket);
    if (!s) return;
    this.sessions.delete(socket);
    if (s.timer) clearTimeout(s.timer);
    this.release(s.principal.key, s.operations.size);
    s.operations.clear();
  }

  /** Operations in flight for one caller key (for tests and diagnostics). */
  operationsOf(callerKey: string): number {
    return this.perCaller.get(callerKey) ?? 0;
  }

  get size(): number {
    return this.sessions.size;
  }

  dispose(): void {
    this.stopListening();
    for (const s of [...this.sessions.values()]) if (s.timer) clearTimeout(s.timer);
  }

  private release(key: string, n: number): void {
    if (n === 0) return;
    const left = (this.perCaller.get(key) ?? 0) - n;
    if (left > 0) this.perCaller.set(key, left);
    else this.perCaller.delete(key);
  }

  private end(s: Session, reason: string): void {
    this.closed(s.socket);
    try {
      s.socket.close(CLOSE_FORBIDDEN, reason.slice(0, 120));
    } catch {
      // already closing
    }
  }
}
