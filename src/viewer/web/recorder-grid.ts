import { cardName } from './card-names.js';
import { cardSvg, type DeckStyle } from './cards.js';
import { el, svg } from './dom.js';
import { sortForDisplay } from './hand-order.js';
import type { Language } from './language.js';
import { t } from './messages.js';
import type { Frame } from './types.js';

const SUITS = ['C', 'S', 'H', 'D'];
const RANKS = ['J', 'A', 'T', 'K', 'Q', '9', '8', '7'];
export const ALL_CODES: readonly string[] = SUITS.flatMap((s) => RANKS.map((r) => s + r));

/** Every card played so far in this frame (tricks done and the trick on the table). */
export function playedCodes(f: Frame): Set<string> {
  const played = new Set<string>();
  for (const tr of f.completedTricks) for (const c of tr.cards) played.add(c.card.code);
  for (const c of f.currentTrick?.cards ?? []) played.add(c.card.code);
  return played;
}

export interface GridOptions {
  readonly style: DeckStyle;
  readonly lang: Language;
  readonly label: string;
  readonly testId: string;
  /** The game as declared (the grid's order), null before. */
  readonly game: string | null;
  /** Cards played already: greyed, and named so. */
  readonly greyed: ReadonlySet<string>;
  /** Cards the known information allows; the rest are greyed (a tap on one is refused with the reason). */
  readonly open: ReadonlySet<string>;
  readonly pressed?: ReadonlySet<string>;
  readonly onTap: (code: string) => void;
  /** Which cards to show (default all 32). */
  readonly cards?: readonly string[];
}

/**
 * The recorder's card grid: all 32 cards in four rows of eight (as a player sorts them for the
 * game), the played ones greyed. One tap records (or picks) a card; no seat to choose, the trick
 * implies it.
 */
export function cardGrid(o: GridOptions): HTMLElement {
  const grid = el('div', { class: 'card-grid', role: 'group', 'aria-label': o.label, 'data-testid': o.testId });
  const codes = sortForDisplay(
    (o.cards ?? ALL_CODES).map((code) => ({ code })),
    o.game,
  ).map((c) => c.code);
  for (const code of codes) {
    const name = cardName(code, o.style, o.lang);
    const played = o.greyed.has(code);
    const b = el('button', {
      type: 'button',
      class: 'card-button',
      'data-code': code,
      'aria-pressed': o.pressed?.has(code) ? 'true' : 'false',
    }) as HTMLButtonElement;
    // The button's name is its picture's (the card's name), and "played" for a played one: no
    // aria-label over it, so the name holds what the face shows (axe label-content-name-mismatch).
    const face = svg(cardSvg(code, o.style, played ? t('cardPlayed', { card: name }) : name));
    b.append(face);
    // Greyed, not disabled: a tap on an impossible card is answered with the rule and the reason.
    b.setAttribute('aria-disabled', played || !o.open.has(code) ? 'true' : 'false');
    b.addEventListener('click', () => o.onTap(code));
    grid.append(b);
  }
  return grid;
}
