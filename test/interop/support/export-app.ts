import 'reflect-metadata';
import { Global, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Ledger } from '../../../src/ledger/ledger';
import type { LedgerDeals } from '../../../src/archive/ndjson/ledger-deal-source';
import { API_SETTINGS, API_VISIBILITY } from '../../../src/settings/tokens';
import { settingsFromEnv } from '../../../src/settings/api-settings';
import { ExportModule } from '../../../src/http/export/export.module';

/**
 * The HTTP export alone (ExportModule) over a ledger (a real one, or the two reads the export
 * uses), with settings for `storeUrl` and no private tournaments; created, not yet listening.
 */
export async function exportApp(ledger: LedgerDeals, storeUrl: string): Promise<INestApplication> {
  const settings = settingsFromEnv({}, { storeUrl, tokenSecret: Buffer.alloc(32, 7), logErrors: false });
  @Global()
  @Module({
    providers: [
      { provide: Ledger, useValue: ledger },
      { provide: API_SETTINGS, useValue: settings },
      { provide: API_VISIBILITY, useValue: { isPrivateTournament: () => false, privateTournaments: [] } },
    ],
    exports: [Ledger, API_SETTINGS, API_VISIBILITY],
  })
  class TestLedgerModule {}
  const moduleRef = await Test.createTestingModule({ imports: [TestLedgerModule, ExportModule] }).compile();
  return moduleRef.createNestApplication({ logger: false });
}
