import { Module } from '@nestjs/common';
import { ExportController } from './export.controller';

/**
 * The HTTP export (GET /api/export/deals.ndjson). It takes the Ledger, API_SETTINGS and
 * API_VISIBILITY from the API's global LedgerModule; AppModule imports it.
 */
@Module({ controllers: [ExportController] })
export class ExportModule {}
