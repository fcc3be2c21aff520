import { isBidValue } from '../bid-values';
import { ALL_CARDS, type Card, pointsOfIndex } from '../card';
import type { Declaration, GameType } from '../declaration';
import type { EndedBy } from '../game-end';
import type { GameResult } from '../game-result';
import { scoreGame, type ScoreOptions } from '../scoring';
import type { Seat } from '../seat';
import { classOfIndex, modeIndex, winnerPositionOfThree } from '../trick';
import type { RuleProfile } from '../variant/rule-profile';

// Phases of a plain deal, as numbers (GameState's phase names, in the same order).
const BIDDING = 0;
const SKAT_DECISION = 1;
const DISCARDING = 2;
const DECLARING = 3;
const PLAYING = 4;
const FINISHED = 5;
const PASSED_IN = 6;
const ABANDONED = 7;

const NUMBERS_ONLY: ScoreOptions = { derivation: false };

/**
 * A plain deal (bids, holds, passes, pick-up, discard, declaration, cards played) replayed on card
 * bit masks, for checking many records fast (`iss verify`). It applies the rules of the engine's
 * moves (R5-R19; bidCall, pickUpSkat, discard, declare, playCard) and scores the finished game with
 * the engine's own scoreGame, from the facts scoringFactsOf would give.
 *
 * It never explains a refusal: a step answers false where the engine would refuse the move, and
 * also where it would take a path this replay does not follow (Ramsch after all passed, a changed
 * declaration). The caller then replays the record with the engine, which decides and names the
 * rule. So this replay only has to be right about what it accepts.
 *
 * One instance is reused record after record (start() resets it); it holds no state between them.
 */
export class QuickReplay {
  private profile!: RuleProfile;
  private phase = BIDDING;
  /** Cards held per seat, bit i = ALL_CARDS[i]. */
  private readonly hands = new Int32Array(3);
  /** The skat as it lies now: the dealt skat, nothing while picked up, then the discards. */
  private skat = 0;
  /** The dealt cards in ISS order (cards 1-10 forehand ... 31-32 skat), as card indices. */
  private readonly dealt = new Int8Array(32);

  // R5-R8: the auction (bidding.ts's AuctionState, unpacked).
  private stage = 1;
  private sayer = 1;
  private listener = 0;
  private awaitingSay = true;
  private highest = 0;

  private bid = 0;
  private declarer = -1;
  private skatPickedUp = false;
  private gameType: GameType = 'grand';
  private mode = 0;
  private hand = false;
  private schneiderAnnounced = false;
  private schwarzAnnounced = false;
  private ouvert = false;

  // R15-R19: the current trick and the tricks taken.
  private leader = 0;
  private inTrick = 0;
  private first = 0;
  private second = 0;
  private tricks = 0;
  private lastWinner = 0;
  private declarerTricks = 0;
  private declarerTrickPoints = 0;
  private defenderTrickPoints = 0;
  private endedBy: EndedBy = 'allTricks';
  /** Seats that resigned, bit per seat (D3). */
  private resigned = 0;

  /** A fresh deal: `dealt` holds 32 distinct card indices in ISS order (the caller checked them). */
  start(dealt: ArrayLike<number>, profile: RuleProfile): void {
    this.profile = profile;
    let h0 = 0;
    let h1 = 0;
    let h2 = 0;
    for (let k = 0; k < 10; k++) {
      h0 |= 1 << dealt[k];
      h1 |= 1 << dealt[10 + k];
      h2 |= 1 << dealt[20 + k];
    }
    for (let k = 0; k < 32; k++) this.dealt[k] = dealt[k];
    this.hands[0] = h0;
    this.hands[1] = h1;
    this.hands[2] = h2;
    this.skat = (1 << dealt[30]) | (1 << dealt[31]);
    this.phase = BIDDING;
    this.stage = 1;
    this.sayer = 1;
    this.listener = 0;
    this.awaitingSay = true;
    this.highest = 0;
    this.bid = 0;
    this.declarer = -1;
    this.skatPickedUp = false;
    this.inTrick = 0;
    this.tricks = 0;
    this.lastWinner = 0;
    this.declarerTricks = 0;
    this.declarerTrickPoints = 0;
    this.defenderTrickPoints = 0;
    this.resigned = 0;
  }

