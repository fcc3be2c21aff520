/**
 * `$all` positions of the EventStoreDB adapter: `"<commit>/<prepare>"` strings at the port, the
 * client's `{ commit, prepare }` inside. Without explicit transactions (Skat Ledger writes none) an
 * event's prepare position equals its commit position; checkpoints from servers before 24.x carried
 * a prepare position of 0, which is read as the commit position (`X/0` would sort before the event
 * at X and, sent back as a start position, is refused by the server as InvalidPosition).
 */
import type { Position } from '@eventstore/db-client';
import { InvalidEventError } from '../errors';

const POSITION = /^(\d+)(?:\/(\d+))?$/;

export function parsePosition(position: string): Position {
  const match = typeof position === 'string' ? POSITION.exec(position) : null;
  if (!match) throw new InvalidEventError(`not an EventStoreDB position: ${JSON.stringify(position)} (expected "<commit>/<prepare>" or a decimal)`);
  const commit = BigInt(match[1]);
  return { commit, prepare: match[2] === undefined ? commit : BigInt(match[2]) };
}

export function formatPosition(position: Position | undefined): string {
  if (!position) throw new Error('EventStoreDB returned an event without a position');
  return `${position.commit}/${position.prepare}`;
}

export function compareEsdbPositions(a: string, b: string): number {
  const left = parsePosition(a);
  const right = parsePosition(b);
  if (left.commit !== right.commit) return left.commit < right.commit ? -1 : 1;
  if (left.prepare !== right.prepare) return left.prepare < right.prepare ? -1 : 1;
  return 0;
}

/** A checkpoint's position as the adapter reports it (prepare 0 from older servers read as the commit position). */
export function formatCheckpoint(position: Position): string {
  return position.prepare === 0n || position.prepare < position.commit ? `${position.commit}/${position.commit}` : formatPosition(position);
}
