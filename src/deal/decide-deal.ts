import type { GameState } from '../rules/game-state';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import { isSeat } from '../rules/seat';
import type { CompleteUpgrade, ConfirmDeal, ContestDeal, DealCommand, RuleDispute, StartDeal, CorrectScore, UpgradeDeal, WithdrawMove } from './commands';
import { initialDealState } from './deal-state';
import { upgradeDifferences } from './upgrade-check';
import { withoutWithdrawn } from './withdrawals';
import { decideSeen } from './seen/decide-seen';
import { decideReplaceHands } from './replace-hands';
import type { DealState } from './deal-state';
import { resolveDeal } from './dealing';
import { decideClientSeed, decideDealCards, fairStart, revealAtEnd, type ServerSeedLookup } from './fair-dealing';
import { DEFAULT_PROFILE_ID, getProfile } from './engine';
import { moveOfCommandType, movesOfEvent } from './moves/move-table';
import type { DealEvent, StoredDealEvent } from './events';
import { LEDGER_RULES as L } from './ledger-rules';
import { scoreEnteredResult, type EnteredResult } from '../rules/result-entry';
import { legalScores } from '../rules/legal-scores';

/** The deal's fold, handed in: evolve.ts replays a seen deal's dealt twin through this decider, so this file cannot import it. */
export type DealEvolve = (state: DealState, event: StoredDealEvent) => DealState;

/** What a decision may depend on besides the command and the state; supplied by the shell. */
export interface DecideContext {
  readonly actorId: string;
  readonly role?: 'player' | 'arbiter' | 'system';
  /** Server clock, ISO; used only for startedAt when the command names none. */
  readonly now: string;
  readonly defaultProfileId?: string;
  /**
   * The server seed of a fair shuffle (docs/fair-dealing.md): a fresh one for a start that asks the
   * server to shuffle, the kept one (or why it is lost) for a command that deals or ends the deal.
   */
  readonly serverSeed?: ServerSeedLookup;
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
  const started: DealEvent = {
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
  };
  if (command.result !== undefined) {
    if (command.cards !== undefined) return refuse(L.badStart, 'a deal is entered either with its cards or from its result, not both');
    // Result-only entry (a paper list's line): the engine scores the facts now, under the deal's profile.
    const scored = scoreEnteredResult(command.result, getProfile(profileId, command.profileOptions ?? {}));
    if (!scored.ok) return scored;
    const events: DealEvent[] = [started, { type: 'ResultEntered', data: { facts: command.result, enteredBy: ctx.actorId } }];
    if (scored.value.kind === 'passedIn') events.push({ type: 'DealPassedIn', data: { dealNumber } });
    events.push({ type: 'DealScored', data: { result: scored.value, profileId, profileVersion } });
    return allow(events);
  }
  if (command.cards === undefined) return refuse(L.badStart, 'a deal needs its cards (given, or shuffled by the server) or its result');
  // Recorded as seen at the table: no hand is known yet.
  if (command.cards?.kind === 'seen') return allow([started, { type: 'DealRecordedAsSeen', data: {} }]);
  if (command.cards && typeof command.cards === 'object' && command.cards.kind === 'crypto') {
    // Every server shuffle is a fair one: the commitment first, then (now, or after the client seeds) the cards.
    const fair = fairStart(command.dealId, command.cards.awaitClientSeeds === true, ctx.serverSeed);
    return fair.ok ? allow([started, ...fair.value]) : fair;
  }
  const dealt = resolveDeal(command.cards);
  if (!dealt.ok) return dealt;
  return allow([started, { type: 'CardsDealt', data: dealt.value }]);
}

