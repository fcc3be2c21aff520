import { invalid, line, plain, signed } from './derivation';
import type { DerivationLine, GameResult } from './game-result';
import type { TableSize } from './table-seats';
import type { RuleProfile } from './variant/rule-profile';

/**
 * Score sheets (R34-R35): the classic list, Seeger-Fabian tournament scoring and the loss-fee tally,
 * all computed from the deals of one table in order. Pure functions of the deals; each explains itself.
 */

/** What a sheet needs of a deal's result (a GameResult has all of it). */
export type SheetResult = Pick<GameResult, 'kind' | 'declarer' | 'won' | 'score' | 'seatScores'>;

export interface SheetDeal {
  /** The three players holding cards, by seat: 0 forehand, 1 middlehand, 2 rearhand. */
  readonly seatPlayers: readonly [string, string, string];
  /** R3/D5: at a 4- or 5-table the dealer sits out; at a 3-table the dealer is rearhand. */
  readonly dealer: string;
  readonly result: SheetResult;
}

export type { TableSize } from './table-seats';

// ---------------------------------------------------------------------------------------------
// Classic list (R34)

export interface ClassicRow {
  readonly dealNumber: number;
  readonly dealer: string;
  readonly kind: SheetResult['kind'];
  /** The declarer (or null: passed in, Ramsch, not scoreable). */
  readonly declarer: string | null;
  /** What each player's column changes by in this deal. */
  readonly entries: Readonly<Record<string, number>>;
  /** Running totals after this deal. */
  readonly totals: Readonly<Record<string, number>>;
  /** R8/R34: passed-in deals count as games; D3 not-scoreable deals do not. */
  readonly countsAsGame: boolean;
}

export interface ClassicSheet {
  readonly players: readonly string[];
  readonly rows: readonly ClassicRow[];
  readonly totals: Readonly<Record<string, number>>;
  readonly gamesCounted: number;
  readonly derivation: readonly DerivationLine[];
}

/** R34: only the declarer's column changes, + value won / −2 × value lost (as scored); passed in = 0. */
export function classicList(players: readonly string[], deals: readonly SheetDeal[]): ClassicSheet {
  checkTable(players, deals);
  const running = zeroes(players);
  const rows: ClassicRow[] = [];
  const lines: DerivationLine[] = [];
  let gamesCounted = 0;
  deals.forEach((deal, i) => {
    const dealNumber = i + 1;
    const entries = zeroes(players);
    deal.seatPlayers.forEach((player, seat) => (entries[player] = deal.result.seatScores[seat] ?? 0));
    for (const p of players) running[p] += entries[p];
    const countsAsGame = deal.result.kind !== 'notScoreable';
    if (countsAsGame) gamesCounted++;
    const declarer = declarerName(deal);
    rows.push({ dealNumber, dealer: deal.dealer, kind: deal.result.kind, declarer, entries, totals: { ...running }, countsAsGame });
    lines.push(line('R34', `deal ${dealNumber}: ${describeDeal(deal, entries)}`));
  });
  lines.push(line('R34', `totals after ${gamesCounted} games: ${players.map((p) => `${p} ${plain(running[p])}`).join(', ')}`));
  return { players: [...players], rows, totals: { ...running }, gamesCounted, derivation: lines };
}

