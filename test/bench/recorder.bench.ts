/**
 * `npm run bench -- recorder`: a deal recorded as seen (issue #23). The check of a completed deal:
 * the command whose information places the last card (the skat shown, or the last card of a hand
 * game), decided with the whole deal checked as its dealt twin (every move through the deal
 * decider, R16 every card, the result). Prints p50/p99/max in ms over DEALS random deals (isko,
 * default 2,000), against the ≤ 5 ms target; and the per-card decide while the deal is open.
 */
import { commandOfMove } from '../../src/deal/command-of-move';
import type { DealCommand } from '../../src/deal/commands';
import { decide } from '../../src/deal/decide';
import { decideAll } from '../../src/deal/decide-all';
import { evolve } from '../../src/deal/evolve';
import type { DealState } from '../../src/deal/deal-state';
import { ALL_CARDS, type Card } from '../../src/rules/card';
import { getProfile } from '../../src/rules/variant';
import { playRandomGame, seededRandom } from '../iss/random-games';

const DEALS = Number(process.env.DEALS ?? 2000);
const ctx = { actorId: 'rec', now: '2026-12-01T20:00:00.000Z' };
const profile = getProfile('isko');
const rand = seededRandom(2323);
const byDeck = (a: Card, b: Card) => ALL_CARDS.indexOf(a) - ALL_CARDS.indexOf(b);

interface Case {
  readonly before: DealState;
  readonly last: DealCommand;
  readonly plays: { state: DealState; command: DealCommand }[];
}

function seenCase(): Case | null {
  const game = playRandomGame(rand, profile);
  if (game.state.phase !== 'finished' || game.state.tricks.length !== 10 || game.state.tricks.some((t) => t.unplayed)) return null;
  if (game.moves.some((m) => m.kind === 'declare' && m.declaration.ouvert)) return null;
  const commands: DealCommand[] = [
    { type: 'StartDeal', dealId: 'b1', dealer: 'C', players: ['A', 'B', 'C'], cards: { kind: 'seen' }, startedAt: '2026-12-01T19:30:00Z' },
  ];
  let hand = false;
  for (const m of game.moves) {
    if (m.kind === 'discard') continue;
    commands.push(commandOfMove('b1', m));
    if (m.kind === 'declare' && m.declaration.hand) {
      hand = true;
      commands.push({ type: 'ShowSkat', dealId: 'b1', skat: [...game.dealt.skat].sort(byDeck) as [Card, Card] });
    }
  }
  // Played out: a pick-up completes with the skat shown, a hand game with its last card.
  if (!hand) commands.push({ type: 'ShowSkat', dealId: 'b1', skat: game.dealt.skat });
  const upTo = decideAll(commands.slice(0, -1), ctx);
  if (!upTo.ok) throw new Error(`${upTo.refusal.ruleId} ${upTo.refusal.reason}`);
  const plays: Case['plays'] = [];
  let state = decideAll(commands.slice(0, 1), ctx);
  for (const c of commands.slice(1, -1)) {
    if (!state.ok) break;
    if (c.type === 'PlayCard') plays.push({ state: state.state, command: c });
    state = decideAll([c], ctx, state.state);
  }
  return { before: upTo.state, last: commands[commands.length - 1], plays };
}

const cases: Case[] = [];
while (cases.length < DEALS) {
  const c = seenCase();
  if (c) cases.push(c);
}

const pct = (xs: number[], p: number): number => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
function time(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

// Warm-up, then one timed round.
for (const c of cases.slice(0, 200)) decide(c.last, c.before, ctx);
const checks: number[] = [];
for (const c of cases) {
  checks.push(
    time(() => {
      const r = decide(c.last, c.before, ctx);
      if (!r.ok || !r.value.some((e) => e.type === 'DealScored')) throw new Error('the last show did not complete the deal');
      r.value.reduce(evolve, c.before);
    }),
  );
}
const cards: number[] = [];
for (const c of cases.slice(0, 500))
  for (const p of c.plays) {
    // The last card of a hand game completes the deal: timed above, not here.
    if (p === c.plays[c.plays.length - 1] && c.last.type !== 'ShowSkat') continue;
    cards.push(
      time(() => {
        const r = decide(p.command, p.state, ctx);
        if (!r.ok) throw new Error(r.refusal.reason);
      }),
    );
  }
const f = (x: number) => x.toFixed(3);
console.log(
  `completed seen deal checked (decide + fold of the completing command), ${checks.length} deals: p50 ${f(pct(checks, 50))} ms, p99 ${f(pct(checks, 99))} ms, max ${f(Math.max(...checks))} ms (target p50 ≤ 5 ms)`,
);
console.log(`one card of an open seen deal decided, ${cards.length} cards: p50 ${f(pct(cards, 50))} ms, p99 ${f(pct(cards, 99))} ms`);
if (pct(checks, 50) > 5) process.exitCode = 1;
