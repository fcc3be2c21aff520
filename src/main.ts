import './app/productionDefaults';
import 'reflect-metadata';
import { settingsFromEnv } from './api/apiSettings';
import { capWebSocketPayload, createApp } from './app/createApp';

async function bootstrap(): Promise<void> {
  const settings = settingsFromEnv(process.env);
  const app = await createApp(settings);
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got ${process.env.PORT}`);
  await app.listen(port);
  if (!capWebSocketPayload(app, settings.limits.maxBodyBytes)) console.warn('WebSocket message size could not be capped (graphql-ws server not found)');
  // eslint-disable-next-line no-console
  console.log(`Skat Ledger listening on http://localhost:${port}/graphql (store ${settings.storeUrl}; token secret from ${settings.tokenSecretSource})`);
}

bootstrap().catch((err: unknown) => {
  // eslint-disable-next-line no-console
  console.error(`Skat Ledger failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
