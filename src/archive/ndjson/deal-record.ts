import { checkFairDeal, type FairVerdict } from '../../deal/fair-deal-check';
import { movesOfEvent } from '../../deal/evolve';
import { isDealEventType, type ScoreCorrectedData, type StoredDealEvent } from '../../deal/events';
import type { DealAbandonedData } from '../../deal/moves/abandon';
import { asDealt } from '../../deal/seen/as-dealt';
import { resultInForce, type DealResultView } from '../../deal/result-view';
import type { Card } from '../../rules/card';
import type { Declaration, GameType } from '../../rules/declaration';
import type { DerivationLine } from '../../rules/game-result';
import { SEAT_NAMES, type Seat } from '../../rules/seat';
import type { IssResult } from '../../format/iss/iss-record';
import { isIssRecordImported } from '../../format/iss/iss-record-imported';
import { checkRecordedResult, type RecordedResultCheck } from '../../format/iss/recorded-result-check';
import type { AnyEvent } from '../export/tokens-of-events';
import type { DealFoldEvent } from '../../deal/deal-stream';
import { dealPlayOf } from '../../deal/deal-play';

/** Version of the NDJSON hand-history shape (deal.schema.json `$id` carries it too). */
export const DEAL_RECORD_FORMAT = 'skat-ledger/deal@1';

/** One hand history, as written on one NDJSON line; deal.schema.json documents each field. */
export interface DealRecord {
  readonly format: typeof DEAL_RECORD_FORMAT;
  readonly dealId: string;
  readonly tableId: string | null;
  readonly tournamentId: string | null;
  readonly dealNumber: number;
  readonly startedAt: string;
  readonly source: string;
  readonly profile: { readonly id: string; readonly version: string };
  readonly players: readonly [string, string, string];
  readonly seats: readonly { readonly seat: Seat; readonly position: (typeof SEAT_NAMES)[number]; readonly player: string; readonly computer: boolean }[];
  readonly dealer: string;
  readonly sittingOut: readonly string[];
  /** cards: recorded card by card (or imported with cards); seen: recorded as seen at the table (hands known at the end); resultOnly: only the result was entered. */
  readonly provenance: 'cards' | 'seen' | 'resultOnly';
  /** Null for a result-only deal. */
  readonly deal: { readonly hands: readonly [readonly Card[], readonly Card[], readonly Card[]]; readonly skat: readonly Card[] } | null;
  readonly bidding: readonly { readonly seat: Seat; readonly call: 'bid' | 'hold' | 'pass'; readonly value: number | null }[];
  readonly bid: number | null;
  readonly declarer: { readonly seat: Seat; readonly player: string } | null;
  readonly skat: { readonly pickedUp: boolean; readonly discarded: readonly Card[] | null };
  readonly declaration: Declaration | null;
  readonly kontra: boolean;
  readonly re: boolean;
  readonly tricks: readonly {
    readonly number: number;
    readonly leader: Seat;
    readonly cards: readonly { readonly seat: Seat; readonly card: Card }[];
    readonly winner: Seat;
    readonly points: number;
    readonly unplayed: boolean;
  }[];
  /** Cards of an unfinished trick (a deal in progress or abandoned). */
  readonly openTrick: { readonly leader: Seat; readonly cards: readonly { readonly seat: Seat; readonly card: Card }[] } | null;
  readonly claims: readonly { readonly seat: Seat; readonly kind: 'showCards' | 'resign' }[];
  readonly abandoned: { readonly reason: string; readonly seat: Seat | null; readonly note: string } | null;
  readonly status: 'inProgress' | 'scored' | 'passedIn' | 'ramsch' | 'notScoreable';
  readonly result: DealRecordResult | null;
  /** For ISS imports: the record's ID and its own R[...] result as recorded by the server. */
  readonly iss: { readonly recordId: string; readonly recordedResult: IssResult | null; readonly resultCheck: RecordedResultCheck } | null;
  /** Only for a deal the server shuffled by the fair-dealing scheme (docs/fair-dealing.md): what a verifier needs, and the check. */
  readonly fairness?: {
    readonly scheme: string;
    readonly commitment: string;
    readonly clientSeeds: readonly (string | null)[];
    /** Null until the deal ended. */
    readonly serverSeed: string | null;
    readonly verdict: FairVerdict;
  };
}

export interface DealRecordResult {
  readonly kind: 'scored' | 'passedIn' | 'ramsch' | 'notScoreable';
  readonly won: boolean | null;
  readonly gameType: GameType | null;
  readonly gameValue: number | null;
  /** The declarer's entry in force (after any correction); signed like ISS `v`. */
  readonly score: number | null;
  /** The entry the engine derived, when a correction replaced it. */
  readonly originalScore: number | null;
  readonly corrections: readonly {
    readonly correctedScore: number;
    readonly previousScore: number | null;
    readonly reason: string;
    readonly arbiter: string;
  }[];
  readonly matadors: number | null;
  readonly overbid: boolean;
  readonly declarerPoints: number | null;
  readonly declarerTricks: number | null;
  readonly schneider: boolean;
  readonly schwarz: boolean;
  readonly seatScores: readonly [number, number, number];
  readonly notScoreableReason: string | null;
  readonly derivation: readonly DerivationLine[];
}

/** The record's result: the deal's result view in force, with the corrections that made it listed. */
function recordResult(view: DealResultView, corrections: readonly ScoreCorrectedData[]): DealRecordResult {
  return {
    kind: view.status,
    won: view.won,
    gameType: view.gameType,
    gameValue: view.gameValue,
    score: view.score,
    originalScore: view.originalScore,
    corrections: corrections.map((c) => ({ correctedScore: c.correctedScore, previousScore: c.previousScore, reason: c.reason, arbiter: c.arbiter })),
    matadors: view.matadors,
    overbid: view.overbid,
    declarerPoints: view.declarerPoints,
    declarerTricks: view.declarerTricks,
    schneider: view.schneider,
    schwarz: view.schwarz,
    // Never null in a view folded from a GameResult (the view's type allows null for a summary not yet scored).
    seatScores: view.seatScores ?? [0, 0, 0],
    notScoreableReason: view.notScoreableReason,
    derivation: view.derivation,
  };
}