function decideCorrection(command: CorrectScore, state: DealState, ctx: DecideContext): Judgement<DealEvent[]> {
  if (ctx.role !== 'arbiter') return refuse(L.arbiterOnly, 'only an arbiter may correct a score');
  if (!isNonEmptyString(command.reason)) return refuse(L.reasonRequired, 'a correction needs a reason');
  if (!state.recordedResult || !state.profile) return refuse(L.notFinished, 'the deal has no recorded score to correct yet');
  const recorded = state.recordedResult;
  const correctsEventId = command.correctsEventId ?? state.currentScoreEventId;
  if (!correctsEventId) return refuse(L.nothingToCorrect, 'no recorded score entry to refer to');
  const hasFacts = command.facts !== undefined && command.facts !== null;
  const hasScore = command.correctedScore !== undefined && command.correctedScore !== null;
  if (hasFacts === hasScore) return refuse(L.badCommand, 'a correction gives either the corrected facts or a corrected score, not both and not neither');
  const base = { correctsEventId, previousScore: state.currentScore, reason: command.reason.trim(), arbiter: ctx.actorId };
  if (hasFacts) {
    const facts = command.facts as EnteredResult;
    if (facts.kind === 'game' && recorded.declarer !== null && facts.declarer !== recorded.declarer)
      return refuse(
        L.badCommand,
        `the corrected facts name seat ${facts.declarer} as declarer, but ${state.started?.players[recorded.declarer]} (seat ${recorded.declarer}) declared this deal`,
      );
    if (facts.kind !== 'game' && recorded.declarer !== null)
      return refuse(L.badCommand, `a deal with a declarer game cannot be corrected into a ${facts.kind === 'ramsch' ? 'Ramsch' : 'passed-in deal'}`);
    const scored = scoreEnteredResult(facts, state.profile);
    if (!scored.ok) return scored;
    return allow([{ type: 'ScoreCorrected', data: { ...base, correctedScore: scored.value.score ?? 0, won: scored.value.won, facts, result: scored.value } }]);
  }
  if (recorded.declarer === null) return refuse(L.nothingToCorrect, 'the deal had no declarer game (passed in, abandoned): there is no entry to correct');
  const score = command.correctedScore as number;
  if (typeof score !== 'number' || !Number.isInteger(score)) return refuse(L.badCommand, 'the corrected score must be an integer');
  const gameType = recorded.declaration?.gameType ?? null;
  const legal = legalScores(gameType, state.profile);
  if (!legal.includes(score)) {
    const near = legal
      .filter((v) => Math.sign(v) === Math.sign(score) || score === 0)
      .sort((a, b) => Math.abs(a - score) - Math.abs(b - score))
      .slice(0, 2)
      .sort((a, b) => a - b);
    return refuse(
      'R28',
      `${score} is no score a ${gameType ?? 'declarer'} game can be entered at (won: + value; lost: -2 × value, R26-R32)${near.length ? `; nearest: ${near.join(', ')}` : ''}`,
    );
  }
  const won = score > 0;
  if (command.won !== undefined && command.won !== null && command.won !== won)
    return refuse('R30', `a score of ${score} is a ${won ? 'won' : 'lost'} game (R30/R31)`);
  return allow([{ type: 'ScoreCorrected', data: { ...base, correctedScore: score, won } }]);
}

/**
 * L24: whether a finished deal's ending move may still be withdrawn (a slip: a resignation tapped
 * by mistake, the wrong last card). Only while nothing is built on the end: the deal was played
 * card by card (a result-only line is corrected by an arbiter), its score was not corrected, none
 * of its players confirmed or contested it, its table's series is open and no later deal started;
 * a fairly dealt deal's server seed is revealed with the end and cannot be hidden again.
 */
function endWithdrawable(command: WithdrawMove, state: DealState): Judgement<true> {
  const why = (reason: string) => refuse(L.withdrawAfterEnd, `the deal is over and its end can no longer be withdrawn: ${reason}`);
  if (state.entered) return refuse(L.finished, "the deal was entered from its result: it is changed only by an arbiter's correction");
  if (state.moves.length === 0 || state.endEventIds.length === 0) return why('no recorded move ended it');
  if (command.moveEventId !== undefined && !state.moves[state.moves.length - 1].eventIds.includes(command.moveEventId))
    return why('only the move that ended it may be withdrawn');
  if (state.corrections > 0) return why('an arbiter has corrected its score (a correction is changed only by another)');
  const answered = [...state.confirmedBy, ...state.contestedBy];
  if (answered.length > 0) return why(`${answered.join(', ')} already ${state.confirmedBy.length ? 'confirmed' : 'contested'} its result`);
  if (state.fairness) return why('its cards were shuffled fairly and the server seed was revealed with the end');
  const series = command.series;
  if (!series || !state.started?.tableId) return why('it belongs to no table, so there is no series it is withdrawn within');
  if (series.closed) return why(`the series of table ${state.started.tableId} is closed`);
  if (series.latestDealId !== state.started.dealId)
    return why(`the next deal of table ${state.started.tableId} (${series.latestDealId ?? '?'}) has already started`);
  return allow(true);
}

