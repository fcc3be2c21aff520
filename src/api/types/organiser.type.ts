import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { DateTimeScalar } from './date-time.scalar';

export enum RoleEnum {
  PLAYER = 'player',
  RECORDER = 'recorder',
  ARBITER = 'arbiter',
  ADMIN = 'admin',
}
registerEnumType(RoleEnum, {
  name: 'Role',
  description:
    'What a token may do: a player sees his own hand and confirms his deals; a recorder records his table; an arbiter corrects and rules; an admin organises',
  valuesMap: {
    PLAYER: { description: 'A player: sees his own hand, confirms or contests his deals' },
    RECORDER: { description: 'A recorder: records the deals of his table' },
    ARBITER: { description: 'An arbiter: corrects scores and rules on disputes' },
    ADMIN: { description: 'An organiser: tournaments, tables, tokens' },
  },
});

export enum SeatDrawMethodEnum {
  RANDOM = 'random',
  BY_STANDINGS = 'standings',
}
registerEnumType(SeatDrawMethodEnum, {
  name: 'SeatDrawMethod',
  description: 'RANDOM: shuffled from a recorded seed; BY_STANDINGS: the best-placed players sit together',
  valuesMap: { RANDOM: { description: 'Shuffled from a recorded seed' }, BY_STANDINGS: { description: 'The best-placed players sit together' } },
});

@ObjectType('IssuedToken', { description: 'A token just issued: send it as `Authorization: Bearer <token>`; it is shown once' })
export class IssuedTokenType {
  @Field({ description: 'The signed token' }) token!: string;
  @Field(() => ID, { description: 'Its id, for revokeToken' }) tokenId!: string;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When it expires (ISO date-time); null: never' }) expiresAt!: string | null;
}

@ObjectType('TableStatus', { description: 'A table as an organiser sees it: players and how far its series is' })
export class TableStatusType {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field(() => ID, { nullable: true, description: 'Its tournament' }) tournamentId!: string | null;
  @Field(() => Int, { nullable: true, description: 'Its round' }) round!: number | null;
  @Field(() => [String], { description: 'The players in clockwise order' }) players!: string[];
  @Field(() => ID, { nullable: true, description: 'The deal being played now (a table has at most one)' }) openDealId!: string | null;
  @Field(() => Int, { description: 'Deals played' }) dealsPlayed!: number;
  @Field(() => Int, { description: 'Deals in the series (R36)' }) seriesLength!: number;
  @Field(() => Int, { description: 'Contested deals awaiting the arbiter' }) openDisputes!: number;
  @Field({ description: 'The series is closed' }) closed!: boolean;
  @Field(() => Int, { description: 'Problems named on its sheet' }) problems!: number;
}

@ObjectType('TournamentStatus', { description: 'A tournament with its tables' })
export class TournamentStatusType {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field({ description: 'Its name' }) name!: string;
  @Field(() => Int, { nullable: true, description: 'Loss fee per lost game in cents; null: the defaults by table size' }) lossFeeCents!: number | null;
  @Field(() => Int, { nullable: true, description: "Loss fee from a player's 4th lost game in one list, in cents" }) lossFeeFromFourthCents!: number | null;
  @Field(() => [TableStatusType], { description: 'Its tables, every round' }) tables!: TableStatusType[];
}
