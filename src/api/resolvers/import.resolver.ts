import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { bulkImportTarget } from '../../archive/import/bulk-import-target';
import { importIssText } from '../../archive/import/import-iss';
import { Ledger } from '../../ledger/ledger';
import { mayAdminister } from '../../auth/access';
import type { ApiContext } from '../context/api-context';
import { forbidden, unauthenticated } from '../errors/api-error';
import { ImportReportType } from '../types/command-result.type';

@Resolver()
export class ImportResolver {
  constructor(@Inject(Ledger) private readonly ledger: Ledger) {}

  @Mutation(() => ImportReportType, {
    description:
      'Admin: import ISS game records, one per line. Deals get id iss-<ID>, series become tables iss-series-<SE>. Re-importing the same records is a no-op; a record whose ID is stored with different content is listed as a conflict and not written.',
  })
  async importIss(@Context() ctx: ApiContext, @Args('records', { description: 'ISS game records, one per line' }) records: string): Promise<ImportReportType> {
    if (!mayAdminister(ctx.principal)) {
      throw ctx.principal.role === 'anonymous' ? unauthenticated('importing needs an admin token') : forbidden('only admins import records');
    }
    const summary = await importIssText(bulkImportTarget(this.ledger), records, { maxRejectionsListed: 100 });
    return {
      records: summary.records,
      imported: summary.imported,
      alreadyPresent: summary.alreadyPresent,
      rejected: summary.rejected.map((r) => ({ line: r.line, id: r.id, reason: r.reason })),
      rejectedCount: summary.rejectedCount,
      conflicts: summary.conflicts.map((c) => ({ line: c.line, id: c.id, fields: [...c.fields] })),
      conflictCount: summary.conflictCount,
      events: summary.events,
    };
  }
}
