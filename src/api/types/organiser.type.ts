import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { HouseOptionEnum } from './enums';
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

@ObjectType('NextDeal', { description: "A table's next deal as the table dictates it (R2/R3/R37, D5)" })
export class NextDealType {
  @Field(() => Int, { description: 'Its number in the series' }) dealNumber!: number;
  @Field({ description: 'Who deals it' }) dealer!: string;
  @Field(() => [String], { description: 'Forehand, middlehand, rearhand' }) players!: string[];
  @Field(() => [String], { description: 'Who sits out (the dealer at a 4-table, two players at a 5-table)' }) sittingOut!: string[];
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
  @Field(() => NextDealType, {
    nullable: true,
    description: 'The next deal: its number, dealer, seats and who sits out (R37, D5); null once the series is complete or closed',
  })
  nextDeal!: NextDealType | null;
}

@ObjectType('DrawnTable', { description: 'A table of a seat draw: its id and its players in seat order (the first deals first)' })
export class DrawnTableType {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field(() => [String], { description: 'Its players, clockwise; the first deals the first deal' }) players!: string[];
}

@ObjectType('DrawOverride', { description: 'A round drawn although series of the previous round were open' })
export class DrawOverrideType {
  @Field({ description: "The organiser's reason" }) reason!: string;
  @Field(() => [ID], { description: 'The series still open at the draw' }) openSeries!: string[];
}

@ObjectType('SeatDraw', { description: "A round's seat draw (as it would be recorded, for a preview)" })
export class SeatDrawType {
  @Field(() => Int, { description: 'The round' }) round!: number;
  @Field(() => SeatDrawMethodEnum, { description: 'How it was drawn' }) method!: SeatDrawMethodEnum;
  @Field(() => String, { nullable: true, description: 'RANDOM: the seed' }) seed!: string | null;
  @Field(() => [DrawnTableType], { description: 'The tables' }) tables!: DrawnTableType[];
  @Field(() => DrawOverrideType, { nullable: true, description: 'Drawn with open series of the previous round' }) override!: DrawOverrideType | null;
  @Field(() => [ID], { description: 'Tables that seat three players of one table of the previous round: the roster left no other way (empty: none)' })
  repeatedTrios!: string[];
}

@ObjectType('TournamentStatus', { description: 'A tournament with its tables' })
export class TournamentStatusType {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field({ description: 'Its name' }) name!: string;
  @Field(() => Int, { nullable: true, description: 'The rounds it plays (no round is drawn beyond them); null: open' }) rounds!: number | null;
  @Field({ description: 'The rule profile of its tables' }) profileId!: string;
  @Field(() => String, { nullable: true, description: "The evening's date (YYYY-MM-DD)" }) date!: string | null;
  @Field(() => Int, { nullable: true, description: "Deals per series at a drawn 3-table; null: the profile's" }) seriesLength3!: number | null;
  @Field(() => Int, { nullable: true, description: "Deals per series at a drawn 4-table; null: the profile's" }) seriesLength4!: number | null;
  @Field(() => [HouseOptionEnum], { description: 'House options its drawn tables switch on' }) houseOptions!: HouseOptionEnum[];
  @Field(() => Int, { nullable: true, description: 'Loss fee per lost game in cents; null: the defaults by table size' }) lossFeeCents!: number | null;
  @Field(() => Int, { nullable: true, description: "Loss fee from a player's 4th lost game in one list, in cents" }) lossFeeFromFourthCents!: number | null;
  @Field(() => [TableStatusType], { description: 'Its tables, every round' }) tables!: TableStatusType[];
  @Field(() => [Int], { description: 'The rounds closed (L21), in the order closed' }) closedRounds!: number[];
  @Field(() => Int, { nullable: true, description: 'Closed after this many rounds (L22); null: still open' }) closedAfterRound!: number | null;
  @Field({ description: "Closed before its planned rounds were played (the organiser's reason is recorded, not shown here)" }) closedEarly!: boolean;
}

@ObjectType('RosterEntry', { description: "A player of the tournament's roster (L23)" })
export class RosterEntryType {
  @Field({ description: 'The name' }) player!: string;
  @Field(() => Int, { description: 'Drawn from this round on (later than 1: joined late)' }) fromRound!: number;
  @Field(() => Int, { nullable: true, description: 'Taken off the roster after this many rounds; null: on it' }) removedAfterRound!: number | null;
}
