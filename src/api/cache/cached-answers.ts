/**
 * The response cache's front door (issue 29 item 6): a repeated GraphQL POST is answered with the
 * bytes the full path sent for it, before Apollo, Nest's routing and express's send see it. On a
 * hit only what decides whether this caller may have the answer runs: the token (or the client
 * address), the view the answer was computed for, the change token and generation of the cache,
 * the request rate limit and the cost budget (the answer's cost as it was estimated). A request
 * that could be refused by either limit goes the full path, which refuses it as always.
 *
 * The full path's answer to a plain POST (a JSON object with `query`, no `extensions`) is kept
 * as sent (content type and body) when the response cache plugin would have kept its result: an
 * error-free query, nothing computed across a write, no resolver saying its answer changes by
 * itself. Answers and results share one ResponseCache (its generation, change token, TTL and
 * capacity): a result stays for GET requests and persisted queries, which only the full path serves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../auth/role';
import type { RateLimiter } from '../../auth/rate-limiter';
import { ResponseCache } from './response-cache';
import { viewKey } from './response-cache-plugin';
import { AnswerToKeep, type CachedValue } from './cached-value';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const PRINCIPAL = Symbol('principal');
const TO_KEEP = Symbol('answerToKeep');
type Tagged = IncomingMessage & { body?: unknown; [PRINCIPAL]?: Principal; [TO_KEEP]?: AnswerToKeep };

interface PlainBody {
  readonly query: string;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The bodies the front door serves: one operation as Apollo reads it from a POST, without extensions (persisted queries). */
function plainBody(body: unknown): PlainBody | null {
  if (!isRecord(body) || typeof body.query !== 'string' || body.extensions !== undefined) return null;
  const { operationName, variables } = body;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  if (variables !== undefined && variables !== null && !isRecord(variables)) return null;
  return body as unknown as PlainBody;
}

/**
 * Caller view + the answer's media type (Accept chooses it) + operation name, query text and
 * variables (absent and null alike, as Apollo reads them).
 */
export function answerKey(principal: Principal, accept: string | undefined, body: PlainBody): string {
  return `a\u0000${viewKey(principal)}\u0000${accept ?? ''}\u0000${JSON.stringify([body.operationName ?? null, body.query, body.variables ?? null])}`;
}

export class CachedAnswers {
  /** Answers (the front door's) and results (the plugin's), under one generation and change token. */
  readonly cache: ResponseCache<CachedValue>;

  constructor(
    ttlMs: number,
    changeToken: () => string | undefined,
    /** The caller of an HTTP request (throws for a token that is refused). */
    private readonly authenticate: (req: IncomingMessage) => Principal,
    private readonly limiter: RateLimiter,
    /** The cost budget: the points each operation spends. */
    readonly points: RateLimiter,
  ) {
    this.cache = new ResponseCache<CachedValue>(ttlMs, undefined, undefined, changeToken);
  }

  /** The caller of an HTTP request, its token checked once per request (the front door's, reused by the GraphQL context). */
  principalOf(req: IncomingMessage): Principal {
    const tagged = req as Tagged;
    return (tagged[PRINCIPAL] ??= this.authenticate(req));
  }

  /** The answer of this request that may be kept, if it is a plain POST the front door looked up. */
  toKeepOf(req: IncomingMessage): AnswerToKeep | undefined {
    return (req as Tagged)[TO_KEEP];
  }

  /** Runs after the body is parsed and the document's shape checked, before the routes. */
  middleware(): Middleware {
    return (req, res, next) => {
      const body = req.method === 'POST' && req.url === '/graphql' && this.cache.ttlMs > 0 ? plainBody((req as Tagged).body) : null;
      if (!body) return next();
      let principal: Principal;
      try {
        principal = this.principalOf(req);
      } catch {
        return next(); // refused by the full path with its own answer
      }
      const key = answerKey(principal, req.headers.accept, body);
      const hit = this.cache.get(key);
      if (hit?.kind === 'answer' && this.limiter.room(principal.key) >= 1 && this.points.room(principal.key) >= hit.cost) {
        this.limiter.take(principal.key);
        this.points.take(principal.key, hit.cost);
        res.statusCode = 200;
        res.setHeader('content-type', hit.contentType);
        res.setHeader('content-length', hit.body.length);
        res.end(hit.body);
        return;
      }
      const toKeep = new AnswerToKeep(key);
      (req as Tagged)[TO_KEEP] = toKeep;
      this.keepOnEnd(res, toKeep);
      next();
    };
  }

  /** Keeps the answer as it is sent, when the plugin said its result may be kept. */
  private keepOnEnd(res: ServerResponse, toKeep: AnswerToKeep): void {
    const end = res.end as (...args: unknown[]) => ServerResponse;
    const cache = this.cache;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      res.end = end as ServerResponse['end'];
      const [chunk, encoding] = args;
      const type = res.getHeader('content-type');
      if (toKeep.stamp && res.statusCode === 200 && typeof type === 'string' && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        const body = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk;
        cache.set(toKeep.key, { kind: 'answer', contentType: type, body, cost: toKeep.cost }, toKeep.stamp);
      }
      return end.apply(this, args);
    } as ServerResponse['end'];
  }
}