function decideWithdrawal(command: WithdrawMove, state: DealState, ctx: DecideContext): Judgement<DealEvent[]> {
  if (!isNonEmptyString(command.reason) || command.reason.length > 1000)
    return refuse(L.reasonRequired, 'withdrawing a move needs a reason of 1-1000 characters');
  if (state.recordedResult) {
    const ok = endWithdrawable(command, state);
    if (!ok.ok) return ok;
    const ending = state.moves[state.moves.length - 1];
    return allow([
      {
        type: 'MoveWithdrawn',
        data: {
          withdrawnEventIds: [...ending.eventIds, ...state.endEventIds],
          moves: 1,
          by: ctx.actorId,
          byArbiter: ctx.role === 'arbiter',
          reason: command.reason.trim(),
          reopens: true,
        },
      },
    ]);
  }
  if (state.moves.length === 0) return refuse(L.withdrawal, 'no move has been recorded yet: there is nothing to withdraw');
  const last = state.moves.length - 1;
  const at = command.moveEventId === undefined ? last : state.moves.findIndex((m) => m.eventIds.includes(command.moveEventId as string));
  if (at < 0) return refuse(L.withdrawal, `event ${command.moveEventId} is no recorded move of this deal still in force`);
  const byArbiter = ctx.role === 'arbiter';
  if (at < last && !byArbiter)
    return refuse(
      L.withdrawal,
      `only the last recorded move may be withdrawn: ${state.moves.length - 1 - at} move(s) were recorded after it (an arbiter may go further back)`,
    );
  const withdrawn = state.moves.slice(at);
  return allow([
    {
      type: 'MoveWithdrawn',
      data: { withdrawnEventIds: withdrawn.flatMap((m) => m.eventIds), moves: withdrawn.length, by: ctx.actorId, byArbiter, reason: command.reason.trim() },
    },
  ]);
}

/** R34 confirmation: one of the deal's three players agrees (once) or contests (once, with a reason). */
function decideConfirmation(command: ConfirmDeal | ContestDeal, state: DealState): Judgement<DealEvent[]> {
  if (!state.recordedResult) return refuse(L.notFinished, 'a deal is confirmed or contested once it is scored');
  // SeriesClosed froze the sheet: confirmations and contests end with it unless the table's setting keeps them open.
  if (command.series?.closed && !command.series.reviewAfterClose)
    return refuse(
      L.seriesClosed,
      `the series of table ${state.started?.tableId ?? '?'} is closed: its deals are no longer confirmed or contested (only an arbiter corrects them now)`,
    );
  const players: readonly string[] = state.started?.players ?? [];
  // The dealer sitting out at a 4- or 5-table (D5) gains from every lost game (R35: +30), so his word counts too.
  const sittingOut: readonly string[] = state.started?.sittingOut ?? [];
  if (!players.includes(command.player) && !sittingOut.includes(command.player))
    return refuse(
      L.confirmation,
      `${command.player} was not at this deal (${players.join(', ')} played${sittingOut.length ? `, ${sittingOut.join(', ')} sat out` : ''})`,
    );
  if (state.confirmedBy.includes(command.player) || state.contestedBy.includes(command.player))
    return refuse(L.confirmation, `${command.player} has already ${state.confirmedBy.includes(command.player) ? 'confirmed' : 'contested'} this deal`);
  if (command.type === 'ConfirmDeal') return allow([{ type: 'DealConfirmed', data: { player: command.player } }]);
  if (!isNonEmptyString(command.reason) || command.reason.length > 1000) return refuse(L.reasonRequired, 'a contest needs a reason of 1-1000 characters');
  return allow([{ type: 'DealContested', data: { player: command.player, reason: command.reason.trim() } }]);
}

