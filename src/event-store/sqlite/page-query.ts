/**
 * The SQL of a filtered page of the global log, as a pure function of the filter's shape.
 *
 * A type filter seeks the matching rows through the index events(type_id, position): one ordered,
 * LIMITed index range per type, merged in position order (UNION ALL: every row has one type),
 * then the page's rows fetched by rowid. The obvious `type IN (...) ORDER BY position LIMIT n`
 * lets SQLite choose between scanning every row of the log and sorting all remaining matches on
 * every page; both make a rebuild that reads a few event types cost far more than its rows.
 */

/** Columns of a page row, in this order (stored-rows' EventRow), and the tables they come from. */
export const EVENT_COLUMNS =
  'e.position, s.stream_name, r.first_revision + (e.position - r.first_position), e.type_id, e.run_id, lower(hex(e.hash)), e.data, e.own, CASE WHEN e.own IS NULL THEN NULL ELSE (SELECT event_id FROM event_ids WHERE position = e.position) END, r.stream_id';
export const EVENT_TABLES = 'events e JOIN event_runs r ON r.run_id = e.run_id JOIN streams s ON s.stream_id = r.stream_id';

/**
 * A stream's events from a revision on, through its runs (bind stream_id, from, from, limit):
 * forwards every run that ends after `from`, backwards every run that starts at or before it, each
 * run's positions as a rowid range.
 */
export function streamRead(columns: string, forwards: boolean): string {
  // Each run's rows are ONE rowid range, its bounds single expressions: given two lower bounds
  // (the run's start, and the start revision's position) SQLite seeks by one of them, and the one it
  // chose, the same position for every run of a stream read from its start, made a stream of n
  // one-event runs cost n²/2 rows (12,000 of them 5 s).
  const range = forwards
    ? 'e.position >= r.first_position + max(0, ? - r.first_revision) AND e.position < r.first_position + r.count'
    : 'e.position >= r.first_position AND e.position <= r.first_position + min(r.count - 1, ? - r.first_revision)';
  const runs = forwards ? 'r.first_revision + r.count > ?' : 'r.first_revision <= ?';
  return `SELECT ${columns} FROM event_runs r JOIN events e JOIN streams s ON s.stream_id = r.stream_id
    WHERE r.stream_id = ? AND ${runs} AND ${range}
    ORDER BY r.first_revision ${forwards ? 'ASC' : 'DESC'}, e.position ${forwards ? 'ASC' : 'DESC'} LIMIT ?`;
}

/** Type filters up to this many types seek through the type index; longer lists scan the log. */
export const MAX_SEEK_TYPES = 64;

export interface PageQuery {
  readonly sql: string;
  /** Seeks per type (else it scans the rows after `after`). */
  readonly seeks: boolean;
  /** Binds the statement for the rows after `after`, at most `limit` of them. */
  params(after: number, limit: number): unknown[];
}

/**
 * A page this close to the log's head (in positions) scans the rows after `after` instead of
 * seeking per type: the merged seeks cost a fixed ~0.6 ms however few rows follow (15 types, 100,000
 * deals), a scan ~5 µs per row, so a live catch-up a few events behind scans.
 */
export const TAIL_SCAN_ROWS = 64;

/**
 * Duplicate types match nothing more; dropping them keeps every row in exactly one merged range.
 * `tail`: the rows after `after` are few (see TAIL_SCAN_ROWS): scan them rather than seek.
 */
export function pageQuery(prefixes: readonly string[], typeIds: readonly number[], tail = false): PageQuery {
  const typeList = [...new Set(typeIds)];
  const prefixParams = prefixes.flatMap((p) => [p, p]);
  const prefixWhere = (s: string) => (prefixes.length > 0 ? ` AND (${prefixes.map(() => `substr(${s}.stream_name, 1, length(?)) = ?`).join(' OR ')})` : '');
  if (!tail && typeList.length > 0 && typeList.length <= MAX_SEEK_TYPES) {
    const from = prefixes.length > 0 ? 'events t JOIN event_runs tr ON tr.run_id = t.run_id JOIN streams ts ON ts.stream_id = tr.stream_id' : 'events t';
    const range = `SELECT position FROM (SELECT t.position FROM ${from} WHERE t.type_id = ? AND t.position > ?${prefixWhere('ts')} ORDER BY t.position LIMIT ?)`;
    const merged = `${typeList.map(() => range).join(' UNION ALL ')} ORDER BY 1 LIMIT ?`;
    return {
      sql: `SELECT ${EVENT_COLUMNS} FROM ${EVENT_TABLES} WHERE e.position IN (${merged}) ORDER BY e.position`,
      seeks: true,
      params: (after, limit) => [...typeList.flatMap((type) => [type, after, ...prefixParams, limit]), limit],
    };
  }
  const typeWhere = typeList.length > 0 ? ` AND e.type_id IN (${typeList.map(() => '?').join(', ')})` : '';
  return {
    sql: `SELECT ${EVENT_COLUMNS} FROM ${EVENT_TABLES} WHERE e.position > ?${prefixWhere('s')}${typeWhere} ORDER BY e.position LIMIT ?`,
    seeks: false,
    params: (after, limit) => [after, ...prefixParams, ...typeList, limit],
  };
}
