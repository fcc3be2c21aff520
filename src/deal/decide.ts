import type { Card } from '../rules/card';
import type { GameState } from '../rules/game-state';
import type { Move } from '../rules/move';
import { allow, refuse, type Judgement } from '../rules/refusal';
import { isSeat } from '../rules/seat';
import { checkClaim, type ClaimCheck } from './claimCheck';
import type { DealCommand, StartDeal, CorrectScore } from './commands';
import type { DealState } from './dealState';
import { resolveDeal } from './dealing';
import { applyMove, DEFAULT_PROFILE_ID, getProfile } from './engine';
import type { DealEvent } from './events';
import { LEDGER_RULES as L } from './ledgerRules';

/** What a decision may depend on besides the command and the state; supplied by the shell. */
export interface DecideContext {
  readonly actorId: string;
  readonly role?: 'player' | 'arbiter' | 'system';
  /** Server clock, ISO; used only for startedAt when the command names none. */
  readonly now: string;
  readonly defaultProfileId?: string;
  /** A crypto-shuffled deck, when the command asks the server to shuffle. */
  readonly serverDeck?: readonly Card[];
}

const isNonEmptyString = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

function decideStart(command: StartDeal, state: DealState, ctx: DecideContext): Judgement<DealEvent[]> {
  if (state.started) return refuse(L.alreadyStarted, `deal ${command.dealId} has already been started`);
  if (!isNonEmptyString(command.dealId)) return refuse(L.badStart, 'a deal needs an id');
  const players = command.players;
  if (!Array.isArray(players) || players.length !== 3 || !players.every(isNonEmptyString))
    return refuse('R2', 'a deal is played by exactly three named players (forehand, middlehand, rearhand)');
  if (new Set(players).size !== 3) return refuse('R2', 'the three players of a deal must be different');
  if (!isNonEmptyString(command.dealer)) return refuse('R2', 'the dealer must be named');
  const sittingOut = command.sittingOut ?? [];
  if (sittingOut.some((p) => players.includes(p))) return refuse('R3', 'a player who sits out cannot hold a seat');
  // R2/R3: at a 3-table the dealer is rearhand; at 4/5 he sits out.
  if (sittingOut.length === 0 ? command.dealer !== players[2] : !sittingOut.includes(command.dealer))
    return refuse('R3', 'the dealer is rearhand at a three-player table and sits out at four or five');
  const computerSeats = command.computerSeats ?? [];
  if (!computerSeats.every(isSeat)) return refuse('D5', 'computer seats are 0, 1 or 2');
  const dealNumber = command.dealNumber ?? 1;
  if (!Number.isInteger(dealNumber) || dealNumber < 1) return refuse(L.badStart, 'the deal number is a positive integer');
  const profileId = command.profileId ?? ctx.defaultProfileId ?? DEFAULT_PROFILE_ID;
  let profileVersion: string;
  try {
    profileVersion = getProfile(profileId, command.profileOptions ?? {}).version;
  } catch (e) {
    return refuse(L.unknownProfile, `unknown rule profile ${profileId}: ${(e as Error).message}`);
  }
  const dealt = resolveDeal(command.cards, ctx.serverDeck);
  if (!dealt.ok) return dealt;
  return allow([
    {
      type: 'DealStarted',
      data: {
        dealId: command.dealId,
        tableId: command.tableId ?? null,
        tournamentId: command.tournamentId ?? null,
        dealNumber,
        dealer: command.dealer,
        players: [players[0], players[1], players[2]],
        sittingOut,
        computerSeats,
        profileId,
        profileOptions: command.profileOptions ?? {},
        profileVersion,
        startedAt: command.startedAt ?? ctx.now,
      },
    },
    { type: 'CardsDealt', data: dealt.value },
  ]);
}

function decideCorrection(command: CorrectScore, state: DealState, ctx: DecideContext): Judgement<DealEvent[]> {
  if (ctx.role !== 'arbiter') return refuse(L.arbiterOnly, 'only an arbiter may correct a score');
  if (!isNonEmptyString(command.reason)) return refuse(L.reasonRequired, 'a correction needs a reason');
  if (!state.recordedResult) return refuse(L.notFinished, 'the deal has no recorded score to correct yet');
  if (state.recordedResult.declarer === null) return refuse(L.nothingToCorrect, 'the deal had no declarer game (passed in, abandoned): there is no entry to correct');
  if (typeof command.correctedScore !== 'number' || !Number.isInteger(command.correctedScore))
    return refuse(L.badCommand, 'the corrected score must be an integer');
  const correctsEventId = command.correctsEventId ?? state.currentScoreEventId;
  if (!correctsEventId) return refuse(L.nothingToCorrect, 'no recorded score entry to refer to');
  return allow([
    {
      type: 'ScoreCorrected',
      data: {
        correctsEventId,
        previousScore: state.currentScore,
        correctedScore: command.correctedScore,
        won: command.won ?? null,
        reason: command.reason.trim(),
        arbiter: ctx.actorId,
      },
    },
  ]);
}

