import { Inject } from '@nestjs/common';
import { Args, Context, ID, Info, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { Ledger, type AsOf } from '../../ledger/ledger';
import type { DealFilter } from '../../projections/deal-summary/deal-summary';
import { hiddenTournaments, mayReadDeal, mayReadDisputeReasons, mayReadTournament, mayRecord, type Visibility } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { badInput, forbidden, notFound } from '../errors/api-error';
import { DealFilterInput } from '../inputs/command-inputs';
import { AS_OF_ARG, AsOfInput, asOfOf } from '../inputs/as-of-input';
import * as valid from '../inputs/validate';
import { auditView } from '../mapping/read-model-views';
import { dealView } from '../mapping/deal-view';
import { frameView } from '../mapping/frame-view';
import { frameViews } from '../mapping/frame-views';
import { CursorSeal } from '../mapping/cursor-seal';
import { selectsField } from '../mapping/selects-field';
import { DealAuditType } from '../types/audit.type';
import { DealConnectionType } from '../types/connection.type';
import { DealDisputeType, DealType } from '../types/deal.type';
import { PerspectiveEnum, SourceEnum } from '../types/enums';
import { ReplayFrameType } from '../types/frame.type';
import type { ApiSettings } from '../../settings/api-settings';
import { API_SETTINGS, API_VISIBILITY } from '../../settings/tokens';
import { perspectiveFor, readableDeal } from './deal-access';

/** A source filter names one of the sources deals are recorded with; OTHER is no stored value. */
function sourceFilter(source: SourceEnum): string {
  if (source === SourceEnum.OTHER) throw badInput('filter by LIVE, IMPORT_ISS, MANUAL or BRANCH: OTHER stands for any other source and is no stored value');
  return source;
}

const MAX_PAGE = 100;

@Resolver(() => DealType)
export class DealResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
    @Inject(API_SETTINGS) settings: ApiSettings,
  ) {
    this.cursors = new CursorSeal(settings.tokenSecret);
  }

  /** Cursors leave sealed: even one that ends a page on a deal the caller may not list tells nothing. */
  private readonly cursors: CursorSeal;

  @Query(() => DealType, { nullable: true, description: 'One deal; imported ISS records have id iss-<ID>' })
  async deal(
    @Args('id', { type: () => ID, description: "The deal's id" }) id: string,
    @Context() ctx: ApiContext,
    @Args('asOf', AS_OF_ARG) asOfInput?: AsOfInput,
  ): Promise<DealType | null> {
    await ctx.budget.step();
    const dealId = valid.id(id, 'deal id');
    const asOf = asOfOf(asOfInput);
    // As of a moment: the summary then (null when the deal did not exist yet); its fields below are read as of it too.
    const deal = asOf ? await ctx.budget.run(async () => (await this.ledger.asOf(asOf)).sheets.deal(dealId)) : await ctx.deals.load(dealId);
    if (!deal || !mayReadDeal(ctx.principal, deal, this.visibility)) return null;
    return asOf ? { ...dealView(deal), asOf } : dealView(deal);
  }

  @Query(() => DealConnectionType, { description: 'Deals by start time (newest first unless newestFirst: false), filtered; a Relay connection' })
  async deals(
    @Context() ctx: ApiContext,
    @Args('filter', { type: () => DealFilterInput, nullable: true, description: 'Only the deals matching every field given' }) filter?: DealFilterInput,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 20, description: `Page size, 1-${MAX_PAGE}` }) first = 20,
    @Args('after', { type: () => String, nullable: true, description: "Continue after this cursor (an edge's cursor or pageInfo.endCursor)" }) after?: string,
    @Args('newestFirst', {
      type: () => Boolean,
      nullable: true,
      defaultValue: true,
      description: 'true: the latest start first (default); false: the oldest first',
    })
    newestFirst = true,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<DealConnectionType> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw badInput(`first must be 1-${MAX_PAGE}`);
    const wantsCount = info === undefined || selectsField(info, 'totalCount');
    // One list at a time, the event loop getting a turn between them: 31 aliased counts of a player's deals held /health 270 ms at once.
    return ctx.budget.run(() => this.dealPage(ctx, filter, first, after, newestFirst, wantsCount));
  }

  private async dealPage(
    ctx: ApiContext,
    filter: DealFilterInput | undefined,
    first: number,
    after: string | undefined,
    newestFirst: boolean,
    wantsCount: boolean,
  ): Promise<DealConnectionType> {
    const f: DealFilter = {
      ...(filter?.player !== undefined && filter.player !== null ? { player: valid.name(filter.player, 'player') } : {}),
      ...(filter?.tableId ? { tableId: valid.id(filter.tableId, 'tableId') } : {}),
      ...(filter?.tournamentId ? { tournamentId: valid.id(filter.tournamentId, 'tournamentId') } : {}),
      ...(filter?.game ? { gameType: filter.game } : {}),
      ...(filter?.result ? { result: filter.result } : {}),
      ...(filter?.from ? { from: valid.date(filter.from, 'from') } : {}),
      ...(filter?.to ? { to: valid.date(filter.to, 'to') } : {}),
      ...(filter?.source ? { source: sourceFilter(filter.source) } : {}),
      // Left out in SQL, so that counts and pages do not betray them either.
      hiddenTournaments: hiddenTournaments(ctx.principal, this.visibility),
    };
    // A private tournament answers as one that does not exist (no FORBIDDEN that would confirm its id).
    if (f.tournamentId && !mayReadTournament(ctx.principal, f.tournamentId, this.visibility)) {
      return { edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null }, totalCount: 0 };
    }
    const storeCursor = after ? (after.length <= 1000 ? this.cursors.open(after) : null) : undefined;
    if (storeCursor === null) throw badInput("after is not a cursor of this server (pass an edge's cursor or pageInfo.endCursor)");
    const page = await this.ledger.deals(f, { first, newestFirst: newestFirst !== false, count: false, ...(storeCursor ? { after: storeCursor } : {}) });
    const visible = page.items
      .map((deal, i) => ({ deal, cursor: this.cursors.seal(page.cursors?.[i] ?? '') }))
      .filter(({ deal }) => mayReadDeal(ctx.principal, deal, this.visibility));
    for (const { deal } of visible) ctx.deals.prime(deal.dealId, deal);
    const edges = visible.map(({ deal, cursor }) => ({ cursor, node: dealView(deal) }));
    return {
      edges,
      nodes: edges.map((e) => e.node),
      // startCursor from what the caller sees; endCursor stays the page's end, so paging never stalls on a hidden deal (sealed, it tells nothing of that deal).
      pageInfo: {
        hasNextPage: page.hasNextPage,
        hasPreviousPage: page.hasPreviousPage ?? false,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: page.endCursor ? this.cursors.seal(page.endCursor) : null,
      },
      // Counted only when the caller asks for it (from the read models' counters).
      totalCount: wantsCount ? await this.ledger.dealCount(f) : 0,
    };
  }

  // The contests' free text only for those the deal concerns (see mayReadDisputeReasons).
  @ResolveField(() => [DealDisputeType], { description: 'Contests of the result, oldest first, each with its ruling once given' })
  disputes(@Parent() deal: DealType, @Context() ctx: ApiContext): DealDisputeType[] {
    if (mayReadDisputeReasons(ctx.principal, deal)) return deal.disputes;
    return deal.disputes.map((d) => ({ ...d, reason: null, rulingReason: null }));
  }

  @ResolveField(() => String, { description: "The deal stream's last revision (a bigint as a string): pass it as expectedRevision", complexity: 2 })
  async revision(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<string> {
    const asOf = deal.asOf;
    return ctx.budget.run(async () =>
      (asOf ? await (await this.ledger.asOf(asOf)).deals.revision(deal.id) : await this.ledger.dealRevision(deal.id)).toString(),
    );
  }

  // Cost: a fold of the deal's events (about 0.3 ms, see the read-model cost units).
  @ResolveField(() => ReplayFrameType, {
    nullable: true,
    description: 'The position after one step; step 0 is the dealt position',
    complexity: ({ childComplexity }) => 15 + childComplexity,
  })
  async frame(
    @Parent() deal: DealType,
    @Context() ctx: ApiContext,
    @Args('step', { type: () => Int, description: 'The step, from 0 (cards dealt)' }) step: number,
    @Args('perspective', {
      type: () => PerspectiveEnum,
      defaultValue: PerspectiveEnum.AUTO,
      description: 'Whose view: AUTO is the most this caller may see; a wider one than the caller may see is refused',
    })
    perspective: PerspectiveEnum,
  ): Promise<ReplayFrameType | null> {
    if (!Number.isInteger(step) || step < 0 || step > 1000) throw badInput('step must be 0-1000');
    const granted = perspectiveFor(ctx, deal, perspective);
    return ctx.budget.run(async () => {
      const asOf = deal.asOf;
      const frame = asOf ? await (await this.ledger.asOf(asOf)).deals.frame(deal.id, step, granted) : await this.ledger.frame(deal.id, step, granted);
      return frame ? frameView(frame) : null;
    });
  }

  @ResolveField(() => [ReplayFrameType], { description: 'Frames from..to inclusive (default all)' })
  async frames(
    @Parent() deal: DealType,
    @Context() ctx: ApiContext,
    @Args('from', { type: () => Int, nullable: true, description: 'The first step (default 0)' }) from?: number,
    @Args('to', { type: () => Int, nullable: true, description: 'The last step (default the latest)' }) to?: number,
    @Args('perspective', {
      type: () => PerspectiveEnum,
      defaultValue: PerspectiveEnum.AUTO,
      description: 'Whose view: AUTO is the most this caller may see; a wider one than the caller may see is refused',
    })
    perspective = PerspectiveEnum.AUTO,
  ): Promise<ReplayFrameType[]> {
    for (const [k, v] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (v !== undefined && v !== null && (v < 0 || v > 1000)) throw badInput(`${k} must be 0-1000`);
    }
    const range = { ...(from !== undefined && from !== null ? { from } : {}), ...(to !== undefined && to !== null ? { to } : {}) };
    const granted = perspectiveFor(ctx, deal, perspective);
    return ctx.budget.run(async () => {
      // As of a moment: folded from the events then (the perspective granted as the deal stood then). Now: a finished deal's
      // frames come from the ledger's frame cache, their views mapped once with them.
      const asOf = deal.asOf;
      if (asOf) return (await (await this.ledger.asOf(asOf)).deals.frames(deal.id, range, granted)).map(frameView);
      return frameViews(await this.ledger.frames(deal.id, range, granted)) as ReplayFrameType[];
    });
  }

  @ResolveField(() => [ReplayFrameType], {
    nullable: true,
    description:
      "A result-only deal whose cards are being recorded (upgradeDeal): the frames of the latest recording, every card shown (the deal itself is over); null when none was begun. For the table's recorder, arbiters and admins",
    complexity: ({ childComplexity }) => 15 + childComplexity,
  })
  async recordingFrames(
    @Parent() deal: DealType,
    @Context() ctx: ApiContext,
    @Args('from', { type: () => Int, nullable: true, description: 'First step (inclusive); default 0' }) from?: number,
    @Args('to', { type: () => Int, nullable: true, description: 'Last step (inclusive); default the last' }) to?: number,
  ): Promise<ReplayFrameType[] | null> {
    for (const [k, v] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (v !== undefined && v !== null && (!Number.isInteger(v) || v < 0 || v > 1000)) throw badInput(`${k} must be 0-1000`);
    }
    const p = ctx.principal;
    if (!(mayRecord(p, deal.tableId) || p.role === 'arbiter'))
      throw forbidden("a recording of a deal's cards is shown to the table's recorder, arbiters and admins");
    const range = { ...(from !== undefined && from !== null ? { from } : {}), ...(to !== undefined && to !== null ? { to } : {}) };
    return ctx.budget.run(async () => {
      const asOf = deal.asOf;
      const frames = asOf ? await (await this.ledger.asOf(asOf)).deals.recordingFrames(deal.id, range) : await this.ledger.recordingFrames(deal.id, range);
      return frames ? frames.map(frameView) : null;
    });
  }

  @ResolveField('audit', () => DealAuditType, { nullable: true, description: 'Events, hashes and recorded vs recomputed result' })
  async auditField(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<DealAuditType | null> {
    const asOf = deal.asOf;
    if (asOf) return ctx.budget.run(() => auditAsOf(this.ledger, ctx, deal, asOf));
    return auditFor(this.ledger, ctx, deal.id, this.visibility);
  }

  @Query(() => DealAuditType, { nullable: true, description: 'The audit of one deal: events with metadata and hashes, intact, recorded vs recomputed' })
  async audit(@Args('dealId', { type: () => ID, description: "The deal's id" }) dealId: string, @Context() ctx: ApiContext): Promise<DealAuditType | null> {
    return auditFor(this.ledger, ctx, dealId, this.visibility);
  }
}

/** The audit shows every event's data, cards included: only for those who may see all of the deal. */
async function auditFor(ledger: Ledger, ctx: ApiContext, dealId: string, visibility: Visibility): Promise<DealAuditType | null> {
  return ctx.budget.run(() => auditOf(ledger, ctx, dealId, visibility));
}

/** The audit as recorded then, of a deal read as of a moment: for those who may see all of the deal as it stood then. */
async function auditAsOf(ledger: Ledger, ctx: ApiContext, deal: DealType, asOf: AsOf): Promise<DealAuditType | null> {
  if (perspectiveFor(ctx, deal, 'auto').kind !== 'all') throw forbidden('the audit of a deal live at that moment shows hidden cards; it opens as of its end');
  const audit = await (await ledger.asOf(asOf)).deals.audit(deal.id);
  if (!audit) throw notFound(`audit of deal ${deal.id}`);
  return auditView(audit, deal.players);
}

async function auditOf(ledger: Ledger, ctx: ApiContext, dealId: string, visibility: Visibility): Promise<DealAuditType | null> {
  const deal = await readableDeal(ctx, dealId, visibility).catch(() => null);
  if (!deal) return null;
  if (perspectiveFor(ctx, deal, 'auto').kind !== 'all') throw forbidden('the audit of a live deal shows hidden cards; it opens when the deal ends');
  const audit = await ledger.audit(deal.dealId);
  if (!audit) throw notFound(`audit of deal ${dealId}`);
  return auditView(audit, deal.players);
}