function describeDeal(deal: SheetDeal, entries: Record<string, number>): string {
  const r = deal.result;
  switch (r.kind) {
    case 'passedIn':
      return 'passed in, 0 for everyone (counts as a game)';
    case 'notScoreable':
      return 'not scoreable (D3), not entered';
    case 'ramsch':
      return `Ramsch: ${deal.seatPlayers.map((p) => `${p} ${signed(entries[p])}`).join(', ')}`;
    case 'scored': {
      const who = declarerName(deal) as string;
      return `${who} ${r.won ? 'won' : 'lost'} ${signed(entries[who])}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Seeger-Fabian (R35)

export interface SeegerSettings {
  /** Per own won game minus own lost game (R35: 50). */
  readonly winLossPoints?: number;
  /** Bonus per lost game of an opponent by table size (R35: 40 at 3, 30 at 4; 5 is a setting, default 30). */
  readonly opponentLossBonus?: Readonly<Record<TableSize, number>>;
  /** D5: at a 5-table, do the two players sitting out get the bonus like the 4-table dealer? Default yes. */
  readonly fiveTableSittingOutGetBonus?: boolean;
  /** R35: order drawn by lot, used only for players still tied after won and lost games. */
  readonly lotOrder?: readonly string[];
}

export const SEEGER_DEFAULTS = {
  winLossPoints: 50,
  opponentLossBonus: { 3: 40, 4: 30, 5: 30 },
  fiveTableSittingOutGetBonus: true,
} as const;

export interface SeegerLine {
  readonly player: string;
  /** R34 game points: the sum of the player's entries. */
  readonly gamePoints: number;
  readonly won: number;
  readonly lost: number;
  /** Lost games of opponents this player was credited for. */
  readonly opponentLosses: number;
  readonly bonus: number;
  /** The "Leistung": game points + 50 × (won − lost) + bonus. */
  readonly performance: number;
  /** 1-based; players still tied after R35's tie-breaks (and no lot given) share a rank. */
  readonly rank: number;
  readonly tiedByLot: boolean;
}

export interface SeegerSheet {
  readonly tableSize: TableSize;
  /** In ranking order. */
  readonly players: readonly SeegerLine[];
  readonly derivation: readonly DerivationLine[];
}

/**
 * R35 (SkWO Seeger-Fabian): per player game points + 50 × (won − lost) + a bonus for every lost
 * game of an opponent: 40 at a 3-table, 30 at a 4-table where the sitting dealer also gets it.
 * An overbid loss is a lost game. Ramsch entries count as game points, not as won or lost games.
 */
export function seegerFabian(players: readonly string[], deals: readonly SheetDeal[], settings: SeegerSettings = {}): SeegerSheet {
  return seegerFabianUnchecked(checkTable(players, deals), players, deals, settings);
}

/**
 * R35 as seegerFabian, without the table checks: for a list that has problems (named beside it,
 * see tableProblems) whose totals must still be shown. `players` must include every player of the deals.
 */
export function seegerFabianUnchecked(
  tableSize: TableSize,
  players: readonly string[],
  deals: readonly SheetDeal[],
  settings: SeegerSettings = {},
): SeegerSheet {
  const winLoss = settings.winLossPoints ?? SEEGER_DEFAULTS.winLossPoints;
  const bonusEach = (settings.opponentLossBonus ?? SEEGER_DEFAULTS.opponentLossBonus)[tableSize];
  const sittingOutGetBonus = tableSize === 4 || (tableSize === 5 && (settings.fiveTableSittingOutGetBonus ?? SEEGER_DEFAULTS.fiveTableSittingOutGetBonus));
  const lines: DerivationLine[] = [];
  const gamePoints = zeroes(players);
  const won = zeroes(players);
  const lost = zeroes(players);
  const credited = zeroes(players);

  deals.forEach((deal, i) => {
    deal.seatPlayers.forEach((player, seat) => (gamePoints[player] += deal.result.seatScores[seat] ?? 0));
    if (deal.result.kind !== 'scored') return;
    const declarer = declarerName(deal) as string;
    if (deal.result.won) {
      won[declarer]++;
      return;
    }
    lost[declarer]++;
    const defenders = deal.seatPlayers.filter((p) => p !== declarer);
    const sittingOut = sittingOutGetBonus ? players.filter((p) => !deal.seatPlayers.includes(p)) : [];
    const receivers = [...defenders, ...sittingOut];
    for (const p of receivers) credited[p]++;
    lines.push(line('R35', `deal ${i + 1}: ${declarer} lost; +${bonusEach} each to ${receivers.join(', ')}`));
  });

  const unranked = players.map((player) => {
    const bonus = credited[player] * bonusEach;
    const performance = gamePoints[player] + winLoss * (won[player] - lost[player]) + bonus;
    lines.push(
      line(
        'R35',
        `${player}: game points ${plain(gamePoints[player])} + ${winLoss} × (${won[player]} won − ${lost[player]} lost) + ${bonusEach} × ${credited[player]} opponents' lost games = ${plain(performance)}`,
      ),
    );
    return { player, gamePoints: gamePoints[player], won: won[player], lost: lost[player], opponentLosses: credited[player], bonus, performance };
  });
  const ranked = rankByR35(unranked, settings.lotOrder, lines);
  return { tableSize, players: ranked, derivation: lines };
}

type Unranked = Omit<SeegerLine, 'rank' | 'tiedByLot'>;