/** The command as an engine move, or null when it is not a move. */
function moveOf(command: DealCommand): Move | null {
  switch (command.type) {
    case 'CallBid':
      return { kind: 'bid', seat: command.seat, value: command.value };
    case 'HoldBid':
      return { kind: 'hold', seat: command.seat };
    case 'PassBid':
      return { kind: 'pass', seat: command.seat };
    case 'TakeSkat':
      return { kind: 'pickUpSkat', seat: command.seat };
    case 'DiscardSkat':
      return { kind: 'discard', seat: command.seat, cards: command.cards };
    case 'DeclareGame':
      return { kind: 'declare', seat: command.seat, declaration: command.declaration };
    case 'ShowCards':
      return { kind: 'showCards', seat: command.seat };
    case 'PlayCard':
      return { kind: 'play', seat: command.seat, card: command.card };
    case 'CallKontra':
      return { kind: 'kontra', seat: command.seat };
    case 'CallRe':
      return { kind: 're', seat: command.seat };
    case 'Resign':
      return { kind: 'resign', seat: command.seat };
    case 'AbandonDeal':
      return command.seat === undefined ? { kind: 'abandon', reason: command.reason } : { kind: 'abandon', reason: command.reason, seat: command.seat };
    default:
      return null;
  }
}

/** The events recording one accepted move, given the state before and after it. */
function eventsOfMove(command: DealCommand, before: GameState, after: GameState, state: DealState, claim?: ClaimCheck): DealEvent[] {
  const events: DealEvent[] = [];
  switch (command.type) {
    case 'CallBid':
      events.push({ type: 'BidCalled', data: { seat: command.seat, value: command.value } });
      break;
    case 'HoldBid':
      events.push({ type: 'BidHeld', data: { seat: command.seat, value: before.highestBid } });
      break;
    case 'PassBid':
      events.push({ type: 'BidPassed', data: { seat: command.seat } });
      break;
    case 'TakeSkat':
      events.push({ type: 'SkatTaken', data: { seat: command.seat, skat: before.skat.slice() } });
      break;
    case 'DiscardSkat':
      events.push({ type: 'SkatDiscarded', data: { seat: command.seat, cards: [command.cards[0], command.cards[1]] } });
      break;
    case 'DeclareGame':
      events.push({ type: 'GameDeclared', data: { seat: command.seat, declaration: command.declaration } });
      // R14: every ouvert game is played with the declarer's cards open from the start.
      if (command.declaration.ouvert)
        events.push({ type: 'CardsShown', data: { seat: command.seat, cards: after.hands[command.seat].slice(), why: 'ouvert' } });
      break;
    case 'ShowCards':
      events.push({ type: 'CardsShown', data: { seat: command.seat, cards: before.hands[command.seat].slice(), why: 'claim', ...(claim ? { claim } : {}) } });
      break;
    case 'PlayCard':
      events.push({ type: 'CardPlayed', data: { seat: command.seat, card: command.card, trick: before.tricks.length + 1 } });
      break;
    case 'CallKontra':
      events.push({ type: 'KontraCalled', data: { seat: command.seat } });
      break;
    case 'CallRe':
      events.push({ type: 'ReCalled', data: { seat: command.seat } });
      break;
    case 'Resign':
      events.push({ type: 'GameResigned', data: { seat: command.seat } });
      break;
    case 'AbandonDeal':
      events.push({ type: 'DealAbandoned', data: { reason: command.reason, seat: command.seat ?? null, note: command.note ?? '' } });
      break;
    default:
      break;
  }
  if (after.phase === 'passedIn' && before.phase !== 'passedIn')
    events.push({ type: 'DealPassedIn', data: { dealNumber: state.started?.dealNumber ?? 1 } });
  // The end of the deal is an event too: the result as the engine derives it now, under the
  // recorded profile and version, so a later audit can compare.
  if (after.result && !before.result && state.profile)
    events.push({ type: 'DealScored', data: { result: after.result, profileId: state.profile.id, profileVersion: state.profile.version } });
  return events;
}

const ABANDON_REASONS = ['misdeal', 'timeout', 'left'];

/** decide(command, state) -> events, or a refusal naming the rule. Pure. */
export function decide(command: DealCommand, state: DealState, ctx: DecideContext): Judgement<DealEvent[]> {
  if (!command || typeof command !== 'object') return refuse(L.badCommand, 'not a command');
  if (command.type === 'StartDeal') return decideStart(command, state, ctx);
  if (!state.started || !state.game) return refuse(L.notStarted, `deal ${command.dealId} has not been started`);
  if (command.type === 'CorrectScore') return decideCorrection(command, state, ctx);
  if (state.recordedResult) return refuse(L.finished, 'the deal is over; only an arbiter may correct its score');
  if (command.type === 'AbandonDeal') {
    if (!ABANDON_REASONS.includes(command.reason)) return refuse('D3', `abandon reason must be one of ${ABANDON_REASONS.join(', ')}`);
    if (command.seat !== undefined && !isSeat(command.seat)) return refuse('R2', 'seats are 0, 1 or 2');
  } else if (!isSeat((command as { seat?: unknown }).seat)) {
    return refuse('R2', 'seats are 0 (forehand), 1 (middlehand) or 2 (rearhand)');
  }
  let m = moveOf(command);
  if (!m) return refuse(L.badCommand, `unknown deal command ${String((command as { type?: unknown }).type)}`);
  // R21 (isko): a claim is judged with all cards open when made; an unsound one gives the rest to the defenders.
  const claim = m.kind === 'showCards' && state.game.profile.claims === 'isko' && state.game.phase === 'playing' && state.game.declarer === command.seat ? checkClaim(state.game) ?? undefined : undefined;
  if (claim && m.kind === 'showCards' && !claim.sound) m = { ...m, unsound: true };
  const after = applyMove(state.game, m);
  if (!after.ok) return after;
  return allow(eventsOfMove(command, state.game, after.value, state, claim));
}
