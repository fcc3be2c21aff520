import type { AuditArchiveCheck } from '../../projections/audit/deal-audit';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { GameResult } from '../../rules/game-result';
import { resultView, type DealResultView } from '../../deal/result-view';
import type { ArchiveResultCheckType } from '../types/audit.type';
import type { DealType } from '../types/deal.type';
import type { DealResultType } from '../types/deal-result.type';
import { ResultBasisEnum, sourceOf } from '../types/enums';

/** The GraphQL shape of a deal's result view (src/deal/result-view.ts), whichever fold it came from. */
function resultType(v: DealResultView, declarerName: string | null): DealResultType {
  return {
    passedIn: v.passedIn,
    declarer: v.declarer,
    declarerName,
    game: v.gameType,
    hand: v.hand,
    ouvert: v.ouvert,
    schneiderAnnounced: v.schneiderAnnounced,
    schwarzAnnounced: v.schwarzAnnounced,
    bid: v.bid,
    won: v.won,
    gameValue: v.gameValue,
    score: v.score,
    originalScore: v.originalScore,
    corrected: v.corrected,
    matadors: v.matadors,
    overbid: v.overbid,
    declarerPoints: v.declarerPoints,
    declarerTricks: v.declarerTricks,
    schneider: v.schneider,
    schwarz: v.schwarz,
    notScoreable: v.status === 'notScoreable',
    notScoreableReason: v.notScoreableReason,
    derivation: v.derivation.map((d) => `${d.ruleId}: ${d.text}`),
  };
}

/** A deal's result in force, as its summary holds it (null while it is played). */
export function dealResultView(s: DealSummary): DealResultType | null {
  if (s.status === 'inProgress') return null;
  return resultType({ ...s, status: s.status }, s.declarerName);
}

/** A result view (audit: the result in force) in the same shape as a deal's result. */
export function resultViewType(v: DealResultView, players?: readonly string[]): DealResultType {
  return resultType(v, v.declarer !== null && players ? (players[v.declarer] ?? null) : null);
}

/** A GameResult (audit: recomputed) in the same shape as a deal's result. */
export function gameResultView(r: GameResult, players?: readonly string[]): DealResultType {
  return resultViewType(resultView(r), players);
}

/** An archive record's own result against the engine's, as the audit and the deal show it. */
export function archiveCheckView(a: AuditArchiveCheck): ArchiveResultCheckType {
  return {
    uses: ResultBasisEnum.ENGINE,
    agrees: a.agrees,
    text: a.text,
    mismatches: a.mismatches.map((m) => ({ field: m.field, recorded: String(m.recorded), recomputed: String(m.recomputed) })),
    recordedValue: a.recordedValue ?? null,
    recordedDeclarerPoints: a.recordedDeclarerPoints ?? null,
  };
}

export function dealView(s: DealSummary): DealType {
  return {
    id: s.dealId,
    tableId: s.tableId,
    tournamentId: s.tournamentId,
    dealNumber: s.dealNumber,
    startedAt: s.startedAt,
    source: sourceOf(s.source),
    profileId: s.profileId,
    profileVersion: s.profileVersion,
    players: [...s.players],
    dealer: s.dealer,
    sittingOut: [...s.sittingOut],
    status: s.status,
    declarer: s.declarer,
    game: s.gameType,
    result: dealResultView(s),
    archive: s.archive ? archiveCheckView(s.archive) : null,
    disputes: s.disputes.map((d) => ({ ...d })),
    confirmedBy: [...s.confirmedBy],
  };
}
