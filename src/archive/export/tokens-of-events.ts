import type { Card } from '../../rules/card';
import { isDealEventType, type DealEvent, type StoredDealEvent } from '../../deal/events';
import { movesOfEvent } from '../../deal/evolve';
import type { Move } from '../../rules/move';
import type { IssToken } from '../../format/iss/iss-record';
import { modifiersOf } from '../../format/iss/iss-moves';

/** An event as read from a deal stream; types outside the deal model are ignored here. */
export interface AnyEvent {
  readonly type: string;
  readonly data: unknown;
  readonly eventId?: string;
  readonly metadata?: { readonly source?: string; readonly recordedAt?: string; readonly actorId?: string };
}

/**
 * The ISS move tokens a deal's events stand for, written the way ISS writes them: the deal, each
 * call, the pick-up followed by the server showing the skat, the contract with its discards in
 * one token, claims (`SC`), resignations (`RE`), card plays, time-outs (`w TI.n`) and departures
 * (`w LE.n`). Whatever a record wrote differently travels as a patch in the import event.
 */
export function tokensOfEvents(events: readonly AnyEvent[]): IssToken[] {
  const tokens: IssToken[] = [];
  let pendingDiscard: { seat: 0 | 1 | 2; cards: readonly [Card, Card] } | null = null;
  for (const raw of events) {
    const e = raw as DealEvent;
    switch (e.type) {
      case 'CardsDealt':
        tokens.push({ kind: 'deal', cards: [...e.data.hands[0], ...e.data.hands[1], ...e.data.hands[2], ...e.data.skat] });
        break;
      case 'SkatTaken':
        tokens.push({ kind: 'pickUp', seat: e.data.seat });
        if (e.data.skat.length === 2) tokens.push({ kind: 'skatShown', cards: [e.data.skat[0], e.data.skat[1]] });
        break;
      case 'SkatDiscarded':
        pendingDiscard = { seat: e.data.seat, cards: e.data.cards };
        break;
      case 'GameDeclared': {
        const d = e.data.declaration;
        const discards = pendingDiscard && pendingDiscard.seat === e.data.seat ? pendingDiscard.cards : null;
        if (pendingDiscard && !discards) tokens.push({ kind: 'discard', ...pendingDiscard });
        pendingDiscard = null;
        tokens.push({
          kind: 'declare',
          seat: e.data.seat,
          gameType: d.gameType,
          modifiers: modifiersOf(d),
          discards: discards ? [discards[0], discards[1]] : null,
          shown: null,
        });
        break;
      }
      case 'CardsShown':
        // The ouvert display belongs to the declaration token; only a claim is a token (`SC`).
        if (e.data.why === 'claim') tokens.push({ kind: 'showCards', seat: e.data.seat, cards: null });
        break;
      case 'DealAbandoned':
        if (pendingDiscard) tokens.push({ kind: 'discard', ...pendingDiscard });
        pendingDiscard = null;
        if (e.data.seat !== null && e.data.reason === 'timeout') tokens.push({ kind: 'timeout', seat: e.data.seat });
        if (e.data.seat !== null && e.data.reason === 'left') tokens.push({ kind: 'left', seat: e.data.seat });
        break;
      default:
        // Every other move is written from the engine moves the table of moves says it stands for;
        // DealStarted, DealPassedIn, DealScored, ScoreCorrected and import provenance are no moves.
        if (isDealEventType(e.type)) for (const m of movesOfEvent(e as StoredDealEvent) ?? []) tokens.push(...tokensOfMove(m));
        break;
    }
  }
  if (pendingDiscard) tokens.push({ kind: 'discard', ...pendingDiscard });
  return tokens;
}

/** The ISS token of an engine move that stands alone in a record (the split-form moves are handled above); none for Kontra/Re (R40). */
function tokensOfMove(m: Move): IssToken[] {
  switch (m.kind) {
    case 'bid':
      return [{ kind: 'bid', seat: m.seat, value: m.value }];
    case 'hold':
    case 'pass':
      return [{ kind: m.kind, seat: m.seat }];
    case 'play':
      return [{ kind: 'play', seat: m.seat, card: m.card }];
    case 'resign':
      return [{ kind: 'resign', seat: m.seat }];
    case 'showCards':
      return [{ kind: 'showCards', seat: m.seat, cards: null }];
    default:
      return [];
  }
}