  /** R6: `seat` bids `value` (judgeBidCall's rules). */
  bidCall(seat: number, value: number): boolean {
    if (this.phase !== BIDDING || !isBidValue(value)) return false;
    if (this.stage === 3) {
      // R7: forehand's option.
      if (seat !== 0) return false;
      return this.won(0, value);
    }
    if (!this.awaitingSay || seat !== this.sayer || value <= this.highest) return false;
    this.awaitingSay = false;
    this.highest = value;
    return true;
  }

  /** R6: the listener holds the value said. */
  hold(seat: number): boolean {
    if (this.phase !== BIDDING || this.stage === 3 || this.awaitingSay || seat !== this.listener) return false;
    this.awaitingSay = true;
    return true;
  }

  /** R6-R8: `seat` passes. */
  pass(seat: number): boolean {
    if (this.phase !== BIDDING) return false;
    if (this.stage === 3) {
      if (seat !== 0) return false;
      // R8 passed in; under Ramsch (R42) the engine plays on, which this replay does not follow.
      if (this.profile.allPassed !== 'passedIn') return false;
      this.phase = PASSED_IN;
      return true;
    }
    if (seat !== (this.awaitingSay ? this.sayer : this.listener)) return false;
    const survivor = this.awaitingSay ? this.listener : this.sayer;
    if (this.stage === 1) {
      // Rearhand now says to the survivor.
      this.stage = 2;
      this.sayer = 2;
      this.listener = survivor;
      this.awaitingSay = true;
      return true;
    }
    if (this.highest > 0) return this.won(survivor, this.highest);
    if (!this.awaitingSay) return this.won(survivor, this.highest);
    // Nobody bid: forehand's option (R7).
    this.stage = 3;
    this.sayer = 0;
    this.listener = 0;
    return true;
  }

  private won(declarer: number, bid: number): boolean {
    this.declarer = declarer;
    this.bid = bid;
    this.phase = SKAT_DECISION;
    return true;
  }

  /** R9: the declarer picks up the skat. */
  pickUp(seat: number): boolean {
    if (this.phase !== SKAT_DECISION || seat !== this.declarer) return false;
    this.hands[seat] |= this.skat;
    this.skat = 0;
    this.skatPickedUp = true;
    this.phase = DISCARDING;
    return true;
  }

  /** R10: the declarer puts two cards he holds away. */
  discard(seat: number, a: number, b: number): boolean {
    if (this.phase !== DISCARDING || seat !== this.declarer || a === b) return false;
    const held = this.hands[seat];
    const both = (1 << a) | (1 << b);
    if ((held & both) !== both) return false;
    this.hands[seat] = held & ~both;
    this.skat = both;
    this.phase = DECLARING;
    return true;
  }

  /** R11-R14: the declarer names the game (judgeDeclaration's rules; a second declaration is the engine's). */
  declare(seat: number, gameType: GameType, hand: boolean, schneiderAnnounced: boolean, schwarzAnnounced: boolean, ouvert: boolean): boolean {
    if ((this.phase !== SKAT_DECISION && this.phase !== DECLARING) || seat !== this.declarer) return false;
    if (this.skatPickedUp === hand) return false; // R9
    if (gameType === 'null') {
      if (schneiderAnnounced || schwarzAnnounced) return false; // R12
    } else {
      if ((ouvert || schneiderAnnounced || schwarzAnnounced) && !hand) return false; // R11/R12
      // R12: announcements are cumulative.
      if (ouvert) schwarzAnnounced = true;
      if (schwarzAnnounced) schneiderAnnounced = true;
    }
    this.gameType = gameType;
    this.mode = modeIndex(gameType);
    this.hand = hand;
    this.schneiderAnnounced = schneiderAnnounced;
    this.schwarzAnnounced = schwarzAnnounced;
    this.ouvert = ouvert;
    this.phase = PLAYING;
    return true;
  }

