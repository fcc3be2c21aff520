import { type AuctionOutcome, auctionSeatToAct, judgeBidCall, legalBidCalls, OPENING_AUCTION } from './bidding';
import { ALL_CARDS, type Card, cardIndex, isCard, pointsOfIndex } from './card';
import { type DealtCards, validateDealt } from './dealing';
import { GAME_TYPES, type Declaration } from './declaration';
import { judgeDeclaration, judgeDiscard, judgeRedeclaration } from './declaration-rules';
import { concedeRemainingTricks, type EndedBy, notScoreableResult, PASSED_IN_RESULT, scoringFactsOf } from './game-end';
import type { BidCall, CompletedTrick, GameState, PlayedCard } from './game-state';
import type { Move } from './move';
import { ramschResult } from './ramsch';
import { allow, refuse, type Judgement, type Refusal } from './refusal';
import { scoreGame, type ScoreOptions } from './scoring';
import { inputText } from './input-text';
import { isSeat, nextSeat, SEAT_NAMES, type Seat } from './seat';
import { followSuitReason, modeIndex, playableCards, TRUMP_CLASS, classOfIndex, holdsClass, winnerPositionOfThree } from './trick';
import type { RuleProfile } from './variant/rule-profile';

export type { DealtCards } from './dealing';

/**
 * The play engine: a pure fold of moves over a deal (R4-R21, D3, R40, R42). Each call returns a
 * new state or a refusal naming the rule; the given state is never changed. States are shallow
 * copies that share every array a move does not change; replayMoves folds a whole record with one
 * working state changed in place, for verifying many records fast.
 */

type Hands = readonly [readonly Card[], readonly Card[], readonly Card[]];

/** A fresh, still-mutable copy of a state. Every state is built through here (one object shape,
 *  which keeps V8's property access monomorphic and the copy cheap); it is never mutated once returned. */
type Draft = { -readonly [K in keyof GameState]: GameState[K] };
function draft(s: GameState): Draft {
  return {
    profile: s.profile,
    phase: s.phase,
    dealt: s.dealt,
    hands: s.hands,
    skat: s.skat,
    biddingHistory: s.biddingHistory,
    highestBid: s.highestBid,
    declarer: s.declarer,
    skatPickedUp: s.skatPickedUp,
    discarded: s.discarded,
    declaration: s.declaration,
    kontra: s.kontra,
    re: s.re,
    cardsShown: s.cardsShown,
    resigned: s.resigned,
    currentTrick: s.currentTrick,
    tricks: s.tricks,
    moves: s.moves,
    abandonReason: s.abandonReason,
    result: s.result,
    auction: s.auction,
    playMode: s.playMode,
    claimed: s.claimed,
    endedBy: s.endedBy,
  };
}

function update(s: GameState, changes: Partial<GameState>): GameState {
  return Object.assign(draft(s), changes);
}

/** R1/R4: refuses a bad deck; otherwise the auction opens with middlehand to say (R6). */
export function startGame(dealt: DealtCards, profile: RuleProfile): Judgement<GameState> {
  const valid = validateDealt(dealt);
  if (!valid.ok) return valid;
  if (!profile || typeof profile !== 'object') return refuse('D4', 'a deal is played under a rule profile');
  const hands: Hands = [dealt.hands[0].slice(), dealt.hands[1].slice(), dealt.hands[2].slice()];
  const skat: [Card, Card] = [dealt.skat[0], dealt.skat[1]];
  return allow(
    draft({
      profile,
      phase: 'bidding',
      // No state's hand array is ever changed (replayMoves splices only its own copies), so the
      // dealt hands and the current hands can share them.
      dealt: { hands, skat },
      hands,
      skat,
      biddingHistory: [],
      highestBid: 0,
      declarer: null,
      skatPickedUp: false,
      discarded: null,
      declaration: null,
      kontra: false,
      re: false,
      cardsShown: false,
      resigned: [],
      currentTrick: null,
      tricks: [],
      moves: [],
      abandonReason: null,
      result: null,
      auction: OPENING_AUCTION,
      playMode: null,
      claimed: false,
      endedBy: null,
    }),
  );
}

const TERMINAL = new Set(['finished', 'passedIn', 'abandoned']);

function isOver(state: GameState): boolean {
  return TERMINAL.has(state.phase);
}

