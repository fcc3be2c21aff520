import type { GameType } from '../../rules/declaration';
import { QuickReplay } from '../../rules/engine/quick-replay';
import type { Seat } from '../../rules/seat';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { cardIndexOfBytes } from './iss-card-codes';
import { MAX_RECORD_LENGTH } from './iss-reader';
import { issAbandonReason } from './iss-result';
import type { IssVerdict } from './iss-verdict';
import { agreesWithResult, isIssResult } from './iss-quick-result';

/**
 * The fast path of `iss verify`: reads a record line's bytes in place (no string, no tokens),
 * replays its moves on QuickReplay and compares the result with the record's R[...].
 *
 * It answers only where it is sure of the full judgement's verdict: a line readIssRecord reads,
 * whose header judgeIssLine accepts and whose moves are a plain deal (the deal, bids, pick-up,
 * the skat shown, a declaration with its discards, cards, SC, RE) that the engine replays either
 * to its end, with a result that is not a server penalty and equals the engine's in every field
 * compared (agree), or to a time-out or departure as the last move, perhaps after an unknown card
 * `??` (not scoreable, D3). Anything else (a malformed line, a rare token, a disagreement) gets
 * null, and the caller judges the line the full way, which finds and words the reason. So every
 * verdict, reason and mismatch is the full path's; this only skips work.
 *
 * Bytes, not text: whatever the line's decoding (UTF-8, or Latin-1 when it is not UTF-8, see
 * iss-line-source), everything read here is ASCII, which both decodings keep as it is and no
 * other character's bytes contain; two player names are the same text exactly when they are the
 * same bytes. A line longer than MAX_RECORD_LENGTH bytes is left to the full path.
 */
export function quickJudgement(bytes: Uint8Array, from: number, to: number, profile: RuleProfile): QuickJudgement {
  try {
    if (!judge(bytes, from, to, profile)) return UNSURE;
    return abandonedBy < 0 ? AGREES : NOT_SCOREABLE;
  } catch {
    return UNSURE; // never decides anything: the full path will report it
  }
}

/** What quickJudgement is sure of: nothing (the full path judges), agreement, or not scoreable (D3). */
export type QuickJudgement = typeof UNSURE | typeof AGREES | typeof NOT_SCOREABLE;
export const UNSURE = 0;
export const AGREES = 1;
export const NOT_SCOREABLE = 2;

/** The verdict on the line quickJudgement last judged sure (its ID, and the reason it is not scoreable). */
export function quickVerdictOfLast(judgement: typeof AGREES | typeof NOT_SCOREABLE, line: number): IssVerdict {
  let id = '';
  for (let i = idFrom; i < idTo; i++) id += String.fromCharCode(idBytes[i]);
  return judgement === AGREES
    ? { status: 'agree', line, id }
    : { status: 'notScoreable', line, id, reason: issAbandonReason(abandonKind, abandonedBy as Seat) };
}

/** quickJudgement's verdict, or null when it is not sure. */
export function quickVerdictOfBytes(bytes: Uint8Array, from: number, to: number, line: number, profile: RuleProfile): IssVerdict | null {
  const judgement = quickJudgement(bytes, from, to, profile);
  return judgement === UNSURE ? null : quickVerdictOfLast(judgement, line);
}

/** A UTF-8 copy of the text, at most 3 bytes per UTF-16 unit. */
const scratch = Buffer.alloc(3 * MAX_RECORD_LENGTH);

/** quickVerdictOfBytes for a line given as text (its UTF-8 bytes: non-ASCII stays non-ASCII). */
export function quickVerdict(text: string, line: number, profile: RuleProfile): IssVerdict | null {
  if (text.length > MAX_RECORD_LENGTH) return null;
  return quickVerdictOfBytes(scratch, 0, scratch.write(text, 0, 'utf8'), line, profile);
}

