import { type BockDealFacts, bockFactsOf, planBock } from './bock-rounds';
import { scoreGame } from './scoring';
import { getProfile } from './variant';

const plain: BockDealFacts = { kind: 'scored', gameType: 'clubs', hand: false, declarerPoints: 70, kontra: false, re: false };
const grandHand: BockDealFacts = { ...plain, gameType: 'grand', hand: true };
const sixty: BockDealFacts = { ...plain, declarerPoints: 60 };

describe('Bock rounds (R41)', () => {
  it('R41 a grand hand makes the next round (one deal per player) count double', () => {
    const plan = planBock([plain, grandHand], { triggers: ['grandHand'], dealsPerRound: 3, overlap: 'stack' });
    expect(plan.played).toEqual([1, 1]);
    expect(plan.upcoming).toEqual([2, 2, 2]);
    expect(plan.derivation.map((l) => l.text)).toEqual(['deal 2: a grand hand: Bock round for deals 3-5']);
  });

  it('R41 only the triggers switched on count', () => {
    expect(planBock([grandHand, sixty], { triggers: ['sixtySixty'], dealsPerRound: 3, overlap: 'stack' }).upcoming).toEqual([2, 2, 2]);
    expect(planBock([grandHand], { triggers: ['sixtySixty'], dealsPerRound: 3, overlap: 'stack' }).upcoming).toEqual([]);
  });

  it('R41 overlapping rounds stack (x4 where they overlap) or queue one after the other', () => {
    const deals = [grandHand, sixty];
    const stacked = planBock(deals, { triggers: ['grandHand', 'sixtySixty'], dealsPerRound: 3, overlap: 'stack' });
    // Deal 2 is itself a Bock deal (x2); deals 3-4 are in both rounds (x4), deal 5 in the second only.
    expect(stacked.played).toEqual([1, 2]);
    expect(stacked.upcoming).toEqual([4, 4, 2]);
    const queued = planBock(deals, { triggers: ['grandHand', 'sixtySixty'], dealsPerRound: 3, overlap: 'queue' });
    expect(queued.played).toEqual([1, 2]);
    expect(queued.upcoming).toEqual([2, 2, 2, 2, 2]);
  });

  it('R41 triggers: 120:0, Kontra, Re and passed-in deals, read from a scored result', () => {
    const profile = getProfile('isko', { kontraRe: true });
    const result = scoreGame(
      {
        declarer: 0,
        declaration: { gameType: 'spades', hand: false, schneiderAnnounced: false, schwarzAnnounced: false, ouvert: false },
        bid: 18,
        declarerCardsWithSkat: null,
        matadors: 1,
        declarerPoints: 120,
        declarerTricks: 10,
        defenderTricks: 0,
        kontra: true,
        re: false,
        endedBy: 'allTricks',
      },
      profile,
    );
    const facts = bockFactsOf(result, { kontra: true });
    const passedIn: BockDealFacts = { ...plain, kind: 'passedIn', gameType: null, declarerPoints: null };
    for (const trigger of ['allPoints', 'kontra'] as const) {
      expect(planBock([facts], { triggers: [trigger], dealsPerRound: 4, overlap: 'stack' }).upcoming).toEqual([2, 2, 2, 2]);
    }
    expect(planBock([facts], { triggers: ['re'], dealsPerRound: 4, overlap: 'stack' }).upcoming).toEqual([]);
    expect(planBock([passedIn], { triggers: ['passedIn'], dealsPerRound: 3, overlap: 'stack' }).upcoming).toEqual([2, 2, 2]);
  });

  it('R41 refuses unknown triggers and empty rounds', () => {
    expect(() => planBock([], { triggers: ['ramsch' as never], dealsPerRound: 3, overlap: 'stack' })).toThrow(/^R41: unknown Bock trigger/);
    expect(() => planBock([], { triggers: [], dealsPerRound: 0, overlap: 'stack' })).toThrow(/^R41/);
  });
});
