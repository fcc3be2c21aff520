import type { AuditArchiveCheck } from '../../projections/audit/deal-audit';
import type { DealSummary } from '../../projections/deal-summary/deal-summary';
import type { GameResult } from '../../rules/game-result';
import type { ArchiveResultCheckType } from '../types/audit.type';
import type { DealType } from '../types/deal.type';
import type { DealResultType } from '../types/deal-result.type';
import { sourceOf } from '../types/enums';

export function dealResultView(s: DealSummary): DealResultType | null {
  if (s.status === 'inProgress') return null;
  return {
    passedIn: s.passedIn,
    declarer: s.declarer,
    declarerName: s.declarerName,
    game: s.gameType,
    hand: s.hand,
    ouvert: s.ouvert,
    schneiderAnnounced: s.schneiderAnnounced,
    schwarzAnnounced: s.schwarzAnnounced,
    bid: s.bid,
    won: s.won,
    gameValue: s.gameValue,
    score: s.score,
    originalScore: s.originalScore,
    corrected: s.corrected,
    matadors: s.matadors,
    overbid: s.overbid,
    declarerPoints: s.declarerPoints,
    declarerTricks: s.declarerTricks,
    schneider: s.schneider,
    schwarz: s.schwarz,
    notScoreable: s.status === 'notScoreable',
    notScoreableReason: s.notScoreableReason,
    derivation: s.derivation.map((d) => `${d.ruleId}: ${d.text}`),
  };
}

/** A GameResult (audit: recorded or recomputed) in the same shape as a deal's result. */
export function gameResultView(r: GameResult, players?: readonly string[]): DealResultType {
  return {
    passedIn: r.passedIn,
    declarer: r.declarer,
    declarerName: r.declarer !== null && players ? (players[r.declarer] ?? null) : null,
    game: r.declaration?.gameType ?? null,
    hand: r.declaration?.hand ?? false,
    ouvert: r.declaration?.ouvert ?? false,
    schneiderAnnounced: r.declaration?.schneiderAnnounced ?? false,
    schwarzAnnounced: r.declaration?.schwarzAnnounced ?? false,
    bid: r.bid,
    won: r.won,
    gameValue: r.gameValue,
    score: r.score,
    originalScore: null,
    corrected: false,
    matadors: r.matadors,
    overbid: r.overbid,
    declarerPoints: r.declarerPoints,
    declarerTricks: r.declarerTricks,
    schneider: r.schneider,
    schwarz: r.schwarz,
    notScoreable: r.kind === 'notScoreable',
    notScoreableReason: r.notScoreableReason,
    derivation: r.derivation.map((d) => `${d.ruleId}: ${d.text}`),
  };
}

/** An archive record's own result against the engine's, as the audit and the deal show it. */
export function archiveCheckView(a: AuditArchiveCheck): ArchiveResultCheckType {
  return {
    uses: 'ENGINE',
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
  };
}
