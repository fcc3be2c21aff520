import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { GameTypeEnum, HouseOptionEnum, ResultFilterEnum, SeatEnum, ShuffleEnum, SourceEnum } from '../types/enums';
import { DateTimeScalar } from '../types/date-time.scalar';

@InputType('DealFilter', { description: 'Which deals to list; every field given must match' })
export class DealFilterInput {
  @Field({ nullable: true, description: 'Deals this player played in' }) player?: string;
  @Field(() => ID, { nullable: true, description: 'Deals of this table' }) tableId?: string;
  @Field(() => ID, { nullable: true, description: 'Deals of this tournament' }) tournamentId?: string;
  @Field(() => GameTypeEnum, { nullable: true, description: 'Deals of this game type' }) game?: GameTypeEnum;
  @Field(() => ResultFilterEnum, { nullable: true, description: 'Deals with this result' }) result?: ResultFilterEnum;
  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO date or date-time, inclusive' }) from?: string;
  @Field(() => DateTimeScalar, { nullable: true, description: 'ISO date or date-time, exclusive' }) to?: string;
  @Field(() => SourceEnum, { nullable: true, description: 'Deals recorded this way (live, an ISS import, by hand, a branch)' }) source?: SourceEnum;
}

@InputType('DealCards', {
  description: 'GIVEN: three hands of ten and the skat in ISS notation; CRYPTO / SEEDED: the server shuffles; SEEN: no cards, recorded as seen',
})
export class DealCardsInput {
  @Field(() => ShuffleEnum, { description: 'Who deals: the cards given, or a server shuffle (crypto or seeded)' }) shuffle!: ShuffleEnum;
  @Field(() => [[String]], { nullable: true, description: 'With GIVEN: the three hands of 10 cards, forehand first (ISS codes)' }) hands?: string[][];
  @Field(() => [String], { nullable: true, description: 'With GIVEN: the two skat cards' }) skat?: string[];
  @Field({ nullable: true, description: 'With SEEDED: the seed that makes the shuffle reproducible' }) seed?: string;
  @Field({
    nullable: true,
    description: "With CRYPTO: the cards wait for the players' client seeds (addClientSeed; dealCards deals with those given) instead of being dealt at once",
  })
  awaitClientSeeds?: boolean;
}

@InputType('StartDealInput', { description: 'A deal to start (R2-R4)' })
export class StartDealInput {
  @Field(() => ID, { description: "The new deal's id (client-chosen)" }) dealId!: string;
  @Field(() => ID, { nullable: true, description: 'The table it belongs to; then it must be what the table dictates (L12)' }) tableId?: string;
  @Field(() => ID, { nullable: true, description: 'The tournament of that table' }) tournamentId?: string;
  @Field(() => Int, { nullable: true, description: 'Its number in the series (default 1)' }) dealNumber?: number;
  @Field({ description: "The dealer's name (R37)" }) dealer!: string;
  @Field(() => [String], { description: 'Three names in seat order: forehand, middlehand, rearhand' }) players!: string[];
  @Field(() => [String], { nullable: true, description: 'Players sitting out (at 4 or 5 players, R3, D5)' }) sittingOut?: string[];
  @Field(() => [SeatEnum], { nullable: true, description: 'Seats played by the computer' }) computerSeats?: number[];
  @Field({ nullable: true, description: "The rule profile (default the server's, isko)" }) profileId?: string;
  @Field(() => DealCardsInput, { description: 'How the cards are dealt' }) cards!: DealCardsInput;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the deal started (ISO 8601 instant, default now)' }) startedAt?: string;
}

@InputType('DeclarationInput', { description: 'The game a declarer announces (R11-R14)' })
export class DeclarationInput {
  @Field(() => GameTypeEnum, { description: 'The game type' }) game!: GameTypeEnum;
  @Field({ defaultValue: false, description: 'Without taking the skat (R9)' }) hand!: boolean;
  @Field({ defaultValue: false, description: 'Schneider announced (hand games only, R12)' }) schneiderAnnounced!: boolean;
  @Field({ defaultValue: false, description: 'Schwarz announced (with schneider, R12)' }) schwarzAnnounced!: boolean;
  @Field({ defaultValue: false, description: 'Played open (R14)' }) ouvert!: boolean;
}

