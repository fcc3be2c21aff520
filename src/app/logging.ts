/**
 * Structured logs: one JSON line per event (pino through nestjs-pino), every line of a request
 * tagged with its request id and correlation id.
 *
 * - Request and correlation ids as in api/context/request-ids.ts: events a request records carry
 *   its correlation id as `$correlationId`, so a log line leads to the events and back.
 * - One line per finished request (access-log.ts): method, path (no query string: it may hold
 *   player names), status, time. Client errors (4xx) are `info` and never carry a stack; only
 *   server errors are `error`. Headers (tokens!) and bodies are never logged. Probes of /health
 *   and /ready are not logged. A fault inside a request is logged with the request's id.
 * - `SKAT_LEDGER_LOG_LEVEL` (default `info`; `silent` for none).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { tagRequest } from '../api/context/request-ids';
import { pathOf } from './request-path';

export const LOG_LEVEL_ENV = 'SKAT_LEDGER_LOG_LEVEL';
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

export function logLevelFromEnv(env: NodeJS.ProcessEnv): LogLevel {
  const text = env[LOG_LEVEL_ENV];
  if (text === undefined || text === '') return 'info';
  if (!(LEVELS as readonly string[]).includes(text)) throw new Error(`${LOG_LEVEL_ENV} must be one of ${LEVELS.join(', ')}, got ${text}`);
  return text as LogLevel;
}

export function pinoHttpOptions(level: LogLevel): Options {
  return {
    level,
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
 * Answers a request refused before GraphQL saw it (a body too large or not JSON, a document too
 * deep: the shell's own guards). Its line is the access log's, as for any request.
 */
export type Refuse = (req: IncomingMessage, res: ServerResponse, status: number, body: string) => void;

export const refuse: Refuse = (req, res, status, body) => {
  tagRequest(req, res); // tagged already by the access log; a refusal without one still answers its id
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
};

/** Where the lines go: stdout unless given (tests capture them). */
export type LogDestination = DestinationStream;

/**
 * The Nest module that makes nestjs-pino's Logger injectable, with pino-http's root logger (its
 * options and serializers) as `PinoLogger.root`. Its per-request middleware is bound to no route:
 * the access log (access-log.ts) writes each request's line at a quarter of the cost.
 */
export function loggingModule(level: LogLevel, destination?: LogDestination): DynamicModule {
  return LoggerModule.forRoot({ forRoutes: [], pinoHttp: destination ? [pinoHttpOptions(level), destination] : pinoHttpOptions(level) });
}
