import { GraphQLError } from 'graphql';
import { InvalidTokenError, verifyToken } from './token';
import { anonymous, type Principal } from './role';
import type { TokenRevocations } from './token-revocations';

/**
 * The principal of a request from its Authorization value (`Bearer <token>`). No value means
 * anonymous; a value that is not a valid token is refused, never treated as anonymous.
 */
export function principalFrom(authorization: unknown, clientKey: string, secret: Buffer, revocations?: TokenRevocations): Principal {
  if (authorization === undefined || authorization === null || authorization === '') return anonymous(clientKey);
  if (typeof authorization !== 'string') throw unauthenticated('authorization must be a string');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) throw unauthenticated('authorization must be "Bearer <token>"');
  try {
    const c = verifyToken(secret, m[1]);
    if (revocations?.isRevoked(c.jti)) throw new InvalidTokenError('revoked');
    // A token issued by a token is revoked with it.
    if (c.anc && revocations && c.anc.some((a) => revocations.isRevoked(a))) throw new InvalidTokenError('revoked (its issuing token was revoked)');
    return {
      role: c.role,
      player: c.player,
      table: c.table,
      ...(c.tournament !== undefined ? { tournament: c.tournament } : {}),
      tokenId: c.jti,
      key: `token:${c.jti}`,
      ...(c.exp !== undefined ? { expiresAt: c.exp * 1000 } : {}),
      ...(c.anc ? { ancestors: c.anc } : {}),
    };
  } catch (err) {
    if (err instanceof InvalidTokenError) throw unauthenticated(err.message);
    throw err;
  }
}

function unauthenticated(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}
