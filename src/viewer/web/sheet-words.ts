import type { DeckStyle } from './cards.js';
import { t, type MessageKey } from './messages.js';

// The sheet's game labels ("clubs hand", "grand schneider announced") come from a fixed English
// vocabulary; this turns each of its words into the page's language.
const PHRASES: ReadonlyArray<readonly [string, MessageKey]> = [
  ['schneider announced', 'schneiderAnnounced'],
  ['schwarz announced', 'schwarzAnnounced'],
  ['passed in', 'rPassedIn'],
  ['not scoreable', 'rNotScoreable'],
  ['clubs', 'clubs'],
  ['spades', 'spades'],
  ['hearts', 'hearts'],
  ['diamonds', 'diamonds'],
  ['grand', 'grand'],
  ['null', 'null'],
  ['hand', 'hand'],
  ['ouvert', 'ouvert'],
];

// With the German deck the suit games are named as its cards are, in either language.
const GERMAN_DECK: ReadonlyArray<readonly [string, string]> = [
  ['clubs', 'Eichel'],
  ['spades', 'Grün'],
  ['hearts', 'Rot'],
  ['diamonds', 'Schellen'],
];

export function sheetGameWords(label: string, style?: DeckStyle): string {
  let out = label;
  if (style === 'german') for (const [en, de] of GERMAN_DECK) out = out.replace(new RegExp(`\\b${en}\\b`, 'g'), de);
  for (const [en, key] of PHRASES) out = out.replace(new RegExp(`\\b${en}\\b`, 'g'), t(key));
  return out;
}
