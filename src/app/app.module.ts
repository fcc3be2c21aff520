import { DynamicModule, Module } from '@nestjs/common';
import type { ApiSettings } from '../api/apiSettings';
import { ApiModule } from '../api/apiModule';
import { ExportModule } from '../http/export/exportModule';
import type { Ledger } from '../ledger/ledger';
import { ViewerModule } from '../viewer/viewer.module';
import { HealthController } from './health.controller';

/**
 * The whole server: the GraphQL API (which owns the Ledger and shares it globally), the NDJSON
 * export, the replay viewer, and the health check.
 */
@Module({ controllers: [HealthController] })
export class AppModule {
  static register(settings: ApiSettings, ledger?: Ledger): DynamicModule {
    return { module: AppModule, imports: [ApiModule.register(settings, ledger), ExportModule, ViewerModule.register()] };
  }
}
