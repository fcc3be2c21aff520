import { createHash } from 'node:crypto';
import { parseStoreUrl } from '../event-store/store-url';
import type { ReadModelMismatchPolicy } from '../projections/read-model-binding';
import type { AnalysisLimits } from '../analysis/workers/analyses';
import type { SolverPool } from '../analysis/workers/analysis-pool';
import type { BranchLimits } from '../branch/branch-rules';

export interface LedgerOptions {
  /** `sqlite::memory:`, `sqlite:<file>`, or an EventStoreDB URL. */
  readonly storeUrl: string;
  /**
   * Where the read models live (`sqlite:<file>` or `sqlite::memory:`); default: the store's SQLite
   * file, or for EventStoreDB a file of its own under ./data (defaultReadModelUrl).
   */
  readonly readModelUrl?: string;
  /** Rule profile for deals and tables that name none (default `isko`). */
  readonly profileId?: string;
  /** Read models that do not belong to the store: refused (default) or rebuilt at start; `skip` only for `rebuild` itself. */
  readonly readModelMismatch?: ReadModelMismatchPolicy | 'skip';
  /** The solver's worker threads and cache (default DEFAULT_ANALYSIS_LIMITS), or a pool of one's own (tests). */
  readonly analysis?: AnalysisOptions;
  /** Finished deals' frame lists kept in memory (SKAT_LEDGER_FRAME_CACHE; default 1000, 0 = none). */
  readonly frameCache?: number;
  /** Caps on what-if branches (default DEFAULT_BRANCH_LIMITS). */
  readonly branches?: Partial<BranchLimits>;
  /**
   * The private tournaments (SKAT_LEDGER_PRIVATE_TOURNAMENTS): their deals are rated by no rating
   * model (docs/ratings.md). Every process on one read-model file is to be given the same: another
   * set rebuilds the ratings at start.
   */
  readonly privateTournaments?: readonly string[];
}

export interface AnalysisOptions {
  readonly limits?: Partial<AnalysisLimits>;
  readonly pool?: SolverPool;
}

/**
 * The read-model file used when none is named: the SQLite store's own file; for EventStoreDB
 * `./data/read-models-<8 hex>.db`, named by a hash of the connection string without credentials,
 * so each store (and each API instance's working folder) keeps its own file, checkpointed at $all
 * positions; a start resumes from it instead of reading the whole log.
 */
export function defaultReadModelUrl(storeUrl: string): string {
  const location = parseStoreUrl(storeUrl);
  if (location.kind === 'sqlite') return location.path === ':memory:' ? 'sqlite::memory:' : `sqlite:${location.path}`;
  const withoutCredentials = location.connectionString.replace(/^([a-z+]+:\/\/)[^@/]*@/i, '$1');
  const digest = createHash('sha256').update(withoutCredentials).digest('hex').slice(0, 8);
  return `sqlite:./data/read-models-${digest}.db`;
}
