import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { LedgerEventTypeEnum } from './event-types';
import { ReplayFrameType } from './frame.type';
import { ScoreSheetType } from './score-sheet.type';
import { StandingsType } from './standings.type';

@ObjectType('TableUpdate', {
  description:
    "One event at a table as it is recorded: a deal starting, any event of its deals (with the position, seen through the subscriber's perspective), the sheet when it changed",
})
export class TableUpdateType {
  @Field(() => ID, { description: 'The table' }) tableId!: string;
  @Field(() => ID, { description: 'The event' }) eventId!: string;
  @Field(() => LedgerEventTypeEnum, { description: 'Its type, e.g. TableDealOpened, CardPlayed, DealScored, SeriesClosed' }) eventType!: string;
  @Field(() => ID, { nullable: true, description: 'The deal it belongs to (for TableDealOpened: the deal just opened)' }) dealId!: string | null;
  @Field(() => Int, { nullable: true, description: "The deal's number in the series" }) dealNumber!: number | null;
  @Field(() => ReplayFrameType, { nullable: true, description: 'The position this event produced, when it produced one' }) frame!: ReplayFrameType | null;
  @Field(() => ScoreSheetType, {
    nullable: true,
    description: 'The sheet after this event, when the event changed it (a deal scored, corrected, confirmed or contested, the series closed)',
  })
  sheet!: ScoreSheetType | null;
}

@ObjectType('TournamentUpdate', { description: 'The standings of a tournament each time they change' })
export class TournamentUpdateType {
  @Field(() => ID, { description: 'The tournament' }) tournamentId!: string;
  @Field(() => ID, { description: 'The event that changed them' }) eventId!: string;
  @Field(() => LedgerEventTypeEnum, { description: 'Its type: a tournament event or a deal event that changed the standings (DealScored, ScoreCorrected)' })
  eventType!: string;
  @Field(() => StandingsType, { description: 'The standings after it' }) standings!: StandingsType;
}
