import type { Card } from '../../rules/card';
import { cardIndexAt, cardOfCode, cardOfIndex } from './iss-card-codes';
import type { GameType } from '../../rules/declaration';
import type { Seat } from '../../rules/seat';
import { parseIssResult } from './iss-result';
import type { IssCard, IssHeaderField, IssParseError, IssRecord, IssResult, IssToken } from './iss-record';

export type IssReadResult = { readonly ok: true; readonly record: IssRecord } | { readonly ok: false; readonly error: IssParseError };

/** Far above any real record (about 700 characters); stops a runaway line from being tokenised. */
export const MAX_RECORD_LENGTH = 65_536;

/**
 * Reads one record line. Never throws: anything unreadable comes back as an error with the
 * reason and, when it could be read, the record's ID.
 */
export function readIssRecord(line: string): IssReadResult {
  try {
    return readUnsafe(line);
  } catch (err) {
    // A bug here must not stop a verification run; report it as this line's failure.
    return { ok: false, error: { reason: `reader failure: ${(err as Error)?.message ?? String(err)}`, id: null } };
  }
}

function readUnsafe(line: string): IssReadResult {
  if (typeof line !== 'string') return failure('not a text line', null);
  if (line.length > MAX_RECORD_LENGTH) return failure(`line is ${line.length} characters long, more than ${MAX_RECORD_LENGTH}: not an ISS record`, null);
  if (!line.startsWith('(;')) return failure('a record starts with "(;"', null);
  const header: IssHeaderField[] = [];
  const propertyOrder: string[] = [];
  let movesText: string | null = null;
  let resultText: string | null = null;
  let id: string | null = null;
  let pos = 2;
  while (pos < line.length && isKeyChar(line.charCodeAt(pos))) {
    const keyStart = pos;
    while (pos < line.length && isKeyChar(line.charCodeAt(pos))) pos++;
    const key = knownKey(line, keyStart, pos) ?? line.slice(keyStart, pos);
    if (line.charCodeAt(pos) !== 91) return failure(`property ${key} has no "[" after its name (column ${pos + 1})`, id);
    const close = line.indexOf(']', pos + 1);
    if (close < 0) return failure(`property ${key}[ is never closed with "]": the line is truncated`, id);
    const value = line.slice(pos + 1, close);
    pos = close + 1;
    propertyOrder.push(key);
    if (key === 'MV') {
      if (movesText !== null) return failure('MV[...] appears twice', id);
      movesText = value;
    } else if (key === 'R') {
      if (resultText !== null) return failure('R[...] appears twice', id);
      resultText = value;
    } else {
      if (key === 'ID' && id === null) id = value;
      header.push({ key, value });
    }
  }
  const closeAt = line.lastIndexOf(';)');
  if (closeAt < pos || line.length !== closeAt + 2) {
    return failure(`unexpected text at column ${pos + 1}: a record is "(;" KEY[value]... " ;)"`, id);
  }
  const beforeClose = line.slice(pos, closeAt);
  for (let i = 0; i < beforeClose.length; i++) {
    const c = beforeClose.charCodeAt(i);
    if (c !== 32 && c !== 9) return failure(`unexpected text "${clip(beforeClose)}" before ";)" (column ${pos + 1})`, id);
  }
  if (movesText === null) return failure('no MV[...] move list', id);

  const moves = readMoves(movesText);
  if (typeof moves === 'string') return failure(moves, id);
  let result: IssResult | null = null;
  if (resultText !== null) {
    const parsed = parseIssResult(resultText);
    if (!parsed.ok) return failure(parsed.reason, id);
    result = parsed.result;
  }
  return {
    ok: true,
    record: {
      header,
      propertyOrder,
      moves,
      result,
      layout: { movesTrailingSpace: movesText.endsWith(' '), beforeClose },
    },
  };
}

/** The property names of iss-format.md, as shared constants (no substring per record). */
const KNOWN_KEYS: ReadonlyMap<number, string> = new Map(
  ['GM', 'PC', 'CO', 'SE', 'ID', 'DT', 'P0', 'P1', 'P2', 'R0', 'R1', 'R2', 'MV', 'R'].map((k) => [keyCode(k, 0, k.length), k]),
);