const PHASE_WORDS: Record<GameState['phase'], string> = {
  bidding: 'during the bidding',
  skatDecision: 'while the declarer decides between picking up the skat and hand',
  discarding: 'while the declarer discards',
  declaring: 'while the declarer names his game',
  playing: 'during the play',
  finished: 'after the game is over',
  passedIn: 'after all passed',
  abandoned: 'after the deal was abandoned',
};

function who(seat: Seat): string {
  return SEAT_NAMES[seat];
}

/** Whose turn it is; null when the deal is over. */
export function seatToAct(state: GameState): Seat | null {
  switch (state.phase) {
    case 'bidding':
      return state.auction ? auctionSeatToAct(state.auction) : null;
    case 'skatDecision':
    case 'discarding':
    case 'declaring':
      return state.declarer;
    case 'playing':
      return playerToAct(state);
    default:
      return null;
  }
}

function playerToAct(state: GameState): Seat {
  const trick = state.currentTrick;
  if (trick) return ((trick.leader + trick.cards.length) % 3) as Seat;
  // R15: forehand leads to trick 1, the winner of a trick leads to the next.
  return state.tricks.length ? state.tricks[state.tricks.length - 1].winner : 0;
}

function withMove(moves: readonly Move[], move: Move): Move[] {
  const n = moves.length;
  const out: Move[] = new Array(n + 1);
  for (let i = 0; i < n; i++) out[i] = moves[i];
  out[n] = move;
  return out;
}

function withoutAt<T>(xs: readonly T[], at: number): T[] {
  const out: T[] = new Array(xs.length - 1);
  for (let i = 0, j = 0; i < xs.length; i++) if (i !== at) out[j++] = xs[i];
  return out;
}

function replaceHand(hands: Hands, seat: Seat, hand: readonly Card[]): Hands {
  return seat === 0 ? [hand, hands[1], hands[2]] : seat === 1 ? [hands[0], hand, hands[2]] : [hands[0], hands[1], hand];
}

/** Applies one move; a refusal names the rule and leaves `state` untouched. */
export function applyMove(state: GameState, move: Move): Judgement<GameState> {
  if (!move || typeof move !== 'object') return refuse('D3', 'a move must be an object with a kind');
  if (move.kind !== 'abandon' && !isSeat((move as { seat?: unknown }).seat)) {
    return refuse('R2', `a ${inputText(move.kind)} move needs a seat 0, 1 or 2, got ${inputText((move as { seat?: unknown }).seat)}`);
  }
  switch (move.kind) {
    // Without a working state to change, these always answer with a judgement.
    case 'play':
      return playCard(state, move, null) as Judgement<GameState>;
    case 'bid':
    case 'hold':
    case 'pass':
      return bidCall(state, move, null) as Judgement<GameState>;
    case 'pickUpSkat':
      return pickUpSkat(state, move, null) as Judgement<GameState>;
    case 'discard':
      return discard(state, move, null) as Judgement<GameState>;
    case 'declare':
      return declare(state, move, null) as Judgement<GameState>;
    case 'showCards':
      return showCards(state, move);
    case 'resign':
      return resign(state, move);
    case 'kontra':
    case 're':
      return kontraOrRe(state, move);
    case 'abandon':
      return abandon(state, move);
    default:
      return refuse('D3', `unknown move kind "${inputText((move as { kind?: unknown }).kind)}"`);
  }
}

function notNow(state: GameState, ruleId: string, what: string): Judgement<GameState> {
  return refuse(ruleId, `${what} is not possible ${PHASE_WORDS[state.phase]}`);
}

// ---------------------------------------------------------------- bidding (R5-R8)

