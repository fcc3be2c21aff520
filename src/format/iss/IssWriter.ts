import { formatIssResult } from './IssResult';
import { GAME_TYPE_LETTERS, type IssCard, type IssRecord, type IssToken } from './IssRecord';

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
