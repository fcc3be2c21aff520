/**
 * A generated archive of deal summaries for the researcher's questions (issue 29): written through
 * the deal-summary projection's own rows (the path every event takes), fast enough for hundreds of
 * thousands of deals in a spec or a bench. Players come from pools of three sizes (an `a` player
 * sits in 1/6 of all deals, a `b` in 1/50, a `c` in 1/500), deals start evenly spread over 2010-2016
 * (years, months and days to count), some of them in tournaments (one of them private),
 * some live, some in progress, some corrected after they were first written.
 */
import type { DealSummary } from '../../src/projections/deal-summary/deal-summary';
import { dealSummaryProjection } from '../../src/projections/deal-summary/deal-summary-projection';
import { tableNames } from '../../src/projections/projection-definition';
import type { ReadModelDb } from '../../src/projections/read-model-db';
import { GAME_TYPES } from '../../src/rules/declaration';
import { seededRandom } from '../iss/random-games';

export const SERIES_LENGTH = 36;
export const START = Date.UTC(2010, 0, 1, 9, 0, 0);
/** The deals of a store of any size are spread over these seven years. */
export const END = Date.UTC(2017, 0, 1);
export const PRIVATE_TOURNAMENT = 'cup-private';

const playersOf = (series: number): [string, string, string] => [`a${series % 6}`, `b${series % 50}`, `c${series % 500}`];

export function generatedSummary(i: number, rand: () => number, stepMs: number): DealSummary {
  const series = Math.floor(i / SERIES_LENGTH);
  const players = playersOf(series);
  const live = series % 40 === 7;
  const tournamentId = series % 97 === 3 ? PRIVATE_TOURNAMENT : series % 97 === 5 ? 'cup-open' : null;
  const r = rand();
  const status: DealSummary['status'] = r < 0.01 ? 'inProgress' : r < 0.06 ? 'passedIn' : r < 0.08 ? 'notScoreable' : 'scored';
  const scored = status === 'scored';
  const declarer = scored ? (Math.floor(rand() * 3) as 0 | 1 | 2) : null;
  const gameType = scored ? GAME_TYPES[Math.floor(rand() * GAME_TYPES.length)] : null;
  const won = scored ? rand() < 0.7 : null;
  const value = scored ? 18 + Math.floor(rand() * 100) : null;
  const imported = !live;
  return {
    dealId: `${imported ? 'iss-' : 'live-'}${1_000_000 + i}`,
    tableId: `${imported ? 'iss-series-' : 't-'}${1 + series}`,
    tournamentId,
    dealNumber: 1 + (i % SERIES_LENGTH),
    startedAt: imported ? new Date(START + i * stepMs).toISOString().slice(0, 19) + 'Z' : new Date(START + i * stepMs + 123).toISOString(),
    source: imported ? 'import:iss' : 'live',
    profileId: imported ? 'iss' : 'isko',
    profileVersion: '1',
    players,
    dealer: players[i % 3],
    sittingOut: [],
    computerSeats: series % 333 === 1 ? [2] : [],
    status,
    passedIn: status === 'passedIn',
    declarer,
    declarerName: declarer === null ? null : players[declarer],
    gameType,
    hand: scored && rand() < 0.1,
    ouvert: scored && rand() < 0.02,
    schneiderAnnounced: false,
    schwarzAnnounced: false,
    bid: scored ? 18 : null,
    won,
    gameValue: value,
    score: value === null ? null : won ? value : -2 * value,
    originalScore: null,
    corrected: false,
    correctionReason: null,
    correctedBy: null,
    seatScores: null,
    matadors: scored ? 1 : null,
    overbid: scored && rand() < 0.03,
    declarerPoints: scored ? 61 : null,
    declarerTricks: scored ? 5 : null,
    schneider: false,
    schwarz: false,
    notScoreableReason: status === 'notScoreable' ? 'time-out' : null,
    derivation: [],
    lastRevision: '40',
    provenance: live && i % 5 === 0 ? 'resultOnly' : 'cards',
    confirmedBy: [],
    disputes: [],
    openDisputes: 0,
    archive: imported && scored ? { uses: 'engine', agrees: rand() > 0.01, mismatches: [], text: '', recordedValue: null, recordedDeclarerPoints: null } : null,
  } as DealSummary;
}

/** Writes `count` generated deals in batches (as the runner does), then corrects every 101st: the counters move with it. Returns what is stored. */
export function writeGeneratedSummaries(db: ReadModelDb, count: number, seed = 29): DealSummary[] {
  const rand = seededRandom(seed);
  const rows = dealSummaryProjection.rows(db, tableNames(dealSummaryProjection));
  const deals: DealSummary[] = [];
  const BATCH = 2_000;
  const step = Math.floor((END - START) / count / 1000) * 1000;
  for (let from = 0; from < count; from += BATCH) {
    db.transaction(() => {
      for (let i = from; i < Math.min(count, from + BATCH); i++) {
        const d = generatedSummary(i, rand, step);
        rows.put(d.dealId, d, null);
        deals.push(d);
      }
      rows.endBatch?.();
    })();
  }
  // Corrections: a won game lost, a game in progress finished; the stored row is what each replaces.
  db.transaction(() => {
    for (let i = 0; i < deals.length; i += 101) {
      const before = deals[i];
      const after: DealSummary =
        before.status === 'scored'
          ? { ...before, won: !before.won, corrected: true, gameType: 'grand' }
          : { ...before, status: 'scored', declarer: 0, declarerName: before.players[0], gameType: 'null', won: true, gameValue: 23 };
      rows.put(after.dealId, after, before);
      deals[i] = after;
    }
    rows.endBatch?.();
  })();
  return deals;
}
