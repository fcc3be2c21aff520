import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ledger, type LedgerCommand } from '../../ledger/ledger';
import { mayRecord, scopeCovers } from '../../auth/access';
import type { Principal } from '../../auth/role';
import type { Seat } from '../../rules/seat';
import type { ApiContext } from '../context/api-context';
import { badInput, notFound } from '../errors/api-error';
import * as valid from '../inputs/validate';
import { CommandResultType } from '../types/command-result.type';
import { DealType } from '../types/deal.type';
import { SeatEnum } from '../types/enums';
import { FairDealType, FairVerdictEnum } from '../types/fair-deal.type';
import { gate, runCommand } from './run-command';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';

const COMMAND_ID = { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' };

/** A seat's client seed comes from that seat's player (a token that speaks for him there), the table's recorder (its device) or an admin. */
function mayGiveSeed(p: Principal, deal: DealSummary, seat: Seat): boolean {
  if (mayRecord(p, deal.tableId)) return true;
  return p.role === 'player' && p.player !== undefined && deal.players[seat] === p.player && scopeCovers(p, deal);
}

/**
 * Fair dealing (docs/fair-dealing.md): the check of a deal's shuffle, and the client seeds and
 * dealing of a deal whose cards wait for them. The server seed is answered only once the deal
 * recorded it (at its end); nothing here reads the kept seed.
 */
@Resolver(() => DealType)
export class FairDealResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  @ResolveField(() => FairDealType, {
    description: "The deal's fair-dealing record and the recomputation of its shuffle (docs/fair-dealing.md)",
    // A stream read, a fold and a few HMAC blocks (≈ 0.2 ms): about 20 units of the cost model.
    complexity: ({ childComplexity }) => 20 + childComplexity,
  })
  async fairness(@Parent() deal: DealType, @Context() ctx: ApiContext): Promise<FairDealType> {
    return ctx.budget.run(async () => {
      // As of a moment: the record then (a seed revealed only when its reveal lies within it).
      const asOf = deal.asOf;
      const check = asOf ? await (await this.ledger.asOf(asOf)).deals.fairDeal(deal.id) : await this.ledger.fairDeal(deal.id);
      if (!check) throw notFound(`deal ${deal.id}`);
      return {
        verdict: check.verdict as FairVerdictEnum,
        scheme: check.scheme,
        commitment: check.commitment,
        clientSeeds: check.clientSeeds.flatMap((seed, seat) => (seed === null ? [] : [{ seat, seed }])),
        awaitsClientSeeds: check.awaitsClientSeeds,
        serverSeed: check.serverSeed,
        problems: [...check.problems],
      };
    });
  }

  @Mutation(() => CommandResultType, {
    description:
      "A seat's client seed (1-128 characters) for a server-shuffled deal whose cards wait for them (L31); the third seed deals the cards. From that seat's player, the table's recorder or an admin",
  })
  async addClientSeed(
    @Context() ctx: ApiContext,
    @Args('commandId', COMMAND_ID) commandId: string,
    @Args('dealId', { type: () => ID, description: "The deal's id" }) dealId: string,
    @Args('seat', { type: () => SeatEnum, description: 'The seat the seed is for' }) seat: number,
    @Args('seed', { description: 'The client seed: any text of 1-128 characters' }) seed: string,
  ): Promise<CommandResultType> {
    if (typeof seed !== 'string' || seed.length === 0 || seed.length > 128) throw badInput('a client seed is 1-128 characters');
    const deal = await this.dealToDeal(ctx, dealId);
    gate(ctx, (p) => mayGiveSeed(p, deal, seat as Seat), "give this seat's client seed");
    const command: LedgerCommand = { type: 'AddClientSeed', dealId: deal.dealId, seat: seat as Seat, seed };
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }

  @Mutation(() => CommandResultType, { description: 'Deal the cards of a deal that waits for client seeds, with the seeds given so far (the table recorder)' })
  async dealCards(
    @Context() ctx: ApiContext,
    @Args('commandId', COMMAND_ID) commandId: string,
    @Args('dealId', { type: () => ID, description: "The deal's id" }) dealId: string,
  ): Promise<CommandResultType> {
    const deal = await this.dealToDeal(ctx, dealId);
    gate(ctx, (p) => mayRecord(p, deal.tableId), "deal the cards at this deal's table");
    return runCommand(this.ledger, ctx, { type: 'DealCards', dealId: deal.dealId }, commandId, undefined);
  }

  private async dealToDeal(ctx: ApiContext, dealId: string): Promise<DealSummary> {
    gate(ctx, (p) => p.role !== 'anonymous', 'record a deal');
    const deal = await ctx.deals.load(valid.id(dealId, 'dealId'));
    if (!deal) throw notFound(`deal ${dealId}`);
    return deal;
  }
}
