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

export function sheetGameWords(label: string): string {
  let out = label;
  for (const [en, key] of PHRASES) out = out.replace(new RegExp(`\\b${en}\\b`, 'g'), t(key));
  return out;
}