/** Two-character keys packed into a number (one-character keys too); -1 for longer ones. */
function keyCode(text: string, from: number, to: number): number {
  if (to - from === 1) return text.charCodeAt(from);
  return to - from === 2 ? text.charCodeAt(from) * 65536 + text.charCodeAt(from + 1) : -1;
}

function knownKey(line: string, from: number, to: number): string | undefined {
  const code = keyCode(line, from, to);
  return code < 0 ? undefined : KNOWN_KEYS.get(code);
}

/**
 * The value of a record's first `key[...]` property (a header field such as SE), read the way
 * readIssRecord reads the properties but without reading the record; null when it has none or
 * the properties before it do not read.
 */
export function issPropertyValue(line: string, key: string): string | null {
  if (!line.startsWith('(;')) return null;
  let pos = 2;
  while (pos < line.length && isKeyChar(line.charCodeAt(pos))) {
    const keyStart = pos;
    while (pos < line.length && isKeyChar(line.charCodeAt(pos))) pos++;
    if (line.charCodeAt(pos) !== 91) return null;
    const close = line.indexOf(']', pos + 1);
    if (close < 0) return null;
    if (pos - keyStart === key.length && line.startsWith(key, keyStart)) return line.slice(pos + 1, close);
    pos = close + 1;
  }
  return null;
}

/** MV value → tokens, or the reason it is unreadable. */
export function readMoves(text: string): IssToken[] | string {
  // Exactly one space between words and at most one after the last: anything else would not
  // survive the round trip, so it is refused rather than silently normalised. Scanned in place:
  // a card play (most of a record) needs no substring.
  const end = text.endsWith(' ') ? text.length - 1 : text.length;
  const tokens: IssToken[] = [];
  let pos = 0;
  let word = 0;
  while (pos < end) {
    // "<seat> <card>", most of a record, checked character by character (the general path below
    // reads it the same way).
    if (pos + 4 <= end && text.charCodeAt(pos + 1) === 32 && (pos + 4 === end || text.charCodeAt(pos + 4) === 32)) {
      const playSeat = seatOfChar(text.charCodeAt(pos));
      const i = playSeat === null ? -1 : cardIndexAt(text, pos + 2);
      if (i >= 0) {
        tokens.push(PLAY_TOKENS[(playSeat as Seat) * CARD_CODES + i]);
        word += 2;
        pos += 5;
        continue;
      }
    }
    const actorEnd = wordEnd(text, pos, end);
    if (actorEnd === pos) return emptyWord(word + 1);
    word++;
    const n = tokens.length + 1;
    if (actorEnd >= end) return `MV move ${n}: actor "${clip(text.slice(pos, actorEnd))}" has no action (the move list is truncated)`;
    const actionStart = actorEnd + 1;
    const actionEnd = wordEnd(text, actionStart, end);
    if (actionEnd === actionStart) return emptyWord(word + 1);
    word++;
    const seat = actorEnd - pos === 1 ? seatOfChar(text.charCodeAt(pos)) : null;
    let token: IssToken | string | null = null;
    if (seat !== null) {
      // The common seat actions read in place: a card, a yes or pass, a bid.
      const length = actionEnd - actionStart;
      if (length === 2) {
        const i = cardIndexAt(text, actionStart);
        if (i >= 0) token = PLAY_TOKENS[seat * CARD_CODES + i];
      } else if (length === 1) {
        const c = text.charCodeAt(actionStart);
        if (c === 121)
          token = HOLD_TOKENS[seat]; // y
        else if (c === 112) token = PASS_TOKENS[seat]; // p
      }
      if (token === null) {
        const value = bidAt(text, actionStart, actionEnd);
        if (value > 0) token = { kind: 'bid', seat, value };
        else if (length === 1 && text.charCodeAt(actionStart) === 115)
          token = PICK_UP_TOKENS[seat]; // s
        else token = declarationAt(text, actionStart, actionEnd, seat);
      }
    } else if (actorEnd - pos === 1 && text.charCodeAt(pos) === 119) {
      // w: the archive deal, or the skat shown after a pick-up.
      const length = actionEnd - actionStart;
      if (length === 95) token = readArchiveDeal(text, actionStart);
      else if (length === 5) token = skatShownAt(text, actionStart);
    }
    if (token === null) {
      const actor = text.slice(pos, actorEnd);
      const action = text.slice(actionStart, actionEnd);
      token = readToken(actor, action);
      if (typeof token === 'string') return `MV move ${n} "${clip(actor)} ${clip(action)}": ${token}`;
    }
    tokens.push(token);
    pos = actionEnd + 1;
  }
  return tokens;
}

