import { DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { ApiSettings } from '../settings/api-settings';
import { ApiModule } from '../api/api.module';
import { ExportModule } from '../http/export/export.module';
import type { Ledger } from '../ledger/ledger';
import { ViewerModule } from '../viewer/viewer.module';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { ReadinessController } from './readiness.controller';
import { flushLogLines, loggingModule, type LogDestination, type LogLevel } from './logging';

/**
 * The whole server: the GraphQL API (which owns the Ledger and shares it globally), the NDJSON
 * export, the replay viewer, the health check, and structured request logs.
 */
@Module({ controllers: [HealthController, ReadinessController] })
export class AppModule implements OnApplicationShutdown {
  static register(settings: ApiSettings, ledger?: Ledger, logLevel: LogLevel = 'info', logDestination?: LogDestination): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggingModule(logLevel, logDestination),
        // Terminus logs a failed check itself; the 503 answer already says what failed.
        TerminusModule.forRoot({ logger: false }),
        ApiModule.register(settings, ledger),
        ExportModule,
        ViewerModule.register(),
      ],
    };
  }

  /** The last request lines are written before the process ends (logging.ts). */
  onApplicationShutdown(): void {
    flushLogLines();
  }
}
