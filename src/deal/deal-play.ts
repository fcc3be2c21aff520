import type { DealState } from './deal-state';
import { foldDealStream, type DealFoldEvent } from './deal-stream';
import { getProfile, replayMoves } from './engine';
import { isDealEventType, type CardsDealtData, type DealScoredData, type DealStartedData, type StoredDealEvent } from './events';
import { movesOfEvent } from './moves/move-table';
import type { Move } from '../rules/move';
import type { RuleProfile } from '../rules/variant/rule-profile';

/** What a reader of a deal's play and result takes of its fold (the hand-history export). */
export type DealPlay = Pick<DealState, 'started' | 'game' | 'seen' | 'entered' | 'recordedResult'>;

/**
 * Deal events that change none of DealPlay but the ones replayed here: a stream of a start, the
 * cards, moves and these only (every imported deal, most recorded ones) is replayed by
 * replayMoves, which changes one working state in place instead of copying the deal's state for
 * every event as the fold does. Withdrawals, replaced hands, seen deals, entered results and fair
 * dealing go through the fold.
 */
const PLAIN = new Set(['DealPassedIn', 'DealScored', 'ScoreCorrected', 'DealConfirmed', 'DealContested', 'DisputeRuled']);

const NUMBERS_ONLY = { derivation: false } as const;

/**
 * The deal's start, game as played, deal as seen, entered and recorded result: exactly what
 * foldDealStream gives for them (replayMoves ends in the state a fold of applyMove gives), and the
 * fold's own error for a stream it refuses. `derivation: false`: the replayed game's own result
 * may come without its derivation's text (for a reader of the recorded result, the export).
 */
export function dealPlayOf(events: readonly DealFoldEvent[], options: { readonly derivation?: boolean } = {}): DealPlay {
  let started: DealStartedData | null = null;
  let profile: RuleProfile | null = null;
  let dealt: CardsDealtData | null = null;
  let recordedResult: DealState['recordedResult'] = null;
  const moves: Move[] = [];
  for (const e of events) {
    if (!isDealEventType(e.type)) continue;
    if (e.type === 'DealStarted' && started === null) {
      started = e.data as DealStartedData;
      // Where the fold looks the profile up (an unknown one is its error, as there).
      profile = getProfile(started.profileId, started.profileOptions);
    } else if (e.type === 'CardsDealt' && started !== null && dealt === null) dealt = e.data as CardsDealtData;
    else if (e.type === 'DealScored') recordedResult = (e.data as DealScoredData).result;
    else if (PLAIN.has(e.type)) continue;
    else {
      const m = dealt === null ? undefined : movesOfEvent(e as StoredDealEvent);
      // Not a move (or one before the cards): the fold says what it makes of it.
      if (m === undefined || (m === null && e.type !== 'CardsShown')) return fold(events);
      if (m !== null) for (const x of m) moves.push(x);
    }
  }
  if (started === null || profile === null || dealt === null) return fold(events);
  const game = replayMoves({ hands: dealt.hands, skat: dealt.skat }, moves, profile, options.derivation === false ? NUMBERS_ONLY : undefined);
  if (!game.ok) return fold(events);
  return { started, game: game.value, seen: null, entered: null, recordedResult };
}

function fold(events: readonly DealFoldEvent[]): DealPlay {
  const { started, game, seen, entered, recordedResult } = foldDealStream(events);
  return { started, game, seen, entered, recordedResult };
}
