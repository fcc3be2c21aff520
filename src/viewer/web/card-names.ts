import type { DeckStyle } from './cards.js';
import type { Language } from './language.js';

// A card's name in words, in the page's language and the deck's own names (German deck: Eichel, Unter…).
const SUIT = {
  en: { C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds' },
  de: { C: 'Kreuz', S: 'Pik', H: 'Herz', D: 'Karo' },
  germanDeck: { C: 'Eichel', S: 'Grün', H: 'Rot', D: 'Schellen' },
} as const;
const RANK = {
  en: { A: 'ace', T: 'ten', K: 'king', Q: 'queen', J: 'jack', '9': 'nine', '8': 'eight', '7': 'seven' },
  de: { A: 'Ass', T: 'Zehn', K: 'König', Q: 'Dame', J: 'Bube', '9': 'Neun', '8': 'Acht', '7': 'Sieben' },
  germanDeck: { A: 'Daus', T: 'Zehn', K: 'König', Q: 'Ober', J: 'Unter', '9': 'Neun', '8': 'Acht', '7': 'Sieben' },
} as const;

type SuitLetter = keyof (typeof SUIT)['en'];
type RankLetter = keyof (typeof RANK)['en'];

export function cardName(code: string, style: DeckStyle, lang: Language): string {
  if (code.length !== 2 || code === '??') return lang === 'de' ? 'verdeckte Karte' : 'hidden card';
  const s = code[0] as SuitLetter;
  const r = code[1] as RankLetter;
  if (style === 'german') return `${SUIT.germanDeck[s]} ${RANK.germanDeck[r]}`;
  return lang === 'de' ? `${SUIT.de[s]} ${RANK.de[r]}` : `${RANK.en[r]} of ${SUIT.en[s]}`;
}
