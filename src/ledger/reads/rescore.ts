import { dealStreamName, DEAL_STREAM_PREFIX, type ScoreCorrectedData } from '../../deal/events';
import { initialDealState } from '../../deal/deal-state';
import { recomputedResult } from '../../deal/recomputed';
import type { EventStore } from '../../event-store/event-store';
import { compareResults } from '../../projections/audit/compare-results';
import { DEAL_SUMMARY_TABLE } from '../../projections/deal-summary/deal-summary-projection';
import type { ReadModelDb } from '../../projections/read-model-db';
import type { GameResult } from '../../rules/game-result';
import { scoreEnteredResult } from '../../rules/result-entry';
import { dealStateAfter } from '../../deal/deal-stream';

/** One field a re-score under the current engine would change. */
export interface RescoreDifference {
  readonly dealId: string;
  readonly field: string;
  readonly recorded: unknown;
  readonly recomputed: unknown;
}

/**
 * `checked` counts the deal streams read and, of them, the finished deals compared.
 *
 * Re-scores every recorded deal under the current engine (its play, or the facts of a result-only
 * deal) and lists every field that would differ; a correction given as facts is re-scored too and
 * listed when its recorded score no longer matches.
 */
export async function rescore(
  store: EventStore,
  dealStreams: AsyncIterable<string>,
  checked: { streams: number; deals: number } = { streams: 0, deals: 0 },
): Promise<RescoreDifference[]> {
  const out: RescoreDifference[] = [];
  for await (const stream of dealStreams) {
    checked.streams++;
    const dealId = stream.slice(DEAL_STREAM_PREFIX.length);
    const read = await store.readStream(stream);
    let state = initialDealState;
    let recorded: GameResult | null = null;
    let recomputed: GameResult | null = null;
    try {
      for (const e of read.events) {
        state = dealStateAfter(state, e);
        if (e.type === 'DealScored') recorded = state.recordedResult;
      }
      recomputed = recomputedResult(state);
    } catch (err) {
      out.push({ dealId, field: 'replay', recorded: recorded, recomputed: `engine refuses the recorded deal: ${(err as Error).message}` });
      continue;
    }
    if (!recorded) continue;
    checked.deals++;
    for (const d of compareResults(recorded, recomputed)) out.push({ dealId, ...d });
    for (const e of read.events) {
      if (e.type !== 'ScoreCorrected') continue;
      const c = e.data as ScoreCorrectedData;
      if (!c.facts || !state.profile) continue;
      const again = scoreEnteredResult(c.facts, state.profile);
      const now = again.ok ? again.value.score : `refused: ${again.refusal.ruleId} ${again.refusal.reason}`;
      if (now !== c.correctedScore) out.push({ dealId, field: `correction ${e.eventId}`, recorded: c.correctedScore, recomputed: now });
    }
  }
  return out;
}

/**
 * Every deal stream. A store with a change token (SQLite) lists them from its own index; over
 * EventStoreDB a listing would read every event of every deal, so the deal summaries (caught up
 * first) list them instead.
 */
export async function* dealStreams(store: EventStore, db: ReadModelDb, catchUp: () => Promise<void>): AsyncIterable<string> {
  if (store.changeToken) {
    yield* store.listStreams(DEAL_STREAM_PREFIX);
    return;
  }
  await catchUp();
  const ids = db.prepare(`SELECT deal_id FROM ${DEAL_SUMMARY_TABLE} ORDER BY started_at, deal_id`).pluck().all() as string[];
  for (const id of ids) yield dealStreamName(id);
}
