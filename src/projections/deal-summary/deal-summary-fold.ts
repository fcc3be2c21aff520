import type { RecordedEvent } from '../../event-store/event-store';
import type {
  DealConfirmedData,
  DealContestedData,
  DealScoredData,
  DealStartedData,
  DisputeRuledData,
  MoveWithdrawnData,
  ScoreCorrectedData,
} from '../../deal/events';
import { summariseRecordedResult, type EngineResultFacts } from '../../format/iss/recorded-result-check';
import { ISS_RECORD_IMPORTED, type IssRecordImportedData } from '../../format/iss/iss-record-imported';
import type { DealSummary } from './deal-summary';
import { correctedView, resultView, type DealResultView } from '../../deal/result-view';

/** The event types this projection reads. */
export const DEAL_SUMMARY_EVENT_TYPES = [
  'DealStarted',
  'DealScored',
  'ScoreCorrected',
  'ResultEntered',
  'ResultUpgraded',
  'DealConfirmed',
  'DealContested',
  'DisputeRuled',
  'MoveWithdrawn',
  ISS_RECORD_IMPORTED,
] as const;

export const dealIdOfStream = (streamName: string): string | null => (streamName.startsWith('deal-') ? streamName.slice(5) : null);

/** A summary's result fields while the deal is in progress (before its score, or once its ending move is withdrawn, L24). */
const NO_RESULT = {
  status: 'inProgress' as const,
  passedIn: false,
  declarer: null,
  declarerName: null,
  gameType: null,
  hand: false,
  ouvert: false,
  schneiderAnnounced: false,
  schwarzAnnounced: false,
  bid: null,
  won: null,
  gameValue: null,
  score: null,
  originalScore: null,
  corrected: false,
  correctionReason: null,
  correctedBy: null,
  seatScores: null,
  matadors: null,
  overbid: false,
  declarerPoints: null,
  declarerTricks: null,
  schneider: false,
  schwarz: false,
  notScoreableReason: null,
  derivation: [],
} satisfies Partial<DealSummary>;

function started(data: DealStartedData, event: RecordedEvent): DealSummary {
  return {
    dealId: data.dealId,
    tableId: data.tableId,
    tournamentId: data.tournamentId,
    dealNumber: data.dealNumber,
    startedAt: data.startedAt,
    source: event.metadata.source ?? 'live',
    profileId: data.profileId,
    profileVersion: data.profileVersion,
    players: data.players,
    dealer: data.dealer,
    sittingOut: data.sittingOut,
    computerSeats: data.computerSeats,
    ...NO_RESULT,
    lastRevision: event.revision.toString(),
    provenance: 'cards',
    confirmedBy: [],
    disputes: [],
    openDisputes: 0,
    archive: null,
  };
}

/** The engine's result as the summary holds it (before any correction), in the terms the record check reads. */
function engineFacts(s: DealSummary): EngineResultFacts | null {
  if (s.status === 'inProgress') return null;
  return {
    kind: s.status,
    passedIn: s.passedIn,
    declarer: s.declarer,
    won: s.won,
    score: s.corrected ? s.originalScore : s.score,
    matadors: s.matadors,
    overbid: s.overbid,
    declarerPoints: s.declarerPoints,
    declarerTricks: s.declarerTricks,
    schneider: s.schneider,
    schwarz: s.schwarz,
    notScoreableReason: s.notScoreableReason,
  };
}

/** The summary with the result view in force (src/deal/result-view.ts), its declarer named. */
function withResult(summary: DealSummary, view: DealResultView, event: RecordedEvent): DealSummary {
  return {
    ...summary,
    ...view,
    declarerName: view.declarer === null ? null : summary.players[view.declarer],
    lastRevision: event.revision.toString(),
  };
}

function scored(summary: DealSummary, data: DealScoredData, event: RecordedEvent): DealSummary {
  return withResult(summary, resultView(data.result), event);
}

function corrected(summary: DealSummary, data: ScoreCorrectedData, event: RecordedEvent): DealSummary {
  // A summary still in progress has no result to correct (the decider refuses that); it is read as one then.
  return withResult(summary, correctedView(summary as DealResultView, data), event);
}

/**
 * The deal summary as a pure fold over a deal's events. An event at or below the row's
 * lastRevision was applied before and is ignored (at-least-once delivery).
 */
export function foldDealSummary(summary: DealSummary | null, event: RecordedEvent): DealSummary | null {
  if (summary && event.revision <= BigInt(summary.lastRevision)) return summary;
  switch (event.type) {
    case 'DealStarted':
      return summary ?? started(event.data as DealStartedData, event);
    case 'DealScored':
      return summary ? scored(summary, event.data as DealScoredData, event) : null;
    case 'ScoreCorrected':
      return summary ? corrected(summary, event.data as ScoreCorrectedData, event) : null;
    case 'MoveWithdrawn': {
      // Only the withdrawal of a deal's ending move (L24) changes the row: in progress again, no result.
      if (!summary || (event.data as MoveWithdrawnData).reopens !== true) return summary;
      return { ...summary, ...NO_RESULT, lastRevision: event.revision.toString() };
    }
    case 'ResultEntered':
      return summary ? { ...summary, provenance: 'resultOnly', lastRevision: event.revision.toString() } : null;
    case 'ResultUpgraded':
      // Its cards were recorded and reproduced the result: card-level from now on, the row itself unchanged.
      return summary ? { ...summary, provenance: 'cards', lastRevision: event.revision.toString() } : null;
    case 'DealConfirmed': {
      if (!summary) return null;
      const { player } = event.data as DealConfirmedData;
      return { ...summary, confirmedBy: [...summary.confirmedBy, player], lastRevision: event.revision.toString() };
    }
    case 'DealContested': {
      if (!summary) return null;
      const { player, reason } = event.data as DealContestedData;
      const dispute = { contestEventId: event.eventId, player, reason, ruling: null, rulingReason: null };
      return { ...summary, disputes: [...summary.disputes, dispute], openDisputes: summary.openDisputes + 1, lastRevision: event.revision.toString() };
    }
    case 'DisputeRuled': {
      if (!summary) return null;
      const r = event.data as DisputeRuledData;
      const disputes = summary.disputes.map((d) =>
        d.contestEventId === r.contestEventId && d.ruling === null ? { ...d, ruling: r.ruling, rulingReason: r.reason } : d,
      );
      return { ...summary, disputes, openDisputes: disputes.filter((d) => d.ruling === null).length, lastRevision: event.revision.toString() };
    }
    case ISS_RECORD_IMPORTED: {
      // The last event of an imported deal: the record's own result, kept beside the engine's.
      if (!summary) return null;
      const { recordedResult } = event.data as IssRecordImportedData;
      return { ...summary, archive: summariseRecordedResult(recordedResult, engineFacts(summary)), lastRevision: event.revision.toString() };
    }
    default:
      return summary;
  }
}
