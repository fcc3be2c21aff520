import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { randomUUID } from 'node:crypto';
import type { BranchInfo, LoadedBranch } from '../../ledger/commands/branches';
import { Ledger, type CommandContext } from '../../ledger/ledger';
import { seatToAct } from '../../rules/game';
import type { Move } from '../../rules/move';
import type { Seat } from '../../rules/seat';
import type { Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { badInput, unauthenticated } from '../errors/api-error';
import { BranchMoveInput, DeleteBranchInput, ForkBranchInput } from '../inputs/branch-inputs';
import * as valid from '../inputs/validate';
import { branchDealEvents } from '../../projections/replay-frames/branch-frames';
import { analysisView } from '../mapping/analysis-view';
import { frameView } from '../mapping/frame-view';
import { DealAnalysisType } from '../types/analysis.type';
import { analysableDeal, ANALYSIS_COMPLEXITY } from './analysis.resolver';
import { solverCall } from './solver-call';
import { API_VISIBILITY } from '../../settings/tokens';
import { BranchType } from '../types/branch.type';
import { branchMoves } from '../../deal/moves/move-table';
import { checkedMoveField } from '../inputs/move-field-values';
import { DealType } from '../types/deal.type';
import { ReplayFrameType } from '../types/frame.type';
import { branchNotFound, capabilityFor, checkCapability, creatorOf, dealSeenWhole, isOwner, mayReadBranch, ownerOf } from './branch-access';

const MAX_STEP = 1000;
/** Each request's branch lists by deal: aliases of one deal read it once. */
const listsOfRequest = new WeakMap<ApiContext, Map<string, Promise<BranchInfo[]>>>();
const MAX_CAPABILITIES = 20;

function view(info: BranchInfo, mine: boolean, extra: Partial<BranchType> = {}): BranchType {
  return {
    id: info.branchId,
    dealId: info.dealId,
    forkStep: info.forkStep,
    forkRevision: info.forkRevision,
    shared: info.shared,
    createdAt: info.createdAt,
    moves: info.moves,
    revision: info.revision.toString(),
    mine,
    capability: null,
    deleted: info.deleted,
    ...extra,
  };
}

function commandContext(ctx: ApiContext, commandId: string): CommandContext {
  const p = ctx.principal;
  return {
    commandId: valid.id(commandId, 'commandId'),
    actorId: p.role === 'anonymous' ? 'anonymous' : (p.player ?? `${p.role}:${p.tokenId}`),
    source: 'branch',
    correlationId: ctx.requestId || randomUUID(),
  };
}

/** The move an input names, for the seat to act unless it names one: its fields read as the move's mutation reads them. */
function moveOf(input: BranchMoveInput, toAct: Seat | null): Move {
  const definition = branchMoves().find((d) => d.kind === input.kind);
  if (!definition?.branch) throw badInput('unknown move kind');
  const seat = (input.seat ?? toAct) as Seat | null;
  if (seat === null) throw badInput('nobody is to act in this branch: name the seat');
  const values: Record<string, unknown> = {};
  for (const field of definition.mutation.fields) {
    const given = field.name === 'seat' ? seat : input[field.name];
    if ((given === undefined || given === null) && !field.optional) throw badInput(`${definition.branch.value} needs ${field.name}: ${field.description}`);
    values[field.name] = checkedMoveField(field, given);
  }
  return definition.branch.move(definition.mutation.command(input.branchId, values));
}

/** What-if branches over GraphQL: fork, play, delete, read, list per deal. */
@Resolver(() => BranchType)
export class BranchResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  /** The branch, if this caller may read it; NOT_FOUND otherwise (whether or not it exists). */
  private async readable(ctx: ApiContext, id: string, capability?: string): Promise<{ loaded: LoadedBranch; mine: boolean }> {
    const branchId = valid.id(id, 'branch id');
    const loaded = await this.ledger.branches.load(branchId);
    const owners = [ownerOf(ctx.principal), ownerOf(ctx.principal, capability)];
    if (!loaded || !(await mayReadBranch(ctx, loaded.info, owners, this.visibility))) throw branchNotFound(branchId);
    return { loaded, mine: isOwner(loaded.info, owners) };
  }

  /** The owner hash of a caller changing a branch: the capability when given, else the token's identity. */
  private changer(ctx: ApiContext, capability: string | null | undefined): string {
    const owner = ownerOf(ctx.principal, checkCapability(capability));
    if (owner === null) throw unauthenticated('an anonymous caller changes a branch with the capability forkBranch gave it');
    return owner;
  }

  @Mutation(() => BranchType, { description: "Fork a what-if branch from a step of a deal (the deal's stream is never written)" })
  async forkBranch(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID); a retry forks nothing twice' }) commandId: string,
    @Args('input', { type: () => ForkBranchInput, description: 'What to record' }) input: ForkBranchInput,
  ): Promise<BranchType> {
    if (!Number.isInteger(input.step) || input.step < 0 || input.step > MAX_STEP) throw badInput(`step must be 0-${MAX_STEP}`);
    const deal = await dealSeenWhole(ctx, input.dealId, this.visibility, 'a branch');
    const cmd = commandContext(ctx, commandId);
    const capability = ctx.principal.role === 'anonymous' ? capabilityFor(ctx.principal, cmd.commandId) : undefined;
    const owner = ownerOf(ctx.principal, capability) as string;
    const { info } = await this.ledger.branches.fork(
      {
        dealId: deal.dealId,
        step: input.step,
        owner,
        creator: creatorOf(ctx.principal),
        shared: !!input.shared,
        anonymous: ctx.principal.role === 'anonymous',
      },
      cmd,
    );
    return view(info, true, { capability: capability ?? null });
  }

  @Mutation(() => BranchType, { description: 'Play one move in a branch you own (the rules of a deal apply: R5-R21)' })
  async playBranchMove(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID); a retry records nothing twice' }) commandId: string,
    @Args('input', { type: () => BranchMoveInput, description: 'What to record' }) input: BranchMoveInput,
  ): Promise<BranchType> {
    const owner = this.changer(ctx, input.capability);
    const { loaded } = await this.readable(ctx, input.branchId, checkCapability(input.capability));
    if (loaded.info.owner !== owner) throw branchNotFound(input.branchId);
    const game = loaded.state.deal.game;
    const move = moveOf(input, game ? seatToAct(game) : null);
    const { info } = await this.ledger.branches.play(loaded.info.branchId, owner, move, commandContext(ctx, commandId));
    return view(info, true);
  }

  @Mutation(() => BranchType, { description: 'Delete a branch you own: a tombstone is recorded, its events stay in the store' })
  async deleteBranch(
    @Context() ctx: ApiContext,
    @Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID)' }) commandId: string,
    @Args('input', { type: () => DeleteBranchInput, description: 'What to record' }) input: DeleteBranchInput,
  ): Promise<BranchType> {
    const owner = this.changer(ctx, input.capability);
    const branchId = valid.id(input.branchId, 'branch id');
    const loaded = await this.ledger.branches.load(branchId, { withDeleted: true });
    // The owner's name is not enough: the caller must read the deal whole now (another "Anna", or Anna's token of another tournament, may not).
    if (!loaded || loaded.info.owner !== owner || !(await mayReadBranch(ctx, loaded.info, [owner], this.visibility))) throw branchNotFound(branchId);
    const { info } = await this.ledger.branches.delete(branchId, owner, commandContext(ctx, commandId));
    return view(info, true);
  }

  @Query(() => BranchType, { nullable: true, description: 'One what-if branch you own, or a shared one (null when there is none you may read)' })
  async branch(
    @Context() ctx: ApiContext,
    @Args('id', { type: () => ID, description: 'The branch id' }) id: string,
    @Args('capability', { type: () => String, nullable: true, description: "An anonymous creator's capability" }) capability?: string,
  ): Promise<BranchType | null> {
    try {
      const { loaded, mine } = await this.readable(ctx, id, checkCapability(capability));
      return view(loaded.info, mine);
    } catch (err) {
      if ((err as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  // Costed as a deal's frames are, its length (from..to, 50 when open) times a frame's fields (a flat 10 let 104 aliased branches build every frame).
  @ResolveField(() => [ReplayFrameType], { description: 'The branch step by step: frames from..to inclusive (default all), every hand shown' })
  async frames(
    @Parent() branch: BranchType,
    @Context() ctx: ApiContext,
    @Args('from', { type: () => Int, nullable: true, description: 'First step (default 0)' }) from?: number,
    @Args('to', { type: () => Int, nullable: true, description: 'Last step (default the last)' }) to?: number,
  ): Promise<ReplayFrameType[]> {
    for (const [k, v] of [
      ['from', from],
      ['to', to],
    ] as const)
      if (v !== undefined && v !== null && (!Number.isInteger(v) || v < 0 || v > MAX_STEP)) throw badInput(`${k} must be 0-${MAX_STEP}`);
    // A deleted branch shows no frame (deleteBranch answers the tombstone, never the hands).
    const loaded = branch.deleted ? null : await this.ledger.branches.load(branch.id);
    if (!loaded) return [];
    const range = { ...(from !== undefined && from !== null ? { from } : {}), ...(to !== undefined && to !== null ? { to } : {}) };
    return this.ledger.branches.frames(loaded, range).map(frameView);
  }

  @ResolveField(() => DealAnalysisType, {
    description:
      "The solver's verdicts along the branch, as Deal.analysis gives them for a deal (computed in a solver worker thread, cached per branch and revision)",
    complexity: ANALYSIS_COMPLEXITY,
  })
  async analysis(@Parent() branch: BranchType, @Context() ctx: ApiContext): Promise<DealAnalysisType> {
    // The analysis of a live deal's branch follows the deal's rule: admins and arbiters only.
    await analysableDeal(ctx, branch.dealId, this.visibility);
    const loaded = branch.deleted ? null : await this.ledger.branches.load(branch.id);
    if (!loaded) throw branchNotFound(branch.id);
    const events = branchDealEvents(loaded.dealEvents, loaded.events);
    return analysisView(
      await solverCall(ctx, (wait) => this.ledger.analyses.analysisOfEvents(`${branch.id}@${loaded.info.revision}`, loaded.info.dealId, events, wait)),
    );
  }

  @ResolveField(() => Int, { description: 'Number of steps (frames) of the branch' })
  async steps(@Parent() branch: BranchType): Promise<number> {
    const loaded = branch.deleted ? null : await this.ledger.branches.load(branch.id);
    return loaded ? this.ledger.branches.frames(loaded).length : 0;
  }

  @ResolveField(() => String, { description: "The viewer's link to a step of the branch (default its last step)" })
  link(@Parent() branch: BranchType, @Args('step', { type: () => Int, nullable: true, description: 'The step (default the last)' }) step?: number): string {
    const at = step ?? branch.forkStep + branch.moves;
    return `/?branch=${encodeURIComponent(branch.id)}#step=${at}`;
  }
}

/** The branches listed on a deal: the caller's own and the shared ones. */
@Resolver(() => DealType)
export class DealBranchesResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  @ResolveField(() => [BranchType], {
    description: "What-if branches of this deal: the caller's own and the shared ones (only for callers who may see all of the deal now)",
    // Reads the deal's live branches (at most 100): aliases of one deal share one read, distinct deals are costed.
    complexity: 100,
  })
  async branches(
    @Parent() deal: DealType,
    @Context() ctx: ApiContext,
    @Args('capabilities', { type: () => [String], nullable: true, description: "An anonymous creator's capabilities (at most 20)" }) capabilities?: string[],
  ): Promise<BranchType[]> {
    if (capabilities && capabilities.length > MAX_CAPABILITIES) throw badInput(`at most ${MAX_CAPABILITIES} capabilities`);
    try {
      await dealSeenWhole(ctx, deal.id, this.visibility, 'a branch');
    } catch {
      return [];
    }
    const owners = [ownerOf(ctx.principal), ...(capabilities ?? []).map((c) => ownerOf(ctx.principal, checkCapability(c)))];
    let memo = listsOfRequest.get(ctx);
    if (!memo) listsOfRequest.set(ctx, (memo = new Map()));
    let listed = memo.get(deal.id);
    if (!listed) memo.set(deal.id, (listed = this.ledger.branches.ofDeal(deal.id)));
    const all = await listed;
    return all.filter((b) => b.shared || isOwner(b, owners)).map((b) => view(b, isOwner(b, owners)));
  }
}
