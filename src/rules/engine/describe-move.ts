import type { Move } from '../move';
import { SEAT_NAMES } from '../seat';

export function describeMove(move: Move): string {
  try {
    return describeMoveUnsafe(move);
  } catch {
    // A hostile move (a field whose conversion to text throws) is described by its type only.
    return `an unreadable ${typeof move}`;
  }
}

function describeMoveUnsafe(move: Move): string {
  if (!move || typeof move !== 'object') return String(move);
  const seat = 'seat' in move && move.seat !== undefined ? `${SEAT_NAMES[move.seat] ?? `seat ${String(move.seat)}`} ` : '';
  switch (move.kind) {
    case 'bid':
      return `${seat}bids ${move.value}`;
    case 'play':
      return `${seat}plays ${move.card}`;
    case 'discard':
      return `${seat}discards ${move.cards?.join(' ')}`;
    case 'declare':
      return `${seat}declares ${move.declaration?.gameType}`;
    case 'abandon':
      return `abandon (${move.reason})`;
    default:
      return `${seat}${move.kind}`;
  }
}