/** `owned`: replay's working state, changed in place (see replayMoves); null: copy (applyMove). */
function bidCall(state: GameState, move: Extract<Move, { kind: 'bid' | 'hold' | 'pass' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'bidding' || !state.auction) return notNow(state, 'R6', `a ${move.kind}`);
  const call: BidCall =
    move.kind === 'bid'
      ? { seat: move.seat, call: 'bid', value: move.value }
      : move.kind === 'hold'
        ? { seat: move.seat, call: 'hold', value: state.auction.highest }
        : { seat: move.seat, call: 'pass' };
  const judged: Judgement<AuctionOutcome> = judgeBidCall(state.auction, call);
  if (!judged.ok) return judged;
  const outcome = judged.value;
  let next: Draft;
  if (owned) {
    next = owned;
    (next.biddingHistory as BidCall[]).push(call);
    (next.moves as Move[]).push(move);
  } else {
    next = draft(state);
    next.biddingHistory = withCall(state.biddingHistory, call);
    next.moves = withMove(state.moves, move);
  }
  if (outcome.kind === 'open') {
    next.auction = outcome.auction;
    next.highestBid = outcome.auction.highest;
    return owned ? null : allow(next);
  }
  next.auction = null;
  if (outcome.kind === 'won') {
    next.highestBid = outcome.bid;
    next.declarer = outcome.declarer;
    next.phase = 'skatDecision';
  } else if (state.profile.allPassed === 'ramsch') {
    // All passed with Ramsch on (R42): everyone plays for himself.
    next.phase = 'playing';
    next.playMode = 'ramsch';
  } else {
    // R8: eingepasst.
    next.phase = 'passedIn';
    next.result = PASSED_IN_RESULT;
  }
  return owned ? null : allow(next);
}

function withCall(history: readonly BidCall[], call: BidCall): BidCall[] {
  const n = history.length;
  const out: BidCall[] = new Array(n + 1);
  for (let i = 0; i < n; i++) out[i] = history[i];
  out[n] = call;
  return out;
}

// ---------------------------------------------------------------- skat and declaration (R9-R14)

function mustBeDeclarer(state: GameState, seat: Seat, ruleId: string, what: string): Judgement<GameState> | null {
  if (state.declarer === null) return refuse(ruleId, `${what}: there is no declarer`);
  if (seat !== state.declarer) return refuse(ruleId, `only the declarer (${who(state.declarer)}) may ${what}, not ${who(seat)}`);
  return null;
}

function pickUpSkat(state: GameState, move: Extract<Move, { kind: 'pickUpSkat' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'skatDecision') return notNow(state, 'R9', 'picking up the skat');
  const wrong = mustBeDeclarer(state, move.seat, 'R9', 'pick up the skat');
  if (wrong) return wrong;
  const seat = move.seat;
  const hand = [...state.hands[seat], ...state.skat];
  if (owned) {
    // The working hands triple is replay's own; the skat array is shared with `dealt`: replaced, not emptied.
    (owned.hands as unknown as Card[][])[seat] = hand;
    owned.skat = [];
    owned.skatPickedUp = true;
    owned.phase = 'discarding';
    (owned.moves as Move[]).push(move);
    return null;
  }
  return allow(
    update(state, { hands: replaceHand(state.hands, seat, hand), skat: [], skatPickedUp: true, phase: 'discarding', moves: withMove(state.moves, move) }),
  );
}

function discard(state: GameState, move: Extract<Move, { kind: 'discard' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'discarding') {
    return state.phase === 'skatDecision' ? refuse('R10', 'the skat must be picked up before discarding') : notNow(state, 'R10', 'discarding');
  }
  const wrong = mustBeDeclarer(state, move.seat, 'R10', 'discard');
  if (wrong) return wrong;
  const held = state.hands[move.seat];
  const judged = judgeDiscard(held, move.cards as readonly unknown[]);
  if (!judged.ok) return judged;
  const [a, b] = judged.value;
  const hand = held.filter((c) => c !== a && c !== b);
  if (owned) {
    (owned.hands as unknown as Card[][])[move.seat] = hand;
    owned.skat = [a, b];
    owned.discarded = [a, b];
    owned.phase = 'declaring';
    (owned.moves as Move[]).push(move);
    return null;
  }
  return allow(
    update(state, {
      hands: replaceHand(state.hands, move.seat, hand),
      skat: [a, b],
      discarded: [a, b],
      phase: 'declaring',
      moves: withMove(state.moves, move),
    }),
  );
}

function declare(state: GameState, move: Extract<Move, { kind: 'declare' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase === 'discarding') return refuse('R10', 'discard two cards before naming the game');
  if (state.phase === 'playing' && state.declaration) return redeclare(state, move);
  if (state.phase !== 'skatDecision' && state.phase !== 'declaring') return notNow(state, 'R11', 'declaring a game');
  const wrong = mustBeDeclarer(state, move.seat, 'R11', 'declare the game');
  if (wrong) return wrong;
  const judged = judgeDeclaration(move.declaration, state.skatPickedUp);
  if (!judged.ok) return judged;
  const declaration = judged.value;
  if (owned) {
    owned.declaration = declaration;
    owned.phase = 'playing';
    owned.playMode = declaration.gameType;
    owned.cardsShown = declaration.ouvert;
    (owned.moves as Move[]).push(move);
    return null;
  }
  return allow(
    update(state, {
      declaration,
      phase: 'playing',
      playMode: declaration.gameType,
      // R14: in every ouvert game the declarer's cards lie face up.
      cardsShown: declaration.ouvert,
      moves: withMove(state.moves, move),
    }),
  );
}

