/**
 * End-to-end harness: a real Nest server on an ephemeral port over a fresh in-memory store,
 * talked to with fetch (HTTP) and graphql-ws + ws (WebSocket).
 */
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { settingsFromEnv, type ApiSettings } from '../../src/settings/api-settings';
import type { BranchLimits } from '../../src/branch/branch-rules';
import { DEFAULT_LIMITS, type ApiLimits } from '../../src/settings/api-limits';
import { issueToken, type IssueRequest } from '../../src/auth/token';
import { capWebSocketPayload, createApp } from '../../src/app/create-app';
import { warmUp } from '../../src/app/warm-up';
import { Ledger, type AnalysisOptions } from '../../src/ledger/ledger';
import { DealEventHub } from '../../src/api/subscriptions/deal-event-hub';
import { ledgerStore } from '../../src/ledger/store-port';

export interface GqlResponse<T = any> {
  readonly status: number;
  readonly body: { data?: T; errors?: Array<{ message: string; extensions?: Record<string, any> }> } & Record<string, any>;
}

export interface TestServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly ledger: Ledger;
  readonly app: NestExpressApplication;
  token(req: IssueRequest): string;
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GqlResponse<T>>;
  raw(body: string, headers?: Record<string, string>): Promise<GqlResponse>;
  ws(token?: string): Client;
  close(): Promise<void>;
}

const SECRET = Buffer.from('e2e-test-secret-0123456789abcdef');

export async function startServer(
  options: {
    limits?: Partial<ApiLimits>;
    privateTournaments?: string[];
    storeUrl?: string;
    readModelUrl?: string;
    responseCacheMs?: number;
    analysis?: AnalysisOptions;
    branches?: Partial<BranchLimits>;
    settings?: Partial<ApiSettings>;
    /** Requests through the app before it listens, as main.ts sends them (app/warm-up.ts); default none. */
    warmUpRequests?: number;
  } = {},
): Promise<TestServer> {
  const storeUrl = options.storeUrl ?? 'sqlite::memory:';
  const ledger = await Ledger.open({
    storeUrl,
    ...(options.readModelUrl !== undefined ? { readModelUrl: options.readModelUrl } : {}),
    ...(options.analysis ? { analysis: options.analysis } : {}),
    ...(options.branches ? { branches: options.branches } : {}),
    ...(options.privateTournaments ? { privateTournaments: options.privateTournaments } : {}),
  });
  const settings = settingsFromEnv(
    {},
    {
      storeUrl,
      tokenSecret: SECRET,
      limits: { ...DEFAULT_LIMITS, ratePerWindow: 1_000_000, costPerWindow: 1_000_000_000, maxOperationsPerCaller: 10_000, ...options.limits },
      privateTournaments: new Set(options.privateTournaments ?? []),
      logErrors: !!process.env.API_LOG_ERRORS,
      ...(options.responseCacheMs !== undefined ? { responseCacheMs: options.responseCacheMs } : {}),
      ...options.settings,
    },
  );
  const app = await createApp(settings, { ledger, logger: false });
  await warmUp(app, options.warmUpRequests ?? 0);
  await app.listen(0, '127.0.0.1');
  if (!capWebSocketPayload(app, settings.limits.maxBodyBytes)) throw new Error('could not cap the WebSocket message size');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/graphql`;
  const wsUrl = `ws://127.0.0.1:${port}/graphql`;
  const clients: Client[] = [];

  const raw = async (body: string, headers: Record<string, string> = {}): Promise<GqlResponse> => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { unparsable: text.slice(0, 500) };
    }
    return { status: res.status, body: parsed };
  };

  return {
    url,
    wsUrl,
    ledger,
    app,
    token: (req) => issueToken(SECRET, req),
    gql: (query, variables, token) => raw(JSON.stringify({ query, variables }), token ? { authorization: `Bearer ${token}` } : {}),
    raw,
    ws: (token) => {
      const client = createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        lazy: true,
        retryAttempts: 0,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      });
      clients.push(client);
      return client;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.dispose()));
      await app.close();
    },
  };
}

/** Collects every message of one subscription until it completes or is stopped. */
export function collect<T = any>(client: Client, query: string, variables: Record<string, unknown>) {
  const received: Array<{ data?: T; errors?: readonly any[] }> = [];
  let done = false;
  let failure: unknown = null;
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => {
        received.push(v as any);
        wake();
      },
      error: (e) => {
        failure = e;
        done = true;
        wake();
      },
      complete: () => {
        done = true;
        wake();
      },
    },
  );
  return {
    received,
    get failure() {
      return failure;
    },
    stop,
    /** Waits until the predicate holds over what arrived (or the subscription ends). */
    async until(pred: (r: typeof received) => boolean, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!pred(received) && !done) {
        if (Date.now() > deadline) throw new Error(`subscription: condition not met after ${timeoutMs} ms (${received.length} messages)`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
  };
}

export const codesOf = (r: GqlResponse): string[] => (r.body.errors ?? []).map((e) => String(e.extensions?.code));

/**
 * Waits until the server follows the deal for `count` subscribers: a subscription registers only
 * after its socket's handshake, which a loaded machine can take long over, so a test that needs
 * every event from now on waits for this, never for a fixed time.
 */
export async function untilSubscribers(server: TestServer, dealId: string, count: number, timeoutMs = 30_000): Promise<void> {
  const hub = server.app.get(DealEventHub);
  const until = Date.now() + timeoutMs;
  while (hub.subscriberCount(dealId) < count) {
    if (Date.now() > until) throw new Error(`only ${hub.subscriberCount(dealId)} of ${count} subscriptions to ${dealId} registered`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Waits until `count` table or tournament subscriptions (those that follow every event) are registered. */
export async function untilWideSubscribers(server: TestServer, count: number, timeoutMs = 30_000): Promise<void> {
  const hub = server.app.get(DealEventHub);
  const until = Date.now() + timeoutMs;
  while (hub.wideSubscriberCount() < count) {
    if (Date.now() > until) throw new Error(`only ${hub.wideSubscriberCount()} of ${count} table/tournament subscriptions registered`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The data of an answer that must have no errors: the test stops with them otherwise. */
export async function gqlData(server: TestServer, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const r = await server.gql(query, variables, token);
  if (r.body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
}

/** How many events the server's store holds. */
export async function storeEventCount(server: TestServer): Promise<number> {
  let n = 0;
  for await (const _ of ledgerStore(server.ledger).readAll()) n++;
  return n;
}

/** A command that must be refused: the error's rule ID (or code, or 'accepted'), with the store's event count checked unchanged. */
export async function refusedWith(server: TestServer, query: string, variables: Record<string, unknown>, token: string): Promise<string> {
  const before = await storeEventCount(server);
  const r = await server.gql(query, variables, token);
  expect(await storeEventCount(server)).toBe(before);
  const e = r.body.errors?.[0];
  return e ? (e.extensions?.ruleId ?? e.extensions?.code) : 'accepted';
}
