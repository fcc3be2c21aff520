import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { RoleEnum, SeatDrawMethodEnum } from '../types/organiser.type';

@InputType('IssueTokenInput', { description: 'A token for one role; a player token is bound to a tournament or a table, a recorder token to its table' })
export class IssueTokenInput {
  @Field(() => RoleEnum, { description: 'What the token may do' }) role!: RoleEnum;
  @Field({ nullable: true, description: 'The player it speaks for (player tokens)' }) player?: string;
  @Field(() => ID, { nullable: true, description: 'The table (recorder tokens; or the table a player token is bound to)' }) tableId?: string;
  @Field(() => ID, { nullable: true, description: 'The tournament a player token is bound to' }) tournamentId?: string;
  @Field(() => Int, { nullable: true, description: 'Lifetime in seconds (1 to 31,536,000); default one day (86,400)' }) ttlSeconds?: number;
}

@InputType('RevokeTokenInput', { description: 'Revoke a token: refused from then on over HTTP and on open graphql-ws connections' })
export class RevokeTokenInput {
  @Field(() => ID, { description: 'The token id (issueToken returns it)' }) tokenId!: string;
  @Field({ description: 'Why (1-1000 characters)' }) reason!: string;
}

@InputType('SetLossFeeInput', { description: "The tournament's loss fee (Verlustspielgeld), recorded as an event" })
export class SetLossFeeInput {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field(() => Int, { description: 'Cents per lost game' }) feeCents!: number;
  @Field(() => Int, { nullable: true, description: "Cents per lost game from a player's 4th lost game in one list on; absent: the same fee throughout" })
  fromFourthLostGameCents?: number;
}

@InputType('DrawSeatsInput', { description: "The seat draw for a round: records the draw and opens the round's tables (3, or 4 where the count needs it)" })
export class DrawSeatsInput {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field(() => Int, { description: 'The round drawn (a round with tables already is refused)' }) round!: number;
  @Field(() => SeatDrawMethodEnum, { description: 'RANDOM (with the seed, recorded) or BY_STANDINGS (rank order)' }) method!: SeatDrawMethodEnum;
  @Field({ nullable: true, description: 'RANDOM: the seed the draw is made from (recorded, so it can be checked)' }) seed?: string;
  @Field(() => [String], { nullable: true, description: 'The players to seat; default everybody in the standings' }) players?: string[];
  @Field({
    nullable: true,
    description:
      'Why the round is drawn although series of the previous round are still open (recorded with the draw); without it such a draw is refused (L19)',
  })
  override?: string;
}

@InputType('CloseRoundInput', { description: 'Close a round of a tournament (every series of it closed first, L21)' })
export class CloseRoundInput {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field(() => Int, { description: 'The round (rounds close in order)' }) round!: number;
}

@InputType('CloseTournamentInput', { description: 'Close a tournament after its last round (L22)' })
export class CloseTournamentInput {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field({ nullable: true, description: 'Why it ends before its planned rounds (1-1000 characters; recorded); needed only then' }) reason?: string;
}

@InputType('EnterPlayersInput', {
  description: "Players entered on the tournament's roster (L23: each once, at most 500 on it; late ones drawn from the next round)",
})
export class EnterPlayersInput {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field(() => [String], { description: 'The names (1-500 of them, 1-100 characters each)' }) players!: string[];
}

@InputType('RenamePlayerInput', { description: 'A name on the roster corrected (L23: only before the player sits at a table)' })
export class RenamePlayerInput {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field({ description: 'The name on the roster' }) from!: string;
  @Field({ description: 'The right name' }) to!: string;
}

@InputType('RemovePlayerInput', { description: 'A player taken off the roster: not drawn again; his deals stay in the standings' })
export class RemovePlayerInput {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field({ description: 'The player' }) player!: string;
}