@InputType('OpenTableInput', { description: 'A table (series) to open' })
export class OpenTableInput {
  @Field(() => ID, { description: "The table's id (client-chosen)" }) tableId!: string;
  @Field(() => [String], { description: '3, 4 or 5 players in clockwise seat order' }) players!: string[];
  @Field({ description: 'Who deals first (R37)' }) firstDealer!: string;
  @Field({ nullable: true, description: "The rule profile (default the server's)" }) profileId?: string;
  @Field(() => Int, { nullable: true, description: 'Deals in the series (default by table size, R36)' }) seriesLength?: number;
  @Field(() => Int, { nullable: true, description: 'At a 5-table: how many places left of the dealer the second player sitting out sits (1-4, default 3, D5)' })
  fiveTableSitOutOffset?: number;
  @Field(() => [String], { nullable: true, description: 'Players played by the computer' }) computerPlayers?: string[];
  @Field(() => ID, { nullable: true, description: 'The tournament the table belongs to' }) tournamentId?: string;
  @Field(() => Int, { nullable: true, description: 'The tournament round (default 1)' }) round?: number;
  @Field({ nullable: true, description: 'May the series close while a contested deal awaits the arbiter? Default no' }) closeWithOpenDisputes?: boolean;
  @Field({
    nullable: true,
    description: 'May players still confirm or contest deals after the series is closed? Default no (the closed sheet changes only by an arbiter)',
  })
  reviewAfterClose?: boolean;
  @Field(() => [HouseOptionEnum], { nullable: true, description: "House options switched on over the profile's own (R40 Kontra/Re, R42 Ramsch); default none" })
  houseOptions?: HouseOptionEnum[];
}

@InputType('CloseSeriesInput', { description: "Close a table's series: no further deal; the sheet changes only by an arbiter's correction" })
export class CloseSeriesInput {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field({ nullable: true, description: 'Why, when closing before the series length is reached (required then)' }) reason?: string;
}

@InputType('StartTableDealInput', { description: 'The next deal of a table: the table dictates seats, dealer, number and id' })
export class StartTableDealInput {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field(() => ID, { nullable: true, description: "The deal id the client expects (refused if it is not the table's next, L12)" }) dealId?: string;
  @Field(() => DealCardsInput, { description: 'How the cards are dealt' }) cards!: DealCardsInput;
  @Field(() => DateTimeScalar, { nullable: true, description: 'When the deal started (ISO 8601 instant, default now)' }) startedAt?: string;
}

@InputType('CreateTournamentInput', { description: 'A tournament to create' })
export class CreateTournamentInput {
  @Field(() => ID, { description: "The tournament's id (client-chosen)" }) tournamentId!: string;
  @Field({ description: 'Its name' }) name!: string;
  @Field({ nullable: true, description: "The rule profile of its tables (default the server's)" }) profileId?: string;
  @Field(() => Int, { nullable: true, description: 'How many rounds it plays (1-100; no round is drawn beyond them, L19); null when open' }) rounds?: number;
  @Field({ nullable: true, description: "The evening's date, YYYY-MM-DD" }) date?: string;
  @Field(() => Int, { nullable: true, description: 'Deals per series at a drawn 3-table (R36; default the profile’s, 36 in ISkO)' }) seriesLength3?: number;
  @Field(() => Int, { nullable: true, description: 'Deals per series at a drawn 4-table (R36; default the profile’s, 48 in ISkO)' }) seriesLength4?: number;
  @Field(() => [HouseOptionEnum], { nullable: true, description: 'House options the drawn tables switch on (R40 Kontra/Re, R42 Ramsch); default none' })
  houseOptions?: HouseOptionEnum[];
}
