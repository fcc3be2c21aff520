// The shapes the viewer reads from the API (a subset of schema.gql).
export type SeatName = 'FOREHAND' | 'MIDDLEHAND' | 'REARHAND';
export const SEAT_NAMES: readonly SeatName[] = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'];
export const SEAT_LABELS: Record<SeatName, string> = { FOREHAND: 'Forehand', MIDDLEHAND: 'Middlehand', REARHAND: 'Rearhand' };

export interface Card {
  code: string;
  suit: string;
  rank: string;
  points: number;
}
export interface PlayedCard {
  seat: SeatName;
  card: Card;
}

export interface Frame {
  step: number;
  phase: string;
  toAct: SeatName | null;
  declarer: SeatName | null;
  highestBid: number;
  cardsShown: boolean;
  finished: boolean;
  event: { id: string; type: string; revision: string; seat: SeatName | null };
  hands: { forehand: Card[]; middlehand: Card[]; rearhand: Card[] };
  hidden: { forehand: number; middlehand: number; rearhand: number; skat: number };
  skat: Card[];
  bidding: Array<{ seat: SeatName; call: string; value: number | null }>;
  declaration: { game: string; hand: boolean; ouvert: boolean; schneiderAnnounced: boolean; schwarzAnnounced: boolean } | null;
  currentTrick: { leader: SeatName; cards: PlayedCard[] } | null;
  completedTricks: Array<{ leader: SeatName; winner: SeatName; points: number; unplayed: boolean; cards: PlayedCard[] }>;
  cardPoints: { declarer: number; defenders: number };
  legalMoves: Array<{
    kind: string;
    seat: SeatName | null;
    value: number | null;
    card: { code: string } | null;
    cards?: Array<{ code: string }> | null;
    declaration?: Frame['declaration'];
  }>;
}

export interface DealResult {
  passedIn: boolean;
  notScoreable: boolean;
  notScoreableReason: string | null;
  declarer: SeatName | null;
  declarerName: string | null;
  game: string | null;
  hand: boolean;
  ouvert: boolean;
  schneiderAnnounced: boolean;
  schwarzAnnounced: boolean;
  bid: number | null;
  won: boolean | null;
  gameValue: number | null;
  score: number | null;
  matadors: number | null;
  overbid: boolean;
  declarerPoints: number | null;
  declarerTricks: number | null;
  schneider: boolean;
  schwarz: boolean;
  corrected: boolean;
  originalScore: number | null;
}

export interface Audit {
  intact: boolean;
  agrees: boolean;
  brokenAt: string | null;
  chainProblem: string | null;
  recomputeError: string | null;
  derivation: Array<{ ruleId: string; text: string; eventIds: string[] }>;
  differences: Array<{ field: string; recorded: string; recomputed: string }>;
  corrections: Array<{ who: string; when: string | null; reason: string; previousScore: number | null; correctedScore: number }>;
}

export interface Deal {
  id: string;
  dealNumber: number;
  startedAt: string;
  players: string[];
  tableId: string | null;
  tournamentId: string | null;
  source: string;
  profileId: string;
  status: string;
  result: DealResult | null;
  frames: Frame[];
  audit: Audit | null;
}
