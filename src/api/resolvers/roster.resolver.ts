import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Ledger, type LedgerCommand } from '../../ledger/ledger';
import { mayAdminister, mayReadTournament, type Visibility } from '../../auth/access';
import { MAX_ROSTER } from '../../tournament/roster-decide';
import { API_VISIBILITY } from '../../settings/tokens';
import type { ApiContext } from '../context/api-context';
import { badInput } from '../errors/api-error';
import { EnterPlayersInput, RemovePlayerInput, RenamePlayerInput } from '../inputs/organiser-inputs';
import * as valid from '../inputs/validate';
import { CommandResultType } from '../types/command-result.type';
import { RosterEntryType } from '../types/organiser.type';
import { gate, runCommand } from './run-command';

const commandIdArg = { type: () => ID, description: 'Client-chosen id: a retry records nothing twice' };

/** The roster kept in the tournament's stream (L23): read by whoever may see the tournament, changed by admins. */
@Resolver()
export class RosterResolver {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  @Query(() => [RosterEntryType], {
    nullable: true,
    description: "The tournament's roster in the order entered (at most 500), removed players marked; null: no such tournament, or not yours to see",
  })
  async roster(
    @Context() ctx: ApiContext,
    @Args('tournamentId', { type: () => ID, description: 'The tournament' }) tournamentId: string,
  ): Promise<RosterEntryType[] | null> {
    const id = valid.id(tournamentId, 'tournamentId');
    if (!mayReadTournament(ctx.principal, id, this.visibility)) return null;
    const info = await this.ledger.tournament(id);
    return info ? (info.roster ?? []).map((r) => ({ ...r })) : null;
  }

  @Mutation(() => CommandResultType, {
    description: "Admin: enter players on the tournament's roster (PlayersEntered; late ones are drawn from the next round)",
  })
  enterPlayers(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => EnterPlayersInput, description: 'The tournament and the names' }) input: EnterPlayersInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'enter players (admins only)');
    if (!Array.isArray(input.players) || input.players.length > MAX_ROSTER) throw badInput(`at most ${MAX_ROSTER} players`);
    const command: LedgerCommand = {
      type: 'EnterPlayers',
      tournamentId: valid.id(input.tournamentId, 'tournamentId'),
      players: input.players.map((p) => valid.name(p, 'player')),
    };
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }

  @Mutation(() => CommandResultType, { description: 'Admin: correct a name on the roster before the player sits at a table (PlayerRenamed)' })
  renamePlayer(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => RenamePlayerInput, description: 'The tournament, the name and the right one' }) input: RenamePlayerInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'rename players (admins only)');
    const command: LedgerCommand = {
      type: 'RenamePlayer',
      tournamentId: valid.id(input.tournamentId, 'tournamentId'),
      from: valid.name(input.from, 'from'),
      to: valid.name(input.to, 'to'),
    };
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }

  @Mutation(() => CommandResultType, { description: 'Admin: take a player off the roster (PlayerRemoved): not drawn again, his deals stay in the standings' })
  removePlayer(
    @Context() ctx: ApiContext,
    @Args('commandId', commandIdArg) commandId: string,
    @Args('input', { type: () => RemovePlayerInput, description: 'The tournament and the player' }) input: RemovePlayerInput,
  ): Promise<CommandResultType> {
    gate(ctx, mayAdminister, 'remove players (admins only)');
    const command: LedgerCommand = {
      type: 'RemovePlayer',
      tournamentId: valid.id(input.tournamentId, 'tournamentId'),
      player: valid.name(input.player, 'player'),
    };
    return runCommand(this.ledger, ctx, command, commandId, undefined);
  }
}
