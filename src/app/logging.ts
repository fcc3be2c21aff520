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
import { destination as pinoDestination, type DestinationStream } from 'pino';
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

/** Lines wait in memory until this many bytes are held, or LOG_FLUSH_MS has passed. */
const BUFFER_BYTES = 4096;
/** The longest a line waits before it is written (a quiet server's lines appear this late at most). */
export const LOG_FLUSH_MS = 100;

let stdoutStream: (DestinationStream & { flush(): void }) | undefined;
/**
 * Stdout, written in blocks: one write per 4 KB of lines (about fifteen requests' lines) instead of
 * one per line, which had cost a system call per request (issue 29 item 6). A line waits at most
 * LOG_FLUSH_MS; pino writes what is held synchronously when the process exits, a crash included,
 * so only a SIGKILL can lose the last LOG_FLUSH_MS of lines (a stop by SIGTERM or SIGINT writes
 * them as the app shuts down: flushLogLines).
 */
export function bufferedStdout(): DestinationStream & { flush(): void } {
  if (stdoutStream) return stdoutStream; // one per process: every app of the process writes to the same stdout
  const stream = pinoDestination({ dest: 1, minLength: BUFFER_BYTES, sync: false });
  // sonic-boom's flush throws once the stream is destroyed (at exit) and writes even when nothing is
  // held (an empty write); its `_len` says whether anything is (undefined in another version: then
  // it flushes anyway).
  const state = stream as unknown as { destroyed?: boolean; _len?: number };
  setInterval(() => {
    if (!state.destroyed && state._len !== 0) stream.flush();
  }, LOG_FLUSH_MS).unref();
  return (stdoutStream = stream);
}

/**
 * Writes the held lines now. Called as the app shuts down: Nest ends the process by the signal
 * that stopped it, so no exit handler (pino's own flush) runs after a SIGTERM.
 */
export function flushLogLines(): void {
  const state = stdoutStream as unknown as { destroyed?: boolean; flushSync(): void } | undefined;
  if (!state || state.destroyed) return;
  try {
    state.flushSync();
  } catch {
    // stdout gone (a closed pipe): nothing can be written, and shutdown goes on
  }
}

/**
 * The Nest module that makes nestjs-pino's Logger injectable, with pino-http's root logger (its
 * options and serializers) as `PinoLogger.root`. Its per-request middleware is bound to no route:
 * the access log (access-log.ts) writes each request's line at a quarter of the cost.
 */
export function loggingModule(level: LogLevel, destination?: LogDestination): DynamicModule {
  const options = pinoHttpOptions(level);
  return LoggerModule.forRoot({ forRoutes: [], pinoHttp: destination ? [options, destination] : level === 'silent' ? options : [options, bufferedStdout()] });
}