/** R13: before the first lead, a switch to a game of higher value; otherwise irrevocable. */
function redeclare(state: GameState, move: Extract<Move, { kind: 'declare' }>): Judgement<GameState> {
  if (state.tricks.length > 0 || state.currentTrick) return refuse('R13', 'the declaration is irrevocable once the first card is led');
  const wrong = mustBeDeclarer(state, move.seat, 'R13', 'change the declaration');
  if (wrong) return wrong;
  const judged = judgeDeclaration(move.declaration, state.skatPickedUp);
  if (!judged.ok) return judged;
  const seat = state.declarer as Seat;
  const upgraded = judgeRedeclaration(state.declaration as Declaration, judged.value, [...state.dealt.hands[seat], ...state.dealt.skat]);
  if (!upgraded.ok) return upgraded;
  const declaration = upgraded.value;
  return allow(
    update(state, { declaration, playMode: declaration.gameType, cardsShown: state.cardsShown || declaration.ouvert, moves: withMove(state.moves, move) }),
  );
}

// ---------------------------------------------------------------- play (R15-R19)

function playCard(state: GameState, move: Extract<Move, { kind: 'play' }>, owned: Draft | null): Judgement<GameState> | null {
  if (state.phase !== 'playing' || state.playMode === null) return notNow(state, 'R15', 'playing a card');
  const seat = move.seat;
  const card = move.card;
  const trick = state.currentTrick;
  const toAct = trick ? (((trick.leader + trick.cards.length) % 3) as Seat) : playerToAct(state);
  if (seat !== toAct) return refuse('R15', `it is ${who(toAct)}'s turn to ${trick ? 'play' : 'lead'}, not ${who(seat)}'s`);
  const hand = state.hands[seat];
  let at = -1;
  for (let i = 0; i < hand.length; i++) {
    if (hand[i] === card) {
      at = i;
      break;
    }
  }
  if (at < 0) {
    if (typeof card !== 'string' || !isCard(card)) return refuse('R1', `"${inputText(card)}" is not a card`);
    return refuse('R15', `${who(seat)} does not hold ${card}`);
  }
  const m = modeIndex(state.playMode);
  const index = cardIndex(card);
  if (trick) {
    // R16: follow the led class (suit, or trumps with the jacks) if able.
    const led = trick.cards[0].card;
    const ledClass = classOfIndex(m, cardIndex(led));
    if (classOfIndex(m, index) !== ledClass && holdsClass(hand, ledClass, m)) {
      return refuse('R16', followSuitReason(who(seat), hand, led, card, state.playMode));
    }
  }
  const played = PLAYED_CARDS[seat * ALL_CARDS.length + index];
  let next: Draft;
  if (owned) {
    next = owned;
    // Close the gap by hand: splice would allocate an array of the removed card.
    const h = hand as Card[];
    for (let i = at + 1; i < h.length; i++) h[i - 1] = h[i];
    h.pop();
    (next.moves as Move[]).push(move);
  } else {
    next = draft(state);
    next.hands = replaceHand(state.hands, seat, withoutAt(hand, at));
    next.moves = withMove(state.moves, move);
  }
  if (!trick) {
    next.currentTrick = { leader: seat, cards: [played] };
    return owned ? null : allow(next);
  }
  if (trick.cards.length < 2) {
    // A new array of the exact size, even for replay's own trick: cheaper than growing one by push.
    next.currentTrick = { leader: trick.leader, cards: [trick.cards[0], played] };
    return owned ? null : allow(next);
  }

  // R17: the trick is complete.
  const first = trick.cards[0].card;
  const second = trick.cards[1].card;
  const firstIndex = cardIndex(first);
  const secondIndex = cardIndex(second);
  const winner = ((trick.leader + winnerPositionOfThree(firstIndex, secondIndex, index, m)) % 3) as Seat;
  const points = pointsOfIndex(firstIndex) + pointsOfIndex(secondIndex) + pointsOfIndex(index);
  const completed: CompletedTrick = { leader: trick.leader, cards: [trick.cards[0], trick.cards[1], played], winner, points };
  const tricks = owned ? (state.tricks as CompletedTrick[]) : state.tricks.slice();
  tricks.push(completed);
  next.currentTrick = null;
  next.tricks = tricks;
  const after: GameState = next;
  const d = state.declaration;
  if (d) {
    // R18: null is lost as soon as the declarer takes a trick.
    if (d.gameType === 'null' && winner === state.declarer) return end(after, 'nullTrickTaken', owned);
    // R19: schwarz announced / suit or grand ouvert is lost the moment the defenders take a trick.
    if (d.schwarzAnnounced && winner !== state.declarer) return end(after, 'defendersTookTrick', owned);
    // R19/D3: the ISS server stops a schneider-announced game once the defenders hold more than 30.
    if (
      d.schneiderAnnounced &&
      winner !== state.declarer &&
      state.profile.schneiderAnnouncedEnd === 'defendersOver30' &&
      defenderTrickPoints(tricks, state.declarer) > 30
    ) {
      return end(after, 'defendersOver30', owned);
    }
  }
  if (tricks.length === 10) return end(after, 'allTricks', owned);
  return owned ? null : allow(after);
}

