import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Ledger } from '../../ledger/ledger';
import type { ApiSettings } from '../../api/apiSettings';
import { mayReadDeal, widestPerspective, type Visibility } from '../../api/auth/access';
import type { Principal } from '../../api/auth/role';
import { principalFrom } from '../../api/context/principalFrom';
import { API_SETTINGS, API_VISIBILITY } from '../../api/tokens';
import { DealFilterError, parseDealFilter } from '../../format/ndjson/dealFilter';
import { ledgerDealSource } from '../../format/ndjson/ledgerDealSource';
import { NDJSON_CONTENT_TYPE, ndjsonDealLines, writeLines } from '../../format/ndjson/ndjsonWriter';

/**
 * GET /api/export/deals.ndjson?player=&table=&tournament=&from=&to=&gameType=&result=&source=
 * One JSON object per deal (src/format/ndjson/deal.schema.json), streamed as the deals are read:
 * the first lines leave before the last deal is read and memory stays at one page of deals.
 * Private tournaments are hidden from anonymous callers; a live deal in progress is listed only
 * for callers who may see every card of it (admins, arbiters, the table's recorder).
 */
@Controller('api/export')
export class ExportController {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_SETTINGS) private readonly settings: ApiSettings,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
  ) {}

  @Get('deals.ndjson')
  async deals(@Query() query: Record<string, unknown>, @Req() req: IncomingMessage & { ip?: string }, @Res() res: ServerResponse): Promise<void> {
    let principal: Principal;
    try {
      principal = principalFrom(req.headers.authorization, req.ip ?? req.socket?.remoteAddress ?? 'unknown', this.settings.tokenSecret);
    } catch (err) {
      return problem(res, 401, 'UNAUTHENTICATED', (err as Error).message);
    }
    let filter;
    try {
      const raw: Record<string, string> = {};
      for (const [k, v] of Object.entries(query)) {
        if (typeof v !== 'string') throw new DealFilterError(`filter "${k}" must be given once, as text`);
        raw[k] = v;
      }
      filter = parseDealFilter(raw);
    } catch (err) {
      if (err instanceof DealFilterError) return problem(res, 400, 'BAD_USER_INPUT', err.message);
      throw err;
    }
    const source = ledgerDealSource(this.ledger, filter, {
      include: (deal) => mayReadDeal(principal, deal, this.visibility) && widestPerspective(principal, deal).kind === 'all',
    });
    res.writeHead(200, { 'content-type': `${NDJSON_CONTENT_TYPE}; charset=utf-8`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    res.flushHeaders();
    let closed = false;
    res.on('close', () => (closed = true));
    try {
      await writeLines(res, ndjsonDealLines(source, filter), () => closed);
    } catch (err) {
      // Headers are gone: end the stream with an error line rather than a silent truncation.
      if (!closed) res.write(JSON.stringify({ error: { code: 'INTERNAL', message: `export stopped: ${(err as Error).message}` } }) + '\n');
    }
    res.end();
  }
}

function problem(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ error: { code, message } }));
}
