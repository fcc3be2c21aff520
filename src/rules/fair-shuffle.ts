import { createHash, createHmac } from 'node:crypto';
import { ALL_CARDS, type Card } from './card';
import { shuffle, type RandomInt } from './deck';

/**
 * Provably fair dealing, scheme `skat-ledger-fair-v1` (docs/fair-dealing.md is the byte-level
 * description an independent verifier is written from; keep the two in step). The server commits
 * to a secret seed (SHA-256) before the deal, players may add client seeds, and the deck is this
 * deterministic function of the server seed, the client seeds and the deal id: HMAC-SHA-256 as a
 * counter-mode byte stream, bytes taken by rejection sampling into Fisher-Yates over the deck in
 * R1 order. Pure: the server's seed comes from the shell.
 */
export const FAIR_SCHEME = 'skat-ledger-fair-v1';
const LABEL = Buffer.from(FAIR_SCHEME, 'utf8');

/** A server seed is 32 bytes, written as 64 lower-case hex digits. */
export const SERVER_SEED_HEX = /^[0-9a-f]{64}$/;
/** Client seeds: 1-128 characters, well-formed Unicode, no control characters. */
export const MAX_CLIENT_SEED = 128;

/** The three seats' client seeds in seat order (forehand, middlehand, rearhand); null where none was given. */
export type ClientSeeds = readonly [string | null, string | null, string | null];

/** Why a client seed is refused, or null when it is one. */
export function clientSeedProblem(seed: unknown): string | null {
  if (typeof seed !== 'string' || seed.length === 0 || seed.length > MAX_CLIENT_SEED) return `a client seed is 1-${MAX_CLIENT_SEED} characters`;
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(seed)) return 'a client seed is well-formed Unicode text';
  if (/[\u0000-\u001f\u007f]/.test(seed)) return 'a client seed holds no control characters';
  return null;
}

const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const lengthPrefixed = (bytes: Buffer): Buffer[] => [u32(bytes.length), bytes];

/** The commitment recorded before the deal: SHA-256 of the seed's 32 bytes, hex. */
export function commitmentOf(serverSeedHex: string): string {
  return createHash('sha256').update(Buffer.from(serverSeedHex, 'hex')).digest('hex');
}

/** SHA-256(len‖label ‖ len‖dealId ‖ len‖seed₀ ‖ len‖seed₁ ‖ len‖seed₂), lengths u32 big-endian, texts UTF-8, a missing seed empty. */
export function shuffleContext(dealId: string, clientSeeds: ClientSeeds): Buffer {
  const parts = [LABEL, Buffer.from(dealId, 'utf8'), ...clientSeeds.map((s) => Buffer.from(s ?? '', 'utf8'))];
  return createHash('sha256')
    .update(Buffer.concat(parts.flatMap(lengthPrefixed)))
    .digest();
}

/** The byte stream: HMAC-SHA-256(key = server seed, context ‖ u32be(k)) for k = 0, 1, 2, ..., concatenated. */
function byteStream(serverSeedHex: string, context: Buffer): () => number {
  const key = Buffer.from(serverSeedHex, 'hex');
  let block = Buffer.alloc(0);
  let at = 0;
  let counter = 0;
  return () => {
    if (at === block.length) {
      block = createHmac('sha256', key)
        .update(Buffer.concat([context, u32(counter++)]))
        .digest();
      at = 0;
    }
    return block[at++];
  };
}

/** Uniform in [0, n) for 1 <= n <= 256: a byte below the largest multiple of n is taken mod n, any other is skipped. */
function uniform(nextByte: () => number): RandomInt {
  return (n) => {
    const limit = 256 - (256 % n);
    for (;;) {
      const b = nextByte();
      if (b < limit) return b % n;
    }
  };
}

/** The deck (top card first) the scheme gives; dealt 3-skat-4-3 (R4) like every server shuffle. */
export function fairDeck(serverSeedHex: string, dealId: string, clientSeeds: ClientSeeds): Card[] {
  if (!SERVER_SEED_HEX.test(serverSeedHex)) throw new RangeError('a server seed is 64 lower-case hex digits');
  return shuffle(ALL_CARDS, uniform(byteStream(serverSeedHex, shuffleContext(dealId, clientSeeds))));
}
