import { keepSubscribed, type LiveSubscription } from './live-updates.js';
import { currentToken } from './session.js';
import { MOVES } from './move-table.js';

/** While a subscription is down (or the page follows only part of what it shows): how often it looks again on its own. */
export const FALLBACK_POLL_MS = 10_000;
/** How long a redraw waits for the other events of the same entry (a scored deal is several events). */
const COALESCE_MS = 150;
/** Redraw everything: what a poll or a (re)subscription asks for, since the page may have missed events. */
export const EVERYTHING = '*';

/**
 * The moves of a deal in play: they change a deal's position, not a sheet, the standings or a
 * table's row in the organiser's list (a card played changes none of them).
 */
export const DEAL_MOVES: ReadonlySet<string> = new Set(['CardsDealt', 'HandsReplaced', ...MOVES.flatMap((m) => m.eventTypes), 'MoveWithdrawn']);

export interface Followed {
  query: string;
  variables: Record<string, unknown>;
  /** What an event asks to be drawn again (a key the page knows, EVERYTHING), or null for nothing. */
  keyOf: (data: unknown) => string | null;
}

/**
 * A page that draws itself again as the ledger changes: each followed subscription's events name
 * what to redraw; they are gathered for a moment and `redraw` gets them at once. Only while a
 * subscription is down (or `partial`: the page shows more than it follows) does the page poll, with
 * EVERYTHING. `data-following` on `root` says which it does ("push" or "poll").
 */
export function followAndRedraw(root: HTMLElement, followed: Followed[], redraw: (keys: Set<string>) => void, partial = false): LiveSubscription {
  let keys = new Set<string>();
  let pending: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const soon = (key: string) => {
    keys.add(key);
    pending ??= setTimeout(() => {
      pending = null;
      const now = keys;
      keys = new Set();
      if (!stopped) redraw(now);
    }, COALESCE_MS);
  };
  const down = new Set<number>(followed.map((_, i) => i));
  let poll: ReturnType<typeof setInterval> | null = null;
  const setPolling = () => {
    const polling = down.size > 0 || partial;
    if (polling) poll ??= setInterval(() => soon(EVERYTHING), FALLBACK_POLL_MS);
    else if (poll) {
      clearInterval(poll);
      poll = null;
    }
    root.dataset.following = polling ? 'poll' : 'push';
  };
  setPolling();
  const subs = followed.map((f, i) =>
    keepSubscribed(
      f.query,
      f.variables,
      currentToken,
      (data) => {
        const key = f.keyOf(data);
        if (key !== null) soon(key);
      },
      (up) => {
        if (up) down.delete(i);
        else down.add(i);
        setPolling();
        if (up) soon(EVERYTHING); // whatever was recorded before the subscription was
      },
    ),
  );
  return {
    close: () => {
      stopped = true;
      for (const sub of subs) sub.close();
      if (poll) clearInterval(poll);
      if (pending) clearTimeout(pending);
    },
  };
}

/** The event type of a subscription's message, whichever field carries it. */
export function eventTypeOf(data: unknown, field: string): string | null {
  const u = (data as Record<string, { eventType?: string } | undefined> | null)?.[field];
  return u?.eventType ?? null;
}
