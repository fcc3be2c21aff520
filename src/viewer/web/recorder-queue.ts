import { ApiError, graphql } from './api.js';
import { mutationFor, type RecorderMove } from './recorder-commands.js';

/**
 * Moves the recorder tapped, kept in this browser (localStorage) until the server has them, and
 * sent strictly in order. Each carries its command id from the moment it is tapped, so sending it
 * again after a lost answer is harmless: the server answers "already applied".
 */
export interface QueuedMove {
  readonly commandId: string;
  readonly dealId: string;
  readonly move: RecorderMove;
  /** The deal's revision the move was decided against (only the first move of a queue sends it). */
  readonly expectedRevision: string | null;
}

export type SendOutcome = { kind: 'sent' } | { kind: 'offline' } | { kind: 'conflict'; message: string } | { kind: 'refused'; message: string };

const key = (tableId: string) => `skat-ledger.recorder-queue.${tableId}`;

export function newCommandId(): string {
  return `rec-${crypto.randomUUID()}`;
}

export class RecorderQueue {
  private sending = false;

  constructor(private readonly tableId: string) {}

  pending(): QueuedMove[] {
    try {
      const raw = localStorage.getItem(key(this.tableId));
      return raw ? (JSON.parse(raw) as QueuedMove[]) : [];
    } catch {
      return [];
    }
  }

  add(move: QueuedMove): void {
    localStorage.setItem(key(this.tableId), JSON.stringify([...this.pending(), move]));
  }

  /** Drops the queue (after a conflict: the table moved on without these moves). */
  clear(): void {
    localStorage.removeItem(key(this.tableId));
  }

  /** Sends the queue in order until it is empty, the network fails, or the server refuses a move. */
  async flush(): Promise<SendOutcome> {
    if (this.sending) return { kind: 'sent' };
    this.sending = true;
    try {
      for (;;) {
        const [head] = this.pending();
        if (!head) return { kind: 'sent' };
        const call = mutationFor(head.dealId, head.move, head.commandId, head.expectedRevision);
        try {
          await graphql(call.query, call.variables);
        } catch (e) {
          if (!(e instanceof ApiError)) return { kind: 'offline' }; // fetch itself failed: no answer, try again later
          if (e.code === undefined) return { kind: 'offline' }; // an HTTP error without a GraphQL answer (proxy, 502)
          if (e.code === 'CONFLICT') return { kind: 'conflict', message: e.message };
          return { kind: 'refused', message: e.message };
        }
        localStorage.setItem(key(this.tableId), JSON.stringify(this.pending().slice(1)));
      }
    } finally {
      this.sending = false;
    }
  }
}
