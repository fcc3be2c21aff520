import { DynamicModule, Module, type Type } from '@nestjs/common';
import type { ApiSettings } from '../api/apiSettings';
import { ApiModule } from '../api/apiModule';
import type { Ledger } from '../ledger/ledger';
import { HealthController } from './health.controller';
import { ViewerModule } from '../viewer/viewer.module';

/** Optional modules owned by others, included when their file exists (e.g. the NDJSON export). */
function optionalModules(): Type[] {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const m = require('../http/export/exportModule') as { ExportModule?: Type };
    return m.ExportModule ? [m.ExportModule] : [];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String((err as Error).message).includes('exportModule')) return [];
    throw err;
  }
}

/** The whole server: GraphQL API, health check, and the HTTP export. */
@Module({ controllers: [HealthController] })
export class AppModule {
  static register(settings: ApiSettings, ledger?: Ledger): DynamicModule {
    return { module: AppModule, imports: [ApiModule.register(settings, ledger), ViewerModule.register(), ...optionalModules()] };
  }
}
