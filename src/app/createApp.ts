/**
 * Builds the Nest application with the request-size limit and one JSON error shape for bodies
 * refused before GraphQL sees them (too large, not JSON). Used by main.ts, the e2e tests and the bench.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiSettings } from '../api/apiSettings';
import type { Ledger } from '../ledger/ledger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { logLevelFromEnv } from './logging';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
// express ships without type declarations here; only its JSON body parser is used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { json } = require('express') as { json: (options: { limit: number }) => Middleware };

/** `logger: false` silences every log (tests); otherwise JSON lines at SKAT_LEDGER_LOG_LEVEL (default info). */
export async function createApp(settings: ApiSettings, options: { ledger?: Ledger; logger?: boolean } = {}): Promise<NestExpressApplication> {
  const quiet = options.logger === false;
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(settings, options.ledger, quiet ? 'silent' : logLevelFromEnv(process.env)), {
    bodyParser: false,
    // Nest's own start-up lines wait for the pino logger, then go through it (one JSON line each).
    bufferLogs: !quiet,
    logger: quiet ? false : undefined,
  });
  if (!quiet) app.useLogger(app.get(Logger));
  // No ETag on API answers: hashing every 60 KB replay costs more than it saves, since GraphQL
  // POST answers are not revalidated by browsers (static viewer files keep their own ETags).
  app.set('etag', false);
  app.use(json({ limit: settings.limits.maxBodyBytes }));
  app.use(bodyErrorHandler);
  app.enableShutdownHooks();
  return app;
}

/**
 * Caps WebSocket messages at the request-size limit too: Nest creates the graphql-ws server
 * without a maxPayload (ws then accepts 100 MiB). Call after app.init()/listen().
 */
export function capWebSocketPayload(app: NestExpressApplication, maxBytes: number): boolean {
  const driver = app.get(GraphQLModule, { strict: false })?.graphQlAdapter as unknown as { _subscriptionService?: { wss?: { options?: { maxPayload?: number } } } };
  const options = driver?._subscriptionService?.wss?.options;
  if (!options) return false;
  options.maxPayload = maxBytes;
  return true;
}

/** body-parser errors (413 too large, 400 bad JSON) answered as GraphQL errors with a code. */
function bodyErrorHandler(err: unknown, _req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
  const e = err as { status?: number; type?: string; message?: string };
  if (!e || typeof e.status !== 'number' || e.status >= 500) return next(err);
  const message = e.type === 'entity.too.large' ? 'request body too large' : e.type === 'entity.parse.failed' ? 'request body is not valid JSON' : 'bad request body';
  res.writeHead(e.status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', reason: e.type ?? 'BAD_REQUEST' } }] }));
}
