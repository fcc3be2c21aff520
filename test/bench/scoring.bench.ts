/**
 * `npm run bench -- scoring`: scoreGame throughput over seeded random facts (every game type,
 * hand/announced/ouvert, overbids, 12-card matador counting), and Seeger-Fabian over 36-deal
 * series. Prints games/s and series/s on one core (GAMES=200000, SERIES=2000 by default).
 */
import { ALL_CARDS, type Card } from '../../src/rules/card';
import { GAME_TYPES, type GameType } from '../../src/rules/declaration';
import type { GameResult } from '../../src/rules/game-result';
import { seegerFabian, type SheetDeal } from '../../src/rules/score-sheet';
import { scoreGame } from '../../src/rules/scoring';
import type { ScoringFacts } from '../../src/rules/scoring-facts';
import type { Seat } from '../../src/rules/seat';
import { getProfile } from '../../src/rules/variant';

const GAMES = Number(process.env.GAMES ?? 200000);
const SERIES = Number(process.env.SERIES ?? 2000);
const ROUNDS = 5;
const profile = getProfile('isko');

let seed = 42;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

function randomFacts(): ScoringFacts {
  const gameType: GameType = GAME_TYPES[rand(GAME_TYPES.length)];
  const hand = rand(3) === 0;
  const schneiderAnnounced = gameType !== 'null' && hand && rand(6) === 0;
  const ouvert = rand(12) === 0 && (gameType === 'null' || hand);
  const deck = [...ALL_CARDS];
  const cards: Card[] = [];
  for (let i = 0; i < 12; i++) cards.push(deck.splice(rand(deck.length), 1)[0]);
  const declarerTricks = gameType === 'null' ? rand(2) : ouvert ? 10 : rand(11);
  const declarerPoints = declarerTricks === 10 ? 120 : declarerTricks === 0 ? rand(20) : Math.min(119, declarerTricks * 11 + rand(12));
  return {
    declarer: rand(3) as Seat,
    declaration: { gameType, hand, schneiderAnnounced, schwarzAnnounced: false, ouvert },
    bid: [18, 20, 22, 23, 24, 27, 30, 33, 36, 40, 44, 48][rand(12)],
    declarerCardsWithSkat: cards,
    declarerPoints,
    declarerTricks,
    defenderTricks: 10 - declarerTricks,
    kontra: false,
    re: false,
    endedBy: 'allTricks',
  };
}

const facts = Array.from({ length: GAMES }, randomFacts);
const results: GameResult[] = facts.map((f) => scoreGame(f, profile)); // warm-up, and input for the sheets

const rates: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const start = process.hrtime.bigint();
  let checksum = 0;
  for (const f of facts) checksum += scoreGame(f, profile).score ?? 0;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  rates.push(GAMES / (ms / 1000));
  if (Number.isNaN(checksum)) throw new Error('bad checksum');
}

const players = ['A', 'B', 'C'];
const series: SheetDeal[][] = [];
for (let s = 0; s < SERIES; s++) {
  series.push(
    Array.from({ length: 36 }, (_, i) => {
      const dealer = players[i % 3];
      const seatPlayers = [players[(i + 1) % 3], players[(i + 2) % 3], dealer] as [string, string, string];
      return { seatPlayers, dealer, result: results[(s * 36 + i) % results.length] };
    }),
  );
}
const sheetStart = process.hrtime.bigint();
for (const deals of series) seegerFabian(players, deals);
const sheetMs = Number(process.hrtime.bigint() - sheetStart) / 1e6;

const median = [...rates].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
const overbids = results.filter((r) => r.overbid).length;
console.log(
  `scoreGame: ${GAMES} games (${overbids} overbid), median ${Math.round(median).toLocaleString('en')} games/s over ${ROUNDS} rounds (min ${Math.round(Math.min(...rates)).toLocaleString('en')}, max ${Math.round(Math.max(...rates)).toLocaleString('en')})`,
);
console.log(`seegerFabian: ${SERIES} series of 36 deals in ${sheetMs.toFixed(0)} ms = ${Math.round(SERIES / (sheetMs / 1000)).toLocaleString('en')} series/s`);
console.log(`peak RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
