import { CTX, pick, startCommand } from '../../test/deal/random-deal';
import { eventIdFor } from '../event-store/event-ids';
import type { RecordedEvent } from '../event-store/event-store';
import { buildAudit } from '../projections/audit/build-audit';
import { seededRandom } from '../rules/deck';
import { applyMove, legalMoves } from '../rules/game';
import type { GameState } from '../rules/game-state';
import { checkClaim } from './claim-check';
import { commandOfMove } from './command-of-move';
import type { DealCommand } from './commands';
import { decide } from './decide';
import { initialDealState, type DealState } from './deal-state';
import type { DealEvent } from './events';
import { evolve } from './evolve';

/** A deal played at random into trick `trick` of a suit or grand game, then the declarer claims. */
function claimedDeal(seed: string, trick: number, profileId: string): { before: GameState; events: DealEvent[]; state: DealState } | null {
  const random = seededRandom(`claim-${seed}`);
  let state = initialDealState;
  const events: DealEvent[] = [];
  const run = (c: DealCommand) => {
    const d = decide(c, state, CTX);
    if (!d.ok) throw new Error(`${d.refusal.ruleId} ${d.refusal.reason}`);
    events.push(...d.value);
    state = d.value.reduce(evolve, state);
  };
  run(startCommand('c', seed, { profileId }));
  while (state.game && !state.recordedResult) {
    const g = state.game;
    if (g.phase === 'playing' && g.tricks.length + 1 >= trick && g.declarer !== null) {
      if (g.declaration?.gameType === 'null') return null;
      const before = g;
      run({ type: 'ShowCards', dealId: 'c', seat: g.declarer });
      return { before, events, state };
    }
    const moves = legalMoves(g).filter((m) => m.kind !== 'showCards' && m.kind !== 'resign');
    if (moves.length === 0) return null;
    run(commandOfMove('c', pick(moves, random)));
  }
  return null;
}

const recorded = (events: DealEvent[]): RecordedEvent[] =>
  events.map((e, i) => ({
    streamName: 'deal-c',
    type: e.type,
    data: e.data,
    metadata: { eventId: eventIdFor('c', i) },
    eventId: eventIdFor('c', i),
    revision: BigInt(i),
    position: String(i),
  }));

describe('contested claims (R21, issue 15 item 4)', () => {
  const cases = Array.from({ length: 40 }, (_, i) => claimedDeal(String(i), 7, 'isko')).filter((c): c is NonNullable<typeof c> => c !== null);

  it('R21 (isko): a sound claim gives the declarer every remaining trick, an unsound one gives them to the defenders', () => {
    const sound = cases.filter((c) => checkClaim(c.before)!.sound);
    const unsound = cases.filter((c) => !checkClaim(c.before)!.sound);
    expect(sound.length).toBeGreaterThan(0);
    expect(unsound.length).toBeGreaterThan(0);
    for (const c of cases) {
      const g = c.state.game!;
      const declarer = c.before.declarer!;
      const unplayed = g.tricks.filter((t) => t.unplayed);
      expect(unplayed.length).toBeGreaterThan(0);
      const ok = checkClaim(c.before)!.sound;
      for (const t of unplayed) expect(t.winner === declarer).toBe(ok);
      const shown = c.events.find((e) => e.type === 'CardsShown');
      expect(shown?.type === 'CardsShown' && shown.data.claim?.sound).toBe(ok);
    }
  });

  it('R21: the line of an unsound claim is legal play in which the defenders take the trick it names', () => {
    for (const c of cases) {
      const check = checkClaim(c.before)!;
      if (check.sound) continue;
      let g = c.before;
      for (const l of check.line) {
        const next = applyMove(g, { kind: 'play', seat: l.seat, card: l.card });
        if (!next.ok) throw new Error(`line card ${l.card} refused: ${next.refusal.reason}`);
        g = next.value;
      }
      const t = g.tricks[check.trick! - 1];
      expect(t.winner).not.toBe(g.declarer);
      expect(check.text).toMatch(new RegExp(`^claim unsound: the defenders take trick ${check.trick} with ${t.cards.find((x) => x.seat === t.winner)!.card}`));
    }
  });

  it('the audit says sound / unsound with the line, and under isko what R21 made of it; on ISS (D3) scoring is unchanged', () => {
    for (const c of cases.slice(0, 10)) {
      const audit = buildAudit('c', recorded(c.events));
      expect(audit.claims).toHaveLength(1);
      const [claim] = audit.claims;
      expect(claim.kind).toBe('claim');
      expect(claim.text).toMatch(claim.sound ? /^claim sound/ : /^claim unsound: the defenders take trick \d+ with/);
      expect(claim.consequence).toBe(claim.sound ? null : 'R21: the claim is unsound, so every remaining trick goes to the defenders');
      expect(audit.differences).toEqual([]);
    }
    const iss = Array.from({ length: 10 }, (_, i) => claimedDeal(String(i), 7, 'iss')).filter((c): c is NonNullable<typeof c> => c !== null);
    for (const c of iss) {
      const shown = c.events.find((e) => e.type === 'CardsShown');
      expect(shown?.type === 'CardsShown' && shown.data.claim).toBeUndefined();
      // D3: on ISS a claim is an offer; play goes on.
      expect(c.state.game!.phase).toBe('playing');
      expect(buildAudit('c', recorded(c.events)).claims[0].consequence).toMatch(/^D3/);
    }
  });
});
