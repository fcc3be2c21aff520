import './app/production-defaults';
import 'reflect-metadata';
import { settingsFromEnv, STORE_ENV } from './settings/api-settings';
import { capWebSocketPayload, createApp } from './app/create-app';
import { listenHost } from './app/listen-host';
import { redactUrl } from './settings/store-connection';
import { analysisLimitsFromEnv } from './analysis/workers/analyses';
import { Ledger } from './ledger/ledger';
import { Logger } from 'nestjs-pino';
import { warmUp } from './app/warm-up';

/** A start-up failure the operator can fix: reported in one line, without a stack. */
class StartupError extends Error {}

async function bootstrap(): Promise<void> {
  let settings: ReturnType<typeof settingsFromEnv>;
  try {
    settings = settingsFromEnv(process.env);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`PORT must be 0-65535, got ${process.env.PORT}`);
  let host: string;
  try {
    host = listenHost(process.env);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  // Opened before Nest starts, so that a store that cannot be opened is named in one line here
  // rather than in a stack trace of Nest's dependency injector.
  let analysisLimits: ReturnType<typeof analysisLimitsFromEnv>;
  try {
    analysisLimits = analysisLimitsFromEnv(process.env);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  let ledger: Ledger;
  try {
    ledger = await Ledger.open({
      storeUrl: settings.storeUrl,
      readModelUrl: settings.readModelUrl,
      readModelMismatch: settings.readModelMismatch,
      analysis: { limits: analysisLimits },
      frameCache: settings.frameCacheDeals,
      privateTournaments: [...settings.privateTournaments],
    });
  } catch (error) {
    throw new StartupError(`cannot open the store ${redactUrl(settings.storeUrl)} (${STORE_ENV}): ${(error as Error).message}`);
  }
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    app = await createApp(settings, { ledger });
  } catch (error) {
    await ledger.close().catch(() => undefined);
    throw error;
  }
  // The request path compiled before the first caller (SKAT_LEDGER_WARM_UP requests; 0 = none).
  const warm = await warmUp(app, settings.warmUpRequests);
  await app.listen(port, host);
  const logger = app.get(Logger);
  if (warm.requests > 0) logger.log(`warm-up: ${warm.requests} requests through the request path in ${warm.ms} ms`);
  if (!capWebSocketPayload(app, settings.limits.maxBodyBytes)) logger.warn('WebSocket message size could not be capped (graphql-ws server not found)');
  logger.log(
    `Skat Ledger listening on http://${host.includes(':') ? `[${host}]` : host}:${port}/graphql (store ${redactUrl(settings.storeUrl)}; token secret from ${settings.tokenSecretSource})`,
  );
}

bootstrap().catch((err: unknown) => {
  // Configuration and store errors are the operator's to fix: one line. Anything else is a bug: its stack.
  const text = err instanceof StartupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  console.error(`Skat Ledger failed to start: ${text}`);
  process.exitCode = 1;
});
