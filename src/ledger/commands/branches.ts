import { createHash } from 'node:crypto';
import { BRANCH_RULES as B, DEFAULT_BRANCH_LIMITS, type BranchLimits } from '../../branch/branch-rules';
import { evolveBranch, initialBranchState, type BranchState } from '../../branch/branch-state';
import type { BranchCommand } from '../../branch/commands';
import { BRANCH_SCHEMA_VERSION, branchStreamName, isBranchEventType, type BranchEvent, type BranchForkedData } from '../../branch/events';
import { commandMetadata, handleCommand } from '../../command-handling/handle-command';
import { branchDecider } from '../../branch/branch-decider';
import { initialDealState, type DealState } from '../../deal/deal-state';
import { dealStreamName, isDealEventType } from '../../deal/events';
import type { EventStore, RecordedEvent } from '../../event-store/event-store';
import { branchFrames } from '../../projections/replay-frames/branch-frames';
import type { ReplayFrame } from '../../projections/replay-frames/replay-frame';
import type { Move } from '../../rules/move';
import { InvalidQueryError, NotFoundError } from '../../kernel/errors';
import { IllegalCommandError } from '../../kernel/errors';
import type { CommandContext, CommandOutcome } from '../../command-handling/command-types';
import { LEDGER_RULES } from '../../deal/ledger-rules';
import { BRANCH_COMMAND_PREFIX, reservedCommandIdProblem } from './reserved-ids';
import { dealStateAfter, foldDealStream } from '../../deal/deal-stream';

/** A branch stream's own events (anything else in it is not the branch decider's). */
const branchEventOf = (e: RecordedEvent): BranchEvent | null => (isBranchEventType(e.type) ? (e as unknown as BranchEvent) : null);

/** What the service knows of one branch without folding its moves. */
export interface BranchInfo extends BranchForkedData {
  readonly createdAt: string;
  readonly moves: number;
  readonly deleted: boolean;
  readonly revision: bigint;
}

/** A branch read in full: its info, the deal events to the fork, its own events, the fold. */
export interface LoadedBranch {
  readonly info: BranchInfo;
  readonly dealEvents: readonly RecordedEvent[];
  readonly events: readonly RecordedEvent[];
  readonly state: BranchState;
}

/** The deal's events up to and including the one that made replay step `step`, and that state. */
function dealToStep(events: readonly RecordedEvent[], step: number): { events: RecordedEvent[]; state: DealState } | null {
  let state = initialDealState;
  let at = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (!isDealEventType(e.type)) continue;
    state = dealStateAfter(state, e);
    if (!state.game) continue;
    at++;
    if (at === step) return { events: events.slice(0, i + 1), state };
  }
  return null;
}

function dealToRevision(events: readonly RecordedEvent[], revision: bigint): { events: RecordedEvent[]; state: DealState } {
  const upTo = events.filter((e) => e.revision <= revision);
  return { events: upTo, state: foldDealStream(upTo) };
}

function infoOf(events: readonly RecordedEvent[]): BranchInfo | null {
  const first = events[0];
  if (!first || first.type !== 'BranchForked') return null;
  const forked = first.data as BranchForkedData;
  return {
    ...forked,
    createdAt: first.metadata.recordedAt ?? '',
    moves: events.filter((e) => e.type === 'BranchMovePlayed').length,
    deleted: events.some((e) => e.type === 'BranchDeleted'),
    revision: events[events.length - 1].revision,
  };
}

/**
 * The branch lists, kept in the store (not in a process's memory, so every API instance over one
 * store sees every branch): one index stream per deal and one per creator, a `BranchListed` event
 * per branch and a `BranchUnlisted` when it is deleted. An entry is written before the branch
 * itself, so a branch is never missing from its lists; an entry whose branch was never written
 * (the fork failed after it) is skipped when read. Reading a list costs one stream read of the
 * index and one per live, unexpired branch on it (deleted and expired ones are not read), so it is
 * bounded by the caps on live branches per deal and per caller, however many came and went.
 */
export const BRANCHES_OF_DEAL_PREFIX = 'branchesofdeal-';
export const BRANCHES_OF_CREATOR_PREFIX = 'branchesofcreator-';
export const BRANCH_LISTED = 'BranchListed';
export const BRANCH_UNLISTED = 'BranchUnlisted';

export interface BranchListedData {
  readonly branchId: string;
  /** An anonymous caller's branch: when it stops being listed (ISO instant). */
  readonly expiresAt?: string;
}

export const branchesOfDealStream = (dealId: string): string => `${BRANCHES_OF_DEAL_PREFIX}${dealId}`;
/** The creator is already a one-way hash; hashed again to a fixed length for the stream name. */
export const branchesOfCreatorStream = (creator: string): string =>
  `${BRANCHES_OF_CREATOR_PREFIX}${createHash('sha256').update(creator).digest('base64url').slice(0, 22)}`;

