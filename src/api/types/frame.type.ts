import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import { CardType } from './card.type';
import { GameTypeEnum, PhaseEnum, SeatEnum } from './enums';
import { DealEventTypeEnum } from './event-types';
import { MoveKindEnum } from './move-kind';

@ObjectType('Hands', { description: 'The cards each seat holds, as far as the perspective may see them' })
export class HandsType {
  @Field(() => [CardType], { description: "Forehand's cards (empty when hidden from this perspective)" }) forehand!: CardType[];
  @Field(() => [CardType], { description: "Middlehand's cards (empty when hidden)" }) middlehand!: CardType[];
  @Field(() => [CardType], { description: "Rearhand's cards (empty when hidden)" }) rearhand!: CardType[];
}

@ObjectType('HiddenCounts', { description: 'How many cards of each hand and of the skat the perspective may not see' })
export class HiddenCountsType {
  @Field(() => Int, { description: "How many of forehand's cards this perspective does not show" }) forehand!: number;
  @Field(() => Int, { description: "How many of middlehand's cards are not shown" }) middlehand!: number;
  @Field(() => Int, { description: "How many of rearhand's cards are not shown" }) rearhand!: number;
  @Field(() => Int, { description: 'How many skat cards are not shown' }) skat!: number;
}

@ObjectType('FrameEvent', { description: 'The event that produced a frame' })
export class FrameEventType {
  @Field(() => ID, { description: "The event's id" }) id!: string;
  @Field(() => DealEventTypeEnum, { description: 'The event type' }) type!: string;
  @Field({ description: 'Stream revision (a bigint as a string)' }) revision!: string;
  @Field(() => SeatEnum, {
    nullable: true,
    description: 'The seat whose move this event records (a bid, a card, a resignation…); null for events of the deal as a whole',
  })
  seat!: number | null;
}

@ObjectType('BidCall', { description: 'One call of the auction' })
export class BidCallType {
  @Field(() => SeatEnum, { description: 'Who called' }) seat!: number;
  @Field(() => MoveKindEnum, { description: 'bid, hold or pass' }) call!: string;
  @Field(() => Int, { nullable: true, description: 'The value bid or held; null for a pass' }) value!: number | null;
}

@ObjectType('Declaration', { description: 'The game the declarer announced (R11-R14)' })
export class DeclarationType {
  @Field(() => GameTypeEnum, { description: 'The game type' }) game!: string;
  @Field({ description: 'Without the skat (R9)' }) hand!: boolean;
  @Field({ description: 'Schneider announced (R12)' }) schneiderAnnounced!: boolean;
  @Field({ description: 'Schwarz announced (R12)' }) schwarzAnnounced!: boolean;
  @Field({ description: 'Played open (R14)' }) ouvert!: boolean;
}

@ObjectType('PlayedCard', { description: 'A card played to a trick' })
export class PlayedCardType {
  @Field(() => SeatEnum, { description: 'Who played it' }) seat!: number;
  @Field(() => CardType, { description: 'The card' }) card!: CardType;
}

@ObjectType('Trick', { description: 'The trick on the table' })
export class TrickType {
  @Field(() => SeatEnum, { description: 'Who led the trick' }) leader!: number;
  @Field(() => [PlayedCardType], { description: 'The cards played so far, in order' }) cards!: PlayedCardType[];
}

@ObjectType('CompletedTrick', { description: 'A trick taken (R18)' })
export class CompletedTrickType {
  @Field(() => SeatEnum, { description: 'Who led' }) leader!: number;
  @Field(() => [PlayedCardType], { description: 'The three cards, in order of play' }) cards!: PlayedCardType[];
  @Field(() => SeatEnum, { description: 'Who took the trick' }) winner!: number;
  @Field(() => Int, { description: 'Card points in the trick (R1)' }) points!: number;
  @Field({ description: 'Taken without being played (claims and resignations, D3)' }) unplayed!: boolean;
}

@ObjectType('CardPoints', { description: 'Card points taken so far in tricks' })
export class CardPointsType {
  @Field(() => Int, { description: 'Card points the declarer has taken so far' }) declarer!: number;
  @Field(() => Int, { description: 'Card points the defenders have taken so far' }) defenders!: number;
}

@ObjectType('Move', { description: 'A legal move of the seat to act' })
export class MoveType {
  @Field(() => MoveKindEnum, { description: 'The kind of move, e.g. bid, pickUpSkat, play' }) kind!: string;
  @Field(() => SeatEnum, { nullable: true, description: 'Who moved; null for moves of no seat' }) seat!: number | null;
  @Field(() => Int, { nullable: true, description: 'The bid value, for bids' }) value!: number | null;
  @Field(() => CardType, { nullable: true, description: 'The card played, for card plays' }) card!: CardType | null;
  @Field(() => [CardType], { nullable: true, description: 'The cards discarded or shown' }) cards!: CardType[] | null;
  @Field(() => DeclarationType, { nullable: true, description: 'The game declared, for declarations' }) declaration!: DeclarationType | null;
}

@ObjectType('ReplayFrame', { description: 'The position after one step of a deal; step 0 is the dealt position' })
export class ReplayFrameType {
  @Field(() => ID, { description: 'The deal' }) dealId!: string;
  @Field(() => Int, { description: 'The step, from 0 (cards dealt)' }) step!: number;
  @Field(() => FrameEventType, { description: 'The event that led to this step' }) event!: FrameEventType;
  @Field(() => PhaseEnum, { description: "The deal's phase at this step" }) phase!: string;
  @Field(() => [String], { description: 'Player names in seat order' }) players!: string[];
  @Field(() => HandsType, { description: 'The hands at this step, as far as the perspective may see' }) hands!: HandsType;
  @Field(() => [CardType], { description: 'The skat, when the perspective may see it' }) skat!: CardType[];
  @Field(() => HiddenCountsType, { description: 'How many cards the perspective does not see, per hand and in the skat' }) hidden!: HiddenCountsType;
  @Field(() => [BidCallType], { description: 'The auction so far' }) bidding!: BidCallType[];
  @Field(() => Int, { description: 'The highest value bid so far (0 before any bid)' }) highestBid!: number;
  @Field(() => SeatEnum, { nullable: true, description: "The declarer's seat once the auction is won" }) declarer!: number | null;
  @Field(() => DeclarationType, { nullable: true, description: 'The game declared; null before' }) declaration!: DeclarationType | null;
  @Field(() => TrickType, { nullable: true, description: 'The trick being played; null between tricks' }) currentTrick!: TrickType | null;
  @Field(() => [CompletedTrickType], { description: 'Tricks taken so far' }) completedTricks!: CompletedTrickType[];
  @Field(() => CardPointsType, { description: 'Card points taken so far by each side' }) cardPoints!: CardPointsType;
  @Field(() => SeatEnum, { nullable: true, description: 'Whose turn it is' }) toAct!: number | null;
  @Field(() => [MoveType], { description: 'Legal moves of the seat to act, when the perspective may know them' }) legalMoves!: MoveType[];
  @Field({ description: 'The declarer has shown his cards (ouvert, R14, or a claim, R21)' }) cardsShown!: boolean;
  @Field({ description: 'The deal is over at this step' }) finished!: boolean;
}
