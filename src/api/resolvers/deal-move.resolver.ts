import 'reflect-metadata';
import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Resolver } from '@nestjs/graphql';
import type { DealCommand } from '../../deal/commands';
import type { MoveDefinition } from '../../deal/moves/move-definition';
import { moveDefinitions } from '../../deal/moves/move-table';
import { Ledger, type LedgerCommand } from '../../ledger/ledger';
import { mayRecord } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { forbidden, notFound, unauthenticated } from '../errors/api-error';
import { DEAL_MOVE_INPUTS } from '../inputs/deal-move-inputs';
import { checkedMoveField } from '../inputs/move-field-values';
import * as valid from '../inputs/validate';
import { CommandResultType } from '../types/command-result.type';
import { gate, runCommand } from './run-command';

/**
 * The deal moves' mutations, one per move of the table of moves (src/deal/moves/), all through one
 * helper: the recorder's token is checked, the input shaped into the move's command, and the command
 * handed to the Ledger. Each takes `commandId`, `input: <Move>Input!` and `expectedRevision`.
 */
@Resolver()
export class DealMoveResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  /** The one mutation helper: every deal move is recorded through here. */
  async recordMove(
    definition: MoveDefinition<DealCommand>,
    ctx: ApiContext,
    commandId: string,
    input: Readonly<Record<string, unknown>> & { readonly dealId: string },
    expectedRevision: string | undefined,
  ): Promise<CommandResultType> {
    if (ctx.principal.role === 'anonymous') throw unauthenticated('recording a deal needs a recorder token');
    const dealId = valid.id(input.dealId, 'dealId');
    const values: Record<string, unknown> = {};
    for (const field of definition.mutation.fields) values[field.name] = checkedMoveField(field, input[field.name]);
    const command = definition.mutation.command(dealId, values) as LedgerCommand;
    const deal = await ctx.deals.load(dealId);
    if (!deal) {
      if (mayRecord(ctx.principal, null) || ctx.principal.role === 'recorder') throw notFound(`deal ${dealId}`);
      throw forbidden('this token may not record deals');
    }
    gate(ctx, (p) => mayRecord(p, deal.tableId), "record deals at this deal's table");
    return runCommand(this.ledger, ctx, command, commandId, expectedRevision);
  }
}

const EXPECTED_REVISION_DESCRIPTION =
  "The deal stream's revision the client last saw (a decimal string): when it moved meanwhile, the command is refused with CONFLICT; without it the server re-decides on the latest state";

// One mutation per move of the table, each a method that calls the helper (decorated here, as @Mutation and @Args would be in the class).
for (const definition of moveDefinitions()) {
  const name = definition.mutation.name;
  const input = DEAL_MOVE_INPUTS.get(name) as new () => object;
  const proto = DealMoveResolver.prototype as unknown as Record<string, unknown>;
  proto[name] = function (
    this: DealMoveResolver,
    ctx: ApiContext,
    commandId: string,
    given: Record<string, unknown> & { dealId: string },
    expectedRevision?: string,
  ) {
    return this.recordMove(definition, ctx, commandId, given, expectedRevision ?? undefined);
  };
  const descriptor = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
  // The parameter types TypeScript would have emitted for a written method (Nest reads them).
  Reflect.defineMetadata('design:paramtypes', [Object, String, input, String], proto, name);
  Context()(proto, name, 0);
  Args('commandId', { type: () => ID, description: 'Client-chosen id (a UUID): a retried command with the same id is recorded once' })(proto, name, 1);
  Args('input', { type: () => input, description: 'The deal and the move' })(proto, name, 2);
  Args('expectedRevision', { type: () => String, nullable: true, description: EXPECTED_REVISION_DESCRIPTION })(proto, name, 3);
  Mutation(() => CommandResultType, { name, description: definition.description })(proto, name, descriptor);
}