/** Card points of the tricks the defenders took (the skat is the declarer's, R22). */
function defenderTrickPoints(tricks: readonly CompletedTrick[], declarer: Seat | null): number {
  let points = 0;
  for (const t of tricks) if (t.winner !== declarer) points += t.points;
  return points;
}

/**
 * A card as played: {seat, card} objects are immutable, so one per seat and card is shared by every
 * trick of every deal (a replay allocates none).
 */
const PLAYED_CARDS: readonly PlayedCard[] = [0, 1, 2].flatMap((seat) => ALL_CARDS.map((card): PlayedCard => ({ seat: seat as Seat, card })));

/** finish, in place for replay's own working state (null: done), else as a new state. */
function end(state: GameState, endedBy: EndedBy, owned: Draft | null): Judgement<GameState> | null {
  if (!owned) return allow(finish(state, endedBy));
  owned.phase = 'finished';
  owned.endedBy = endedBy;
  owned.result = owned.declarer === null ? ramschResult(owned.tricks, owned.skat) : scoreGame(scoringFactsOf(owned, endedBy), owned.profile, scoreOptions);
  return null;
}

/** Ends play and fills the result: scoreGame for a declarer game (R22-R33), R42 for Ramsch. */
function finish(state: GameState, endedBy: EndedBy): GameState {
  if (state.declarer === null) {
    return update(state, { phase: 'finished', endedBy, result: ramschResult(state.tricks, state.skat) });
  }
  const ended: GameState = update(state, { phase: 'finished', endedBy });
  return update(ended, { result: scoreGame(scoringFactsOf(ended, endedBy), state.profile, scoreOptions) });
}

// ---------------------------------------------------------------- claims and resignations (R21, D3)

/**
 * Which side takes the unplayed tricks when `winningSide` has the game: in a null game the
 * declarer wins by taking no trick, so the defenders take them (ISS records this: both defenders
 * resigning a null ouvert leaves the declarer with 0 tricks).
 */
function remainingTaker(state: GameState, winningSide: 'declarer' | 'defenders'): Seat {
  const declarer = state.declarer as Seat;
  const nullGame = state.declaration?.gameType === 'null';
  const declarerTakes = (winningSide === 'declarer') !== nullGame;
  return declarerTakes ? declarer : nextSeat(declarer);
}

function concede(state: GameState, winningSide: 'declarer' | 'defenders', endedBy: EndedBy, extra: Partial<GameState>): GameState {
  const base: GameState = update(state, extra);
  const unplayed = concedeRemainingTricks(base, remainingTaker(state, winningSide));
  return finish(update(base, { hands: [[], [], []], currentTrick: null, tricks: [...state.tricks, ...unplayed] }), endedBy);
}

