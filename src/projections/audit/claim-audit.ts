import { gameVerdict, positionFromMoves, solveValue, type Solver } from '../../analysis';
import { checkClaim, type LineCard } from '../../deal/claim-check';
import { initialDealState, type DealState } from '../../deal/deal-state';
import { isDealEventType } from '../../deal/events';
import type { CardsShownData } from '../../deal/moves/show-cards';
import { movesOfEvent } from '../../deal/evolve';
import type { RecordedEvent } from '../../event-store/event-store';
import type { GameState } from '../../rules/game-state';
import type { Seat } from '../../rules/seat';
import { storedDealEvent, dealStateAfter } from '../../deal/deal-stream';

/** A claim, concession or resignation of a deal, judged with all cards open (R21). */
export interface AuditClaim {
  readonly eventId: string;
  readonly revision: string;
  /** claim: the declarer shows his cards; concession: a defender resigns; resignation: the declarer resigns. */
  readonly kind: 'claim' | 'concession' | 'resignation';
  readonly seat: Seat;
  /** Whether the declarer takes every remaining trick (null: none) against any defence; null for a resignation. */
  readonly sound: boolean | null;
  readonly text: string;
  /** The line that proves an unsound claim or concession. */
  readonly line: readonly LineCard[];
  /** What the rules made of it, when it changed the result (R21 under isko). */
  readonly consequence: string | null;
}

function resignation(game: GameState, solver?: Solver): { text: string } {
  const kept = game.moves.filter((m) => m.kind !== 'showCards' && m.kind !== 'resign');
  const r = positionFromMoves(game.dealt, kept, game.profile);
  if (!r.ok || r.over !== null) return { text: 'resignation: nothing was left to play' };
  const won = gameVerdict(r.position, r.contract, solver).won;
  const value = r.position.game === 'null' ? '' : ` with ${solveValue(r.position, solver).value} card points`;
  return { text: `resignation: with best play from here the declarer would have ${won ? 'won' : 'lost'}${value}` };
}

/** Whether the events hold anything auditClaims judges (a claim, a concession, a resignation). */
export function hasClaims(events: readonly RecordedEvent[]): boolean {
  return (
    events.some((e) => isDealEventType(e.type) && resignedSeats(e).length > 0) ||
    events.some((e) => e.type === 'CardsShown' && (e.data as CardsShownData).why === 'claim')
  );
}

/** The seats whose resignation an event records, as the table of moves reads it (a move may stand for several). */
function resignedSeats(e: RecordedEvent): Seat[] {
  const moves = movesOfEvent(storedDealEvent(e)) ?? [];
  return moves.flatMap((m) => (m.kind === 'resign' ? [m.seat] : []));
}

/**
 * Every claim and resignation of a deal's card play, judged with the solver. A claim recorded under
 * the isko profile carries the judgement made when it happened (and the scoring followed it, R21);
 * others (ISS records, D3, where a claim is an offer and play may go on) are judged here.
 */
export function auditClaims(events: readonly RecordedEvent[], solver?: Solver): AuditClaim[] {
  const out: AuditClaim[] = [];
  let state: DealState = initialDealState;
  for (const e of events) {
    if (!isDealEventType(e.type)) continue;
    const game = state.game;
    if (game && game.declarer !== null && game.phase === 'playing') {
      if (e.type === 'CardsShown' && (e.data as CardsShownData).why === 'claim') {
        const d = e.data as CardsShownData;
        const check = d.claim ?? checkClaim(game, 'claim', solver);
        if (check) {
          const isko = game.profile.claims === 'isko';
          out.push({
            eventId: e.eventId,
            revision: e.revision.toString(),
            kind: 'claim',
            seat: d.seat,
            sound: check.sound,
            text: check.text,
            line: check.line,
            consequence:
              isko && d.claim && !check.sound
                ? 'R21: the claim is unsound, so every remaining trick goes to the defenders'
                : !isko
                  ? 'D3: on ISS a claim is an offer; play may go on'
                  : null,
          });
        }
      } else {
        for (const seat of resignedSeats(e)) {
          const base = { eventId: e.eventId, revision: e.revision.toString(), seat, line: [] as LineCard[], consequence: null };
          if (seat === game.declarer) out.push({ ...base, kind: 'resignation', sound: null, text: resignation(game, solver).text });
          else {
            const check = checkClaim(game, 'concession', solver);
            if (check) out.push({ ...base, kind: 'concession', sound: check.sound, text: check.text, line: check.line });
          }
        }
      }
    }
    try {
      state = dealStateAfter(state, e);
    } catch {
      break;
    }
  }
  return out;
}