/**
 * Tokens with nothing but a seat and a card (or a seat) are immutable and shared by every record,
 * so reading a card play allocates nothing.
 */
const CARD_CODES = 32;
const SEATS: readonly Seat[] = [0, 1, 2];
const PLAY_TOKENS: readonly IssToken[] = SEATS.flatMap((seat) =>
  Array.from({ length: CARD_CODES }, (_, i): IssToken => ({ kind: 'play', seat, card: cardOfIndex(i) })),
);
const HOLD_TOKENS: readonly IssToken[] = SEATS.map((seat): IssToken => ({ kind: 'hold', seat }));
const PASS_TOKENS: readonly IssToken[] = SEATS.map((seat): IssToken => ({ kind: 'pass', seat }));

const PICK_UP_TOKENS: readonly IssToken[] = SEATS.map((seat): IssToken => ({ kind: 'pickUp', seat }));

/** `w XY.ZW` with two known cards, read in place; null sends it to the general path. */
function skatShownAt(text: string, from: number): IssToken | null {
  const a = cardIndexAt(text, from);
  const b = cardIndexAt(text, from + 3);
  if (a < 0 || b < 0 || text.charCodeAt(from + 2) !== 46) return null;
  return { kind: 'skatShown', cards: [cardOfIndex(a), cardOfIndex(b)] };
}

const GAME_TYPE_OF_CHAR: Readonly<Record<number, GameType>> = { 71: 'grand', 67: 'clubs', 83: 'spades', 72: 'hearts', 68: 'diamonds', 78: 'null' };
const MODIFIER_BIT: Readonly<Record<number, number>> = { 79: 1, 72: 2, 83: 4, 90: 8 }; // O H S Z

/**
 * A declaration `<type><modifiers>[.<card>]...` whose cards are all known and whose card count
 * fits (readDeclaration's rules), read in place; null sends it to the general path, which also
 * names what is wrong.
 */
function declarationAt(text: string, from: number, to: number, seat: Seat): IssToken | null {
  const gameType = GAME_TYPE_OF_CHAR[text.charCodeAt(from)];
  if (gameType === undefined) return null;
  let pos = from + 1;
  let seen = 0;
  while (pos < to && text.charCodeAt(pos) !== 46) {
    const bit = MODIFIER_BIT[text.charCodeAt(pos)];
    if (bit === undefined || seen & bit) return null;
    seen |= bit;
    pos++;
  }
  if (gameType === 'null' && seen & 12) return null;
  const modifiers = pos === from + 1 ? '' : text.slice(from + 1, pos);
  const count = (to - pos) / 3;
  if (count !== 0 && count !== 2 && count !== 10 && count !== 12) return null;
  const known: Card[] = new Array(count);
  for (let k = 0; k < count; k++) {
    const at = pos + 3 * k;
    const i = text.charCodeAt(at) === 46 ? cardIndexAt(text, at + 1) : -1;
    if (i < 0) return null;
    known[k] = cardOfIndex(i);
  }
  const hand = (seen & 2) !== 0 || ((seen & 1) !== 0 && gameType !== 'null');
  if (count === 0) return { kind: 'declare', seat, gameType, modifiers, discards: null, shown: null };
  if (hand) return count === 10 ? { kind: 'declare', seat, gameType, modifiers, discards: null, shown: known } : null;
  if (count === 2) return { kind: 'declare', seat, gameType, modifiers, discards: [known[0], known[1]], shown: null };
  if (count === 12) return { kind: 'declare', seat, gameType, modifiers, discards: [known[0], known[1]], shown: known.slice(2) };
  return null;
}

