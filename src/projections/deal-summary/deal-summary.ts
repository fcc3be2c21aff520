import type { DealResultView } from '../../deal/result-view';
import type { AuditArchiveCheck } from '../audit/deal-audit';
import type { GameType } from '../../rules/declaration';
import type { Seat } from '../../rules/seat';

/**
 * One row per deal: who played what and how it ended (read model of projection 2). Its result
 * fields are the deal's result view, the one fold it shares with the GraphQL mapping.
 */
export interface DealSummary extends Omit<DealResultView, 'status'> {
  readonly dealId: string;
  readonly tableId: string | null;
  readonly tournamentId: string | null;
  readonly dealNumber: number;
  readonly startedAt: string;
  readonly source: string;
  readonly profileId: string;
  readonly profileVersion: string;
  readonly players: readonly [string, string, string];
  readonly dealer: string;
  readonly sittingOut: readonly string[];
  /** D5 duel rule: computer seats are left out of scores and statistics. */
  readonly computerSeats: readonly Seat[];
  /** 'inProgress' until scored; then the engine's result kind. */
  readonly status: 'inProgress' | 'scored' | 'passedIn' | 'ramsch' | 'notScoreable';
  readonly declarerName: string | null;
  readonly lastRevision: string;
  /** cards: recorded card by card (or imported with its cards); resultOnly: only the result was entered. */
  readonly provenance: 'cards' | 'resultOnly';
  /** Players of the deal who confirmed the recorded result. */
  readonly confirmedBy: readonly string[];
  /** Every contest of the result, with the arbiter's ruling once given. */
  readonly disputes: readonly DealDispute[];
  /** Contests not yet ruled on. */
  readonly openDisputes: number;
  /**
   * A deal imported from an archive record (ISS): the record's own result (`v`, `p`) against the
   * engine's, which this summary, the sheets and statistics use; null for other deals.
   */
  readonly archive: AuditArchiveCheck | null;
}

export interface DealDispute {
  readonly contestEventId: string;
  readonly player: string;
  readonly reason: string;
  readonly ruling: 'upheld' | 'rejected' | null;
  readonly rulingReason: string | null;
}

export interface DealFilter {
  readonly player?: string;
  readonly tableId?: string;
  readonly tournamentId?: string;
  readonly gameType?: GameType;
  /** won / lost (declarer), passedIn, notScoreable, inProgress */
  readonly result?: 'won' | 'lost' | 'passedIn' | 'notScoreable' | 'inProgress';
  /** ISO date-times, inclusive from, exclusive to, compared with startedAt. */
  readonly from?: string;
  readonly to?: string;
  readonly source?: string;
  /** Deals of these tournaments are left out, counts included (private tournaments, for readers who may not see them). */
  readonly hiddenTournaments?: readonly string[];
}

export interface DealPage {
  readonly items: DealSummary[];
  /** Each item's cursor (a valid `after`), in the order of items. */
  readonly cursors?: string[];
  /** Cursors of the first and last item. */
  readonly startCursor?: string;
  readonly endCursor?: string;
  readonly hasNextPage: boolean;
  readonly hasPreviousPage?: boolean;
  readonly totalCount: number;
}
