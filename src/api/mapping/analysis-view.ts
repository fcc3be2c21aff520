import type { DiscardValue, GameOption } from '../../analysis';
import type { BestDiscardAnalysis, BestGameAnalysis } from '../../analysis/deals/after-the-fact';
import type { DealAnalysis, MoveOutcome } from '../../analysis/deals/deal-analysis';
import type { BestDiscardType, BestGameType, DiscardValueType, GameOptionType } from '../types/after-the-fact.type';
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

const discardValue = (d: DiscardValue): DiscardValueType => ({ discard: [...d.discard], value: d.value ?? null, atMost: d.atMost ?? null, won: d.won ?? null });
const gameOption = (o: GameOption): GameOptionType => ({ game: o.gameType, won: o.won, discard: o.discard ? [...o.discard] : null, gameValue: o.gameValue });

export function bestDiscardView(b: BestDiscardAnalysis): BestDiscardType {
  return {
    declarer: b.declarer,
    game: b.gameType,
    pickedUp: b.pickedUp,
    best: discardValue(b.best),
    actual: discardValue(b.actual),
    discards: b.discards.map(discardValue),
  };
}

export function bestGameView(b: BestGameAnalysis): BestGameType {
  return { declarer: b.declarer, bid: b.bid, declared: b.declared, options: b.options.map(gameOption), best: b.best ? gameOption(b.best) : null };
}