/** The bid written in text[from, to) (1-6 digits, no leading zero; BID), or 0 when it is not one. */
function bidAt(text: string, from: number, to: number): number {
  const length = to - from;
  if (length < 1 || length > 6) return 0;
  let value = 0;
  for (let k = from; k < to; k++) {
    const d = text.charCodeAt(k) - 48;
    if (d < 0 || d > 9 || (k === from && d === 0)) return 0;
    value = value * 10 + d;
  }
  return value;
}

function wordEnd(text: string, from: number, end: number): number {
  const sp = text.indexOf(' ', from);
  return sp < 0 || sp > end ? end : sp;
}

function emptyWord(word: number): string {
  return `MV has an empty word at word ${word}: words are separated by exactly one space`;
}

function seatOfChar(c: number): Seat | null {
  return c === 48 ? 0 : c === 49 ? 1 : c === 50 ? 2 : null;
}

function readToken(actor: string, action: string): IssToken | string {
  if (actor === 'w') return readWorldToken(action);
  const seat = actor === '0' ? 0 : actor === '1' ? 1 : actor === '2' ? 2 : null;
  if (seat === null) return 'unknown actor (expected w, 0, 1 or 2)';
  return readSeatToken(seat, action);
}

function readWorldToken(action: string): IssToken | string {
  if (action.startsWith('TI.') || action.startsWith('LE.')) {
    const seat = seatDigit(action.slice(3));
    if (seat === null) return `${action.slice(0, 2)} needs a seat 0, 1 or 2`;
    return action[0] === 'T' ? { kind: 'timeout', seat } : { kind: 'left', seat };
  }
  const fast = action.length === 95 ? readArchiveDeal(action, 0) : null;
  if (fast) return fast;
  if (action.includes('|')) return readLiveDeal(action);
  const parts = action.split('.');
  if (parts.length === 2) {
    const cards = readCards(parts, true);
    if (typeof cards === 'string') return `skat shown: ${cards}`;
    return { kind: 'skatShown', cards: [cards[0], cards[1]] };
  }
  if (parts.length !== 32) return `a deal has 32 cards, got ${parts.length}`;
  const cards = readCards(parts, false);
  if (typeof cards === 'string') return `deal: ${cards}`;
  const seen = new Set<string>();
  for (const card of cards as Card[]) {
    if (seen.has(card)) return `deal: card ${card} is dealt twice`;
    seen.add(card);
  }
  return { kind: 'deal', cards: cards as Card[] };
}

/** The archive deal `C1.C2....C32` read in place (95 characters from `from`); null sends it to the slow path for the reason. */
function readArchiveDeal(action: string, from: number): IssToken | null {
  const cards: Card[] = new Array(32);
  let seen = 0;
  for (let k = 0; k < 32; k++) {
    const at = from + 3 * k;
    if (k > 0 && action.charCodeAt(at - 1) !== 46) return null; // '.'
    const i = cardIndexAt(action, at);
    if (i < 0 || seen & (1 << i)) return null;
    seen |= 1 << i;
    cards[k] = cardOfIndex(i);
  }
  return { kind: 'deal', cards };
}

function readLiveDeal(action: string): IssToken | string {
  const groups = action.split('|');
  if (groups.length !== 4) return `live deal needs hand0|hand1|hand2|skat, got ${groups.length} groups`;
  const read: IssCard[][] = [];
  for (let g = 0; g < 4; g++) {
    const parts = groups[g].split('.');
    const want = g === 3 ? 2 : 10;
    if (parts.length !== want) return `live deal: group ${g + 1} has ${parts.length} cards, expected ${want}`;
    const cards = readCards(parts, true);
    if (typeof cards === 'string') return `live deal: ${cards}`;
    read.push(cards);
  }
  return { kind: 'liveDeal', hands: [read[0], read[1], read[2]], skat: read[3] };
}