const replay = new QuickReplay();
const dealt = new Int8Array(32);
/** Where the last line judged keeps its ID. */
let idBytes: Uint8Array = scratch;
let idFrom = 0;
let idTo = 0;
/** The seat of the record's time-out or departure (then abandonKind says which), or -1. */
let abandonedBy = -1;
let abandonKind: 'timeout' | 'left' = 'timeout';

/** Whether the quick check is sure of the line's verdict (abandonedBy then says which; idFrom..idTo its ID). */
function judge(line: Uint8Array, from: number, to: number, profile: RuleProfile): boolean {
  abandonedBy = -1;
  if (to - from > MAX_RECORD_LENGTH || to - from < 4 || line[from] !== 40 || line[from + 1] !== 59) return false; // "(;"
  // The properties, as readIssRecord reads them; the first of each header key counts (issHeaderProblem).
  let id = -1;
  let idEnd = 0;
  let dt = -1;
  let dtEnd = 0;
  let se = -1;
  let seEnd = 0;
  let p0 = -1;
  let p0End = 0;
  let p1 = -1;
  let p1End = 0;
  let p2 = -1;
  let p2End = 0;
  let mv = -1;
  let mvEnd = 0;
  let r = -1;
  let rEnd = 0;
  let pos = from + 2;
  while (pos < to && isKeyChar(line[pos])) {
    const keyStart = pos;
    while (pos < to && isKeyChar(line[pos])) pos++;
    if (pos >= to || line[pos] !== 91) return false; // "["
    const value = pos + 1;
    const keyLength = pos - keyStart;
    const a = line[keyStart];
    let close = value;
    // MV, most of the line, is searched natively; a short value byte by byte.
    if (keyLength === 2 && a === 77 && line[keyStart + 1] === 86) close = line.indexOf(93, value);
    else while (close < to && line[close] !== 93) close++;
    if (close < 0 || close >= to) return false; // no "]" on the line
    if (keyLength === 1 && a === 82) {
      // R
      if (r >= 0) return false;
      r = value;
      rEnd = close;
    } else if (keyLength === 2) {
      const b = line[keyStart + 1];
      if (a === 77 && b === 86) {
        // MV
        if (mv >= 0) return false;
        mv = value;
        mvEnd = close;
      } else if (a === 73 && b === 68) {
        if (id < 0) {
          id = value;
          idEnd = close;
        }
      } else if (a === 68 && b === 84) {
        if (dt < 0) {
          dt = value;
          dtEnd = close;
        }
      } else if (a === 83 && b === 69) {
        if (se < 0) {
          se = value;
          seEnd = close;
        }
      } else if (a === 80 && b === 48) {
        if (p0 < 0) {
          p0 = value;
          p0End = close;
        }
      } else if (a === 80 && b === 49) {
        if (p1 < 0) {
          p1 = value;
          p1End = close;
        }
      } else if (a === 80 && b === 50) {
        if (p2 < 0) {
          p2 = value;
          p2End = close;
        }
      }
    }
    pos = close + 1;
  }
  // The line ends with `;)`, after nothing but spaces and tabs.
  if (to - pos < 2 || line[to - 2] !== 59 || line[to - 1] !== 41) return false;
  for (let i = pos; i < to - 2; i++) {
    const c = line[i];
    if (c !== 32 && c !== 9) return false;
  }
  if (mv < 0 || r < 0) return false;
  // The header judgeIssLine keys a deal by.
  if (id < 0 || !isPlainId(line, id, idEnd)) return false;
  if (dt < 0 || dtEnd - dt !== 23 || !isIssTime(line, dt)) return false;
  if (p0 < 0 || p1 < 0 || p2 < 0 || p0 === p0End || p1 === p1End || p2 === p2End) return false;
  if (sameBytes(line, p0, p0End, p1, p1End) || sameBytes(line, p0, p0End, p2, p2End) || sameBytes(line, p1, p1End, p2, p2End)) return false;
  if (se >= 0 && !isPlainId(line, se, seEnd)) return false;
  if (!replayMoves(line, mv, mvEnd, profile)) return false;
  // A deal abandoned is not scored (its result need only read); a decided one must agree.
  if (abandonedBy >= 0 ? !isIssResult(line, r, rEnd) : !agreesWithResult(line, r, rEnd, replay.passedIn, replay.passedIn ? null : replay.result()))
    return false;
  idBytes = line;
  idFrom = id;
  idTo = idEnd;
  return true;
}

