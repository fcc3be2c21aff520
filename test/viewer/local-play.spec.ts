/**
 * The recorder page's own card play (src/viewer/web/local-play.ts), which it works out while moves
 * wait to be sent, against the engine on seeded random deals under both profiles: at every card
 * the same legal cards (R15/R16), the same next seat after each trick (R17), and the same end of
 * play (R18 null, R19 announced schwarz/ouvert and the iss profile's schneider stop, the tenth trick).
 */
import { applyMove, legalMoves, startGame } from '../../src/rules/game';
import type { GameState } from '../../src/rules/game-state';
import type { Seat } from '../../src/rules/seat';
import { getProfile } from '../../src/rules/variant';
import { legalCards, playLocally, type PlayEnd, type PlayPosition } from '../../src/viewer/web/local-play';
import type { SeatName } from '../../src/viewer/web/types';
import { playRandomGame, seededRandom } from '../iss/random-games';

const SEAT_NAMES: readonly SeatName[] = ['FOREHAND', 'MIDDLEHAND', 'REARHAND'];
const END_OF: Record<string, PlayEnd> = { allTricks: 'lastTrick', nullTrickTaken: 'R18', defendersTookTrick: 'R19', defendersOver30: 'R19' };

/** The position as the recorder page builds it from a frame at the first lead (recorder-view.ts playPosition). */
function localStart(state: GameState, profileId: string): PlayPosition {
  const d = state.declaration!;
  const game = d.gameType.toUpperCase();
  return {
    game,
    declarer: SEAT_NAMES[state.declarer as Seat],
    hands: { FOREHAND: [...state.hands[0]], MIDDLEHAND: [...state.hands[1]], REARHAND: [...state.hands[2]] },
    trick: [],
    toAct: 'FOREHAND',
    tricksDone: 0,
    declarerTookTrick: false,
    schwarzAnnounced: d.schwarzAnnounced || (d.ouvert && game !== 'NULL'),
    schneiderEnds: d.schneiderAnnounced && profileId === 'iss',
    defenderPoints: 0,
  };
}

describe('the recorder page plays cards as the engine does', () => {
  for (const profileId of ['isko', 'iss']) {
    it(`agrees with the engine card by card over 200 random deals (${profileId})`, () => {
      const profile = getProfile(profileId);
      const rand = seededRandom(profileId === 'iss' ? 29 : 23);
      const ends = new Map<string, number>();
      let compared = 0;
      for (let n = 0; n < 200; n++) {
        const { dealt, moves } = playRandomGame(rand, profile);
        // The engine again, move by move, to the first card of the play.
        const started = startGame(dealt, profile);
        if (!started.ok) throw new Error(started.refusal.reason);
        let state = started.value;
        for (const move of moves) {
          if (state.phase === 'playing' || state.phase === 'finished' || state.phase === 'passedIn' || state.phase === 'abandoned') break;
          const next = applyMove(state, move);
          if (!next.ok) throw new Error(next.refusal.reason);
          state = next.value;
        }
        if (state.phase !== 'playing') continue;
        let local = localStart(state, profileId);
        for (const move of moves.slice(state.moves.length)) {
          if (move.kind !== 'play') break; // a resignation, a claim, cards shown: not the page's own play
          const engineCards = legalMoves(state)
            .filter((m) => m.kind === 'play')
            .map((m) => (m.kind === 'play' ? m.card : ''))
            .sort();
          expect(legalCards(local).sort()).toEqual(engineCards);
          expect(local.toAct).toBe(SEAT_NAMES[move.seat]);
          const next = applyMove(state, move);
          if (!next.ok) throw new Error(next.refusal.reason);
          state = next.value;
          local = playLocally(local, move.card);
          compared++;
          if (state.phase === 'finished') {
            expect(local.toAct).toBeNull();
            expect(local.endedBy).toBe(END_OF[state.endedBy ?? '']);
            ends.set(local.endedBy!, (ends.get(local.endedBy!) ?? 0) + 1);
            break;
          }
          expect(local.endedBy).toBeUndefined();
        }
      }
      // The seeds reach every kind of end the page knows, over thousands of cards.
      expect(compared).toBeGreaterThan(1500);
      expect([...ends.keys()]).toEqual(expect.arrayContaining(profileId === 'iss' ? ['R18', 'R19', 'lastTrick'] : ['R18', 'lastTrick']));
    });
  }
});