const DECLARATION = /^[GCSHDN][OHSZ]*$/;
const TYPE_OF_LETTER: Readonly<Record<string, GameType>> = { G: 'grand', C: 'clubs', S: 'spades', H: 'hearts', D: 'diamonds', N: 'null' };
const BID = /^[1-9][0-9]{0,5}$/;

function readSeatToken(seat: Seat, action: string): IssToken | string {
  switch (action) {
    case 'y':
      return { kind: 'hold', seat };
    case 'p':
      return { kind: 'pass', seat };
    case 's':
      return { kind: 'pickUp', seat };
    case 'RE':
      return { kind: 'resign', seat };
    case 'SC':
      return { kind: 'showCards', seat, cards: null };
    case '??':
      return { kind: 'play', seat, card: null };
  }
  if (action.length === 2) {
    const card = cardOfCode(action);
    if (card) return { kind: 'play', seat, card };
  }
  const c0 = action.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) {
    if (!BID.test(action)) return 'a bid is a number without leading zeros';
    return { kind: 'bid', seat, value: Number(action) };
  }
  const parts = action.split('.');
  if (parts[0] === 'SC') {
    const cards = readCards(parts.slice(1), false);
    if (typeof cards === 'string') return `shown cards: ${cards}`;
    return { kind: 'showCards', seat, cards: cards as Card[] };
  }
  if (DECLARATION.test(parts[0])) return readDeclaration(seat, parts);
  if (parts.length === 2) {
    const cards = readCards(parts, false);
    if (typeof cards === 'string') return `discard: ${cards}`;
    return { kind: 'discard', seat, cards: [cards[0] as Card, cards[1] as Card] };
  }
  return 'unknown action (not a bid, y, p, s, a declaration, a card, SC or RE)';
}

function readDeclaration(seat: Seat, parts: string[]): IssToken | string {
  const gameType = TYPE_OF_LETTER[parts[0][0]];
  const modifiers = parts[0].slice(1);
  if (new Set(modifiers).size !== modifiers.length) return `declaration "${parts[0]}" repeats a modifier`;
  if (gameType === 'null' && (modifiers.includes('S') || modifiers.includes('Z'))) return 'a null game cannot announce schneider or schwarz';
  const cards = readCards(parts.slice(1), false);
  if (typeof cards === 'string') return `declaration: ${cards}`;
  const known = cards as Card[];
  const hand = modifiers.includes('H') || (modifiers.includes('O') && gameType !== 'null');
  if (known.length === 0) return { kind: 'declare', seat, gameType, modifiers, discards: null, shown: null };
  if (hand) {
    if (known.length !== 10) return `a hand declaration lists no discards, only the 10 cards of an ouvert hand (got ${known.length} cards)`;
    return { kind: 'declare', seat, gameType, modifiers, discards: null, shown: known };
  }
  if (known.length === 2) return { kind: 'declare', seat, gameType, modifiers, discards: [known[0], known[1]], shown: null };
  if (known.length === 12) return { kind: 'declare', seat, gameType, modifiers, discards: [known[0], known[1]], shown: known.slice(2) };
  return `after a pick-up the declaration lists 2 discards, optionally followed by 10 ouvert cards (got ${known.length} cards)`;
}

/** Card codes → cards; `??` only where `allowUnknown`. */
function readCards(parts: readonly string[], allowUnknown: boolean): IssCard[] | string {
  const cards: IssCard[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const card = cardOfCode(p);
    if (card) cards[i] = card;
    else if (allowUnknown && p === '??') cards[i] = null;
    else return `"${clip(p)}" is not a card code (suit C S H D, rank A T K Q J 9 8 7)`;
  }
  return cards;
}

function seatDigit(s: string): Seat | null {
  return s === '0' ? 0 : s === '1' ? 1 : s === '2' ? 2 : null;
}

function isKeyChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

function failure(reason: string, id: string | null): IssReadResult {
  return { ok: false, error: { reason, id } };
}

function clip(s: string): string {
  const printable = s.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 24 ? printable.slice(0, 24) + '…' : printable;
}
