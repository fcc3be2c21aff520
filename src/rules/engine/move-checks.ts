import type { GameState } from '../game-state';
import { refuse, type Judgement } from '../../kernel/refusal';
import { SEAT_NAMES, type Seat } from '../seat';

// The checks and words every move's rule shares: is the deal over, whose seat, which phase in words.

const TERMINAL = new Set(['finished', 'passedIn', 'abandoned']);

export function isOver(state: GameState): boolean {
  return TERMINAL.has(state.phase);
}

const PHASE_WORDS: Record<GameState['phase'], string> = {
  bidding: 'during the bidding',
  skatDecision: 'while the declarer decides between picking up the skat and hand',
  discarding: 'while the declarer discards',
  declaring: 'while the declarer names his game',
  playing: 'during the play',
  finished: 'after the game is over',
  passedIn: 'after all passed',
  abandoned: 'after the deal was abandoned',
};

export function who(seat: Seat): string {
  return SEAT_NAMES[seat];
}

export function notNow(state: GameState, ruleId: string, what: string): Judgement<GameState> {
  return refuse(ruleId, `${what} is not possible ${PHASE_WORDS[state.phase]}`);
}

export function mustBeDeclarer(state: GameState, seat: Seat, ruleId: string, what: string): Judgement<GameState> | null {
  if (state.declarer === null) return refuse(ruleId, `${what}: there is no declarer`);
  if (seat !== state.declarer) return refuse(ruleId, `only the declarer (${who(state.declarer)}) may ${what}, not ${who(seat)}`);
  return null;
}
