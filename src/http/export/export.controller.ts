import { Controller, Get, Inject, Optional, Query, Req, Res, type OnModuleDestroy } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asOfOfText, InvalidQueryError, Ledger, type AsOf } from '../../ledger/ledger';
import type { ApiSettings } from '../../settings/api-settings';
import { mayReadDeal, widestPerspective, type Visibility } from '../../auth/access';
import type { Principal } from '../../auth/role';
import { principalFrom } from '../../auth/principal-from';
import { clientAddress } from '../../auth/client-address';
import { API_RATE_LIMITER, API_REVOCATIONS, API_SETTINGS, API_VISIBILITY } from '../../settings/tokens';
import { RateLimiter } from '../../auth/rate-limiter';
import { TokenRevocations } from '../../auth/token-revocations';
import { EventLoopTurn } from '../../ledger/event-loop-turn';
import { ConcurrencyCap } from './concurrency-cap';
import { StallWatchdog } from './stall-watchdog';
import { DealFilterError, parseDealFilter } from '../../archive/ndjson/deal-filter';
import { ledgerDealSource, type LedgerDeals } from '../../archive/ndjson/ledger-deal-source';
import { asOfLedgerDeals } from '../../archive/ndjson/as-of-deal-source';
import { NDJSON_CONTENT_TYPE, ndjsonDealBlocks, writeLines } from '../../archive/ndjson/ndjson-writer';
import { exportsOnWorkers, ndjsonDealBlocksOnWorkers, NdjsonExportWorkers } from '../../archive/ndjson/ndjson-export-pool';

/** At most this many deals per export (`max`), and the default: the whole archive fits. */
const MAX_DEALS = 10_000_000;
const SORTS = ['oldest', 'newest'] as const;

/**
 * GET /api/export/deals.ndjson?player=&table=&tournament=&from=&to=&game-type=&result=&source=&sort=&max=&asOf=
 * The filters are the CLI's flags (`gameType` is still accepted); `from`/`to` are strict ISO 8601
 * instants; `sort=oldest` (default: by start time, then id) or `newest`; `max` caps the deals read;
 * `asOf` (a log position or an instant, docs/as-of.md) gives the deals as they were recorded then.
 * An `Accept` that rules out application/x-ndjson is answered 406.
 * One JSON object per deal (src/archive/ndjson/deal.schema.json), streamed as the deals are read:
 * the first lines leave before the last deal is read and memory stays at one page of deals.
 * Private tournaments are hidden from anonymous callers; a live deal in progress is listed only
 * for callers who may see every card of it (admins, arbiters, the table's recorder).
 * Over a SQLite file, a long export (more than 1,000 deals, not as of a moment) builds its lines
 * on one worker thread the server's exports share, and on the request thread only when that
 * worker is full: the same lines, and the request thread stays free for other callers.
 */
