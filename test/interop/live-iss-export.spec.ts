import { decideAll } from '../../src/deal/decide-all';
import { commandOfMove as commandOf } from '../../src/deal/command-of-move';
import type { DealCommand } from '../../src/deal/commands';
import { getProfile } from '../../src/rules/variant';
import { issLineOfEvents } from '../../src/archive/export/iss-line-of-events';
import { readIssRecord } from '../../src/format/iss/iss-reader';
import { verifyIssLine } from '../../src/format/iss/iss-verify';
import { issRecordToEvents } from '../../src/archive/import/iss-record-to-events';
import { playRandomGame, seededRandom } from '../iss/random-games';

describe('ISS export of deals recorded live', () => {
  const profile = getProfile('iss');
  const rand = seededRandom(20261129);
  const games = Array.from({ length: 150 }, (_, i) => ({ i, game: playRandomGame(rand, profile) }));

  it.each(games.map(({ i, game }) => [i, game] as const))(
    'random live deal %i exports as a record the ISS reader reads and whose result the replay confirms',
    (i, game) => {
      const dealId = `live-${i}`;
      const commands: DealCommand[] = [
        {
          type: 'StartDeal',
          dealId,
          tableId: 'club-night',
          dealer: 'Carla',
          players: ['Anton', 'Berta', 'Carla'],
          profileId: 'iss',
          cards: { kind: 'given', hands: game.dealt.hands, skat: game.dealt.skat },
          startedAt: '2026-11-29T19:30:00Z',
        },
        ...game.moves.map((m) => commandOf(dealId, m)),
      ];
      const decided = decideAll(commands, { actorId: 'test', now: '2026-11-29T19:30:00Z' });
      if (!decided.ok) throw new Error(`command ${decided.index}: ${decided.refusal.ruleId} ${decided.refusal.reason}`);
      const line = issLineOfEvents(decided.events);
      const read = readIssRecord(line);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.record.header.map((h) => `${h.key}[${h.value}]`).join('')).toBe(
        'GM[Skat]PC[Skat Ledger]CO[]SE[club-night]ID[live-' + i + ']DT[2026-11-29/19:30:00/UTC]P0[Anton]P1[Berta]P2[Carla]R0[]R1[]R2[]',
      );
      const verdict = verifyIssLine(line, 1, profile);
      expect(['agree', 'notScoreable']).toContain(verdict.status);
      // The exported line imports again and comes back unchanged.
      const again = issRecordToEvents(read.record, { line, lineNumber: 1, file: null });
      if (!again.ok) throw new Error(again.reason);
      expect(issLineOfEvents(again.deal.events)).toBe(line);
    },
  );

  it('refuses to write a deal still in progress, saying why', () => {
    const decided = decideAll([{ type: 'StartDeal', dealId: 'open', dealer: 'C', players: ['A', 'B', 'C'], cards: { kind: 'seeded', seed: 'x' } }], {
      actorId: 't',
      now: '2026-11-29T19:30:00Z',
    });
    if (!decided.ok) throw new Error(decided.refusal.reason);
    expect(() => issLineOfEvents(decided.events)).toThrow(/not over/);
  });
});
