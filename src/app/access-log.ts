/**
 * One line per finished request (method, path without its query string, status, time), written by
 * the root pino logger when the answer has gone. It replaces pino-http's per-request middleware,
 * which made two child loggers and an AsyncLocalStorage context for every request: about a quarter
 * of a trivial query's instructions (issue 29 item 6). A fault logged during a request names the
 * request by its id instead (fault-log-plugin.ts). Probes of /health and /ready are not logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathOf } from './request-path';
import { correlationIdOf, tagRequest } from '../api/context/request-ids';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What the access log writes with: a pino logger. */
export interface AccessLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  child(bindings: object, options: { serializers: Record<string, (value: unknown) => unknown> }): AccessLogger;
}

// The line's `req` and `res` are shaped here, so they are written as they are: pino-http's wrapped
// serializers would copy every header and ask the socket for its peer address on each request.
const asIs = (value: unknown): unknown => value;
const plainLoggers = new WeakMap<AccessLogger, AccessLogger>();
function plainLogger(root: AccessLogger): AccessLogger {
  let plain = plainLoggers.get(root);
  if (!plain) plainLoggers.set(root, (plain = root.child({}, { serializers: { req: asIs, res: asIs } })));
  return plain;
}

const PROBES = new Set(['/health', '/ready']);

/** Pauses held (the start-up warm-up's requests are not the callers'): no line while any is. */
let pauses = 0;

/** No access line until `end()` (warm-up.ts: the server's own requests before it listens). */
export function accessLogPaused(): { end(): void } {
  pauses++;
  let ended = false;
  return {
    end: () => {
      if (!ended) pauses--;
      ended = true;
    },
  };
}

/**
 * Tags every request with its ids (X-Request-Id answered) and, when `logger()` gives a logger,
 * logs its line: `info`, or `error` for a server error (5xx); a request whose client went away
 * before the answer was sent is logged too, marked `aborted`.
 */
export function accessLog(logger: () => AccessLogger | null | undefined): Middleware {
  return (req, res, next) => {
    const id = tagRequest(req, res);
    const root = logger();
    const path = pathOf(req);
    if (!root || pauses > 0 || PROBES.has(path)) return next();
    const log = plainLogger(root);
    const started = performance.now();
    res.once('close', () => {
      const line = {
        req: { id, method: req.method, path },
        correlationId: correlationIdOf(req),
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      const msg = `${req.method} ${path} ${res.statusCode}`;
      if (res.statusCode >= 500) log.error(line, msg);
      else log.info(line, msg);
    });
    next();
  };
}