/**
 * MV read as readMoves reads it (words split by exactly one space, at most one space after the
 * last) and each token applied at once, as issTokensToMoves and the engine's fold would apply it:
 * true when the deal is decided, or abandoned by its last move (abandonedBy). False on anything
 * this path does not follow, or a move the engine would refuse.
 */
function replayMoves(line: Uint8Array, from: number, to: number, profile: RuleProfile): boolean {
  const end = to > from && line[to - 1] === 32 ? to - 1 : to;
  let previousWasPickUp = false;
  let pickedUpBy = -1;
  let discarded = false;
  let unknownCard = false;
  // The archive deal `w C1.C2....C32` comes first, and only there.
  if (end - from < 97 || line[from] !== 119 || line[from + 1] !== 32 || (from + 97 < end && line[from + 97] !== 32) || !readDeal(line, from + 2)) return false;
  replay.start(dealt, profile);
  let pos = from + 98;
  while (pos < end) {
    const actor = line[pos];
    // `<seat> <card>`, most of the moves, read at once (the general reading below reads it the same way).
    if (pos + 4 <= end && line[pos + 1] === 32 && (pos + 4 === end || line[pos + 4] === 32) && actor >= 48 && actor <= 50 && !unknownCard) {
      const card = cardIndexOfBytes(line, pos + 2);
      if (card >= 0) {
        if (!replay.play(actor - 48, card)) return false;
        previousWasPickUp = false;
        pos += 5;
        continue;
      }
    }
    // The actor is one character: the action starts after its space.
    if (pos + 2 >= end || line[pos + 1] !== 32) return false;
    const action = pos + 2;
    let actionEnd = action;
    while (actionEnd < end && line[actionEnd] !== 32) actionEnd++;
    const length = actionEnd - action;
    pos = actionEnd + 1;
    let pickUp = false;
    if (length === 0) return false;
    if (actor === 119 && length === 4 && line[action + 2] === 46) {
      // `w TI.<seat>` / `w LE.<seat>`: a time-out or a departure, the record's last move (D3).
      const seat = line[action + 3] - 48;
      const timeout = line[action] === 84 && line[action + 1] === 73;
      if (!(timeout || (line[action] === 76 && line[action + 1] === 69)) || seat < 0 || seat > 2 || pos < end || !replay.abandon()) return false;
      abandonedBy = seat;
      abandonKind = timeout ? 'timeout' : 'left';
      return true;
    }
    if (unknownCard) {
      // After a card played as `??` nothing is replayed up to the time-out or departure (iss-replay);
      // the moves between are only read, and only cards, `??`, RE and SC are taken here.
      const c = line[action];
      const d = line[action + 1];
      const readable = cardIndexOfBytes(line, action) >= 0 || (c === 63 && d === 63) || (c === 82 && d === 69) || (c === 83 && d === 67);
      if (!(actor === 48 || actor === 49 || actor === 50) || length !== 2 || !readable) return false;
      continue;
    }
    if (actor === 48 || actor === 49 || actor === 50) {
      const seat = actor - 48;
      const c = line[action];
      let ok: boolean;
      if (c >= 49 && c <= 57) ok = length <= 6 && replay.bidCall(seat, bidAt(line, action, actionEnd));
      else if (length === 2) {
        const d = line[action + 1];
        const card = cardIndexOfBytes(line, action);
        if (card >= 0) ok = replay.play(seat, card);
        else if (c === 82 && d === 69)
          ok = replay.resign(seat); // RE
        else if (c === 83 && d === 67)
          ok = replay.showCards(seat); // SC
        else if (c === 63 && d === 63) {
          // ??: an unknown card; a time-out or departure must follow (D3).
          unknownCard = true;
          ok = true;
        } else ok = declare(line, action, actionEnd, seat, pickedUpBy === seat && !discarded) !== NOT_DECLARED;
      } else if (length === 1) {
        if (c === 121)
          ok = replay.hold(seat); // y
        else if (c === 112)
          ok = replay.pass(seat); // p
        else if (c === 115) {
          // s
          ok = replay.pickUp(seat);
          pickUp = true;
          pickedUpBy = seat;
        } else ok = declare(line, action, actionEnd, seat, pickedUpBy === seat && !discarded) !== NOT_DECLARED;
      } else if (c === 83 && line[action + 1] === 67 && line[action + 2] === 46) {
        // SC.<cards>: the cards shown are read, not compared (iss-moves keeps only the claim).
        ok = cardList(line, action + 2, actionEnd) && replay.showCards(seat);
      } else {
        const declared = declare(line, action, actionEnd, seat, pickedUpBy === seat && !discarded);
        ok = declared !== NOT_DECLARED;
        if (declared === WITH_DISCARDS) discarded = true;
      }
      if (!ok) return false;
    } else if (actor === 119 && length === 5 && previousWasPickUp) {
      // `w X.Y`: the skat shown after the pick-up must be the dealt skat (iss-moves).
      const a = cardIndexOfBytes(line, action);
      const b = cardIndexOfBytes(line, action + 3);
      if (a < 0 || b < 0 || line[action + 2] !== 46 || !inDealtSkat(a) || !inDealtSkat(b)) return false;
    } else {
      return false;
    }
    previousWasPickUp = pickUp;
  }
  return !unknownCard && replay.decided;
}

