import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFairDeal } from '../../src/deal/fair-deal-check';
import { seedStreamName, type CardsDealtData } from '../../src/deal/events';
import type { NewEvent, RecordedEvent } from '../../src/event-store/event-store';
import { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';
import { eventStoreDealSource } from '../../src/archive/export/deal-stream-source';
import { dealRecordOfEvents } from '../../src/archive/ndjson/deal-record';
import { commitmentOf, fairDeck } from '../../src/rules/fair-shuffle';
import type { Perspective } from '../../src/projections/replay-frames/replay-frame';
import { ctx, playOut } from '../projections/helpers';

/**
 * A second verifier, written from docs/fair-dealing.md alone (it shares no code with
 * src/rules/fair-shuffle.ts beyond node's SHA-256 and HMAC): the context, the counter-mode byte
 * stream, rejection sampling, Fisher-Yates over the listed deck order, and 3-skat-4-3 dealing.
 */
function docVerifier(serverSeedHex: string, dealId: string, seeds: readonly (string | null)[]): { hands: string[][]; skat: string[] } {
  const u32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
  const lp = (text: string) => {
    const b = Buffer.from(text, 'utf8');
    return Buffer.concat([u32(b.length), b]);
  };
  const context = createHash('sha256')
    .update(Buffer.concat([lp('skat-ledger-fair-v1'), lp(dealId), lp(seeds[0] ?? ''), lp(seeds[1] ?? ''), lp(seeds[2] ?? '')]))
    .digest();
  const key = Buffer.from(serverSeedHex, 'hex');
  const bytes: number[] = [];
  let counter = 0;
  const next = (): number => {
    if (bytes.length === 0)
      bytes.push(
        ...createHmac('sha256', key)
          .update(Buffer.concat([context, u32(counter++)]))
          .digest(),
      );
    return bytes.shift() as number;
  };
  const below = (n: number): number => {
    for (;;) {
      const b = next();
      if (b < 256 - (256 % n)) return b % n;
    }
  };
  const deck = 'CA CT CK CQ CJ C9 C8 C7 SA ST SK SQ SJ S9 S8 S7 HA HT HK HQ HJ H9 H8 H7 DA DT DK DQ DJ D9 D8 D7'.split(' ');
  for (let i = 31; i >= 1; i--) {
    const j = below(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  // 3-skat-4-3 from index 0: each seat 3, the skat 2, each seat 4, each seat 3.
  const hands: string[][] = [[], [], []];
  const skat: string[] = [];
  let at = 0;
  for (const round of [3, 'skat', 4, 3] as const) {
    if (round === 'skat') skat.push(deck[at++], deck[at++]);
    else for (let s = 0; s < 3; s++) for (let k = 0; k < round; k++) hands[s].push(deck[at++]);
  }
  return { hands, skat };
}

const SEATS: Perspective[] = [{ kind: 'public' }, { kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'seat', seat: 2 }, { kind: 'all' }];
const start = (dealId: string, awaitClientSeeds = false) =>
  ({ type: 'StartDeal', dealId, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards: { kind: 'crypto', awaitClientSeeds } }) as const;

async function keptSeed(ledger: Ledger, dealId: string): Promise<string> {
  const read = await ledgerStore(ledger).readStream(seedStreamName(dealId));
  return (read.events[0].data as { serverSeed: string }).serverSeed;
}

/** Everything a reader could be handed about the deal before its end: events, every perspective's frames, the NDJSON line, what listeners heard. */
async function everythingServed(ledger: Ledger, dealId: string, heard: readonly RecordedEvent[]): Promise<string> {
  const parts: unknown[] = [await ledger.dealEvents(dealId), await ledger.deal(dealId), await ledger.fairDeal(dealId), heard];
  for (const p of SEATS) parts.push(await ledger.frames(dealId, {}, p));
  const events = await eventStoreDealSource(ledgerStore(ledger)).dealEvents(dealId);
  if (events.some((e) => e.type === 'CardsDealt')) parts.push(dealRecordOfEvents(events));
  return JSON.stringify(parts, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

describe('provably fair dealing (issue 28, docs/fair-dealing.md)', () => {
  let ledger: Ledger;
  let heard: RecordedEvent[];
  beforeEach(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    heard = [];
    ledger.subscribe((e) => heard.push(e));
  });
  afterEach(() => ledger.close());

  it('the test vector of the doc: the scheme and the doc verifier agree on commitment and deck', () => {
    const seed = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('hex');
    expect(commitmentOf(seed)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    const deck = fairDeck(seed, 'fair-vector-1', ['anna', null, 'cleo']);
    expect(deck.join(' ')).toBe('SQ ST SA D9 S8 S7 DA HQ SK CK SJ HA CJ DJ HK DT D8 DK H8 CA H7 CQ C9 C7 HJ H9 C8 D7 DQ S9 HT CT');
    const doc = docVerifier(seed, 'fair-vector-1', ['anna', null, 'cleo']);
    expect(doc.skat).toEqual(deck.slice(9, 11));
    expect(doc.hands[0]).toEqual([...deck.slice(0, 3), ...deck.slice(11, 15), ...deck.slice(23, 26)]);
  });

  it('R4: the commitment is appended before the cards, the seed revealed after the end, and the deal verifies (both verifiers)', async () => {
    await ledger.execute(start('f1'), ctx());
    const before = (await ledger.dealEvents('f1')).map((e) => e.type);
    expect(before).toEqual(['DealStarted', 'ShuffleCommitted', 'CardsDealt']);
    expect((await ledger.fairDeal('f1'))?.verdict).toBe('pending');
    const seed = await keptSeed(ledger, 'f1');
    expect(await everythingServed(ledger, 'f1', heard)).not.toContain(seed);
    await playOut(ledger, 'f1', 'fair-1');
    const events = await ledger.dealEvents('f1');
    const types = events.map((e) => e.type);
    expect(types.indexOf('ServerSeedRevealed')).toBeGreaterThan(types.indexOf('DealScored'));
    const check = await ledger.fairDeal('f1');
    expect(check).toMatchObject({ verdict: 'verified', serverSeed: seed, problems: [] });
    const dealt = events.find((e) => e.type === 'CardsDealt')?.data as CardsDealtData;
    expect(docVerifier(seed, 'f1', [null, null, null])).toEqual({ hands: dealt.hands, skat: dealt.skat });
    // No listener ever heard the secret stream.
    expect(heard.some((e) => e.streamName === seedStreamName('f1'))).toBe(false);
  });

  it('client seeds before the deal: every view before the end holds no seed; the third seed deals; refused after the cards (L31)', async () => {
    await ledger.execute(start('f2', true), ctx());
    expect((await ledger.dealEvents('f2')).map((e) => e.type)).toEqual(['DealStarted', 'ShuffleCommitted']);
    expect(await ledger.frames('f2', {}, { kind: 'all' })).toEqual([]);
    await ledger.execute({ type: 'AddClientSeed', dealId: 'f2', seat: 0, seed: 'Anna würfelt' }, ctx('Anna'));
    await expect(ledger.execute({ type: 'AddClientSeed', dealId: 'f2', seat: 0, seed: 'again' }, ctx('Anna'))).rejects.toThrow(/L31/);
    await expect(ledger.execute({ type: 'AddClientSeed', dealId: 'f2', seat: 1, seed: 'a\u0000b' }, ctx('Ben'))).rejects.toThrow(/L31/);
    await ledger.execute({ type: 'AddClientSeed', dealId: 'f2', seat: 1, seed: 'ben-42' }, ctx('Ben'));
    const seed = await keptSeed(ledger, 'f2');
    expect(await everythingServed(ledger, 'f2', heard)).not.toContain(seed);
    await ledger.execute({ type: 'AddClientSeed', dealId: 'f2', seat: 2, seed: '🂡 cleo' }, ctx('Cleo'));
    expect((await ledger.dealEvents('f2')).slice(-2).map((e) => e.type)).toEqual(['ClientSeedAdded', 'CardsDealt']);
    await expect(ledger.execute({ type: 'DealCards', dealId: 'f2' }, ctx())).rejects.toThrow(/L31/);
    expect(await everythingServed(ledger, 'f2', heard)).not.toContain(seed);
    await playOut(ledger, 'f2', 'fair-2');
    const check = await ledger.fairDeal('f2');
    expect(check).toMatchObject({ verdict: 'verified', clientSeeds: ['Anna würfelt', 'ben-42', '🂡 cleo'] });
    const dealt = (await ledger.dealEvents('f2')).find((e) => e.type === 'CardsDealt')?.data as CardsDealtData;
    expect(docVerifier(seed, 'f2', ['Anna würfelt', 'ben-42', '🂡 cleo'])).toEqual({ hands: dealt.hands, skat: dealt.skat });
  });

  it('dealCards deals with the seeds given so far', async () => {
    await ledger.execute(start('f3', true), ctx());
    await ledger.execute({ type: 'AddClientSeed', dealId: 'f3', seat: 2, seed: 'only-cleo' }, ctx('Cleo'));
    await ledger.execute({ type: 'DealCards', dealId: 'f3' }, ctx());
    await playOut(ledger, 'f3', 'fair-3');
    expect(await ledger.fairDeal('f3')).toMatchObject({ verdict: 'verified', clientSeeds: [null, null, 'only-cleo'] });
  });

  it('verification fails for any change of a hand, the skat, a client seed or the revealed seed', async () => {
    await ledger.execute(start('f4', true), ctx());
    await ledger.execute({ type: 'AddClientSeed', dealId: 'f4', seat: 1, seed: 'ben' }, ctx('Ben'));
    await ledger.execute({ type: 'DealCards', dealId: 'f4' }, ctx());
    await playOut(ledger, 'f4', 'fair-4');
    const events = (await ledger.dealEvents('f4')).map((e) => ({ type: e.type, data: e.data }));
    expect(checkFairDeal(events).verdict).toBe('verified');
    const changed = (type: string, change: (data: Record<string, unknown>) => Record<string, unknown>) =>
      events.map((e) => (e.type === type ? { ...e, data: change(e.data as Record<string, unknown>) } : e));
    const dealt = events.find((e) => e.type === 'CardsDealt')?.data as CardsDealtData;
    const h = dealt.hands.map((x) => [...x]);
    // Two cards swapped between forehand and middlehand; two cards within one hand; a hand card with a skat card.
    const swapped = (() => {
      const c = h.map((x) => [...x]);
      [c[0][0], c[1][0]] = [c[1][0], c[0][0]];
      return c;
    })();
    const reordered = (() => {
      const c = h.map((x) => [...x]);
      [c[2][0], c[2][1]] = [c[2][1], c[2][0]];
      return c;
    })();
    const withSkat = (() => {
      const c = h.map((x) => [...x]);
      const skat = [...dealt.skat];
      [c[1][3], skat[0]] = [skat[0], c[1][3]];
      return { hands: c, skat };
    })();
    const variants = [
      changed('CardsDealt', (d) => ({ ...d, hands: swapped })),
      changed('CardsDealt', (d) => ({ ...d, hands: reordered })),
      changed('CardsDealt', (d) => ({ ...d, ...withSkat })),
      changed('CardsDealt', (d) => ({ ...d, skat: [dealt.skat[1], dealt.skat[0]] })),
      changed('ClientSeedAdded', (d) => ({ ...d, seed: 'bem' })),
      changed('ClientSeedAdded', (d) => ({ ...d, seat: 0 })),
      changed('ServerSeedRevealed', (d) => ({ serverSeed: `${(d.serverSeed as string).slice(0, 63)}${(d.serverSeed as string).endsWith('0') ? '1' : '0'}` })),
      changed('ShuffleCommitted', (d) => ({ ...d, commitment: '0'.repeat(64) })),
    ];
    for (const v of variants) expect(checkFairDeal(v).verdict).toBe('mismatch');
    // The doc verifier, too, disagrees with every changed record.
    const seed = (events.find((e) => e.type === 'ServerSeedRevealed')?.data as { serverSeed: string }).serverSeed;
    expect(docVerifier(seed, 'f4', [null, 'bem', null])).not.toEqual({ hands: dealt.hands, skat: dealt.skat });
    expect(docVerifier(seed, 'f4', [null, 'ben', null])).toEqual({ hands: dealt.hands, skat: dealt.skat });
  });

  it('given and seeded cards are no server shuffle; a crypto deal without commitment is unverifiable', () => {
    expect(checkFairDeal([{ type: 'CardsDealt', data: { hands: [[], [], []], skat: [], shuffle: 'given' } }]).verdict).toBe('notServerShuffled');
    expect(checkFairDeal([{ type: 'CardsDealt', data: { hands: [[], [], []], skat: [], shuffle: 'crypto' } }]).verdict).toBe('unverifiable');
  });
});

/** A deal's events as they could be appended to another store (the hash chain is that store's own). */
const streamOnly = (events: readonly RecordedEvent[]): NewEvent[] =>
  events.map((e) => {
    const { hash: _h, prevHash: _p, ...metadata } = e.metadata as unknown as Record<string, string>;
    return { type: e.type, data: e.data, metadata: metadata as unknown as NewEvent['metadata'] };
  });

describe('fair dealing across a restart and with a lost seed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fair-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a restart finds the kept seed: the deal still verifies', async () => {
    const storeUrl = `sqlite:${join(dir, 'restart.db')}`;
    const first = await Ledger.open({ storeUrl });
    await first.execute(start('r1', true), ctx());
    await first.execute({ type: 'AddClientSeed', dealId: 'r1', seat: 0, seed: 'anna' }, ctx('Anna'));
    await first.close();
    const second = await Ledger.open({ storeUrl });
    try {
      await second.execute({ type: 'DealCards', dealId: 'r1' }, ctx());
      await playOut(second, 'r1', 'restart');
      expect((await second.fairDeal('r1'))?.verdict).toBe('verified');
    } finally {
      await second.close();
    }
  });

  it('a deal whose seed is not kept ends with ServerSeedLost and is unverifiable, never verified', async () => {
    const origin = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    const copy = await Ledger.open({ storeUrl: 'sqlite::memory:' });
    try {
      await origin.execute(start('l1'), ctx());
      // The deal's stream alone (as a restore without the secret streams would have it).
      await copy.appendDealEvents('l1', streamOnly(await origin.dealEvents('l1')));
      await copy.appendedInBulk();
      await playOut(copy, 'l1', 'lost');
      const types = (await copy.dealEvents('l1')).map((e) => e.type);
      expect(types).toContain('ServerSeedLost');
      expect(types).not.toContain('ServerSeedRevealed');
      expect(await copy.fairDeal('l1')).toMatchObject({ verdict: 'unverifiable', serverSeed: null });
      // Cards still waiting when the seed is lost are dealt from a fresh seed, marked unverifiable.
      await origin.execute(start('l2', true), ctx());
      await copy.appendDealEvents('l2', streamOnly(await origin.dealEvents('l2')));
      await copy.appendedInBulk();
      await copy.execute({ type: 'DealCards', dealId: 'l2' }, ctx());
      expect((await copy.dealEvents('l2')).map((e) => e.type)).toEqual(['DealStarted', 'ShuffleCommitted', 'ServerSeedLost', 'CardsDealt']);
      await playOut(copy, 'l2', 'lost-2');
      expect((await copy.fairDeal('l2'))?.verdict).toBe('unverifiable');
    } finally {
      await origin.close();
      await copy.close();
    }
  });
});
