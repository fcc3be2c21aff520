import type { DealtCards } from '../../rules/dealing';
import { applyMove, startGame } from '../../rules/game';
import type { Move } from '../../rules/move';
import { getProfile } from '../../rules/variant';
import type { RuleProfile } from '../../rules/variant/rule-profile';
import { issTokensFromMoves } from './iss-moves';
import { formatIssResult, issResultFromGame } from './iss-result';
import { GAME_TYPE_LETTERS, type IssCard, type IssRecord, type IssResult, type IssToken } from './iss-record';

/** Record → line, the inverse of readIssRecord: every corpus line comes back byte for byte. */
export function writeIssRecord(record: IssRecord): string {
  let out = '(;';
  let h = 0;
  for (const key of record.propertyOrder) {
    if (key === 'MV') {
      out += `MV[${writeMoves(record.moves)}${record.layout.movesTrailingSpace ? ' ' : ''}]`;
    } else if (key === 'R') {
      out += record.result ? `R[${formatIssResult(record.result)}]` : 'R[]';
    } else {
      const field = record.header[h++];
      out += `${field.key}[${field.value}]`;
    }
  }
  return `${out}${record.layout.beforeClose};)`;
}

export function writeMoves(tokens: readonly IssToken[]): string {
  return tokens.map(writeToken).join(' ');
}

export function writeToken(token: IssToken): string {
  switch (token.kind) {
    case 'deal':
      return `w ${token.cards.join('.')}`;
    case 'liveDeal':
      return `w ${[...token.hands, token.skat].map(cardList).join('|')}`;
    case 'bid':
      return `${token.seat} ${token.value}`;
    case 'hold':
      return `${token.seat} y`;
    case 'pass':
      return `${token.seat} p`;
    case 'pickUp':
      return `${token.seat} s`;
    case 'skatShown':
      return `w ${cardList(token.cards)}`;
    case 'declare': {
      const cards = [...(token.discards ?? []), ...(token.shown ?? [])];
      return `${token.seat} ${GAME_TYPE_LETTERS[token.gameType]}${token.modifiers}${cards.length ? '.' + cards.join('.') : ''}`;
    }
    case 'discard':
      return `${token.seat} ${token.cards.join('.')}`;
    case 'play':
      return `${token.seat} ${token.card ?? '??'}`;
    case 'showCards':
      return `${token.seat} SC${token.cards && token.cards.length ? '.' + token.cards.join('.') : ''}`;
    case 'resign':
      return `${token.seat} RE`;
    case 'timeout':
      return `w TI.${token.seat}`;
    case 'left':
      return `w LE.${token.seat}`;
  }
}

function cardList(cards: readonly IssCard[]): string {
  return cards.map((c) => c ?? '??').join('.');
}

/** What a deal recorded live needs to become an ISS record. */
export interface LiveDealFacts {
  /** Player names by seat for this deal: 0 forehand, 1 middlehand, 2 rearhand. */
  readonly players: readonly [string, string, string];
  /** Start time, written as DT[YYYY-MM-DD/HH:MM:SS/UTC]. */
  readonly date: Date;
  /** SE: the series (a run of games at one table). */
  readonly series: string | number;
  /** ID: the game number. */
  readonly id: string | number;
  /** PC: the place; default "Skat Ledger". */
  readonly place?: string;
  readonly dealt: DealtCards;
  readonly moves: readonly Move[];
  /** Default: the iss profile (D4). */
  readonly profile?: RuleProfile;
}

export type LiveWriteResult = { readonly ok: true; readonly line: string; readonly record: IssRecord } | { readonly ok: false; readonly reason: string };

/**
 * Engine facts → an ISS record line that jskat-style parsers read: the header in ISS order,
 * MV in archive form (32-card deal, `w X.Y` after a pick-up, discards inside the declaration) and
 * the result the engine reaches. A deal abandoned by a time-out or departure gets a `penalty`
 * result naming the seat (D3); a deal that is not over is refused.
 */
export function writeLiveIssRecord(facts: LiveDealFacts): LiveWriteResult {
  if (!(facts.date instanceof Date) || Number.isNaN(facts.date.getTime())) return { ok: false, reason: 'DT: the date is not a valid Date' };
  const header: Array<{ key: string; value: string }> = [
    { key: 'GM', value: 'Skat' },
    { key: 'PC', value: facts.place ?? 'Skat Ledger' },
    { key: 'CO', value: '' },
    { key: 'SE', value: String(facts.series) },
    { key: 'ID', value: String(facts.id) },
    { key: 'DT', value: issDate(facts.date) },
    { key: 'P0', value: facts.players?.[0] },
    { key: 'P1', value: facts.players?.[1] },
    { key: 'P2', value: facts.players?.[2] },
    { key: 'R0', value: '' },
    { key: 'R1', value: '' },
    { key: 'R2', value: '' },
  ];
  for (const h of header) {
    if (typeof h.value !== 'string') return { ok: false, reason: `${h.key}: missing` };
    if (/[\[\]\r\n]/.test(h.value)) return { ok: false, reason: `${h.key}[${h.value}]: a value cannot hold "[", "]" or a line break` };
  }
  const profile = facts.profile ?? getProfile('iss');
  const started = startGame(facts.dealt, profile);
  if (!started.ok) return { ok: false, reason: `${started.refusal.ruleId}: ${started.refusal.reason}` };
  let state = started.value;
  for (let i = 0; i < facts.moves.length; i++) {
    const next = applyMove(state, facts.moves[i]);
    if (!next.ok) return { ok: false, reason: `move ${i + 1}: ${next.refusal.ruleId}: ${next.refusal.reason}` };
    state = next.value;
  }
  let result: IssResult | null;
  if (state.phase === 'abandoned') {
    const abandon = facts.moves.find((m): m is Extract<Move, { kind: 'abandon' }> => m.kind === 'abandon');
    const seat = abandon?.seat ?? -1;
    result = {
      kind: 'game',
      declarer: state.declarer ?? -1,
      outcome: 'penalty',
      value: 0,
      matadors: 0,
      overbid: false,
      declarerPoints: 0,
      declarerTricks: 0,
      schneider: false,
      schwarz: false,
      penalties: [0, 0, 0],
      left: abandon?.reason === 'left' ? seat : -1,
      timeout: abandon?.reason === 'timeout' ? seat : -1,
      resigned: false,
    };
  } else {
    result = issResultFromGame(state);
  }
  if (!result) return { ok: false, reason: `the deal is not over (phase ${state.phase}): nothing to record as a result` };
  const tokens = issTokensFromMoves(facts.dealt, facts.moves);
  if (!tokens.ok) return { ok: false, reason: tokens.reason };
  const record: IssRecord = {
    header,
    propertyOrder: [...header.map((h) => h.key), 'MV', 'R'],
    moves: tokens.tokens,
    result,
    layout: { movesTrailingSpace: true, beforeClose: ' ' },
  };
  return { ok: true, line: writeIssRecord(record), record };
}

/** DT format: 2010-12-06/18:59:24/UTC. */
export function issDate(date: Date): string {
  const iso = date.toISOString(); // 2010-12-06T18:59:24.000Z
  return `${iso.slice(0, 10)}/${iso.slice(11, 19)}/UTC`;
}
