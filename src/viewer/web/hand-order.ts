// Hands in the order a Skat player holds them: before the game is declared the jacks first (as for
// a suit or grand game), then the suits; once it is, trumps first (jacks, then the trump suit), then
// the other suits; null has its own rank order, the jacks back in their suits.
const SUITS = ['C', 'S', 'H', 'D'];
const SUIT_GAME: Record<string, string> = { CLUBS: 'C', SPADES: 'S', HEARTS: 'H', DIAMONDS: 'D' };
const TRUMP_GAME_RANKS = ['A', 'T', 'K', 'Q', '9', '8', '7']; // jacks are trumps, not suit cards
const NULL_RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7'];
const JACKS = ['CJ', 'SJ', 'HJ', 'DJ'];

/** A sort key per card code for `game` (a schema game name, or null before the declaration). */
function orderKey(game: string | null): (code: string) => number {
  if (game === 'NULL') return (c) => SUITS.indexOf(c[0]) * 10 + NULL_RANKS.indexOf(c[1]);
  // Before the declaration (null) as for a grand: the jacks first, then each suit.
  const trump = game === null ? undefined : SUIT_GAME[game]; // undefined for grand: jacks only
  return (c) => {
    if (c[1] === 'J') return JACKS.indexOf(c);
    const suitRank = c[0] === trump ? 0 : 1 + SUITS.filter((s) => s !== trump).indexOf(c[0]);
    return 10 + suitRank * 10 + TRUMP_GAME_RANKS.indexOf(c[1]);
  };
}

export function sortForDisplay<T extends { code: string }>(cards: readonly T[], game: string | null): T[] {
  const key = orderKey(game);
  return [...cards].sort((a, b) => key(a.code) - key(b.code));
}