function decideRuling(command: RuleDispute, state: DealState, ctx: DecideContext): Judgement<DealEvent[]> {
  if (ctx.role !== 'arbiter') return refuse(L.arbiterOnly, 'only an arbiter rules on a dispute');
  if (!isNonEmptyString(command.reason) || command.reason.length > 1000) return refuse(L.reasonRequired, 'a ruling needs a reason of 1-1000 characters');
  if (state.openContests.length === 0) return refuse(L.confirmation, 'no contest of this deal awaits a ruling');
  const contestEventId = command.contestEventId ?? state.openContests[0];
  if (!state.openContests.includes(contestEventId)) return refuse(L.confirmation, `event ${contestEventId} is no open contest of this deal`);
  if (command.ruling !== 'upheld' && command.ruling !== 'rejected') return refuse(L.badCommand, 'a ruling is upheld or rejected');
  const ruled: DealEvent = { type: 'DisputeRuled', data: { contestEventId, ruling: command.ruling, reason: command.reason.trim(), arbiter: ctx.actorId } };
  if (command.ruling === 'rejected') {
    if (command.correction) return refuse(L.badCommand, 'a rejected contest leaves the result as it is: no correction');
    return allow([ruled]);
  }
  if (!command.correction) return refuse(L.badCommand, 'an upheld contest names the corrected result');
  const corrected = decideCorrection({ type: 'CorrectScore', dealId: command.dealId, reason: command.reason, ...command.correction }, state, ctx);
  if (!corrected.ok) return corrected;
  return allow([ruled, ...corrected.value]);
}

/**
 * The start of a recording of a result-only deal's cards (in its own stream): the deal's own start
 * with the cards as dealt. Refused for a deal recorded card by card, one not scored, one already
 * upgraded, and for cards the server would shuffle.
 */
export function upgradeStart(command: UpgradeDeal, state: DealState): Judgement<StartDeal> {
  const started = state.started;
  if (!started) return refuse(L.notStarted, `deal ${command.dealId} has not been started`);
  if (!state.entered) return refuse(L.upgrade, `deal ${command.dealId} was recorded card by card: there is no result-only entry to upgrade`);
  if (state.upgraded) return refuse(L.upgrade, `the cards of deal ${command.dealId} have already been recorded`);
  if (!state.currentResult) return refuse(L.notFinished, `deal ${command.dealId} has no result yet`);
  if (!command.cards || command.cards.kind !== 'given')
    return refuse(L.upgrade, 'an upgrade records the cards as they were dealt (given hands and skat), not a new shuffle');
  return allow({
    type: 'StartDeal',
    dealId: started.dealId,
    tableId: started.tableId,
    tournamentId: started.tournamentId,
    dealNumber: started.dealNumber,
    dealer: started.dealer,
    players: started.players,
    sittingOut: started.sittingOut,
    computerSeats: started.computerSeats,
    profileId: started.profileId,
    profileOptions: started.profileOptions,
    cards: command.cards,
    startedAt: started.startedAt,
  });
}

/**
 * A recording of a result-only deal's cards, about to record `events`: when they end the deal
 * (DealScored), the result must be the one in force for the deal, or the move is refused with every
 * difference named ("entered 78 card points, the cards give 64"). Other moves pass unchanged.
 */
export function checkRecordingEnd(events: readonly DealEvent[], deal: DealState): Judgement<DealEvent[]> {
  const scored = events.find((e) => e.type === 'DealScored');
  if (!scored || scored.type !== 'DealScored' || !deal.currentResult || !deal.started) return allow(events.slice());
  const diff = upgradeDifferences(deal.currentResult, deal.currentScore, scored.data.result, deal.started.players);
  if (diff.length > 0) return refuse(L.upgrade, `the cards do not reproduce the result of deal ${deal.started.dealId}: ${diff.join('; ')}`);
  return allow(events.slice());
}

/** The upgrade itself: ResultUpgraded, then the recording's dealt cards and moves in force, copied. */
function decideUpgradeCompletion(command: CompleteUpgrade, state: DealState, ctx: DecideContext, evolve: DealEvolve): Judgement<DealEvent[]> {
  if (!state.entered) return refuse(L.upgrade, `deal ${command.dealId} was recorded card by card: there is no result-only entry to upgrade`);
  if (state.upgraded) return refuse(L.upgrade, `the cards of deal ${command.dealId} have already been recorded`);
  const recording = withoutWithdrawn(command.recording);
  const start = recording[0];
  if (!start || start.type !== 'DealStarted') return refuse(L.upgrade, 'the recording does not begin with its DealStarted');
  let played = initialDealState;
  for (const e of recording) played = evolve(played, e);
  if (!played.recordedResult) return refuse(L.upgrade, 'the recording has not ended yet');
  const checked = checkRecordingEnd([{ type: 'DealScored', data: { result: played.recordedResult, profileId: '', profileVersion: '' } }], state);
  if (!checked.ok) return checked;
  // The play is copied as recorded (its events' data unchanged); its start and its DealScored are the deal's own already.
  const copied = recording
    .filter((e) => e.type !== 'DealStarted' && e.type !== 'DealScored' && e.type !== 'DealPassedIn')
    .map((e) => ({ type: e.type, data: e.data }) as DealEvent);
  return allow([
    {
      type: 'ResultUpgraded',
      data: {
        recordingStream: command.recordingStream,
        recordingStartEventId: start.eventId ?? null,
        moves: recording.filter((e) => movesOfEvent(e) !== null).length,
        by: ctx.actorId,
      },
    },
    ...copied,
  ]);
}

