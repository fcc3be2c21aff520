/**
 * Issue 22: a seat draw of 300 players by standings (the pure decider: split into tables, last
 * round's trios kept apart), budget 200 ms. Round 1 seated the same players in rank order, so
 * every table of the plain split would repeat a trio: the worst case for the mending.
 */
import { tournamentDecider } from '../../src/tournament/tournament-decider';
import type { TournamentEvent } from '../../src/tournament/events';

const players = Array.from({ length: 300 }, (_, i) => `P${String(i + 1).padStart(3, '0')}`);
const decider = tournamentDecider('isko');
const events: TournamentEvent[] = [{ type: 'TournamentCreated', data: { tournamentId: 'b', name: 'Bench', profileId: 'isko', rounds: 3 } }];
for (let t = 0; t < 100; t++)
  events.push({ type: 'TournamentTableAdded', data: { tableId: `b-r1-t${t + 1}`, round: 1, players: players.slice(3 * t, 3 * t + 3) } });
const state = events.reduce(decider.evolve, decider.initialState);
const times: number[] = [];
let repeated = -1;
for (let run = 0; run < 21; run++) {
  const start = process.hrtime.bigint();
  const d = decider.decide({ type: 'DrawSeats', tournamentId: 'b', round: 2, method: 'standings', players, openSeries: [] }, state);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  if (!d.ok || d.value[0].type !== 'SeatsDrawn') throw new Error('draw refused');
  repeated = d.value[0].data.repeatedTrios?.length ?? 0;
}
times.sort((a, b) => a - b);
const p50 = times[10];
process.stdout.write(
  `draw of 300 players by standings (100 tables, every trio of round 1 in the way): p50 ${p50.toFixed(2)} ms, max ${times[20].toFixed(2)} ms, tables still repeating ${repeated} (budget 200 ms)\n`,
);
if (p50 > 200) process.exitCode = 1;