function showCards(state: GameState, move: Extract<Move, { kind: 'showCards' }>): Judgement<GameState> {
  if (state.phase !== 'playing') return notNow(state, 'R21', 'showing cards to claim');
  if (state.declarer === null) return refuse('R42', 'in Ramsch there is no declarer to claim the remaining tricks');
  const wrong = mustBeDeclarer(state, move.seat, 'R21', 'show his cards to claim the remaining tricks');
  if (wrong) return wrong;
  const moves = withMove(state.moves, move);
  if (state.profile.claims === 'iss') {
    // D3: on ISS a claim (`SC`) is an offer; play may go on.
    return allow(update(state, { moves, claimed: true, cardsShown: true }));
  }
  // R21 (isko): the claim ends the game with the remaining tricks to the declarer, unless it was
  // unsound (the deal decider judges it with all cards open): then they all go to the defenders.
  return allow(concede(state, move.unsound ? 'defenders' : 'declarer', 'claim', { moves, claimed: true, cardsShown: true }));
}

function resign(state: GameState, move: Extract<Move, { kind: 'resign' }>): Judgement<GameState> {
  if (state.phase !== 'playing') return notNow(state, 'R21', 'resigning');
  if (state.declarer === null) return refuse('R42', 'in Ramsch nobody can resign: every player plays for himself');
  const seat = move.seat;
  if (state.resigned.includes(seat)) return refuse('R21', `${who(seat)} has already resigned`);
  const resigned = [...state.resigned, seat];
  const moves = withMove(state.moves, move);
  const iss = state.profile.claims === 'iss';
  if (seat === state.declarer) {
    // D3: on ISS no remaining trick goes to anybody; the game is scored from the tricks as played.
    if (iss) return allow(finish(update(state, { moves, resigned }), 'declarerResigned'));
    // R21: the declarer resigns: every remaining trick goes to the defenders.
    return allow(concede(state, 'defenders', 'declarerResigned', { moves, resigned }));
  }
  const defendersResigned = resigned.filter((s) => s !== state.declarer).length;
  if (iss && defendersResigned === 2 && state.declaration?.gameType === 'null') {
    // D3: both defenders resigning a null game: won, with card points and tricks as played.
    return allow(finish(update(state, { moves, resigned }), 'defendersResigned'));
  }
  if (!iss || defendersResigned === 2) {
    // R21: a concession by one defender ends the game (isko); D3: on ISS both defenders must
    // resign, and in a suit or grand game every remaining trick goes to the declarer.
    return allow(concede(state, 'declarer', 'defendersResigned', { moves, resigned }));
  }
  // D3: one defender's resignation alone changes nothing.
  return allow(update(state, { moves, resigned }));
}

// ---------------------------------------------------------------- Kontra / Re (R40) and abandon (D3)

function kontraOrRe(state: GameState, move: Extract<Move, { kind: 'kontra' | 're' }>): Judgement<GameState> {
  const word = move.kind === 'kontra' ? 'Kontra' : 'Re';
  if (!state.profile.houseOptions?.kontraRe) return refuse('R40', `${word} is a house option that the "${state.profile.id}" profile does not allow`);
  if (state.phase !== 'playing') return notNow(state, 'R40', word);
  if (state.declarer === null) return refuse('R40', `there is no declarer to say ${word} against in Ramsch`);
  if (state.tricks.length > 0 || state.currentTrick) return refuse('R40', `${word} must be said before the first card is played`);
  if (move.kind === 'kontra') {
    if (move.seat === state.declarer) return refuse('R40', 'only a defender may say Kontra');
    if (state.kontra) return refuse('R40', 'Kontra has already been said');
    return allow(update(state, { kontra: true, moves: withMove(state.moves, move) }));
  }
  if (move.seat !== state.declarer) return refuse('R40', 'only the declarer may answer Kontra with Re');
  if (!state.kontra) return refuse('R40', 'Re answers a Kontra; none has been said');
  if (state.re) return refuse('R40', 'Re has already been said');
  return allow(update(state, { re: true, moves: withMove(state.moves, move) }));
}

const ABANDON_WORDS: Record<string, string> = { misdeal: 'misdeal (R4)', timeout: 'time-out', left: 'a player left the table' };

function abandon(state: GameState, move: Extract<Move, { kind: 'abandon' }>): Judgement<GameState> {
  if (isOver(state)) return notNow(state, 'D3', 'abandoning the deal');
  if (typeof move.reason !== 'string' || !Object.hasOwn(ABANDON_WORDS, move.reason))
    return refuse('D3', `"${inputText(move.reason)}" is not a reason to abandon a deal (misdeal, timeout, left)`);
  if (move.seat !== undefined && !isSeat(move.seat)) return refuse('D3', `seat ${inputText(move.seat)} is not 0, 1 or 2`);
  const reason = `${ABANDON_WORDS[move.reason]}${move.seat === undefined ? '' : ` (${who(move.seat)})`}`;
  const stopped: GameState = update(state, { phase: 'abandoned', abandonReason: reason, moves: withMove(state.moves, move) });
  return allow(update(stopped, { result: notScoreableResult(state, reason) }));
}