function readDeal(line: Uint8Array, from: number): boolean {
  let seen = 0;
  for (let k = 0; k < 32; k++) {
    const at = from + 3 * k;
    if (k > 0 && line[at - 1] !== 46) return false; // "."
    const i = cardIndexOfBytes(line, at);
    if (i < 0 || seen & (1 << i)) return false;
    seen |= 1 << i;
    dealt[k] = i;
  }
  return true;
}

function inDealtSkat(card: number): boolean {
  return dealt[30] === card || dealt[31] === card;
}

/** `.<card>` repeated from `from` exactly up to `to`, at least once. */
function cardList(line: Uint8Array, from: number, to: number): boolean {
  if (to - from < 3 || (to - from) % 3 !== 0) return false;
  for (let at = from; at < to; at += 3) if (line[at] !== 46 || cardIndexOfBytes(line, at + 1) < 0) return false;
  return true;
}

/** A bid of 1-6 digits without a leading zero (the caller saw a first digit 1-9); NaN when not. */
function bidAt(line: Uint8Array, from: number, to: number): number {
  let value = 0;
  for (let k = from; k < to; k++) {
    const d = line[k] - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
}

const NOT_DECLARED = 0;
const DECLARED = 1;
const WITH_DISCARDS = 2;

/** Game type by its letter's byte (G C S H D N); 0 none. */
const GAME_TYPES: readonly (GameType | null)[] = Array.from({ length: 128 }, (_, c) =>
  c === 71 ? 'grand' : c === 67 ? 'clubs' : c === 83 ? 'spades' : c === 72 ? 'hearts' : c === 68 ? 'diamonds' : c === 78 ? 'null' : null,
);
/** Modifier bits by letter byte: O 1, H 2, S 4, Z 8; 0 none. */
const MODIFIER_BITS = Int8Array.from({ length: 256 }, (_, c) => (c === 79 ? 1 : c === 72 ? 2 : c === 83 ? 4 : c === 90 ? 8 : 0));

/**
 * A declaration token `<type><modifiers>[.<card>]...` as the reader's declarationAt reads it,
 * turned into moves as issTokensToMoves does (the discards first) and applied. A declaration
 * without discards right after the same seat's pick-up waits there for a split discard token:
 * that form is left to the full path, as is every token the reader would read another way.
 */
function declare(line: Uint8Array, from: number, to: number, seat: number, wouldWait: boolean): number {
  const first = line[from];
  const gameType = first < 128 ? GAME_TYPES[first] : null;
  if (gameType === null) return NOT_DECLARED;
  let pos = from + 1;
  let seen = 0;
  while (pos < to && line[pos] !== 46) {
    const bit = MODIFIER_BITS[line[pos]];
    if (bit === 0 || seen & bit) return NOT_DECLARED;
    seen |= bit;
    pos++;
  }
  if (gameType === 'null' && seen & 12) return NOT_DECLARED;
  const count = (to - pos) / 3;
  if (count !== 0 && count !== 2 && count !== 10 && count !== 12) return NOT_DECLARED;
  if (count > 0 && !cardList(line, pos, to)) return NOT_DECLARED;
  // iss-moves' declarationOfToken: suit/grand ouvert is hand with schneider and schwarz announced.
  const ouvert = (seen & 1) !== 0;
  const impliedByOuvert = ouvert && gameType !== 'null';
  const handGame = (seen & 2) !== 0 || impliedByOuvert;
  const schwarz = (seen & 8) !== 0 || impliedByOuvert;
  const schneider = (seen & 4) !== 0 || schwarz;
  if (count === 0 || handGame) {
    // No discards in the token (a hand declaration lists only the 10 ouvert cards).
    if (count !== 0 && count !== 10) return NOT_DECLARED;
    if (wouldWait) return NOT_DECLARED;
    return replay.declare(seat, gameType, handGame, schneider, schwarz, ouvert) ? DECLARED : NOT_DECLARED;
  }
  if (count !== 2 && count !== 12) return NOT_DECLARED;
  const ok =
    replay.discard(seat, cardIndexOfBytes(line, pos + 1), cardIndexOfBytes(line, pos + 4)) &&
    replay.declare(seat, gameType, handGame, schneider, schwarz, ouvert);
  return ok ? WITH_DISCARDS : NOT_DECLARED;
}

/** judge-iss-line's ISS_PLAIN_ID: 1-64 of 0-9 A-Z a-z _ . : - */
function isPlainId(line: Uint8Array, from: number, to: number): boolean {
  if (to <= from || to - from > 64) return false;
  for (let i = from; i < to; i++) if (NAME_CHARS[line[i]] === 0) return false;
  return true;
}

/** `YYYY-MM-DD/HH:MM:SS/UTC` naming a real time (judge-iss-line's issTimeToIso), 23 bytes from `from`. */
function isIssTime(line: Uint8Array, from: number): boolean {
  const year = digits(line, from, 4);
  const month = digits(line, from + 5, 2);
  const day = digits(line, from + 8, 2);
  const hour = digits(line, from + 11, 2);
  const minute = digits(line, from + 14, 2);
  const second = digits(line, from + 17, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return false;
  if (line[from + 4] !== 45 || line[from + 7] !== 45 || line[from + 10] !== 47 || line[from + 13] !== 58 || line[from + 16] !== 58) return false;
  if (line[from + 19] !== 47 || line[from + 20] !== 85 || line[from + 21] !== 84 || line[from + 22] !== 67) return false; // "/UTC"
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  return hour <= 23 && minute <= 59 && second <= 59;
}

/** The number written in `n` ASCII digits from `from`, or -1. */
function digits(line: Uint8Array, from: number, n: number): number {
  let value = 0;
  for (let k = 0; k < n; k++) {
    const d = line[from + k] - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function sameBytes(line: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b) return false;
  for (let k = 0; k < aEnd - a; k++) if (line[a + k] !== line[b + k]) return false;
  return true;
}

/** Characters of a property name (readIssRecord: A-Z a-z 0-9 _) are 1, of a plain identifier 1 or 2 (also . : -). */
const NAME_CHARS = Uint8Array.from({ length: 256 }, (_, c) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 ? 1 : c === 46 || c === 58 || c === 45 ? 2 : 0,
);

function isKeyChar(c: number): boolean {
  return NAME_CHARS[c] === 1;
}
