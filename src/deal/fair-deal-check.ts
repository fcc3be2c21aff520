import { dealFromDeck } from '../rules/dealing';
import { commitmentOf, fairDeck, FAIR_SCHEME, SERVER_SEED_HEX, type ClientSeeds } from '../rules/fair-shuffle';
import type { CardsDealtData, ClientSeedAddedData, DealStartedData, ServerSeedLostData, ServerSeedRevealedData, ShuffleCommittedData } from './events';

/**
 * verified: the revealed seed matches the commitment and, with the recorded client seeds and the
 * deal id, deals exactly the recorded hands and skat. mismatch: it does not (problems say where).
 * unverifiable: a server shuffle whose seed is lost, or one recorded before fair dealing.
 * pending: the deal has not ended, its seed is still secret. notServerShuffled: given or seeded cards.
 */
export type FairVerdict = 'verified' | 'mismatch' | 'unverifiable' | 'pending' | 'notServerShuffled';

export interface FairDealCheck {
  readonly verdict: FairVerdict;
  readonly scheme: string | null;
  readonly commitment: string | null;
  /** In seat order; null where the seat gave none. */
  readonly clientSeeds: ClientSeeds;
  readonly awaitsClientSeeds: boolean;
  /** Null until the deal ended and the seed was revealed. */
  readonly serverSeed: string | null;
  readonly problems: readonly string[];
}

interface EventLike {
  readonly type: string;
  readonly data: unknown;
}

const NONE: ClientSeeds = [null, null, null];
const sameCards = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * Recomputes a deal's shuffle from its own events (docs/fair-dealing.md): the order of the fair
 * dealing events, the seed against the commitment, and the deck the scheme gives against the
 * cards recorded. Pure; the CLI's verify-deal and the API's Deal.fairness answer with it.
 */
export function checkFairDeal(events: readonly EventLike[]): FairDealCheck {
  const at = (type: string): number => events.findIndex((e) => e.type === type);
  const started = events[at('DealStarted')]?.data as DealStartedData | undefined;
  const dealtAt = at('CardsDealt');
  const dealt = events[dealtAt]?.data as CardsDealtData | undefined;
  const committedAt = at('ShuffleCommitted');
  const base = { scheme: null, commitment: null, clientSeeds: NONE, awaitsClientSeeds: false, serverSeed: null };
  if (committedAt < 0) {
    if (dealt?.shuffle === 'crypto')
      return { ...base, verdict: 'unverifiable', problems: ['the deal was shuffled by the server before fair dealing: it has no commitment'] };
    return { ...base, verdict: 'notServerShuffled', problems: [] };
  }
  const committed = events[committedAt].data as ShuffleCommittedData;
  const problems: string[] = [];
  const seeds: [string | null, string | null, string | null] = [null, null, null];
  events.forEach((e, i) => {
    if (e.type !== 'ClientSeedAdded') return;
    const { seat, seed } = e.data as ClientSeedAddedData;
    if (dealtAt >= 0 && i > dealtAt) problems.push(`the client seed of seat ${seat} was recorded after the cards were dealt`);
    if (seeds[seat] !== null) problems.push(`seat ${seat} gave two client seeds`);
    seeds[seat] = seed;
  });
  const revealedAt = at('ServerSeedRevealed');
  const revealed = (events[revealedAt]?.data as ServerSeedRevealedData | undefined)?.serverSeed ?? null;
  const lost = events[at('ServerSeedLost')]?.data as ServerSeedLostData | undefined;
  const view = {
    scheme: committed.scheme,
    commitment: committed.commitment,
    clientSeeds: seeds as ClientSeeds,
    awaitsClientSeeds: dealtAt < 0 && committed.awaitsClientSeeds,
    serverSeed: revealed,
  };
  if (committed.scheme !== FAIR_SCHEME) return { ...view, verdict: 'unverifiable', problems: [`unknown fair-dealing scheme ${committed.scheme}`] };
  if (lost) return { ...view, verdict: 'unverifiable', problems: [`the server seed is lost: ${lost.reason}`] };
  if (revealed === null) {
    const ended = events.some((e) => e.type === 'DealScored');
    return ended
      ? { ...view, verdict: 'unverifiable', problems: ['the deal ended without its server seed revealed'] }
      : { ...view, verdict: 'pending', problems: [] };
  }
  if (dealtAt >= 0 && committedAt > dealtAt) problems.push('the commitment was recorded after the cards were dealt');
  const scoredAt = at('DealScored');
  if (scoredAt < 0 || revealedAt < scoredAt) problems.push('the server seed was revealed before the deal ended');
  if (!SERVER_SEED_HEX.test(revealed)) return { ...view, verdict: 'mismatch', problems: [...problems, 'the revealed seed is not 64 lower-case hex digits'] };
  if (commitmentOf(revealed) !== committed.commitment) problems.push('SHA-256 of the revealed seed is not the commitment');
  if (!started || !dealt) return { ...view, verdict: 'mismatch', problems: [...problems, 'the deal has no DealStarted or CardsDealt'] };
  const expected = dealFromDeck(fairDeck(revealed, started.dealId, seeds));
  if (!expected.ok) return { ...view, verdict: 'mismatch', problems: [...problems, expected.refusal.reason] };
  const names = ['forehand', 'middlehand', 'rearhand'];
  for (let s = 0; s < 3; s++) {
    if (!sameCards(expected.value.hands[s], dealt.hands[s] ?? []))
      problems.push(`${names[s]} holds ${(dealt.hands[s] ?? []).join(' ')}; the seeds deal ${expected.value.hands[s].join(' ')}`);
  }
  if (!sameCards(expected.value.skat, dealt.skat ?? []))
    problems.push(`the skat is ${(dealt.skat ?? []).join(' ')}; the seeds deal ${expected.value.skat.join(' ')}`);
  return { ...view, verdict: problems.length === 0 ? 'verified' : 'mismatch', problems };
}