  /** R15-R19: `seat` plays the card of index `card`. */
  play(seat: number, card: number): boolean {
    if (this.phase !== PLAYING) return false;
    const toAct = this.inTrick > 0 ? (this.leader + this.inTrick) % 3 : this.tricks > 0 ? this.lastWinner : 0;
    if (seat !== toAct) return false;
    const held = this.hands[seat];
    const bit = 1 << card;
    if ((held & bit) === 0) return false;
    const m = this.mode;
    if (this.inTrick > 0) {
      // R16: follow the led class if able.
      const ledClass = classOfIndex(m, this.first);
      if (classOfIndex(m, card) !== ledClass && holdsClass(held, ledClass, m)) return false;
    }
    this.hands[seat] = held & ~bit;
    if (this.inTrick === 0) {
      this.leader = seat;
      this.first = card;
      this.inTrick = 1;
      return true;
    }
    if (this.inTrick === 1) {
      this.second = card;
      this.inTrick = 2;
      return true;
    }
    // R17: the trick is complete.
    const winner = (this.leader + winnerPositionOfThree(this.first, this.second, card, m)) % 3;
    const points = pointsOfIndex(this.first) + pointsOfIndex(this.second) + pointsOfIndex(card);
    this.inTrick = 0;
    this.tricks++;
    this.lastWinner = winner;
    if (winner === this.declarer) {
      this.declarerTricks++;
      this.declarerTrickPoints += points;
      // R18: null is lost as soon as the declarer takes a trick.
      if (this.gameType === 'null') return this.end('nullTrickTaken');
    } else {
      this.defenderTrickPoints += points;
      // R19: schwarz announced (suit or grand ouvert included) is lost with the defenders' first trick.
      if (this.schwarzAnnounced) return this.end('defendersTookTrick');
      // R19/D3: the ISS server stops a schneider-announced game once the defenders hold more than 30.
      if (this.schneiderAnnounced && this.profile.schneiderAnnouncedEnd === 'defendersOver30' && this.defenderTrickPoints > 30) {
        return this.end('defendersOver30');
      }
    }
    if (this.tricks === 10) return this.end('allTricks');
    return true;
  }

  /** R21/D3 (claims.ts's showCards): the declarer shows his cards; on ISS an offer, play goes on. */
  showCards(seat: number): boolean {
    if (this.phase !== PLAYING || seat !== this.declarer) return false;
    if (this.profile.claims === 'iss') return true;
    // R21: the claim ends the game with the remaining tricks to the declarer.
    return this.concede(true, 'claim');
  }

  /** R21/D3 (claims.ts's resign): `seat` resigns. */
  resign(seat: number): boolean {
    if (this.phase !== PLAYING) return false;
    const bit = 1 << seat;
    if (this.resigned & bit) return false;
    this.resigned |= bit;
    const iss = this.profile.claims === 'iss';
    if (seat === this.declarer) {
      // D3: on ISS the game is scored from the tricks as played; R21: else the defenders take the rest.
      return iss ? this.end('declarerResigned') : this.concede(false, 'declarerResigned');
    }
    const defenders = this.resigned & ~(1 << this.declarer);
    const bothDefenders = defenders !== 0 && (defenders & (defenders - 1)) !== 0;
    if (iss && bothDefenders && this.gameType === 'null') return this.end('defendersResigned');
    if (!iss || bothDefenders) return this.concede(true, 'defendersResigned');
    return true; // D3: one defender's resignation alone changes nothing
  }

