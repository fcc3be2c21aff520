/**
 * Structured logs: one JSON line per event (pino through nestjs-pino), every line of a request
 * tagged with its request id and correlation id.
 *
 * - Request and correlation ids as in api/context/request-ids.ts: events a request records carry
 *   its correlation id as `$correlationId`, so a log line leads to the events and back.
 * - One line per finished request: method, path (no query string: it may hold player names),
 *   status, time. Client errors (4xx) are `info` and never carry a stack; only server errors are
 *   `error`. Headers (tokens!) and bodies are never logged. Probes of /health and /ready are not
 *   logged.
 * - `SKAT_LEDGER_LOG_LEVEL` (default `info`; `silent` for none).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { correlationIdOf, tagRequest } from '../api/context/request-ids';

export const LOG_LEVEL_ENV = 'SKAT_LEDGER_LOG_LEVEL';
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

const PROBES = new Set(['/health', '/ready']);

export function logLevelFromEnv(env: NodeJS.ProcessEnv): LogLevel {
  const text = env[LOG_LEVEL_ENV];
  if (text === undefined || text === '') return 'info';
  if (!(LEVELS as readonly string[]).includes(text)) throw new Error(`${LOG_LEVEL_ENV} must be one of ${LEVELS.join(', ')}, got ${text}`);
  return text as LogLevel;
}

/** The path asked for (express rewrites `req.url` while routing; `originalUrl` keeps it), without the query. */
function pathOf(req: { url?: string; originalUrl?: string }): string {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

export function pinoHttpOptions(level: LogLevel): Options {
  return {
    level,
    genReqId: (req: IncomingMessage, res: ServerResponse) => tagRequest(req, res),
    customProps: (req: IncomingMessage) => ({ correlationId: correlationIdOf(req) }),
    autoLogging: { ignore: (req: IncomingMessage) => PROBES.has(pathOf(req)) },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string; originalUrl?: string }) => ({ id: req.id, method: req.method, path: pathOf(req) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      // A request that failed on the client's side has no stack worth a line; a server error keeps its stack.
      err: (err: Error & { status?: number; statusCode?: number }) => {
        const status = err.statusCode ?? err.status;
        return typeof status === 'number' && status < 500
          ? { type: err.name, message: err.message }
          : { type: err.name, message: err.message, stack: err.stack };
      },
    },
  };
}

/**
 * Answers a request refused before pino-http saw it (a body too large or not JSON, a document
 * too deep: the shell's own guards run first) and, unless silent, writes its request line: the
 * same fields as pino-http's, `info`, no stack.
 */
export type Refuse = (req: IncomingMessage, res: ServerResponse, status: number, body: string) => void;

export function refusal(logger: { info(obj: object, msg: string): void } | null): Refuse {
  return (req, res, status, body) => {
    const id = tagRequest(req, res);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    const path = pathOf(req as IncomingMessage & { originalUrl?: string });
    // The response itself, its head written: pino-http's serializer reads it as for any request.
    logger?.info({ req: { id, method: req.method, path }, correlationId: correlationIdOf(req), res }, `${req.method} ${path} ${status}`);
    res.end(body);
  };
}

/** Where the lines go: stdout unless given (tests capture them). */
export type LogDestination = DestinationStream;

/** The Nest module that installs pino-http and makes nestjs-pino's Logger injectable. */
export function loggingModule(level: LogLevel, destination?: LogDestination): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: destination ? [pinoHttpOptions(level), destination] : pinoHttpOptions(level) });
}
