/**
 * API tokens: `skl1.<payload>.<signature>`, the payload base64url JSON and the signature
 * HMAC-SHA256 over `skl1.<payload>` with the server secret. Pure: the secret is passed in.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isRole, type Role } from './role';

const PREFIX = 'skl1';

export interface TokenClaims {
  readonly role: Role;
  readonly player?: string;
  readonly table?: string;
  /** A player token bound to one tournament (issued by an organiser through the API). */
  readonly tournament?: string;
  /** Token id, random. */
  readonly jti: string;
  /** Issued at, seconds since the epoch. */
  readonly iat: number;
  /** Expiry, seconds since the epoch; absent = does not expire. */
  readonly exp?: number;
  /** The tokens that issued this one, oldest first (issued through the API): revoking any of them revokes it. */
  readonly anc?: readonly string[];
}

/** How deep tokens may issue tokens (each issued token names its issuers). */
export const MAX_TOKEN_ANCESTORS = 8;

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(`invalid token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

export interface IssueRequest {
  readonly role: Role;
  readonly player?: string;
  readonly table?: string;
  readonly tournament?: string;
  readonly ttlSeconds?: number;
  /** The issuing tokens (see TokenClaims.anc). */
  readonly ancestors?: readonly string[];
  /** A given token id (an idempotent issue derives it from the command); default random. */
  readonly jti?: string;
  /** A given expiry (seconds since the epoch), instead of now + ttlSeconds. */
  readonly exp?: number;
}

/** Checks what a token of each role must name; returns a reason or null. */
export function claimProblem(req: { role: Role; player?: string; table?: string; tournament?: string }): string | null {
  if (req.role === 'player' && !req.player) return 'a player token needs --player';
  if (req.role === 'recorder' && !req.table) return 'a recorder token needs --table';
  if (req.tournament !== undefined && req.role !== 'player') return 'only a player token is bound to a tournament';
  for (const [name, v] of [
    ['player', req.player],
    ['table', req.table],
    ['tournament', req.tournament],
  ] as const) {
    if (v !== undefined && (v.length === 0 || v.length > 200)) return `${name} must be 1-200 characters`;
  }
  return null;
}

export function issueToken(secret: Buffer, req: IssueRequest, now: Date = new Date()): string {
  const problem = claimProblem(req);
  if (problem) throw new InvalidTokenError(problem);
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = {
    role: req.role,
    ...(req.player !== undefined ? { player: req.player } : {}),
    ...(req.table !== undefined ? { table: req.table } : {}),
    ...(req.tournament !== undefined ? { tournament: req.tournament } : {}),
    jti: req.jti ?? randomBytes(9).toString('base64url'),
    iat,
    ...(req.exp !== undefined ? { exp: req.exp } : req.ttlSeconds !== undefined ? { exp: iat + req.ttlSeconds } : {}),
    ...(req.ancestors && req.ancestors.length > 0 ? { anc: [...req.ancestors] } : {}),
  };
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(secret, body)}`;
}

export function verifyToken(secret: Buffer, token: string, now: Date = new Date()): TokenClaims {
  if (typeof token !== 'string' || token.length > 2048) throw new InvalidTokenError('malformed');
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) throw new InvalidTokenError('malformed');
  const body = `${parts[0]}.${parts[1]}`;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidTokenError('bad signature');
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('malformed payload');
  }
  const c = claims as Partial<TokenClaims>;
  if (!c || typeof c !== 'object' || !isRole(c.role) || typeof c.jti !== 'string' || typeof c.iat !== 'number') {
    throw new InvalidTokenError('malformed payload');
  }
  if (c.anc !== undefined && (!Array.isArray(c.anc) || c.anc.length > MAX_TOKEN_ANCESTORS || !c.anc.every((a) => typeof a === 'string')))
    throw new InvalidTokenError('malformed payload');
  if (c.exp !== undefined && (typeof c.exp !== 'number' || c.exp * 1000 <= now.getTime())) throw new InvalidTokenError('expired');
  return c as TokenClaims;
}

function sign(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}
