import type { DealResultView } from '../../deal/result-view';
import type { EventMetadata } from '../../event-store/event-metadata';
import type { GameResult } from '../../rules/game-result';
import type { AuditClaim } from './claim-audit';

export interface AuditEvent {
  readonly revision: string;
  /** Its position in the whole log (what an as-of answer's asOf.position names). */
  readonly position: string;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  readonly hash: string | null;
  readonly prevHash: string | null;
}

export interface AuditDerivationLine {
  readonly ruleId: string;
  readonly text: string;
  /** Ids of the events this line rests on. */
  readonly eventIds: readonly string[];
}

export interface AuditCorrection {
  readonly eventId: string;
  readonly correctsEventId: string;
  readonly previousScore: number | null;
  readonly correctedScore: number;
  readonly reason: string;
  readonly who: string;
  readonly when: string | null;
}

export interface ResultDifference {
  readonly field: string;
  readonly recorded: unknown;
  readonly recomputed: unknown;
}

/** An imported deal: the archive record's own result against the engine's, field by field (ISS keys). */
export interface AuditArchiveCheck {
  /** The result summaries, sheets and statistics use: the engine's. */
  readonly uses: 'engine';
  /** null: nothing to compare (no result in the record, a deal not scoreable by the rules). */
  readonly agrees: boolean | null;
  readonly mismatches: readonly { readonly field: string; readonly recorded: string | number | boolean; readonly recomputed: string | number | boolean }[];
  /** `recorded result agrees` or `recorded result disagrees: v, p`. */
  readonly text: string;
  /** The record's own signed value `v` and declarer card points `p`; null when it records no game. */
  readonly recordedValue: number | null;
  readonly recordedDeclarerPoints: number | null;
}

export interface DealAudit {
  readonly dealId: string;
  readonly events: readonly AuditEvent[];
  /** Hash chain intact, or the revision of the first event where it breaks. */
  readonly chain: { readonly intact: boolean; readonly brokenAt: string | null; readonly reason: string | null };
  /** The engine's result as DealScored recorded it (compared with `recomputed`). */
  readonly recorded: GameResult | null;
  /** The result in force: the recorded one with the corrections folded in, by the deal's one fold (src/deal/result-view.ts). */
  readonly inForce: DealResultView | null;
  readonly recomputed: GameResult | null;
  readonly recomputeError: string | null;
  readonly differences: readonly ResultDifference[];
  readonly derivation: readonly AuditDerivationLine[];
  readonly corrections: readonly AuditCorrection[];
  /** For a deal imported from an archive record (ISS): its own result against the engine's; else null. */
  readonly archive: AuditArchiveCheck | null;
  readonly profileId: string | null;
  readonly profileVersion: string | null;
  /** The version of the same profile in the engine now (differs when the profile changed since). */
  readonly currentProfileVersion: string | null;
  /** Claims, concessions and resignations judged with all cards open (R21). */
  readonly claims: readonly AuditClaim[];
}