/** Every branch command records under its branch's own namespace (L17: no collision with a live or import command's event ids). */
const branchCommandId = (branchId: string, commandId: string): string => `${BRANCH_COMMAND_PREFIX}${branchId}:${commandId}`;

/** Index streams whose live entries are kept in memory (the lists read most recently). */
const INDEX_CACHE = 10_000;

const expired = (expiresAt: string | undefined, now: number): boolean => expiresAt !== undefined && Date.parse(expiresAt) <= now;

/**
 * What-if branches over the event store: each a stream `branch-<id>` forked at a deal revision.
 * Only ever reads the deal's stream.
 */
export class Branches {
  readonly limits: BranchLimits;

  constructor(
    private readonly store: EventStore,
    limits: Partial<BranchLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_BRANCH_LIMITS, ...limits };
  }

  /** A branch id that nobody can guess without the owner's identity and the command id. */
  static idFor(owner: string, commandId: string): string {
    return createHash('sha256').update(`branch\n${owner}\n${commandId}`).digest('base64url').slice(0, 22);
  }

  private async info(branchId: string): Promise<BranchInfo | null> {
    return infoOf((await this.store.readStream(branchStreamName(branchId))).events);
  }

  /** What each index stream read so far says (its next revision, its live entries): a list reads only the entries added since. */
  private readonly indexes = new Map<string, { next: bigint; live: Map<string, string | undefined> }>();

  /** The ids an index stream lists as live and unexpired (deleted and expired entries are not read further). */
  private async listedIds(indexStream: string): Promise<string[]> {
    const known = this.indexes.get(indexStream);
    const index = await this.store.readStream(indexStream, known ? { fromRevision: known.next } : {});
    const live = known?.live ?? new Map<string, string | undefined>();
    let next = known?.next ?? 0n;
    for (const e of index.events) {
      if (e.revision < next) continue; // applied by a concurrent read already
      const data = e.data as BranchListedData;
      if (e.type === BRANCH_LISTED) live.set(data.branchId, data.expiresAt);
      else if (e.type === BRANCH_UNLISTED) live.delete(data.branchId);
      next = e.revision + 1n;
    }
    this.indexes.delete(indexStream);
    this.indexes.set(indexStream, { next, live });
    if (this.indexes.size > INDEX_CACHE) this.indexes.delete(this.indexes.keys().next().value as string);
    const now = this.now();
    return [...live].filter(([, expiresAt]) => !expired(expiresAt, now)).map(([id]) => id);
  }

  /** The live branches named by one index stream, each read from its own stream. */
  private async listed(indexStream: string): Promise<BranchInfo[]> {
    const out: BranchInfo[] = [];
    for (const id of await this.listedIds(indexStream)) {
      const info = await this.info(id);
      if (info && !info.deleted && !expired(info.expiresAt, this.now())) out.push(info);
    }
    return out;
  }

  /** Writes (or, deleted, strikes) the branch in the list of its deal and of its creator (idempotent: event ids derived from the branch id). */
  private async list(type: typeof BRANCH_LISTED | typeof BRANCH_UNLISTED, data: BranchListedData, dealId: string, creator: string, ctx: CommandContext) {
    const now = new Date().toISOString();
    const what = type === BRANCH_LISTED ? 'listed' : 'unlisted';
    const meta = (k: number) => commandMetadata({ ...ctx, commandId: branchCommandId(data.branchId, what) }, k, now, BRANCH_SCHEMA_VERSION);
    await this.store.appendMany([
      { streamName: branchesOfDealStream(dealId), events: [{ type, data, metadata: meta(0) }], expectedRevision: 'any' },
      { streamName: branchesOfCreatorStream(creator), events: [{ type, data, metadata: meta(1) }], expectedRevision: 'any' },
    ]);
  }

  /**
   * Forks a branch at a replay step of a deal; `creator` is counted against the per-caller cap,
   * the deal's live branches against the per-deal cap; `anonymous` branches expire.
   */
  async fork(
    request: { dealId: string; step: number; owner: string; creator: string; shared: boolean; anonymous?: boolean },
    ctx: CommandContext,
  ): Promise<{ outcome: CommandOutcome; info: BranchInfo }> {
    const reserved = reservedCommandIdProblem(ctx.commandId);
    if (reserved) throw new IllegalCommandError(LEDGER_RULES.reservedIds, reserved);
    if (!Number.isInteger(request.step) || request.step < 0) throw new InvalidQueryError('the fork step is an integer from 0');
    const branchId = Branches.idFor(request.owner, ctx.commandId);
    const again = await this.info(branchId);
    if (!again) {
      if ((await this.listedIds(branchesOfCreatorStream(request.creator))).length >= this.limits.maxBranchesPerCaller)
        throw new IllegalCommandError(B.tooManyBranches, `one caller may keep at most ${this.limits.maxBranchesPerCaller} branches; delete one first`);
      if ((await this.listedIds(branchesOfDealStream(request.dealId))).length >= this.limits.maxBranchesPerDeal)
        throw new IllegalCommandError(B.tooManyBranchesOfDeal, `a deal has at most ${this.limits.maxBranchesPerDeal} live branches; try again later`);
    }
    const deal = await this.store.readStream(dealStreamName(request.dealId));
    if (!deal.exists) throw new NotFoundError('deal', request.dealId);
    const at = dealToStep(deal.events, request.step);
    if (!at) throw new IllegalCommandError(B.badFork, `deal ${request.dealId} has no step ${request.step}`);
    const expiresAt = again ? again.expiresAt : request.anonymous ? new Date(this.now() + this.limits.anonymousBranchTtlMs).toISOString() : undefined;
    if (!again) await this.list(BRANCH_LISTED, { branchId, ...(expiresAt ? { expiresAt } : {}) }, request.dealId, request.creator, ctx);
    const forkRevision = at.events[at.events.length - 1].revision.toString();
    const command: BranchCommand = {
      type: 'ForkBranch',
      branchId,
      dealId: request.dealId,
      forkStep: request.step,
      forkRevision,
      owner: request.owner,
      creator: request.creator,
      shared: request.shared,
      ...(expiresAt ? { expiresAt } : {}),
    };
    const outcome = await handleCommand(
      this.store,
      branchStreamName(branchId),
      branchDecider(at.state, this.limits),
      command,
      { ...ctx, commandId: branchCommandId(branchId, ctx.commandId) },
      { schemaVersion: BRANCH_SCHEMA_VERSION, eventOf: branchEventOf },
    );
    const info = await this.info(branchId);
    if (!info) throw new Error(`branch ${branchId} cannot be read back`);
    return { outcome, info };
  }

  /** A branch with everything needed to fold or show it; null when there is none (or it was deleted and `withDeleted` is off). */
  async load(branchId: string, options: { withDeleted?: boolean } = {}): Promise<LoadedBranch | null> {
    const read = await this.store.readStream(branchStreamName(branchId));
    const info = infoOf(read.events);
    if (!info || ((info.deleted || expired(info.expiresAt, this.now())) && !options.withDeleted)) return null;
    const deal = await this.store.readStream(dealStreamName(info.dealId));
    const at = dealToRevision(deal.events, BigInt(info.forkRevision));
    const state = read.events.reduce((s, e) => (isBranchEventType(e.type) ? evolveBranch(s, e as unknown as BranchEvent) : s), initialBranchState(at.state));
    return { info, dealEvents: at.events, events: read.events, state };
  }

  private async change(branchId: string, command: BranchCommand, ctx: CommandContext): Promise<{ outcome: CommandOutcome; info: BranchInfo }> {
    const reserved = reservedCommandIdProblem(ctx.commandId);
    if (reserved) throw new IllegalCommandError(LEDGER_RULES.reservedIds, reserved);
    const loaded = await this.load(branchId, { withDeleted: true });
    if (!loaded || (expired(loaded.info.expiresAt, this.now()) && !loaded.info.deleted)) throw new NotFoundError('branch', branchId);
    const deal = await this.store.readStream(dealStreamName(loaded.info.dealId));
    const at = dealToRevision(deal.events, BigInt(loaded.info.forkRevision));
    const outcome = await handleCommand(
      this.store,
      branchStreamName(branchId),
      branchDecider(at.state, this.limits),
      command,
      { ...ctx, commandId: branchCommandId(branchId, ctx.commandId) },
      { schemaVersion: BRANCH_SCHEMA_VERSION, eventOf: branchEventOf, requireExisting: () => new NotFoundError('branch', branchId) },
    );
    const info = (await this.info(branchId)) as BranchInfo;
    // Struck from its lists once deleted (a retry strikes nothing twice), so no list reads it again.
    if (info.deleted) await this.list(BRANCH_UNLISTED, { branchId }, info.dealId, info.creator, ctx);
    return { outcome, info };
  }

  async play(branchId: string, owner: string, move: Move, ctx: CommandContext): Promise<{ outcome: CommandOutcome; info: BranchInfo }> {
    return this.change(branchId, { type: 'PlayBranchMove', branchId, owner, move }, ctx);
  }

  /** Appends the tombstone; the branch's events stay in the store. */
  async delete(branchId: string, owner: string, ctx: CommandContext): Promise<{ outcome: CommandOutcome; info: BranchInfo }> {
    return this.change(branchId, { type: 'DeleteBranch', branchId, owner }, ctx);
  }

  /** The live branches of a deal, oldest first. */
  async ofDeal(dealId: string): Promise<BranchInfo[]> {
    const all = await this.listed(branchesOfDealStream(dealId));
    return all.filter((b) => b.dealId === dealId).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.branchId.localeCompare(b.branchId));
  }

  /** Frames of a loaded branch (the caller decides who may see them). */
  frames(branch: LoadedBranch, range: { from?: number; to?: number } = {}): ReplayFrame[] {
    return branchFrames(branch.info.dealId, branch.dealEvents, branch.events, { kind: 'all' }, range);
  }
}
