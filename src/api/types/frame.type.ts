import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { CardType } from './card.type';
import { GameTypeEnum, PhaseEnum, SeatEnum } from './enums';

@ObjectType('Hands', { description: 'The cards each seat holds, as far as the perspective may see them' })
export class HandsType {
  @Field(() => [CardType]) forehand!: CardType[];
  @Field(() => [CardType]) middlehand!: CardType[];
  @Field(() => [CardType]) rearhand!: CardType[];
}

@ObjectType('HiddenCounts', { description: 'How many cards of each hand and of the skat the perspective may not see' })
export class HiddenCountsType {
  @Field(() => Int) forehand!: number;
  @Field(() => Int) middlehand!: number;
  @Field(() => Int) rearhand!: number;
  @Field(() => Int) skat!: number;
}

@ObjectType('FrameEvent', { description: 'The event that produced a frame' })
export class FrameEventType {
  @Field(() => ID) id!: string;
  @Field() type!: string;
  @Field({ description: 'Stream revision (a bigint as a string)' }) revision!: string;
  @Field(() => SeatEnum, { nullable: true, description: 'The seat whose move this event records (a bid, a card, a resignation…); null for events of the deal as a whole' })
  seat!: number | null;
}

@ObjectType('BidCall')
export class BidCallType {
  @Field(() => SeatEnum) seat!: number;
  @Field({ description: 'bid, hold or pass' }) call!: string;
  @Field(() => Int, { nullable: true }) value!: number | null;
}

@ObjectType('Declaration')
export class DeclarationType {
  @Field(() => GameTypeEnum) game!: string;
  @Field() hand!: boolean;
  @Field() schneiderAnnounced!: boolean;
  @Field() schwarzAnnounced!: boolean;
  @Field() ouvert!: boolean;
}

@ObjectType('PlayedCard')
export class PlayedCardType {
  @Field(() => SeatEnum) seat!: number;
  @Field(() => CardType) card!: CardType;
}

@ObjectType('Trick', { description: 'The trick on the table' })
export class TrickType {
  @Field(() => SeatEnum) leader!: number;
  @Field(() => [PlayedCardType]) cards!: PlayedCardType[];
}

@ObjectType('CompletedTrick')
export class CompletedTrickType {
  @Field(() => SeatEnum) leader!: number;
  @Field(() => [PlayedCardType]) cards!: PlayedCardType[];
  @Field(() => SeatEnum) winner!: number;
  @Field(() => Int) points!: number;
  @Field({ description: 'Taken without being played (claims and resignations, D3)' }) unplayed!: boolean;
}

@ObjectType('CardPoints', { description: 'Card points taken so far in tricks' })
export class CardPointsType {
  @Field(() => Int) declarer!: number;
  @Field(() => Int) defenders!: number;
}

@ObjectType('Move', { description: 'A legal move of the seat to act' })
export class MoveType {
  @Field({ description: 'bid, hold, pass, pickUpSkat, discard, declare, showCards, play, resign, kontra, re' }) kind!: string;
  @Field(() => SeatEnum, { nullable: true }) seat!: number | null;
  @Field(() => Int, { nullable: true }) value!: number | null;
  @Field(() => CardType, { nullable: true }) card!: CardType | null;
  @Field(() => [CardType], { nullable: true }) cards!: CardType[] | null;
  @Field(() => DeclarationType, { nullable: true }) declaration!: DeclarationType | null;
}

@ObjectType('ReplayFrame', { description: 'The position after one step of a deal; step 0 is the dealt position' })
export class ReplayFrameType {
  @Field(() => ID) dealId!: string;
  @Field(() => Int) step!: number;
  @Field(() => FrameEventType) event!: FrameEventType;
  @Field(() => PhaseEnum) phase!: string;
  @Field(() => [String], { description: 'Player names in seat order' }) players!: string[];
  @Field(() => HandsType) hands!: HandsType;
  @Field(() => [CardType]) skat!: CardType[];
  @Field(() => HiddenCountsType) hidden!: HiddenCountsType;
  @Field(() => [BidCallType]) bidding!: BidCallType[];
  @Field(() => Int) highestBid!: number;
  @Field(() => SeatEnum, { nullable: true }) declarer!: number | null;
  @Field(() => DeclarationType, { nullable: true }) declaration!: DeclarationType | null;
  @Field(() => TrickType, { nullable: true }) currentTrick!: TrickType | null;
  @Field(() => [CompletedTrickType]) completedTricks!: CompletedTrickType[];
  @Field(() => CardPointsType) cardPoints!: CardPointsType;
  @Field(() => SeatEnum, { nullable: true, description: 'Whose turn it is' }) toAct!: number | null;
  @Field(() => [MoveType], { description: 'Legal moves of the seat to act, when the perspective may know them' }) legalMoves!: MoveType[];
  @Field() cardsShown!: boolean;
  @Field() finished!: boolean;
}