  /**
   * game-end.ts's concedeRemainingTricks, then finish: the current trick is completed from the
   * hands in turn, then one card from each hand per trick, every one of them taken by the side
   * that has the game (in a null game the declarer's side wins by taking none).
   */
  private concede(declarerWins: boolean, endedBy: EndedBy): boolean {
    const taker = declarerWins !== (this.gameType === 'null') ? this.declarer : (this.declarer + 1) % 3;
    const hands = this.hands;
    const left = [popCount(hands[0]), popCount(hands[1]), popCount(hands[2])];
    let taken = 0;
    let points = pointsOfMask(hands[0]) + pointsOfMask(hands[1]) + pointsOfMask(hands[2]);
    if (this.inTrick > 0) {
      points += pointsOfIndex(this.first) + (this.inTrick > 1 ? pointsOfIndex(this.second) : 0);
      let seat = (this.leader + this.inTrick) % 3;
      for (let cards = this.inTrick; cards < 3 && left[seat] > 0; cards++) {
        left[seat]--;
        seat = (seat + 1) % 3;
      }
      taken++;
    }
    taken += Math.max(left[0], left[1], left[2]);
    hands.fill(0);
    this.inTrick = 0;
    this.tricks += taken;
    if (taker === this.declarer) {
      this.declarerTricks += taken;
      this.declarerTrickPoints += points;
    } else {
      this.defenderTrickPoints += points;
    }
    return this.end(endedBy);
  }

  /** D3 (abandon.ts): a time-out or a departure stops a deal that is not over; it is not scored. */
  abandon(): boolean {
    if (this.phase === FINISHED || this.phase === PASSED_IN || this.phase === ABANDONED) return false;
    this.phase = ABANDONED;
    return true;
  }

  private end(endedBy: EndedBy): boolean {
    this.phase = FINISHED;
    this.endedBy = endedBy;
    return true;
  }

  /** True when every move so far was a legal move and the deal is over (played out or passed in). */
  get decided(): boolean {
    return this.phase === FINISHED || this.phase === PASSED_IN;
  }

  get passedIn(): boolean {
    return this.phase === PASSED_IN;
  }

  get abandoned(): boolean {
    return this.phase === ABANDONED;
  }

  /**
   * The scored result of a finished game, as the engine's fold gives it (scoreGame over
   * scoringFactsOf's facts, without a derivation); null unless the game is finished.
   */
  result(): GameResult | null {
    if (this.phase !== FINISHED) return null;
    const declarer = this.declarer as Seat;
    const declaration: Declaration = {
      gameType: this.gameType,
      hand: this.hand,
      ouvert: this.ouvert,
      schneiderAnnounced: this.schneiderAnnounced,
      schwarzAnnounced: this.schwarzAnnounced,
    };
    // R27: the declarer's 10 dealt cards and the dealt skat.
    const cardsWithSkat: Card[] = new Array(12);
    for (let k = 0; k < 10; k++) cardsWithSkat[k] = ALL_CARDS[this.dealt[declarer * 10 + k]];
    cardsWithSkat[10] = ALL_CARDS[this.dealt[30]];
    cardsWithSkat[11] = ALL_CARDS[this.dealt[31]];
    return scoreGame(
      {
        declarer,
        declaration,
        bid: this.bid,
        declarerCardsWithSkat: cardsWithSkat,
        // R22/R10: his tricks plus the skat as it lies (the discards, or the untouched skat).
        declarerPoints: pointsOfMask(this.skat) + this.declarerTrickPoints,
        declarerTricks: this.declarerTricks,
        defenderTricks: this.tricks - this.declarerTricks,
        kontra: false,
        re: false,
        endedBy: this.endedBy,
      },
      this.profile,
      NUMBERS_ONLY,
    );
  }
}

/** The cards of each follow class (trick.ts: 0-3 a suit, 4 trumps) per play mode, as masks: CLASS_CARDS[m * 5 + class]. */
const CLASS_CARDS = new Int32Array(7 * 5);
for (let m = 0; m < 7; m++) for (let card = 0; card < 32; card++) CLASS_CARDS[m * 5 + classOfIndex(m, card)] |= 1 << card;

/** R16: does the hand (a card mask) hold a card of class `cls` under play mode `m`? */
function holdsClass(held: number, cls: number, m: number): boolean {
  return (held & CLASS_CARDS[m * 5 + cls]) !== 0;
}

function popCount(cards: number): number {
  let n = 0;
  for (let rest = cards; rest !== 0; rest &= rest - 1) n++;
  return n;
}

function pointsOfMask(cards: number): number {
  let points = 0;
  for (let rest = cards; rest !== 0; rest &= rest - 1) points += pointsOfIndex(31 - Math.clz32(rest & -rest));
  return points;
}
