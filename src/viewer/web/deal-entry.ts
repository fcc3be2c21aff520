import { cardName } from './card-names.js';
import { cardSvg, type DeckStyle } from './cards.js';
import { clear, el, svg } from './dom.js';
import type { Language } from './language.js';
import { t } from './messages.js';
import { seatWord } from './step-words.js';
import { SEAT_NAMES } from './types.js';

const SUITS = ['C', 'S', 'H', 'D'];
const RANKS = ['J', 'A', 'T', 'K', 'Q', '9', '8', '7'];

export interface EnteredDeal {
  readonly hands: [string[], string[], string[]];
  readonly skat: [string, string];
}

/**
 * The dealt cards as the recorder sees them at the table: tap forehand's ten cards, then
 * middlehand's, then rearhand's; the two left over are the skat (R4). A tap on a taken card gives
 * it back. Keys: a suit letter then a rank (C A = ace of clubs, T or 1 for the ten). `initial`:
 * the cards as entered before (a mistyped hand is corrected by a few taps, not entered again).
 */
/** With `initial` (the hands as dealt, to be corrected) the button says it replaces them rather than starting a deal. */
export function renderDealEntry(target: HTMLElement, style: DeckStyle, lang: Language, onDone: (deal: EnteredDeal) => void, initial?: EnteredDeal): void {
  const owner = new Map<string, number>(); // card -> seat index
  for (const [seat, hand] of (initial?.hands ?? []).entries()) for (const code of hand) owner.set(code, seat);
  let pendingSuit: string | null = null;
  const grid = el('div', { class: 'entry-grid', role: 'group', 'aria-label': t('enterCards') });
  const status = el('p', { role: 'status', 'data-testid': 'entry-status' });
  const done = el('button', {
    type: 'button',
    class: 'primary',
    'data-testid': 'entry-done',
    text: t(initial ? 'replaceWithTheseCards' : 'startWithTheseCards'),
  }) as HTMLButtonElement;
  const count = (seat: number) => [...owner.values()].filter((s) => s === seat).length;
  const filling = () => [0, 1, 2].find((s) => count(s) < 10) ?? null;

  const draw = () => {
    clear(grid);
    for (const suit of SUITS) {
      for (const rank of RANKS) {
        const code = suit + rank;
        const seat = owner.get(code);
        const b = el('button', {
          type: 'button',
          class: 'card-button',
          'data-code': code,
          'aria-pressed': seat !== undefined ? 'true' : 'false',
          'aria-label': `${cardName(code, style, lang)}${seat !== undefined ? ` — ${seatWord(SEAT_NAMES[seat])}` : ''}`,
        });
        b.append(svg(cardSvg(code, style, cardName(code, style, lang))));
        if (seat !== undefined) b.append(el('span', { class: 'played-by', text: seatWord(SEAT_NAMES[seat]) }));
        b.addEventListener('click', () => toggle(code));
        grid.append(b);
      }
    }
    const seat = filling();
    status.textContent = seat === null ? t('skatIsRest') : t('tapCardsOf', { seat: seatWord(SEAT_NAMES[seat]), n: count(seat) });
    done.disabled = seat !== null;
  };
  const toggle = (code: string) => {
    if (owner.has(code)) owner.delete(code);
    else {
      const seat = filling();
      if (seat === null) return;
      owner.set(code, seat);
    }
    draw();
    (grid.querySelector(`[data-code="${code}"]`) as HTMLElement | null)?.focus();
  };
  done.addEventListener('click', () => {
    const hands: [string[], string[], string[]] = [[], [], []];
    for (const [code, seat] of owner) hands[seat].push(code);
    const skat = SUITS.flatMap((s) => RANKS.map((r) => s + r)).filter((c) => !owner.has(c)) as [string, string];
    onDone({ hands, skat });
  });
  const onKey = (ev: KeyboardEvent) => {
    if (!target.isConnected) return document.removeEventListener('keydown', onKey);
    const k = ev.key.toUpperCase();
    if (pendingSuit === null && SUITS.includes(k)) pendingSuit = k;
    else if (pendingSuit !== null) {
      const rank = k === '1' || k === '0' ? 'T' : k;
      if (RANKS.includes(rank)) toggle(pendingSuit + rank);
      pendingSuit = null;
    } else return;
    ev.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  clear(target);
  target.append(el('h3', { text: t('enterCards') }), status, grid, done);
  draw();
}
