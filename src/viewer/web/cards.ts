// Cards drawn as SVG in three decks: French, German and the four-colour tournament deck.
export type DeckStyle = 'french' | 'german' | 'tournament';
export const DECK_STYLES: readonly DeckStyle[] = ['french', 'german', 'tournament'];

type Suit = 'C' | 'S' | 'H' | 'D';

const FRENCH_SUIT_NAMES: Record<Suit, string> = { C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' };
const GERMAN_SUIT_NAMES: Record<Suit, string> = { C: 'Eichel', S: 'Grün', H: 'Rot', D: 'Schellen' };
const RANK_NAMES: Record<string, string> = { A: 'ace', T: 'ten', K: 'king', Q: 'queen', J: 'jack', '9': 'nine', '8': 'eight', '7': 'seven' };
const GERMAN_RANK_NAMES: Record<string, string> = { A: 'Daus', T: 'Zehn', K: 'König', Q: 'Ober', J: 'Unter', '9': 'Neun', '8': 'Acht', '7': 'Sieben' };
const FRENCH_RANK_LABEL: Record<string, string> = { A: 'A', T: '10', K: 'K', Q: 'Q', J: 'J', '9': '9', '8': '8', '7': '7' };
const GERMAN_RANK_LABEL: Record<string, string> = { A: 'A', T: '10', K: 'K', Q: 'O', J: 'U', '9': '9', '8': '8', '7': '7' };

// Colours chosen for contrast on white (WCAG AA for the corner labels).
const COLOURS: Record<DeckStyle, Record<Suit, string>> = {
  french: { C: '#111111', S: '#111111', H: '#b00020', D: '#b00020' },
  tournament: { C: '#111111', S: '#1b6e20', H: '#b00020', D: '#a35a00' },
  // Acorns brown, leaves green, hearts red, bells gold: four colours that differ (bells were brown like acorns).
  german: { C: '#6b3d12', S: '#1b6e20', H: '#b00020', D: '#8a6d00' },
};

export function cardLabel(code: string, style: DeckStyle): string {
  if (code.length !== 2) return 'hidden card';
  const suit = code[0] as Suit;
  const rank = code[1];
  return style === 'german' ? `${GERMAN_SUIT_NAMES[suit]} ${GERMAN_RANK_NAMES[rank]}` : `${RANK_NAMES[rank]} of ${FRENCH_SUIT_NAMES[suit]}`;
}

function frenchPip(suit: Suit, x: number, y: number, size: number, fill: string): string {
  const glyph = { C: '\u2663', S: '\u2660', H: '\u2665', D: '\u2666' }[suit];
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${fill}">${glyph}</text>`;
}

// Simple German suit marks: acorn, leaf, heart, bell.
function germanPip(suit: Suit, x: number, y: number, size: number, fill: string): string {
  const s = size / 24;
  const t = `transform="translate(${x - 12 * s} ${y - 12 * s}) scale(${s})"`;
  switch (suit) {
    case 'C':
      return `<g ${t}><ellipse cx="12" cy="15" rx="6" ry="7" fill="${fill}"/><path d="M5 11 Q12 3 19 11 Z" fill="#3b2208"/><rect x="11" y="2" width="2" height="5" fill="#3b2208"/></g>`;
    case 'S':
      return `<g ${t}><path d="M12 2 C20 8 20 16 12 22 C4 16 4 8 12 2 Z" fill="${fill}"/><path d="M12 4 L12 22" stroke="#0b3d0e" stroke-width="1.2"/></g>`;
    case 'H':
      return `<g ${t}><path d="M12 21 C2 13 3 5 8 5 C10.5 5 12 7 12 9 C12 7 13.5 5 16 5 C21 5 22 13 12 21 Z" fill="${fill}"/></g>`;
    default:
      return `<g ${t}><circle cx="12" cy="13" r="8" fill="${fill}"/><rect x="6" y="11" width="12" height="2" fill="#5a3200"/><circle cx="12" cy="17" r="1.6" fill="#5a3200"/><rect x="11" y="3" width="2" height="3" fill="#5a3200"/></g>`;
  }
}

/** An SVG string for one card; `code` '??' or '' draws the back of a card. `label` names it for screen readers. */
export function cardSvg(code: string, style: DeckStyle, label: string = cardLabel(code, style)): string {
  if (code.length !== 2 || code === '??') {
    return `<svg class="card back" viewBox="0 0 60 90" role="img" aria-label="${label}"><rect x="1" y="1" width="58" height="88" rx="6" fill="#27408b" stroke="#111"/><rect x="6" y="6" width="48" height="78" rx="4" fill="none" stroke="#9fb3e8" stroke-dasharray="3 2"/></svg>`;
  }
  const suit = code[0] as Suit;
  const rank = code[1];
  const colour = COLOURS[style][suit];
  const rankText = (style === 'german' ? GERMAN_RANK_LABEL : FRENCH_RANK_LABEL)[rank];
  const pip = style === 'german' ? germanPip : frenchPip;
  return (
    `<svg class="card" viewBox="0 0 60 90" role="img" aria-label="${label}">` +
    `<rect x="1" y="1" width="58" height="88" rx="6" fill="#fff" stroke="#333"/>` +
    `<text x="6" y="16" font-size="14" font-weight="700" fill="${colour}">${rankText}</text>` +
    pip(suit, 11, 26, 12, colour) +
    pip(suit, 30, 52, 30, colour) +
    `<text x="54" y="84" font-size="14" font-weight="700" fill="${colour}" text-anchor="end">${rankText}</text>` +
    `</svg>`
  );
}
