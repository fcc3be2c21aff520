import { ALL_CARDS, type Card, sumPoints } from '../../rules/card';
import type { GameResult } from '../../rules/game-result';
import { scoreGame } from '../../rules/scoring';
import type { Seat } from '../../rules/seat';
import type { DealState } from '../deal-state';
import { placedCards, seenDeclarerPoints, type SeenGame } from './seen-game';

/** A deal recorded as seen whose play is over but whose cards are not all known: its score so far, and what it still waits for. */
export interface ProvisionalResult {
  readonly provisional: true;
  readonly result: GameResult;
  /** What is not known yet, in the table's words (the skat, a seat's unplayed cards). */
  readonly missing: readonly string[];
}

/**
 * The provisional score of a deal recorded as seen: play is over, the skat (or some unplayed cards)
 * not shown yet. Scored from what is known: the declarer's tricks, the cards of his twelve known so
 * far for the matadors (R27), his discard once it is known (by showing, or as the two cards nobody
 * played). Null for any other deal: a dealt deal, one still in play, one complete (its DealScored).
 */
export function provisionalResult(state: DealState): ProvisionalResult | null {
  const g = state.seen;
  if (!g || state.game || g.phase !== 'showing' || g.declarer === null || !g.declaration || g.endedBy === 'revoke') return null;
  const declarer = g.declarer;
  const missing = missingOf(g);
  const known = declarerCardsKnown(g, declarer);
  let declarerTricks = 0;
  for (const t of g.tricks) if (t.winner === declarer) declarerTricks++;
  const playedOut = g.tricks.length === 10;
  const extra = g.skatPickedUp && !g.discard && playedOut ? sumPoints(unplaced(g)) : 0;
  const result = scoreGame(
    {
      declarer,
      declaration: g.declaration,
      bid: g.highestBid,
      declarerCardsWithSkat: known,
      declarerPoints: seenDeclarerPoints(g) + extra,
      declarerTricks,
      defenderTricks: g.tricks.length - declarerTricks,
      kontra: false,
      re: false,
      endedBy: g.endedBy ?? 'allTricks',
    },
    g.profile,
  );
  const note = { ruleId: 'R27', text: `provisional: ${missing.join(', ')} not known yet; the score is final once shown` };
  return { provisional: true, result: { ...result, derivation: [note, ...result.derivation] }, missing };
}

function unplaced(g: SeenGame): Card[] {
  const placed = placedCards(g);
  return ALL_CARDS.filter((c) => !placed.has(c) && !(g.skat ?? []).includes(c));
}

/** The declarer's twelve cards (ten dealt plus the skat) as far as known. */
function declarerCardsKnown(g: SeenGame, declarer: Seat): Card[] {
  const cards = new Set<Card>([...g.played[declarer], ...(g.remaining[declarer] ?? []), ...(g.discard ?? []), ...(g.skat ?? [])]);
  // Played out after a pick-up: the two cards nobody played are his discard.
  if (g.skatPickedUp && g.tricks.length === 10) for (const c of unplaced(g)) cards.add(c);
  return [...cards];
}

function missingOf(g: SeenGame): string[] {
  const out: string[] = [];
  if (!g.skat) out.push('the skat');
  const names = ['forehand', 'middlehand', 'rearhand'];
  for (const s of [0, 1, 2] as const) if (!g.remaining[s] && g.played[s].length < 10) out.push(`${names[s]}'s unplayed cards`);
  return out;
}
