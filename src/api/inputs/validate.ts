/** Shape checks at the API edge (not Skat rules): ids, revisions, card codes, dates. */
import { isCard, ALL_CARDS, type Card } from '../../rules/card';
import type { DealSource } from '../../deal/commands';
import { badInput } from '../errors/api-error';
import { ISO_INSTANT_HINT, parseIsoInstant } from '../../format/iso-instant';
import type { DealCardsInput } from './command-inputs';

const MAX_ID = 200;

export function id(value: string, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID || /[\u0000-\u001f]/.test(value)) {
    throw badInput(`${what} must be 1-${MAX_ID} printable characters`);
  }
  return value;
}

export const name = (value: string, what: string): string => id(value, what);

export function revision(value: string | null | undefined): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (!/^\d{1,19}$/.test(value)) throw badInput(`expectedRevision must be a whole number as a string, got ${JSON.stringify(value.slice(0, 40))}`);
  return BigInt(value);
}

export function card(value: string): Card {
  if (!isCard(value)) throw badInput(`unknown card ${JSON.stringify(String(value).slice(0, 10))}: use ISS notation such as CJ, HT, D7`);
  return value;
}

/** A strict ISO 8601 date or date-time with offset, as the instant it names (see format/iso-instant.ts). */
export function date(value: string | undefined, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const instant = parseIsoInstant(value);
  if (instant === undefined) throw badInput(`${what} must be ${ISO_INSTANT_HINT}`);
  return instant;
}

export function dealSource(input: DealCardsInput): DealSource {
  if (input.shuffle === 'crypto') return input.awaitClientSeeds ? { kind: 'crypto', awaitClientSeeds: true } : { kind: 'crypto' };
  if (input.awaitClientSeeds) throw badInput('awaitClientSeeds goes with a CRYPTO shuffle: given, seeded and seen cards take no client seeds');
  if (input.shuffle === 'seen') {
    if (input.hands || input.skat || input.seed) throw badInput('SEEN starts a deal without its cards: give no hands, skat or seed');
    return { kind: 'seen' };
  }
  if (input.shuffle === 'seeded') {
    if (!input.seed) throw badInput('a SEEDED shuffle needs a seed');
    return { kind: 'seeded', seed: id(input.seed, 'seed') };
  }
  const hands = input.hands;
  const skat = input.skat;
  if (!hands || hands.length !== 3 || hands.some((h) => h.length !== 10) || !skat || skat.length !== 2) {
    throw badInput('GIVEN cards need three hands of ten cards and a skat of two (R4)');
  }
  const all = [...hands.flat(), ...skat].map(card);
  if (new Set(all).size !== ALL_CARDS.length) throw badInput('GIVEN cards must be the 32 cards of the deck, each once (R1)');
  return {
    kind: 'given',
    hands: [hands[0].map(card), hands[1].map(card), hands[2].map(card)],
    skat: [card(skat[0]), card(skat[1])],
  };
}

/** A reason or note: 1-1000 characters, not only blanks. */
export function text(value: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 1000) throw badInput(`${what} must be 1-1000 characters`);
  return value.trim();
}