// ---------------------------------------------------------------- legal moves and replay

/**
 * Every move the seats may make now (for replay frames). Bids are listed compactly: the next legal
 * value and pass, or hold and pass. The server's `abandon` is always possible before the end and
 * is not listed.
 */
export function legalMoves(state: GameState): Move[] {
  const seat = seatToAct(state);
  if (seat === null) return [];
  switch (state.phase) {
    case 'bidding':
      return legalBidCalls(state.auction!).map((c): Move =>
        c.call === 'bid' ? { kind: 'bid', seat: c.seat, value: c.value! } : c.call === 'hold' ? { kind: 'hold', seat: c.seat } : { kind: 'pass', seat: c.seat },
      );
    case 'skatDecision':
      return [{ kind: 'pickUpSkat', seat }, ...declarationsFor(true).map((declaration): Move => ({ kind: 'declare', seat, declaration }))];
    case 'discarding': {
      const held = state.hands[seat];
      const out: Move[] = [];
      for (let i = 0; i < held.length; i++) for (let j = i + 1; j < held.length; j++) out.push({ kind: 'discard', seat, cards: [held[i], held[j]] });
      return out;
    }
    case 'declaring':
      return declarationsFor(false).map((declaration): Move => ({ kind: 'declare', seat, declaration }));
    case 'playing':
      return playingMoves(state, seat);
    default:
      return [];
  }
}

function playingMoves(state: GameState, seat: Seat): Move[] {
  const led = state.currentTrick ? state.currentTrick.cards[0].card : null;
  const out: Move[] = playableCards(state.hands[seat], led, state.playMode!).map((card): Move => ({ kind: 'play', seat, card }));
  const declarer = state.declarer;
  if (declarer === null) return out;
  out.push({ kind: 'showCards', seat: declarer });
  for (const s of [0, 1, 2] as const) if (!state.resigned.includes(s)) out.push({ kind: 'resign', seat: s });
  const beforeFirstCard = state.tricks.length === 0 && state.currentTrick === null;
  if (state.profile.houseOptions?.kontraRe && beforeFirstCard) {
    if (!state.kontra) for (const s of [0, 1, 2] as const) if (s !== declarer) out.push({ kind: 'kontra', seat: s });
    if (state.kontra && !state.re) out.push({ kind: 're', seat: declarer });
  }
  if (beforeFirstCard && state.declaration) {
    // R13: switching to a game of higher value before the first lead.
    for (const declaration of declarationsFor(!state.skatPickedUp)) {
      if (applyMove(state, { kind: 'declare', seat: declarer, declaration }).ok) out.push({ kind: 'declare', seat: declarer, declaration });
    }
  }
  return out;
}

/** All legal declarations in one form each (announcements complete per R12). */
function declarationsFor(hand: boolean): Declaration[] {
  const out: Declaration[] = [];
  for (const gameType of GAME_TYPES) {
    if (gameType === 'null') {
      out.push({ gameType, hand, ouvert: false, schneiderAnnounced: false, schwarzAnnounced: false });
      out.push({ gameType, hand, ouvert: true, schneiderAnnounced: false, schwarzAnnounced: false });
      continue;
    }
    out.push({ gameType, hand, ouvert: false, schneiderAnnounced: false, schwarzAnnounced: false });
    if (hand) {
      out.push({ gameType, hand, ouvert: false, schneiderAnnounced: true, schwarzAnnounced: false });
      out.push({ gameType, hand, ouvert: false, schneiderAnnounced: true, schwarzAnnounced: true });
      out.push({ gameType, hand, ouvert: true, schneiderAnnounced: true, schwarzAnnounced: true });
    }
  }
  return out;
}

/** A replay that stopped: the 0-based index of the refused move (-1: the deal itself) and why. */
export interface ReplayFailure {
  readonly ok: false;
  readonly index: number;
  readonly refusal: Refusal;
}

/**
 * Folds `moves` over a fresh deal, the fast way: the same rules as applyMove, but bids and cards
 * change one working state in place instead of copying it per move (nothing outside can see the
 * intermediate states). The final state is a normal, never-again-changed GameState, equal to the
 * one a fold of applyMove gives (a property test checks this).
 */
