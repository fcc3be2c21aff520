/**
 * Engine throughput: replays N random legal deals (seeded, so every run replays the same games)
 * through startGame + applyMove, scoring included. Prints moves/s and games/s on one core.
 * `npm run bench -- engine` (GAMES=20000 by default).
 */
import { applyMove, startGame, legalMoves, replayMoves } from '../../src/rules/game';
import type { GameState } from '../../src/rules/game-state';
import { ISS_PROFILE } from '../../src/rules/variant/iss';
import { scoringFactsOf } from '../../src/rules/game-end';
import { scoreGame } from '../../src/rules/scoring';
import type { ScoringFacts } from '../../src/rules/scoring-facts';
import { playRandomGame, type RandomGame } from '../rules/random-game';

function median(xs: number[]): number {
  return xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

const GAMES = Number(process.env.GAMES ?? 20000);
const ROUNDS = 5;

// Keep only the deal and the moves, so the heap holds what a replayer holds.
const games: Pick<RandomGame, 'dealt' | 'moves'>[] = [];
let finished = 0;
const t0 = process.hrtime.bigint();
for (let i = 0; i < GAMES; i++) {
  const g = playRandomGame(`bench-${i}`, ISS_PROFILE, { interjection: 0.005 });
  if (g.final.phase === 'finished') finished++;
  games.push({ dealt: g.dealt, moves: g.moves });
}
const genMs = Number(process.hrtime.bigint() - t0) / 1e6;
const totalMoves = games.reduce((a, g) => a + g.moves.length, 0);

function replayAll(): number {
  let checksum = 0;
  for (const g of games) {
    const started = startGame(g.dealt, ISS_PROFILE);
    if (!started.ok) throw new Error(started.refusal.reason);
    let state: GameState = started.value;
    for (const m of g.moves) {
      const next = applyMove(state, m);
      if (!next.ok) throw new Error(next.refusal.reason);
      state = next.value;
    }
    checksum += state.tricks.length;
  }
  return checksum;
}

function replayMovesAll(): number {
  let checksum = 0;
  for (const g of games) {
    const r = replayMoves(g.dealt, g.moves, ISS_PROFILE);
    if (!r.ok) throw new Error(r.refusal.reason);
    checksum += r.value.tricks.length;
  }
  return checksum;
}

function measure(run: () => number): { wall: number; perCpu: number; rounds: number[] } {
  run(); // warm-up
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    run();
    const secs = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    rates.push(GAMES / secs);
    cpuRates.push(GAMES / ((used.user + used.system) / 1e6));
  }
  return { wall: median(rates), perCpu: median(cpuRates), rounds: rates };
}

replayAll(); // warm-up
// Wall-clock rate, and the rate per second of CPU time this process got (the machine may be shared).
const rates: number[] = [];
const cpuRates: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  replayAll();
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  rates.push(GAMES / secs);
  cpuRates.push(GAMES / ((used.user + used.system) / 1e6));
}
const wall = median(rates);
const perCpu = median(cpuRates);
const fast = measure(replayMovesAll);
const movesPerGame = totalMoves / GAMES;

// legalMoves cost, for replay frames: one call per state of the first 2,000 games.
const lmStart = process.hrtime.bigint();
let lmCalls = 0;
for (const g of games.slice(0, 2000)) {
  let s = (startGame(g.dealt, ISS_PROFILE) as { ok: true; value: GameState }).value;
  for (const m of g.moves) {
    legalMoves(s);
    lmCalls++;
    s = (applyMove(s, m) as { ok: true; value: GameState }).value;
  }
}
const lmSecs = Number(process.hrtime.bigint() - lmStart) / 1e9;

console.log(
  `games: ${GAMES} random legal deals (${finished} played to the end, ${GAMES - finished} passed in), ${movesPerGame.toFixed(1)} moves/game; generated in ${genMs.toFixed(0)} ms`,
);
const fmt = (n: number): string => Math.round(n).toLocaleString('en');
console.log(`replay via applyMove (incl. startGame and scoring), median of ${ROUNDS} rounds:`);
console.log(`  wall clock:     ${fmt(wall)} games/s, ${fmt(wall * movesPerGame)} moves/s (rounds: ${rates.map(fmt).join(', ')})`);
console.log(`  per CPU second: ${fmt(perCpu)} games/s, ${fmt(perCpu * movesPerGame)} moves/s (one core; excludes time the process waited for a core)`);
console.log(`replayMoves (same rules, one working state changed in place; incl. startGame and scoring):`);
console.log(`  wall clock:     ${fmt(fast.wall)} games/s, ${fmt(fast.wall * movesPerGame)} moves/s (rounds: ${fast.rounds.map(fmt).join(', ')})`);
console.log(`  per CPU second: ${fmt(fast.perCpu)} games/s, ${fmt(fast.perCpu * movesPerGame)} moves/s`);
// The share of scoreGame (scoring.ts) in the figures above: once per declarer game.
const facts: ScoringFacts[] = [];
for (const g of games) {
  const r = replayMoves(g.dealt, g.moves, ISS_PROFILE);
  if (r.ok && r.value.phase === 'finished' && r.value.declarer !== null && r.value.endedBy) facts.push(scoringFactsOf(r.value, r.value.endedBy));
}
const scoring = measure(() => {
  for (const f of facts) scoreGame(f, ISS_PROFILE);
  return 0;
});
const scoringUsPerGame = 1e6 / scoring.perCpu; // per deal of the set (GAMES in the rate)
console.log(
  `  of which scoreGame: ${scoringUsPerGame.toFixed(2)} µs CPU per deal (${facts.length} declarer games); the engine alone: ${fmt(1e6 / (1e6 / fast.perCpu - scoringUsPerGame))} games/s per CPU second`,
);
console.log(`legalMoves + applyMove per state: ${Math.round(lmCalls / lmSecs).toLocaleString('en')} states/s`);
