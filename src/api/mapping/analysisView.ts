import type { DealAnalysis, MoveOutcome } from '../../projections/analysis/dealAnalysis';
import type { AnalysisAlternativeType, DealAnalysisType } from '../types/analysis.type';
import { SolverGameEnum, VerdictEnum } from '../types/analysis.type';

const alternative = (m: MoveOutcome): AnalysisAlternativeType => ({ move: m.card, value: m.value, verdict: m.verdict as VerdictEnum });

export function analysisView(a: DealAnalysis): DealAnalysisType {
  return {
    game: a.game as SolverGameEnum | null,
    declarer: a.declarer,
    note: a.note,
    nodes: a.nodes,
    steps: a.steps.map((s) => ({
      step: s.step,
      trick: s.trick,
      toMove: s.toMove,
      verdict: s.outcome.verdict as VerdictEnum,
      value: s.outcome.value,
      move: s.played,
      after: s.after ? { value: s.after.value, verdict: s.after.verdict as VerdictEnum } : null,
      alternatives: s.alternatives.map(alternative),
    })),
    turningPoints: a.turningPoints.map((t) => ({
      step: t.step,
      trick: t.trick,
      seat: t.seat,
      move: t.card,
      before: t.before.verdict as VerdictEnum,
      after: t.after.verdict as VerdictEnum,
      valueBefore: t.before.value,
      valueAfter: t.after.value,
      better: t.better ? alternative(t.better) : null,
      text: t.text,
    })),
  };
}
