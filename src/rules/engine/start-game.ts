import { OPENING_AUCTION } from '../bidding';
import type { Card } from '../card';
import { type DealtCards, validateDealt } from '../dealing';
import type { GameState } from '../game-state';
import { allow, refuse, type Judgement } from '../../kernel/refusal';
import type { RuleProfile } from '../variant/rule-profile';
import { draft, type Hands } from './draft';

/** R1/R4: refuses a bad deck; otherwise the auction opens with middlehand to say (R6). */
export function startGame(dealt: DealtCards, profile: RuleProfile): Judgement<GameState> {
  const valid = validateDealt(dealt);
  if (!valid.ok) return valid;
  if (!profile || typeof profile !== 'object') return refuse('D4', 'a deal is played under a rule profile');
  const hands: Hands = [dealt.hands[0].slice(), dealt.hands[1].slice(), dealt.hands[2].slice()];
  const skat: [Card, Card] = [dealt.skat[0], dealt.skat[1]];
  return allow(
    draft({
      profile,
      phase: 'bidding',
      // No state's hand array is ever changed (replayMoves splices only its own copies), so the
      // dealt hands and the current hands can share them.
      dealt: { hands, skat },
      hands,
      skat,
      biddingHistory: [],
      highestBid: 0,
      declarer: null,
      skatPickedUp: false,
      discarded: null,
      declaration: null,
      kontra: false,
      re: false,
      cardsShown: false,
      resigned: [],
      currentTrick: null,
      tricks: [],
      moves: [],
      abandonReason: null,
      result: null,
      auction: OPENING_AUCTION,
      playMode: null,
      claimed: false,
      endedBy: null,
    }),
  );
}
