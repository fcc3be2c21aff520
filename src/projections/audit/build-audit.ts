import { recomputedResult } from '../../deal/recomputed';
import { correctedView, resultView, type DealResultView } from '../../deal/result-view';
import { initialDealState, type DealState } from '../../deal/deal-state';
import { auditClaims, type AuditClaim } from './claim-audit';
import type { DealScoredData, ScoreCorrectedData } from '../../deal/events';
import { getProfile } from '../../deal/engine';
import type { RecordedEvent } from '../../event-store/event-store';
import { verifyChain } from '../../event-store/hash-chain';
import type { DerivationLine, GameResult } from '../../rules/game-result';
import { compareResults } from './compare-results';
import type { AuditCorrection, AuditDerivationLine, DealAudit } from './deal-audit';
import { foldDealStream } from '../../deal/deal-stream';

const PLAY = ['CardPlayed', 'GameResigned', 'CardsShown'];
const SKAT = ['CardsDealt', 'HandsReplaced', 'SkatTaken', 'SkatDiscarded'];

/** Which recorded facts each kind of derivation line rests on (by the rule it applies). */
const RESTS_ON: Readonly<Record<string, readonly string[]>> = {
  R27: ['CardsDealt', 'HandsReplaced', 'SkatTaken', 'GameDeclared'],
  R26: ['GameDeclared'],
  R28: ['GameDeclared', ...PLAY],
  R29: ['GameDeclared'],
  R12: ['GameDeclared'],
  D1: ['GameDeclared'],
  R22: [...SKAT, ...PLAY],
  R23: [...SKAT, ...PLAY],
  R24: PLAY,
  R25: ['GameDeclared', ...PLAY],
  R18: ['CardPlayed'],
  R19: ['CardPlayed'],
  R30: ['GameDeclared', ...PLAY],
  R31: ['GameDeclared', ...PLAY],
  R32: ['BidCalled', 'BidHeld', 'GameDeclared'],
  R33: ['BidCalled', 'BidHeld', 'GameDeclared'],
  D2: ['BidCalled', 'BidHeld', 'GameDeclared'],
  R40: ['KontraCalled', 'ReCalled'],
  R8: ['BidPassed'],
  D3: ['GameResigned', 'CardsShown', 'DealAbandoned'],
  R42: ['CardPlayed'],
};

function linesWithEvidence(lines: readonly DerivationLine[], events: readonly RecordedEvent[]): AuditDerivationLine[] {
  const scored = events.find((e) => e.type === 'DealScored');
  return lines.map((l) => {
    const types = RESTS_ON[l.ruleId];
    const ids = types ? events.filter((e) => types.includes(e.type)).map((e) => e.eventId) : [];
    return { ruleId: l.ruleId, text: l.text, eventIds: ids.length ? ids : scored ? [scored.eventId] : [] };
  });
}

/**
 * The result in force and its derivation with evidence, folded correction by correction with the
 * deal's one fold (result-view.ts): the lines a correction adds (its R34 line, and the derivation of
 * facts it named) rest on that correction's event.
 */
function inForceWithEvidence(
  recorded: GameResult | null,
  recomputed: GameResult | null,
  events: readonly RecordedEvent[],
): { inForce: DealResultView | null; derivation: AuditDerivationLine[] } {
  const derivation = linesWithEvidence((recorded ?? recomputed)?.derivation ?? [], events);
  if (!recorded) return { inForce: null, derivation };
  let inForce = resultView(recorded);
  for (const e of events) {
    if (e.type !== 'ScoreCorrected') continue;
    const next = correctedView(inForce, e.data as ScoreCorrectedData);
    for (const l of next.derivation.slice(inForce.derivation.length)) derivation.push({ ruleId: l.ruleId, text: l.text, eventIds: [e.eventId] });
    inForce = next;
  }
  return { inForce, derivation };
}

/**
 * The audit of one deal: every event with metadata and hash, the state of the hash chain, the
 * result recorded then next to the result the engine derives now (under the recorded profile),
 * the derivation lines with the events they rest on, and the corrections with who, when, why.
 */
export function buildAudit(dealId: string, events: readonly RecordedEvent[], claims?: readonly AuditClaim[]): DealAudit {
  const { breaks } = verifyChain(events.map((e) => ({ ...e, metadata: e.metadata as Readonly<Record<string, string | undefined>> })));
  let recomputed: GameResult | null = null;
  let recomputeError: string | null = null;
  let state: DealState = initialDealState;
  try {
    state = foldDealStream(events);
    recomputed = recomputedResult(state);
  } catch (err) {
    recomputeError = (err as Error).message;
  }
  const scoredEvent = events.find((e) => e.type === 'DealScored');
  const recorded = scoredEvent ? (scoredEvent.data as DealScoredData).result : null;
  const { inForce, derivation } = inForceWithEvidence(recorded, recomputed, events);
  const corrections: AuditCorrection[] = events
    .filter((e) => e.type === 'ScoreCorrected')
    .map((e) => {
      const d = e.data as ScoreCorrectedData;
      return {
        eventId: e.eventId,
        correctsEventId: d.correctsEventId,
        previousScore: d.previousScore,
        correctedScore: d.correctedScore,
        reason: d.reason,
        who: d.arbiter ?? e.metadata.actorId ?? 'unknown',
        when: e.metadata.recordedAt ?? null,
      };
    });
  const started = events.find((e) => e.type === 'DealStarted')?.data as
    { profileId?: string; profileVersion?: string; profileOptions?: Record<string, unknown> } | undefined;
  let currentProfileVersion: string | null = null;
  try {
    currentProfileVersion = started?.profileId ? getProfile(started.profileId, started.profileOptions ?? {}).version : null;
  } catch {
    currentProfileVersion = null;
  }
  return {
    dealId,
    events: events.map((e) => ({
      revision: e.revision.toString(),
      position: e.position,
      eventId: e.eventId,
      type: e.type,
      data: e.data,
      metadata: e.metadata,
      hash: e.metadata.hash ?? null,
      prevHash: e.metadata.prevHash ?? null,
    })),
    chain: breaks.length ? { intact: false, brokenAt: breaks[0].revision, reason: breaks[0].reason } : { intact: true, brokenAt: null, reason: null },
    recorded,
    inForce,
    recomputed,
    recomputeError,
    differences: recomputeError ? [] : compareResults(recorded, recomputed),
    derivation,
    corrections,
    archive: null,
    profileId: started?.profileId ?? null,
    profileVersion: started?.profileVersion ?? null,
    currentProfileVersion,
    claims: recomputeError ? [] : (claims ?? auditClaims(events)),
  };
}