/** R35 ties: higher performance, then more won games, then fewer lost games, then lot. */
export function rankByR35<T extends Unranked>(
  lines: readonly T[],
  lotOrder: readonly string[] | undefined,
  out: DerivationLine[] = [],
): Array<T & { rank: number; tiedByLot: boolean }> {
  const byRules = (a: T, b: T) => b.performance - a.performance || b.won - a.won || a.lost - b.lost;
  const lotIndex = (p: string) => {
    const i = lotOrder?.indexOf(p) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const sorted = [...lines].sort((a, b) => byRules(a, b) || lotIndex(a.player) - lotIndex(b.player) || a.player.localeCompare(b.player));
  const result: Array<T & { rank: number; tiedByLot: boolean }> = [];
  sorted.forEach((entry, i) => {
    const prev = sorted[i - 1];
    const tiedWithPrev = prev !== undefined && byRules(prev, entry) === 0;
    const tiedWithNext = sorted[i + 1] !== undefined && byRules(entry, sorted[i + 1]) === 0;
    const lotDecides = tiedWithPrev && lotIndex(prev.player) !== lotIndex(entry.player);
    const rank = tiedWithPrev && !lotDecides ? result[i - 1].rank : i + 1;
    result.push({ ...entry, rank, tiedByLot: tiedWithPrev || tiedWithNext });
    if (prev === undefined || prev.performance !== entry.performance) return;
    if (tiedWithPrev) {
      out.push(
        line(
          'R35',
          `${prev.player} and ${entry.player} tie on ${plain(entry.performance)} with ${entry.won} won and ${entry.lost} lost: ${lotDecides ? 'order drawn by lot' : 'to be decided by lot'}`,
        ),
      );
    } else {
      const why = prev.won !== entry.won ? `more won games (${prev.won} > ${entry.won})` : `fewer lost games (${prev.lost} < ${entry.lost})`;
      out.push(line('R35', `${prev.player} ahead of ${entry.player} on ${plain(entry.performance)}: ${why}`));
    }
  });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Loss fees (tournament "Verlustspielgeld")

export interface LossFeeSettings {
  /** Fee per lost game in cents by table size; a setting of the event (default 50 at 3, 100 at 4 and 5). */
  readonly feeCentsPerLostGame?: Readonly<Record<TableSize, number>>;
  /** The higher fee for each lost game from a player's 4th in one list, when the event sets one. */
  readonly feeCentsFromFourthLostGame?: number | null;
}

export const LOSS_FEE_DEFAULTS = { feeCentsPerLostGame: { 3: 50, 4: 100, 5: 100 } } as const;

export interface LossFeeLine {
  readonly player: string;
  readonly lostGames: number;
  readonly feeCents: number;
}

export interface LossFeeTally {
  readonly feeCentsPerLostGame: number;
  readonly players: readonly LossFeeLine[];
  readonly totalCents: number;
  readonly derivation: readonly DerivationLine[];
}

/** Count each player's lost games (overbid included) and the fee owed for them. */
export function lossFees(players: readonly string[], deals: readonly SheetDeal[], settings: LossFeeSettings = {}): LossFeeTally {
  return lossFeesUnchecked(checkTable(players, deals), players, deals, settings);
}

/** The loss-fee tally without the table checks (see seegerFabianUnchecked). */
export function lossFeesUnchecked(tableSize: TableSize, players: readonly string[], deals: readonly SheetDeal[], settings: LossFeeSettings = {}): LossFeeTally {
  const fee = (settings.feeCentsPerLostGame ?? LOSS_FEE_DEFAULTS.feeCentsPerLostGame)[tableSize];
  if (!Number.isInteger(fee) || fee < 0) invalid('R35', `the loss fee must be a whole number of cents ≥ 0, got ${fee}`);
  const higher = settings.feeCentsFromFourthLostGame ?? null;
  if (higher !== null && (!Number.isInteger(higher) || higher < 0))
    invalid('R35', `the loss fee from the 4th lost game must be a whole number of cents ≥ 0, got ${higher}`);
  const lost = zeroes(players);
  for (const deal of deals) {
    if (deal.result.kind === 'scored' && deal.result.won === false) lost[declarerName(deal) as string]++;
  }
  // From the 4th lost game of a player in this list on, the higher fee (when the event sets one).
  const owed = (n: number): number => (higher === null ? n * fee : Math.min(n, 3) * fee + Math.max(0, n - 3) * higher);
  const lines = players.map((player) => ({ player, lostGames: lost[player], feeCents: owed(lost[player]) }));
  const totalCents = lines.reduce((sum, l) => sum + l.feeCents, 0);
  const explain = (l: LossFeeLine): string =>
    higher === null || l.lostGames <= 3
      ? `${l.player}: ${l.lostGames} lost × ${cents(fee)} = ${cents(l.feeCents)}`
      : `${l.player}: 3 lost × ${cents(fee)} + ${l.lostGames - 3} from the 4th × ${cents(higher)} = ${cents(l.feeCents)}`;
  const derivation = [...lines.map((l) => line('R35', explain(l))), line('R35', `total loss fees ${cents(totalCents)}`)];
  return { feeCentsPerLostGame: fee, players: lines, totalCents, derivation };
}

const cents = (c: number): string => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------------
// Series length (R36)

/** R36: deals in a series at this table size under the profile (ISkO 36 at 3, 48 at 4; 5 is a setting). */
export function seriesLength(profile: Pick<RuleProfile, 'seriesLength'>, tableSize: number): number {
  if (tableSize !== 3 && tableSize !== 4 && tableSize !== 5) invalid('D5', `a table has 3, 4 or 5 players, got ${tableSize}`);
  return profile.seriesLength[tableSize];
}

export interface SeriesProgress {
  readonly length: number;
  /** Deals that count as games: scored, passed in (R8), Ramsch; not the D3 not-scoreable ones. */
  readonly gamesPlayed: number;
  readonly remaining: number;
  readonly complete: boolean;
  readonly derivation: readonly DerivationLine[];
}

export function seriesProgress(profile: Pick<RuleProfile, 'seriesLength'>, players: readonly string[], deals: readonly SheetDeal[]): SeriesProgress {
  const tableSize = checkTable(players, deals);
  const length = seriesLength(profile, tableSize);
  const gamesPlayed = deals.filter((d) => d.result.kind !== 'notScoreable').length;
  if (gamesPlayed > length) invalid('R36', `a series at a ${tableSize}-table has ${length} games, got ${gamesPlayed}`);
  const remaining = length - gamesPlayed;
  const derivation = [
    line(
      'R36',
      `${gamesPlayed} of ${length} games played at a ${tableSize}-table (passed-in deals count)${remaining === 0 ? ': series complete' : `, ${remaining} to go`}`,
    ),
  ];
  return { length, gamesPlayed, remaining, complete: remaining === 0, derivation };
}

// ---------------------------------------------------------------------------------------------
// Shared checks

function declarerName(deal: SheetDeal): string | null {
  const seat = deal.result.declarer;
  return seat === null || deal.result.kind !== 'scored' ? null : deal.seatPlayers[seat];
}

function zeroes(players: readonly string[]): Record<string, number> {
  return Object.fromEntries(players.map((p) => [p, 0]));
}

/** Something wrong with a list, at the deal (0-based index) where it occurs. */
export interface TableProblem {
  readonly index: number;
  readonly ruleId: string;
  readonly text: string;
}

/**
 * D5: 3, 4 or 5 distinct players in clockwise order; each deal seats three of them, the dealer
 * sitting out at 4 and 5. R37: the deal passes to the left after every deal (R4: a misdeal, not
 * scoreable, may be redealt by the same dealer). Every problem, each at its deal; none: a valid list.
 */
export function tableProblems(players: readonly string[], deals: readonly SheetDeal[]): TableProblem[] {
  const out: TableProblem[] = [];
  deals.forEach((deal, i) => {
    const at = (ruleId: string, text: string) => out.push({ index: i, ruleId, text });
    if (deal.seatPlayers.length !== 3 || new Set(deal.seatPlayers).size !== 3) at('D5', 'three distinct players hold cards');
    for (const p of deal.seatPlayers) if (!players.includes(p)) at('D5', `${p} is not at this table`);
    if (!players.includes(deal.dealer)) at('R37', `dealer ${deal.dealer} is not at this table`);
    const dealerPlays = deal.seatPlayers.includes(deal.dealer);
    if (players.length === 3 && !dealerPlays) at('R2', `at a 3-table the dealer ${deal.dealer} plays`);
    if (players.length > 3 && dealerPlays) at('R3', `at a ${players.length}-table the dealer ${deal.dealer} sits out`);
    const previous = deals[i - 1];
    if (previous && players.includes(previous.dealer)) {
      const next = players[(players.indexOf(previous.dealer) + 1) % players.length];
      const redeal = previous.result.kind === 'notScoreable' && deal.dealer === previous.dealer;
      if (deal.dealer !== next && !redeal) at('R37', `after ${previous.dealer} the deal passes to ${next} (players in clockwise order), not ${deal.dealer}`);
    }
    const r = deal.result;
    if (r.kind === 'scored' && (r.declarer === null || r.won === null)) at('R34', 'a scored deal needs a declarer and won/lost');
  });
  return out;
}

function checkTable(players: readonly string[], deals: readonly SheetDeal[]): TableSize {
  if (players.length < 3 || players.length > 5) invalid('D5', `a table has 3, 4 or 5 players, got ${players.length}`);
  if (new Set(players).size !== players.length) invalid('D5', `player names must be distinct: ${players.join(', ')}`);
  const [first] = tableProblems(players, deals);
  if (first) invalid(first.ruleId, `deal ${first.index + 1}: ${first.text}`);
  return players.length as TableSize;
}
