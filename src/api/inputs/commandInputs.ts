import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { GameTypeEnum, HouseOptionEnum, ResultFilterEnum, SeatEnum, ShuffleEnum } from '../types/enums';

@InputType('DealFilter')
export class DealFilterInput {
  @Field({ nullable: true }) player?: string;
  @Field(() => ID, { nullable: true }) tableId?: string;
  @Field(() => ID, { nullable: true }) tournamentId?: string;
  @Field(() => GameTypeEnum, { nullable: true }) game?: GameTypeEnum;
  @Field(() => ResultFilterEnum, { nullable: true }) result?: ResultFilterEnum;
  @Field({ nullable: true, description: 'ISO date or date-time, inclusive' }) from?: string;
  @Field({ nullable: true, description: 'ISO date or date-time, exclusive' }) to?: string;
  @Field({ nullable: true, description: 'live, import:iss or manual' }) source?: string;
}

@InputType('DealCards', { description: 'GIVEN: three hands of ten and the skat in ISS notation; CRYPTO / SEEDED: the server shuffles' })
export class DealCardsInput {
  @Field(() => ShuffleEnum) shuffle!: ShuffleEnum;
  @Field(() => [[String]], { nullable: true }) hands?: string[][];
  @Field(() => [String], { nullable: true }) skat?: string[];
  @Field({ nullable: true }) seed?: string;
}

@InputType('StartDealInput')
export class StartDealInput {
  @Field(() => ID) dealId!: string;
  @Field(() => ID, { nullable: true }) tableId?: string;
  @Field(() => ID, { nullable: true }) tournamentId?: string;
  @Field(() => Int, { nullable: true }) dealNumber?: number;
  @Field() dealer!: string;
  @Field(() => [String], { description: 'Three names in seat order: forehand, middlehand, rearhand' }) players!: string[];
  @Field(() => [String], { nullable: true }) sittingOut?: string[];
  @Field(() => [SeatEnum], { nullable: true }) computerSeats?: number[];
  @Field({ nullable: true }) profileId?: string;
  @Field(() => DealCardsInput) cards!: DealCardsInput;
  @Field({ nullable: true }) startedAt?: string;
}

@InputType('DeclarationInput')
export class DeclarationInput {
  @Field(() => GameTypeEnum) game!: GameTypeEnum;
  @Field({ defaultValue: false }) hand!: boolean;
  @Field({ defaultValue: false }) schneiderAnnounced!: boolean;
  @Field({ defaultValue: false }) schwarzAnnounced!: boolean;
  @Field({ defaultValue: false }) ouvert!: boolean;
}

@InputType('OpenTableInput')
export class OpenTableInput {
  @Field(() => ID) tableId!: string;
  @Field(() => [String], { description: '3, 4 or 5 players in clockwise seat order' }) players!: string[];
  @Field() firstDealer!: string;
  @Field({ nullable: true }) profileId?: string;
  @Field(() => Int, { nullable: true }) seriesLength?: number;
  @Field(() => Int, { nullable: true }) fiveTableSitOutOffset?: number;
  @Field(() => [String], { nullable: true }) computerPlayers?: string[];
  @Field(() => ID, { nullable: true }) tournamentId?: string;
  @Field(() => Int, { nullable: true }) round?: number;
  @Field({ nullable: true, description: 'May the series close while a contested deal awaits the arbiter? Default no' }) closeWithOpenDisputes?: boolean;
  @Field({ nullable: true, description: 'May players still confirm or contest deals after the series is closed? Default no (the closed sheet changes only by an arbiter)' }) reviewAfterClose?: boolean;
  @Field(() => [HouseOptionEnum], { nullable: true, description: "House options switched on over the profile's own (R40 Kontra/Re, R42 Ramsch); default none" }) houseOptions?: HouseOptionEnum[];
}

@InputType('CloseSeriesInput', { description: "Close a table's series: no further deal; the sheet changes only by an arbiter's correction" })
export class CloseSeriesInput {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field({ nullable: true, description: 'Why, when closing before the series length is reached (required then)' }) reason?: string;
}

@InputType('StartTableDealInput')
export class StartTableDealInput {
  @Field(() => ID) tableId!: string;
  @Field(() => ID, { nullable: true }) dealId?: string;
  @Field(() => DealCardsInput) cards!: DealCardsInput;
  @Field({ nullable: true }) startedAt?: string;
}

@InputType('CreateTournamentInput')
export class CreateTournamentInput {
  @Field(() => ID) tournamentId!: string;
  @Field() name!: string;
  @Field({ nullable: true }) profileId?: string;
  @Field(() => Int, { nullable: true }) rounds?: number;
}
