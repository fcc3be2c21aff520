/**
 * The replay page's own check of a fairly dealt deal (docs/fair-dealing.md), done in the browser
 * with its own SHA-256 and HMAC (no server code, no WebCrypto, which a page served over plain HTTP
 * on a club's network does not get): from the revealed seed, the client seeds and the deal id, the
 * deck, the hands and the skat are recomputed and compared with the dealt cards the page shows.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (FIPS 180-4) of a byte array. */
export function sha256(message: Uint8Array): Uint8Array {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const length = message.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor((length * 8) / 2 ** 32));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = (h[i] + add[i]) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
  return out;
}

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** HMAC-SHA-256 (RFC 2104) with a key of at most 64 bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key);
  const inner = block.map((b) => b ^ 0x36);
  const outer = block.map((b) => b ^ 0x5c);
  return sha256(concat(outer, sha256(concat(inner, message))));
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const u32 = (n: number): Uint8Array => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const lp = (bytes: Uint8Array): Uint8Array => concat(u32(bytes.length), bytes);
const fromHex = (hex: string): Uint8Array => new Uint8Array((hex.match(/../g) ?? []).map((b) => parseInt(b, 16)));
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

const DECK = 'CA CT CK CQ CJ C9 C8 C7 SA ST SK SQ SJ S9 S8 S7 HA HT HK HQ HJ H9 H8 H7 DA DT DK DQ DJ D9 D8 D7'.split(' ');

/** The hands (forehand first) and skat the scheme deals from these seeds. */
export function dealtBySeeds(serverSeedHex: string, dealId: string, clientSeeds: readonly (string | null)[]): { hands: string[][]; skat: string[] } {
  const key = fromHex(serverSeedHex);
  const context = sha256(concat(lp(utf8('skat-ledger-fair-v1')), lp(utf8(dealId)), ...[0, 1, 2].map((s) => lp(utf8(clientSeeds[s] ?? '')))));
  let block: Uint8Array = new Uint8Array(0);
  let at = 0;
  let counter = 0;
  const nextByte = (): number => {
    if (at === block.length) {
      block = hmacSha256(key, concat(context, u32(counter++)));
      at = 0;
    }
    return block[at++];
  };
  const below = (n: number): number => {
    for (;;) {
      const b = nextByte();
      if (b < 256 - (256 % n)) return b % n;
    }
  };
  const deck = DECK.slice();
  for (let i = 31; i >= 1; i--) {
    const j = below(i + 1);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  const hands: string[][] = [[], [], []];
  const skat: string[] = [];
  let next = 0;
  for (const round of [3, 0, 4, 3]) {
    if (round === 0) skat.push(deck[next++], deck[next++]);
    else for (let s = 0; s < 3; s++) for (let k = 0; k < round; k++) hands[s].push(deck[next++]);
  }
  return { hands, skat };
}

export interface BrowserCheck {
  readonly commitmentHolds: boolean;
  readonly cardsAgree: boolean;
}

/** The seed against the commitment, and the recomputed cards against the dealt ones (each hand and the skat as sets of cards). */
export function checkInBrowser(
  fairness: { readonly commitment: string; readonly serverSeed: string; readonly clientSeeds: readonly (string | null)[] },
  dealId: string,
  dealt: { readonly hands: readonly (readonly string[])[]; readonly skat: readonly string[] },
): BrowserCheck {
  const sorted = (cards: readonly string[]) => [...cards].sort().join(' ');
  const again = dealtBySeeds(fairness.serverSeed, dealId, fairness.clientSeeds);
  const cardsAgree = again.hands.every((h, s) => sorted(h) === sorted(dealt.hands[s] ?? [])) && sorted(again.skat) === sorted(dealt.skat);
  return { commitmentHolds: toHex(sha256(fromHex(fairness.serverSeed))) === fairness.commitment, cardsAgree };
}
