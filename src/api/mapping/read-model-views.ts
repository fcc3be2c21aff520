import type { AsOf } from '../../ledger/ledger';
import type { DealAudit } from '../../projections/audit/deal-audit';
import type { PlayerStats } from '../../projections/player-stats/player-stats';
import type { ScoreSheet } from '../../projections/score-sheet/score-sheet';
import type { Standings } from '../../projections/standings/standings';
import type { DealAuditType } from '../types/audit.type';
import type { PlayerStatsType } from '../types/player-stats.type';
import type { ScoreSheetType } from '../types/score-sheet.type';
import type { StandingsType } from '../types/standings.type';
import { ResultBasisEnum } from '../types/enums';
import { dealEventTypeOf } from '../types/event-types';
import { archiveCheckView, gameResultView, resultViewType } from './deal-view';

const json = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'null';

export function auditView(a: DealAudit, players?: readonly string[]): DealAuditType {
  return {
    dealId: a.dealId,
    events: a.events.map((e) => ({
      revision: e.revision,
      position: e.position,
      eventId: e.eventId,
      type: dealEventTypeOf(e.type),
      data: json(e.data),
      metadata: Object.entries(e.metadata)
        .filter((kv): kv is [string, string] => typeof kv[1] === 'string')
        .map(([key, value]) => ({ key, value })),
      hash: e.hash,
      prevHash: e.prevHash,
    })),
    intact: a.chain.intact,
    brokenAt: a.chain.brokenAt,
    chainProblem: a.chain.reason,
    recorded: a.inForce ? resultViewType(a.inForce, players) : null,
    recomputed: a.recomputed ? gameResultView(a.recomputed, players) : null,
    recomputeError: a.recomputeError,
    agrees: a.differences.length === 0 && a.recomputeError === null,
    differences: a.differences.map((d) => ({ field: d.field, recorded: json(d.recorded), recomputed: json(d.recomputed) })),
    derivation: a.derivation.map((d) => ({ ruleId: d.ruleId, text: d.text, eventIds: [...d.eventIds] })),
    corrections: a.corrections.map((c) => ({ ...c })),
    archive: a.archive ? archiveCheckView(a.archive) : null,
    profileId: a.profileId,
    profileVersion: a.profileVersion,
    claims: a.claims.map((c) => ({ ...c, line: c.line.map((l) => ({ seat: l.seat, card: l.card })) })),
  };
}

/** `asOf`: the sheet as of a moment, whose rows' deals are then read as of it too. */
export function scoreSheetView(s: ScoreSheet, asOf?: AsOf): ScoreSheetType {
  return {
    tableId: s.tableId,
    tournamentId: s.tournamentId,
    round: s.round,
    players: [...s.players],
    profileId: s.profileId,
    seriesLength: s.seriesLength,
    dealsPlayed: s.dealsPlayed,
    complete: s.complete,
    rows: s.rows.map((r) => ({
      dealNumber: r.dealNumber,
      dealId: r.dealId,
      dealer: r.dealer,
      declarer: r.declarer,
      game: r.gameLabel,
      passedIn: r.passedIn,
      notScoreable: r.notScoreable,
      won: r.won,
      entry: r.entry,
      corrected: r.corrected,
      originalEntry: r.originalEntry,
      correctionReason: r.correctionReason,
      totals: Object.entries(r.totals).map(([player, total]) => ({ player, total })),
      resultOnly: r.provenance === 'resultOnly',
      confirmedBy: [...r.confirmedBy],
      openDisputes: r.openDisputes,
      problems: r.problems.map((p) => ({ dealNumber: r.dealNumber, ruleId: p.ruleId, text: p.text })),
      ...(asOf ? { asOf } : {}),
    })),
    totals: s.seegerFabian.map((l) => ({
      player: l.player,
      gamePoints: l.gamePoints,
      won: l.won,
      lost: l.lost,
      wonLostPoints: l.wonLostPoints,
      opponentsLost: l.opponentsLost,
      opponentsLostPoints: l.opponentsLostPoints,
      seegerFabian: l.total,
      rank: l.rank,
      lossFees: l.lossFees,
      lossFeeCents: l.lossFeeCents,
      computer: l.computer,
    })),
    problems: s.problems.map((p) => ({ ...p })),
    closed: s.closed,
    openDisputes: s.openDisputes,
  };
}

export function standingsView(s: Standings): StandingsType {
  return { tournamentId: s.tournamentId, name: s.name, tables: s.tables.map((t) => ({ ...t })), lines: s.lines.map((l) => ({ ...l })) };
}

export function playerStatsView(p: PlayerStats): PlayerStatsType {
  return {
    ...p,
    uses: ResultBasisEnum.ENGINE,
    gameTypeMix: Object.entries(p.gameTypeMix).map(([game, count]) => ({ game, count })),
    seegerFabianPerSeries: p.seegerFabianPerSeries.map((s) => ({ ...s })),
  };
}