@Controller('api/export')
export class ExportController implements OnModuleDestroy {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(API_SETTINGS) private readonly settings: ApiSettings,
    @Inject(API_VISIBILITY) private readonly visibility: Visibility,
    // The API's own, when the API module runs beside (the whole server); else this export's alone.
    @Optional() @Inject(API_RATE_LIMITER) limiter?: RateLimiter,
    @Optional() @Inject(API_REVOCATIONS) revocations?: TokenRevocations,
  ) {
    this.limiter = limiter ?? new RateLimiter(settings.limits.ratePerWindow, settings.limits.rateWindowMs);
    this.revocations = revocations ?? new TokenRevocations();
    // Anonymous callers together hold at most half the slots (at least one).
    this.running = new ConcurrencyCap(
      settings.limits.maxConcurrentExports,
      settings.limits.maxConcurrentExportsPerCaller,
      Math.max(1, Math.floor(settings.limits.maxConcurrentExports / 2)),
    );
  }

  private readonly limiter: RateLimiter;
  private readonly revocations: TokenRevocations;
  /** Exports stream for a long time: how many may run at once, in all and per caller. */
  private readonly running: ConcurrencyCap;
  /** The exports' worker, started by the first long export (and again after a failure). */
  private workers: NdjsonExportWorkers | null = null;

  async onModuleDestroy(): Promise<void> {
    await this.workers?.close();
    this.workers = null;
  }

  private sharedWorkers = (): NdjsonExportWorkers => {
    if (!this.workers || this.workers.failed) {
      void this.workers?.close();
      this.workers = new NdjsonExportWorkers(this.settings.storeUrl, 1);
    }
    return this.workers;
  };

  @Get('deals.ndjson')
  async deals(@Query() query: Record<string, unknown>, @Req() req: IncomingMessage & { ip?: string }, @Res() res: ServerResponse): Promise<void> {
    if (!acceptsNdjson(req.headers.accept))
      return problem(res, 406, 'NOT_ACCEPTABLE', `this export is ${NDJSON_CONTENT_TYPE} only (Accept: ${String(req.headers.accept).slice(0, 100)})`);
    let principal: Principal;
    try {
      const client = clientAddress(req.socket?.remoteAddress, req.headers, this.settings.trustProxy);
      principal = principalFrom(req.headers.authorization, client, this.settings.tokenSecret, this.revocations);
    } catch (err) {
      return problem(res, 401, 'UNAUTHENTICATED', (err as Error).message);
    }
    // The same budget as GraphQL: an export is one request of the caller's rate limit.
    const waitMs = this.limiter.take(principal.key);
    if (waitMs > 0) return problem(res, 429, 'RATE_LIMITED', `rate limit: retry in ${waitMs} ms`, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
    const release = this.running.acquire(principal.key, principal.role === 'anonymous');
    if (!release) return problem(res, 429, 'RATE_LIMITED', 'too many exports running at once; retry when one has finished', { 'retry-after': '1' });
    try {
      await this.stream(query, principal, res);
    } finally {
      release();
    }
  }

  private async stream(query: Record<string, unknown>, principal: Principal, res: ServerResponse): Promise<void> {
    let filter;
    let max = MAX_DEALS;
    let newestFirst = false;
    let asOf: AsOf | undefined;
    try {
      const raw: Record<string, string> = {};
      for (const [k, v] of Object.entries(query)) {
        if (typeof v !== 'string') throw new DealFilterError(`filter "${k}" must be given once, as text`);
        raw[k] = v;
      }
      const { sort, max: maxText, asOf: asOfText, ...filters } = raw;
      if (asOfText !== undefined) asOf = asOfOfText(asOfText.slice(0, 60));
      if (sort !== undefined) {
        if (!(SORTS as readonly string[]).includes(sort)) throw new DealFilterError(`sort=${sort.slice(0, 40)} is not one of ${SORTS.join(', ')}`);
        newestFirst = sort === 'newest';
      }
      if (maxText !== undefined) {
        max = Number(maxText);
        if (!/^\d+$/.test(maxText) || max < 1 || max > MAX_DEALS) throw new DealFilterError(`max=${maxText.slice(0, 40)} is not a whole number 1-${MAX_DEALS}`);
      }
      filter = parseDealFilter(filters);
    } catch (err) {
      if (err instanceof DealFilterError) return problem(res, 400, 'BAD_USER_INPUT', err.message);
      throw err;
    }
    let deals: LedgerDeals = this.ledger;
    if (asOf) {
      try {
        // As of a moment: the deals and their events then, each judged by what the caller may see of it as it stood then.
        deals = asOfLedgerDeals(this.ledger, await this.ledger.asOf(asOf));
      } catch (err) {
        if (err instanceof InvalidQueryError) return problem(res, 400, 'BAD_USER_INPUT', err.message);
        throw err;
      }
    }
    const source = ledgerDealSource(deals, filter, {
      include: (deal) => mayReadDeal(principal, deal, this.visibility) && widestPerspective(principal, deal).kind === 'all',
      newestFirst,
      max,
    });
    res.writeHead(200, { 'content-type': `${NDJSON_CONTENT_TYPE}; charset=utf-8`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    res.flushHeaders();
    let closed = false;
    res.on('close', () => (closed = true));
    const watchdog = new StallWatchdog(res, this.settings.limits.exportIdleMs);
    try {
      const turn = new EventLoopTurn();
      await writeLines(
        res,
        // As of a moment the deals come from the log as it was: this thread reads them.
        asOf === undefined && exportsOnWorkers(this.settings.storeUrl)
          ? ndjsonDealBlocksOnWorkers(source, filter, undefined, { shared: this.sharedWorkers })
          : ndjsonDealBlocks(source, filter),
        () => closed,
        () => turn.maybeYield(),
        () => watchdog.held(),
      );
    } catch (err) {
      // Headers are gone: end the stream with an error line rather than a silent truncation.
      if (!closed) res.write(JSON.stringify({ error: { code: 'INTERNAL', message: `export stopped: ${(err as Error).message}` } }) + '\n');
    } finally {
      watchdog.stop();
    }
    res.end();
  }
}

function problem(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** No Accept, or one that admits application/x-ndjson (directly or through a wildcard, with q > 0). */
function acceptsNdjson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) return false;
    return type === NDJSON_CONTENT_TYPE || type === 'application/*' || type === '*/*';
  });
}