/** A deal's events → its hand history. Pure: the same events always give the same object. */
export function dealRecordOfEvents(recorded: readonly AnyEvent[]): DealRecord {
  const source = recorded[0]?.metadata?.source ?? 'live';
  // A complete deal recorded as seen reads as its dealt twin; only the provenance tells them apart.
  const asSeen = recorded.some((e) => e.type === 'DealRecordedAsSeen');
  const events = asDealt(recorded);
  const dealEvents = events.filter((e) => isDealEventType(e.type)) as StoredDealEvent[];
  // The start, the play and the results: replayed in place where the stream is plain (dealPlayOf);
  // the record's result is the recorded one, so the replay writes no derivation of its own.
  const state = dealPlayOf(events as readonly DealFoldEvent[], { derivation: false });
  const started = state.started;
  const game = state.game;
  // A deal recorded as seen and still open: what is known so far.
  const seen = game ? null : state.seen;
  if (!started || (!game && !state.entered && !seen)) throw new Error('the deal has no DealStarted and CardsDealt (or ResultEntered) events');
  // The fold restores the deal before a withdrawn move, so this is the play of the moves in force.
  const played = game;
  const players = started.players;
  const imported = events.find(isIssRecordImported);
  const abandonedEvent = dealEvents.find((e) => e.type === 'DealAbandoned');
  const abandoned = abandonedEvent ? (abandonedEvent.data as DealAbandonedData) : null;
  const corrections = dealEvents.filter((e) => e.type === 'ScoreCorrected').map((e) => e.data as ScoreCorrectedData);
  const r = state.recordedResult;
  // The result in force is the deal's one result view (src/deal/result-view.ts), as the summary, the API and the audit show it.
  const view = r ? resultInForce(r, corrections) : null;
  const claims: { seat: Seat; kind: 'showCards' | 'resign' }[] = [];
  // Claims and resignations as the table of moves reads the events (a move may stand for several resignations).
  for (const e of dealEvents)
    for (const m of movesOfEvent(e) ?? []) if (m.kind === 'showCards' || m.kind === 'resign') claims.push({ seat: m.seat, kind: m.kind });
  const declarer = played ? played.declarer : (r?.declarer ?? seen?.declarer ?? null);
  return {
    format: DEAL_RECORD_FORMAT,
    dealId: started.dealId,
    tableId: started.tableId,
    tournamentId: started.tournamentId,
    dealNumber: started.dealNumber,
    startedAt: started.startedAt,
    source,
    profile: { id: started.profileId, version: started.profileVersion },
    players: [players[0], players[1], players[2]],
    seats: ([0, 1, 2] as const).map((seat) => ({ seat, position: SEAT_NAMES[seat], player: players[seat], computer: started.computerSeats.includes(seat) })),
    dealer: started.dealer,
    sittingOut: [...started.sittingOut],
    provenance: asSeen ? 'seen' : played ? 'cards' : 'resultOnly',
    deal: played ? { hands: played.dealt.hands, skat: played.dealt.skat } : null,
    bidding: (played?.biddingHistory ?? seen?.bidding.biddingHistory ?? []).map((b) => ({ seat: b.seat, call: b.call, value: b.value ?? null })),
    bid: r ? r.bid : played && played.highestBid > 0 ? played.highestBid : seen && seen.highestBid > 0 ? seen.highestBid : null,
    declarer: declarer === null ? null : { seat: declarer, player: players[declarer] },
    skat: played
      ? { pickedUp: played.skatPickedUp, discarded: played.discarded }
      : seen
        ? { pickedUp: seen.skatPickedUp, discarded: seen.discard }
        : { pickedUp: !(r?.declaration?.hand ?? false), discarded: null },
    declaration: played ? played.declaration : (r?.declaration ?? seen?.declaration ?? null),
    kontra: played ? played.kontra : false,
    re: played ? played.re : false,
    tricks: (played?.tricks ?? seen?.tricks ?? []).map((t, i) => ({
      number: i + 1,
      leader: t.leader,
      cards: t.cards,
      winner: t.winner,
      points: t.points,
      unplayed: 'unplayed' in t && t.unplayed === true,
    })),
    openTrick: (() => {
      const open = played ? played.currentTrick : (seen?.currentTrick ?? null);
      return open && open.cards.length > 0 ? open : null;
    })(),
    claims,
    abandoned: abandoned ? { reason: abandoned.reason, seat: abandoned.seat, note: abandoned.note } : null,
    status: view ? view.status : 'inProgress',
    result: view ? recordResult(view, corrections) : null,
    iss: imported
      ? { recordId: imported.data.recordId, recordedResult: imported.data.recordedResult, resultCheck: checkRecordedResult(imported.data.recordedResult, r) }
      : null,
    ...fairnessOf(dealEvents),
  };
}

/** The fair-dealing part of a record, for deals with a commitment only (other records are unchanged). */
function fairnessOf(events: readonly StoredDealEvent[]): Pick<DealRecord, 'fairness'> {
  const check = checkFairDeal(events);
  if (check.scheme === null || check.commitment === null) return {};
  return {
    fairness: { scheme: check.scheme, commitment: check.commitment, clientSeeds: [...check.clientSeeds], serverSeed: check.serverSeed, verdict: check.verdict },
  };
}
