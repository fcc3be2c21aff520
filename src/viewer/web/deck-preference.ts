import { DECK_STYLES, type DeckStyle } from './cards.js';

// The chosen deck is remembered in the browser so every page draws the same cards.
const KEY = 'skat-ledger.deck';

export function loadDeckStyle(): DeckStyle {
  const saved = localStorage.getItem(KEY);
  return DECK_STYLES.includes(saved as DeckStyle) ? (saved as DeckStyle) : 'french';
}

export function saveDeckStyle(style: DeckStyle): void {
  localStorage.setItem(KEY, style);
}