/** What every recorded move adds after its own events: the deal passed in, or its result as the engine derives it now. */
function endOfDeal(before: GameState, after: GameState, state: DealState): DealEvent[] {
  const events: DealEvent[] = [];
  if (after.phase === 'passedIn' && before.phase !== 'passedIn') events.push({ type: 'DealPassedIn', data: { dealNumber: state.started?.dealNumber ?? 1 } });
  // The end of the deal is an event too: the result as the engine derives it now, under the
  // recorded profile and version, so a later audit can compare.
  if (after.result && !before.result && state.profile)
    events.push({ type: 'DealScored', data: { result: after.result, profileId: state.profile.id, profileVersion: state.profile.version } });
  return events;
}

/** decide(command, state) -> events, or a refusal naming the rule, with the deal's fold handed in (decide.ts hands in evolve). Pure. */
export function decideDeal(command: DealCommand, state: DealState, ctx: DecideContext, evolve: DealEvolve): Judgement<DealEvent[]> {
  if (!command || typeof command !== 'object') return refuse(L.badCommand, 'not a command');
  if (command.type === 'StartDeal') return decideStart(command, state, ctx);
  if (!state.started) return refuse(L.notStarted, `deal ${command.dealId} has not been started`);
  if (command.type === 'CorrectScore') return decideCorrection(command, state, ctx);
  if (command.type === 'WithdrawMove') return decideWithdrawal(command, state, ctx);
  if (command.type === 'ConfirmDeal' || command.type === 'ContestDeal') return decideConfirmation(command, state);
  if (command.type === 'RuleDispute') return decideRuling(command, state, ctx);
  if (command.type === 'CompleteUpgrade') return decideUpgradeCompletion(command, state, ctx, evolve);
  if (command.type === 'UpgradeDeal') return refuse(L.badCommand, 'an upgrade is begun by the Ledger in a recording of its own');
  if (command.type === 'AddClientSeed') return decideClientSeed(command, state, ctx.actorId, ctx.serverSeed);
  if (command.type === 'DealCards') return decideDealCards(command, state, ctx.serverSeed);
  if (state.recordedResult) return refuse(L.finished, 'the deal is over; only an arbiter may correct its score');
  if (command.type === 'ReplaceHands') return decideReplaceHands(command, state, ctx.actorId);
  if (state.seen && !state.game)
    return decideSeen(command, state, { decide: (c, s) => decideDeal(c, s, { actorId: 'system', role: 'system', now: ctx.now }, evolve), evolve });
  if (!state.game) return refuse(L.notStarted, `deal ${command.dealId} has no cards dealt`);
  // The table of moves says how each move is judged and recorded (src/deal/moves/).
  const definition = moveOfCommandType(command.type);
  if (!definition) return refuse(L.badCommand, `unknown deal command ${String((command as { type?: unknown }).type)}`);
  if (definition.seated && !isSeat((command as { seat?: unknown }).seat)) return refuse('R2', 'seats are 0 (forehand), 1 (middlehand) or 2 (rearhand)');
  const recorded = definition.record(command, state.game, state);
  if (!recorded.ok) return recorded;
  const end = endOfDeal(state.game, recorded.value.after, state);
  // A fairly dealt deal's seed is revealed (or recorded as lost) in the same append as its end.
  const reveal = end.some((e) => e.type === 'DealScored') ? revealAtEnd(state, ctx.serverSeed) : allow([]);
  if (!reveal.ok) return reveal;
  return allow([...recorded.value.events, ...end, ...reveal.value]);
}
