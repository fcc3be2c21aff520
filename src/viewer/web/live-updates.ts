// A minimal graphql-ws (graphql-transport-ws) client: one subscription, a callback per message.
// The pages need only this much of the protocol, so no client library is shipped to the browser.
export interface LiveSubscription {
  close(): void;
}

export function subscribe(
  query: string,
  variables: Record<string, unknown>,
  token: string | null,
  onNext: (data: unknown) => void,
  onEnd: (reason: string | null) => void,
): LiveSubscription {
  const url = new URL('/graphql', location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url.href, 'graphql-transport-ws');
  let ended = false;
  const end = (reason: string | null) => {
    if (ended) return;
    ended = true;
    onEnd(reason);
    if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
  };
  ws.addEventListener('open', () => {
    ws.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} }));
  });
  ws.addEventListener('message', (ev) => {
    let msg: { type?: string; payload?: unknown };
    try {
      msg = JSON.parse(String(ev.data));
    } catch {
      return end('unreadable message');
    }
    if (msg.type === 'connection_ack') ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
    else if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    else if (msg.type === 'next') {
      const p = msg.payload as { data?: unknown; errors?: Array<{ message: string }> };
      if (p.errors?.length) end(p.errors[0].message);
      else onNext(p.data);
    } else if (msg.type === 'error') {
      const errs = msg.payload as Array<{ message: string }>;
      end(errs?.[0]?.message ?? 'refused');
    } else if (msg.type === 'complete') end(null);
  });
  ws.addEventListener('close', (ev) => end(ev.code === 1000 ? null : `connection closed (${ev.code}${ev.reason ? ' ' + ev.reason : ''})`));
  ws.addEventListener('error', () => end('connection failed'));
  return {
    close: () => {
      if (!ended && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ id: '1', type: 'complete' }));
      ended = true;
      ws.close(1000);
    },
  };
}

/**
 * A subscription kept up for as long as the page shows it: when it ends (a dropped socket, a
 * restart, a refusal) it is tried again after `retryMs`. `onState(false)` says it is down (the
 * page then polls slowly); `onState(true)`, a moment after each subscribe (graphql-ws confirms no
 * subscription, so the moment stands for the server having it), says it is followed: the page
 * looks once for anything recorded while it was not. One subscription at a time per call, so a
 * page holds a fixed number of them.
 */
export function keepSubscribed(
  query: string,
  variables: Record<string, unknown>,
  token: () => string | null,
  onNext: (data: unknown) => void,
  onState: (up: boolean) => void,
  retryMs = 10_000,
  settleMs = 1_000,
): LiveSubscription {
  let current: LiveSubscription | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const follow = () => {
    if (stopped) return;
    const sub: LiveSubscription = subscribe(query, variables, token(), onNext, () => {
      if (current !== sub) return;
      current = null;
      if (timer) clearTimeout(timer);
      if (stopped) return;
      onState(false);
      timer = setTimeout(() => {
        timer = null;
        follow();
      }, retryMs);
    });
    current = sub;
    timer = setTimeout(() => {
      timer = null;
      if (current === sub && !stopped) onState(true);
    }, settleMs);
  };
  follow();
  return {
    close: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      current?.close();
    },
  };
}