export function replayMoves(
  dealt: DealtCards,
  moves: readonly Move[],
  profile: RuleProfile,
  options?: ReplayOptions,
): { readonly ok: true; readonly value: GameState } | ReplayFailure {
  if (options?.derivation === false) {
    // Synchronous and single-threaded: the switch holds for exactly this fold.
    scoreOptions = WITHOUT_DERIVATION;
    try {
      return replayMovesWith(dealt, moves, profile);
    } finally {
      scoreOptions = undefined;
    }
  }
  return replayMovesWith(dealt, moves, profile);
}

export interface ReplayOptions {
  /** false: the result's derivation stays empty (bulk checks comparing numbers only); default true. */
  readonly derivation?: boolean;
}

const WITHOUT_DERIVATION: ScoreOptions = { derivation: false };
/** How the fold in progress scores (replayMoves' options); undefined: with the derivation. */
let scoreOptions: ScoreOptions | undefined;

function replayMovesWith(dealt: DealtCards, moves: readonly Move[], profile: RuleProfile): { readonly ok: true; readonly value: GameState } | ReplayFailure {
  const started = startGame(dealt, profile);
  if (!started.ok) return { ok: false, index: -1, refusal: started.refusal };
  // startGame's state is a fresh object nobody else holds: it becomes the working state.
  let work = started.value as Draft;
  // Own copies: startGame shares the hand arrays with `dealt`, and these will be spliced.
  work.hands = [work.hands[0].slice(), work.hands[1].slice(), work.hands[2].slice()];
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i];
    // Moves come in many shapes, so each field read here is slow: read kind once.
    const kind = move ? move.kind : undefined;
    let r: Judgement<GameState> | null;
    if (kind === 'play' && isSeat(move.seat)) r = playCard(work, move as Extract<Move, { kind: 'play' }>, work);
    else if ((kind === 'bid' || kind === 'hold' || kind === 'pass') && isSeat(move.seat))
      r = bidCall(work, move as Extract<Move, { kind: 'bid' | 'hold' | 'pass' }>, work);
    else if (kind === 'pickUpSkat' && isSeat(move.seat)) r = pickUpSkat(work, move as Extract<Move, { kind: 'pickUpSkat' }>, work);
    else if (kind === 'discard' && isSeat(move.seat)) r = discard(work, move as Extract<Move, { kind: 'discard' }>, work);
    else if (kind === 'declare' && isSeat(move.seat)) r = declare(work, move as Extract<Move, { kind: 'declare' }>, work);
    // Rare moves take the copying path; its result shares arrays only with the discarded `work`.
    else r = applyMove(work, move);
    if (r === null) continue; // changed `work` in place
    if (!r.ok) return { ok: false, index: i, refusal: r.refusal };
    work = r.value as Draft;
  }
  return { ok: true, value: work };
}

/** Folds `moves` over a fresh deal; a refusal says which move (0-based index) failed. */
export function replay(dealt: DealtCards, moves: readonly Move[], profile: RuleProfile): Judgement<GameState> {
  const r = replayMoves(dealt, moves, profile);
  if (r.ok) return r;
  if (r.index < 0) return refuse(r.refusal.ruleId, r.refusal.reason);
  return refuse(r.refusal.ruleId, `move ${r.index} (${describeMove(moves[r.index])}): ${r.refusal.reason}`);
}

export function describeMove(move: Move): string {
  try {
    return describeMoveUnsafe(move);
  } catch {
    // A hostile move (a field whose conversion to text throws) is described by its type only.
    return `an unreadable ${typeof move}`;
  }
}

function describeMoveUnsafe(move: Move): string {
  if (!move || typeof move !== 'object') return String(move);
  const seat = 'seat' in move && move.seat !== undefined ? `${SEAT_NAMES[move.seat] ?? `seat ${String(move.seat)}`} ` : '';
  switch (move.kind) {
    case 'bid':
      return `${seat}bids ${move.value}`;
    case 'play':
      return `${seat}plays ${move.card}`;
    case 'discard':
      return `${seat}discards ${move.cards?.join(' ')}`;
    case 'declare':
      return `${seat}declares ${move.declaration?.gameType}`;
    case 'abandon':
      return `abandon (${move.reason})`;
    default:
      return `${seat}${move.kind}`;
  }
}

export { TRUMP_CLASS };
