import type { NewEvent } from '../../event-store/event-store';
import { ISS_IMPORT_SOURCE, issImportMetadata } from './iss-import-metadata';
import { decide, type DecideContext } from '../../deal/decide';
import { initialDealState, type DealState } from '../../deal/deal-state';
import { DEAL_SCHEMA_VERSION, type DealEvent } from '../../deal/events';
import { foldDealStream } from '../../deal/deal-stream';
import type { IssRecord } from '../../format/iss/iss-record';
import type { IssLineEncoding } from '../../format/iss/iss-line-source';
import { tokensOfEvents } from '../export/tokens-of-events';
import { diffTokens } from '../../format/iss/token-patch';
import { planIssDeal } from './iss-deal-plan';
import { ISS_RECORD_IMPORTED, type IssRecordImportedData } from '../../format/iss/iss-record-imported';

export { ISS_IMPORT_SOURCE };

export interface IssDealEvents {
  readonly recordId: string;
  readonly dealId: string;
  readonly tableId: string | null;
  readonly series: string | null;
  readonly players: readonly [string, string, string];
  /** Ready to append to `deal-<dealId>` with expected revision noStream. */
  readonly events: NewEvent[];
}

export type IssDealEventsResult =
  { readonly ok: true; readonly deal: IssDealEvents } | { readonly ok: false; readonly reason: string; readonly id: string | null };

export interface IssSource {
  readonly line: string;
  readonly lineNumber: number;
  readonly file: string | null;
  /** Number of the deal in its series (ISS records do not say; the importer counts per SE). */
  readonly dealNumber?: number;
  /** How the line was decoded from its bytes (issLineSource); Latin-1 is kept for the export. */
  readonly encoding?: IssLineEncoding;
}

/**
 * One record → the events of one deal, decided by the same rules as a live table (the deal
 * decider, profile `iss`). Moves the engine cannot replay because the record ends in a time-out or
 * a departure (`??` cards, a declaration without discards) are skipped up to the abandonment; any
 * other refusal rejects the record. The last event keeps the record's header, its own result and
 * whatever its move list says beyond the events, so the export writes the line back unchanged.
 */
export function issRecordToEvents(record: IssRecord, source: IssSource): IssDealEventsResult {
  const planned = planIssDeal(record);
  const id = record.header.find((h) => h.key === 'ID')?.value ?? null;
  if (!planned.ok) return { ok: false, reason: planned.reason, id };
  const plan = source.dealNumber === undefined ? planned.plan : { ...planned.plan, start: { ...planned.plan.start, dealNumber: source.dealNumber } };
  const ctx: DecideContext = { actorId: ISS_IMPORT_SOURCE, role: 'system', now: plan.startedAt, defaultProfileId: plan.start.profileId };

  let state: DealState = initialDealState;
  const decided: DealEvent[] = [];
  const apply = (events: readonly DealEvent[]) => {
    state = foldDealStream(events, state);
    decided.push(...events);
  };
  const started = decide(plan.start, state, ctx);
  if (!started.ok) return { ok: false, reason: `${started.refusal.ruleId}: ${started.refusal.reason}`, id };
  apply(started.value);

  let unreplayed: string | null = null;
  for (let s = 0; s < plan.steps.length; s++) {
    const step = plan.steps[s];
    const token = step.tokenIndex + 1;
    if (state.recordedResult) {
      // The engine already decided the deal (R18/R19/D3); later tokens stay in the record only.
      unreplayed ??= `move ${token} and later come after the end of the deal and were not replayed`;
      break;
    }
    const judged = step.command ? decide(step.command, state, ctx) : null;
    if (judged?.ok) {
      apply(judged.value);
      continue;
    }
    const why = judged ? `${judged.refusal.ruleId}: ${judged.refusal.reason}` : (step.why ?? 'not a move');
    if (plan.abandonStep > s) {
      // D3: the record ends in a time-out or departure; what lies between is not replayable.
      const last = plan.steps[plan.abandonStep].tokenIndex;
      unreplayed = `${last > token ? `moves ${token}-${last}` : `move ${token}`} not replayed (${why}): the record ends in a time-out or departure`;
      s = plan.abandonStep - 1;
      continue;
    }
    return { ok: false, reason: `move ${token}: ${why}`, id };
  }

  if (!state.recordedResult) {
    // A record is a finished game; one that stops mid-deal without a time-out or departure is cut off.
    const phase = state.game?.phase ?? 'not started';
    return {
      ok: false,
      reason: `the move list ends before the deal is over (phase ${phase}, ${state.game?.tricks.length ?? 0} tricks played) and records no time-out or departure`,
      id,
    };
  }

  const provenance: IssRecordImportedData = {
    recordId: plan.recordId,
    sourceLine: source.lineNumber,
    sourceFile: source.file,
    line: source.line,
    header: record.header,
    propertyOrder: record.propertyOrder,
    layout: record.layout,
    recordedResult: record.result,
    movesPatch: diffTokens(tokensOfEvents(decided), record.moves),
    unreplayed,
    // Only a line that was not valid UTF-8 says so, so every other deal's events stay as they were.
    ...(source.encoding === 'latin1' ? { lineEncoding: 'latin1' as const } : {}),
  };
  const commandId = `${ISS_IMPORT_SOURCE}:${plan.recordId}`;
  const profileVersion = state.started?.profileVersion ?? '';
  const all: { type: string; data: unknown }[] = [...decided, { type: ISS_RECORD_IMPORTED, data: provenance }];
  const events: NewEvent[] = all.map((e, index) => ({
    type: e.type,
    data: e.data,
    metadata: issImportMetadata(commandId, index, plan.startedAt, DEAL_SCHEMA_VERSION, profileVersion),
  }));
  return { ok: true, deal: { recordId: plan.recordId, dealId: plan.dealId, tableId: plan.tableId, series: plan.series, players: plan.players, events } };
}
