/** The limits that keep one client from exhausting the server; each can be set from the env. */
export interface ApiLimits {
  /** Deepest selection nesting accepted. */
  readonly maxDepth: number;
  /** Highest estimated query cost accepted (list fields multiply by their size). */
  readonly maxComplexity: number;
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes: number;
  /** Largest GraphQL document (the query text, not its variables), in characters and in tokens: refused before it is parsed. */
  readonly maxDocumentBytes: number;
  readonly maxDocumentTokens: number;
  /** Requests allowed per rate window for one token (or one address when anonymous). */
  readonly ratePerWindow: number;
  readonly rateWindowMs: number;
  /** Cost points (the estimated cost of each GraphQL operation) one caller may spend per rate window. */
  readonly costPerWindow: number;
  /** graphql-ws operations in flight on one connection, and for one caller over all its connections. */
  readonly maxOperationsPerConnection: number;
  readonly maxOperationsPerCaller: number;
  /** NDJSON exports streaming at once, in all and for one caller. */
  readonly maxConcurrentExports: number;
  readonly maxConcurrentExportsPerCaller: number;
  /** An export stream whose client has read nothing for this long is ended (its slot freed). */
  readonly exportIdleMs: number;
  /** How long one GraphQL request may compute before it is stopped with TIMEOUT. */
  readonly requestTimeoutMs: number;
  /** New solver jobs (analyses of deals not yet computed) one request may start: with a token, and anonymous. */
  readonly solverJobsPerRequest: number;
  readonly anonymousSolverJobsPerRequest: number;
}

export const DEFAULT_LIMITS: ApiLimits = {
  maxDepth: 12,
  maxComplexity: 5000,
  maxBodyBytes: 1_000_000,
  maxDocumentBytes: 100_000,
  maxDocumentTokens: 10_000,
  ratePerWindow: 3000,
  rateWindowMs: 10_000,
  costPerWindow: 100_000,
  maxOperationsPerConnection: 20,
  maxOperationsPerCaller: 100,
  maxConcurrentExports: 2,
  maxConcurrentExportsPerCaller: 1,
  exportIdleMs: 30_000,
  requestTimeoutMs: 5000,
  solverJobsPerRequest: 4,
  anonymousSolverJobsPerRequest: 1,
};

export function limitsFromEnv(env: NodeJS.ProcessEnv): ApiLimits {
  const read = (name: string, fallback: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got ${text}`);
    return n;
  };
  return {
    maxDepth: read('SKAT_LEDGER_MAX_DEPTH', DEFAULT_LIMITS.maxDepth),
    maxComplexity: read('SKAT_LEDGER_MAX_COMPLEXITY', DEFAULT_LIMITS.maxComplexity),
    maxBodyBytes: read('SKAT_LEDGER_MAX_BODY_BYTES', DEFAULT_LIMITS.maxBodyBytes),
    maxDocumentBytes: read('SKAT_LEDGER_MAX_DOCUMENT_BYTES', DEFAULT_LIMITS.maxDocumentBytes),
    maxDocumentTokens: read('SKAT_LEDGER_MAX_DOCUMENT_TOKENS', DEFAULT_LIMITS.maxDocumentTokens),
    ratePerWindow: read('SKAT_LEDGER_RATE_LIMIT', DEFAULT_LIMITS.ratePerWindow),
    rateWindowMs: read('SKAT_LEDGER_RATE_WINDOW_MS', DEFAULT_LIMITS.rateWindowMs),
    costPerWindow: read('SKAT_LEDGER_COST_PER_WINDOW', DEFAULT_LIMITS.costPerWindow),
    maxOperationsPerConnection: read('SKAT_LEDGER_MAX_WS_OPERATIONS', DEFAULT_LIMITS.maxOperationsPerConnection),
    maxOperationsPerCaller: read('SKAT_LEDGER_MAX_CALLER_WS_OPERATIONS', DEFAULT_LIMITS.maxOperationsPerCaller),
    maxConcurrentExports: read('SKAT_LEDGER_MAX_EXPORTS', DEFAULT_LIMITS.maxConcurrentExports),
    maxConcurrentExportsPerCaller: read('SKAT_LEDGER_MAX_CALLER_EXPORTS', DEFAULT_LIMITS.maxConcurrentExportsPerCaller),
    exportIdleMs: read('SKAT_LEDGER_EXPORT_IDLE_MS', DEFAULT_LIMITS.exportIdleMs),
    requestTimeoutMs: read('SKAT_LEDGER_REQUEST_TIMEOUT_MS', DEFAULT_LIMITS.requestTimeoutMs),
    solverJobsPerRequest: read('SKAT_LEDGER_SOLVER_JOBS_PER_REQUEST', DEFAULT_LIMITS.solverJobsPerRequest),
    anonymousSolverJobsPerRequest: read('SKAT_LEDGER_ANONYMOUS_SOLVER_JOBS_PER_REQUEST', DEFAULT_LIMITS.anonymousSolverJobsPerRequest),
  };
}
