/**
 * Who owns and who may read a what-if branch. A branch's frames show every hand, so reading one
 * needs the view of all cards of its deal NOW: for a finished deal that is everybody who may read
 * the deal; for a live deal only admins, arbiters and the table's recorder. Forking a live deal
 * is refused to anyone else (decided: no restricted branches, because moves played in a branch
 * by a seat that cannot see the other hands would still reveal them through legality).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { BranchInfo } from '../../ledger/commands/branches';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { Visibility } from '../../auth/access';
import type { Principal } from '../../auth/role';
import type { ApiContext } from '../context/api-context';
import { badInput, forbidden, notFound } from '../errors/api-error';
import { perspectiveFor, readableDeal } from './deal-access';

// Per process: capabilities are reproducible for a retried command, unguessable for anyone else.
const CAPABILITY_KEY = randomBytes(32);
const hash = (what: string, value: string): string => createHash('sha256').update(`${what}\n${value}`).digest('base64url');

/** The capability an anonymous caller gets for the branch a command forks. */
export const capabilityFor = (p: Principal, commandId: string): string =>
  createHmac('sha256', CAPABILITY_KEY).update(`${p.key}\n${commandId}`).digest('base64url');

export function checkCapability(capability: string | null | undefined): string | undefined {
  if (capability === undefined || capability === null) return undefined;
  if (typeof capability !== 'string' || !/^[A-Za-z0-9_-]{16,100}$/.test(capability)) throw badInput('capability must be the string forkBranch returned');
  return capability;
}

/** The owner hash: a capability when given, else the token's identity (a player name, or the token). */
export function ownerOf(p: Principal, capability?: string): string | null {
  if (capability) return hash('capability', capability);
  if (p.role === 'anonymous') return null;
  return hash('identity', p.player !== undefined ? `player:${p.player}` : `token:${p.tokenId}`);
}

/** Who counts against the per-caller cap: the token, or the anonymous caller's address. */
export const creatorOf = (p: Principal): string => hash('creator', p.key);

/** The deal, when the caller may see all of it now (else FORBIDDEN / NOT_FOUND). */
export async function dealSeenWhole(ctx: ApiContext, dealId: string, v: Visibility, what: string): Promise<DealSummary> {
  const deal = await readableDeal(ctx, dealId, v);
  if (perspectiveFor(ctx, deal, 'auto').kind !== 'all')
    throw forbidden(`${what} shows every hand; before the deal ends only those who may see all of it (admin, arbiter, the table's recorder) may do that`);
  return deal;
}

export const isOwner = (info: BranchInfo, owners: readonly (string | null)[]): boolean => owners.some((o) => o !== null && o === info.owner);

/** Readable: owned or shared, and its deal seen whole by the caller now. Otherwise NOT_FOUND (existence is not revealed). */
export async function mayReadBranch(ctx: ApiContext, info: BranchInfo, owners: readonly (string | null)[], v: Visibility): Promise<boolean> {
  if (!isOwner(info, owners) && !info.shared) return false;
  try {
    await dealSeenWhole(ctx, info.dealId, v, 'a branch');
    return true;
  } catch {
    return false;
  }
}

export const branchNotFound = (id: string) => notFound(`branch ${id}`);
