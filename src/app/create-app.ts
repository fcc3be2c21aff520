/**
 * Builds the Nest application with the request-size limit and one JSON error shape for bodies
 * refused before GraphQL sees them (too large, not JSON). Used by main.ts, the e2e tests and the bench.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiSettings } from '../settings/api-settings';
import type { Ledger } from '../ledger/ledger';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { documentLimitsOf, documentProblemReason, documentShapeProblem, type DocumentLimits } from '../api/limits/document-shape';
import { logLevelFromEnv, refuse, type LogDestination, type Refuse } from './logging';
import { accessLog } from './access-log';
import { guardWebSocketFrames } from './web-socket-frame-guard';
import { API_CACHED_ANSWERS } from '../settings/tokens';
import type { CachedAnswers } from '../api/cache/cached-answers';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
// express ships without type declarations here; only its JSON body parser is used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { json } = require('express') as { json: (options: { limit: number }) => Middleware };

/**
 * `logger: false` silences every log (tests); otherwise JSON lines at SKAT_LEDGER_LOG_LEVEL (default
 * info) to stdout, or to `logDestination` (tests that read the lines).
 */
export async function createApp(
  settings: ApiSettings,
  options: { ledger?: Ledger; logger?: boolean; logDestination?: LogDestination } = {},
): Promise<NestExpressApplication> {
  const quiet = options.logger === false;
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register(settings, options.ledger, quiet ? 'silent' : logLevelFromEnv(process.env), options.logDestination),
    {
      bodyParser: false,
      // Nest's own start-up lines wait for the pino logger, then go through it (one JSON line each).
      bufferLogs: !quiet,
      logger: quiet ? false : undefined,
    },
  );
  if (!quiet) app.useLogger(app.get(Logger));
  // No ETag on API answers: hashing every 60 KB replay costs more than it saves, since GraphQL
  // POST answers are not revalidated by browsers (static viewer files keep their own ETags).
  app.set('etag', false);
  // No `X-Powered-By: Express`: it tells a prober which stack to aim at and tells a client nothing.
  app.disable('x-powered-by');
  // First of all: every request gets its ids and, unless silent, its line (refusals below included).
  // nestjs-pino sets its root logger when the module starts, hence looked up per request. Then the
  // JSON body (its errors answered), the document's shape and the response cache's front door
  // (a repeated query answered as sent before). One layer of the router for the five steps: each
  // layer is a match and a dispatch per request (issue 29 item 6).
  app.use(
    inOrder(
      accessLog(() => (quiet ? null : PinoLogger.root)),
      json({ limit: settings.limits.maxBodyBytes }),
      bodyErrorHandler(refuse),
      documentShapeGuard(refuse, documentLimitsOf(settings.limits)),
      app.get<CachedAnswers>(API_CACHED_ANSWERS).middleware(),
    ),
  );
  app.enableShutdownHooks();
  // An idle keep-alive socket is closed by the client first (undici, browsers and proxies keep
  // theirs 4-60 s): were the server to close it at Node's 5 s default, a request sent on it at
  // that moment is reset (seen as ECONNRESET on a loaded machine). Node wants headersTimeout above it.
  const http = app.getHttpServer() as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  return app;
}

/**
 * Caps WebSocket messages at the request-size limit too: Nest creates the graphql-ws server
 * without a maxPayload (ws then accepts 100 MiB). Also installs the frame guard
 * (web-socket-frame-guard.ts). Call after app.init()/listen().
 */
export function capWebSocketPayload(app: NestExpressApplication, maxBytes: number): boolean {
  const driver = app.get(GraphQLModule, { strict: false })?.graphQlAdapter as unknown as {
    _subscriptionService?: { wss?: EventEmitter & { options?: { maxPayload?: number } } };
  };
  const wss = driver?._subscriptionService?.wss;
  const options = wss?.options;
  if (!wss || !options) return false;
  options.maxPayload = maxBytes;
  // Frames only a server may send are refused as the client's error, not as an internal one.
  guardWebSocketFrames(wss);
  return true;
}

type ErrorMiddleware = (err: unknown, req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Middleware run one after the other as one, as express runs a stack of them: an error skips to
 * the next error handler (four parameters), which may answer or pass it on; one that gets no error
 * is skipped by an error handler. The error at the end goes to express.
 */
function inOrder(...steps: Array<Middleware | ErrorMiddleware>): Middleware {
  return (req, res, done) => {
    let i = 0;
    const next = (err?: unknown): void => {
      while (i < steps.length) {
        const step = steps[i++];
        const handlesErrors = step.length === 4;
        if (err === undefined ? handlesErrors : !handlesErrors) continue;
        try {
          if (err === undefined) (step as Middleware)(req, res, next);
          else (step as ErrorMiddleware)(err, req, res, next);
        } catch (thrown) {
          next(thrown);
        }
        return;
      }
      done(err);
    };
    next();
  };
}

/**
 * GraphQL documents too deep or with too many fragments for the recursive parser and validation
 * rules are refused with 400 before Apollo sees them (they would overflow the stack: a 500).
 */
const documentShapeGuard =
  (refuse: Refuse, limits: Partial<DocumentLimits>) =>
  (req: IncomingMessage & { body?: unknown; url?: string }, res: ServerResponse, next: (err?: unknown) => void): void => {
    if (!req.url?.startsWith('/graphql')) return next();
    const bodies = Array.isArray(req.body) ? req.body : [req.body];
    const texts: unknown[] = bodies.map((b) => (b && typeof b === 'object' ? (b as { query?: unknown }).query : undefined));
    if (req.method === 'GET') texts.push(new URL(req.url, 'http://x').searchParams.get('query') ?? undefined);
    for (const text of texts) {
      const problem = typeof text === 'string' ? documentShapeProblem(text, limits) : null;
      if (problem) {
        const reason = documentProblemReason(problem);
        refuse(req, res, 400, JSON.stringify({ errors: [{ message: `${problem}; refused`, extensions: { code: 'BAD_USER_INPUT', reason } }] }));
        return;
      }
    }
    next();
  };

/** body-parser errors (413 too large, 400 bad JSON) answered as GraphQL errors with a code. */
const bodyErrorHandler =
  (refuse: Refuse) =>
  (err: unknown, req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void => {
    const e = err as { status?: number; type?: string; message?: string };
    if (!e || typeof e.status !== 'number' || e.status >= 500) return next(err);
    const message =
      e.type === 'entity.too.large' ? 'request body too large' : e.type === 'entity.parse.failed' ? 'request body is not valid JSON' : 'bad request body';
    refuse(req, res, e.status, JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', reason: e.type ?? 'BAD_REQUEST' } }] }));
  };
