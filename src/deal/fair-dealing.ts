import { dealFromDeck } from '../rules/dealing';
import { clientSeedProblem, commitmentOf, fairDeck, FAIR_SCHEME, SERVER_SEED_HEX } from '../rules/fair-shuffle';
import { allow, refuse, type Judgement } from '../kernel/refusal';
import { isSeat } from '../rules/seat';
import type { AddClientSeed, DealCards } from './commands';
import type { DealState } from './deal-state';
import type { CardsDealtData, DealEvent } from './events';
import { LEDGER_RULES as L } from './ledger-rules';

/**
 * What the shell tells the decider of a fairly dealt deal's server seed (docs/fair-dealing.md):
 * the fresh seed of a start, the kept one found by its commitment, or why none was found. Absent
 * when the shell did not look (a command that cannot end the deal needs none).
 */
export type ServerSeedLookup =
  | { readonly seed: string }
  /** `fresh`: a new random seed to deal with when the cards still wait (their shuffle is then unverifiable). */
  | { readonly lost: string; readonly fresh?: string };

/** The commitment and, unless the cards wait for client seeds, the cards: the events of a server shuffle's start. */
export function fairStart(dealId: string, awaitClientSeeds: boolean, lookup: ServerSeedLookup | undefined): Judgement<DealEvent[]> {
  if (!lookup || !('seed' in lookup) || !SERVER_SEED_HEX.test(lookup.seed)) return refuse('R4', 'the server shuffle was not done');
  const committed: DealEvent = {
    type: 'ShuffleCommitted',
    data: { scheme: FAIR_SCHEME, commitment: commitmentOf(lookup.seed), awaitsClientSeeds: awaitClientSeeds },
  };
  if (awaitClientSeeds) return allow([committed]);
  const dealt = dealtFrom(lookup.seed, dealId, [null, null, null]);
  return dealt.ok ? allow([committed, { type: 'CardsDealt', data: dealt.value }]) : dealt;
}

function dealtFrom(seed: string, dealId: string, clientSeeds: readonly [string | null, string | null, string | null]): Judgement<CardsDealtData> {
  const dealt = dealFromDeck(fairDeck(seed, dealId, clientSeeds));
  return dealt.ok ? allow({ ...dealt.value, shuffle: 'crypto' }) : dealt;
}

/** A deal waiting for client seeds: the state it must be in for a seed or the dealing. */
function awaiting(state: DealState): Judgement<NonNullable<DealState['fairness']>> {
  const f = state.fairness;
  if (!f) return refuse(L.fairDealing, 'the deal was not shuffled by the fair-dealing scheme: it takes no client seeds');
  if (state.game || !f.awaitsClientSeeds) return refuse(L.fairDealing, 'the cards are dealt: client seeds come before the deal');
  return allow(f);
}

/** The cards from the kept seed and the client seeds given; a lost seed deals a fresh shuffle that is marked unverifiable. */
function dealNow(
  state: DealState,
  dealId: string,
  seeds: readonly [string | null, string | null, string | null],
  lookup: ServerSeedLookup | undefined,
): Judgement<DealEvent[]> {
  if (!lookup) return refuse(L.seedNeeded, 'the server seed must be looked up before the cards are dealt');
  if ('lost' in lookup) {
    if (!lookup.fresh) return refuse(L.seedNeeded, 'a fresh seed is needed to deal a deal whose seed is lost');
    const dealt = dealtFrom(lookup.fresh, dealId, seeds);
    if (!dealt.ok) return dealt;
    return allow([
      { type: 'ServerSeedLost', data: { reason: lookup.lost } },
      { type: 'CardsDealt', data: dealt.value },
    ]);
  }
  if (commitmentOf(lookup.seed) !== state.fairness?.commitment) return refuse(L.seedNeeded, 'the seed looked up does not match the commitment');
  const dealt = dealtFrom(lookup.seed, dealId, seeds);
  return dealt.ok ? allow([{ type: 'CardsDealt', data: dealt.value }]) : dealt;
}

/** A seat's client seed, once, before the cards; the third seed deals the cards. */
export function decideClientSeed(command: AddClientSeed, state: DealState, actorId: string, lookup: ServerSeedLookup | undefined): Judgement<DealEvent[]> {
  const f = awaiting(state);
  if (!f.ok) return f;
  if (!isSeat(command.seat)) return refuse('R2', 'seats are 0 (forehand), 1 (middlehand) or 2 (rearhand)');
  const problem = clientSeedProblem(command.seed);
  if (problem) return refuse(L.fairDealing, problem);
  if (f.value.clientSeeds[command.seat] !== null) return refuse(L.fairDealing, `seat ${command.seat} has already given its client seed`);
  const added: DealEvent = { type: 'ClientSeedAdded', data: { seat: command.seat, seed: command.seed, by: actorId } };
  const seeds = [...f.value.clientSeeds] as [string | null, string | null, string | null];
  seeds[command.seat] = command.seed;
  if (seeds.some((s) => s === null)) return allow([added]);
  const dealt = dealNow(state, command.dealId, seeds, lookup);
  return dealt.ok ? allow([added, ...dealt.value]) : dealt;
}

/** Deal the waiting cards with the client seeds given so far (a seat that gave none adds nothing). */
export function decideDealCards(command: DealCards, state: DealState, lookup: ServerSeedLookup | undefined): Judgement<DealEvent[]> {
  const f = awaiting(state);
  if (!f.ok) return f;
  return dealNow(state, command.dealId, f.value.clientSeeds, lookup);
}

/**
 * What follows the end of a fairly dealt deal (its DealScored) in the same append: the seed
 * revealed, or recorded as lost. Refused (L32) when the shell did not look the seed up, so the
 * end is never recorded without it.
 */
export function revealAtEnd(state: DealState, lookup: ServerSeedLookup | undefined): Judgement<DealEvent[]> {
  const f = state.fairness;
  if (!f || f.serverSeed !== null || f.lost !== null) return allow([]);
  if (!lookup) return refuse(L.seedNeeded, 'the server seed must be looked up before the deal ends');
  if ('lost' in lookup) return allow([{ type: 'ServerSeedLost', data: { reason: lookup.lost } }]);
  if (commitmentOf(lookup.seed) !== f.commitment) return allow([{ type: 'ServerSeedLost', data: { reason: 'the kept seed does not match the commitment' } }]);
  return allow([{ type: 'ServerSeedRevealed', data: { serverSeed: lookup.seed } }]);
}
