/**
 * What provably fair dealing adds to a deal's start (issue 28: at most 1 ms). Two measures:
 * 1. the scheme alone: a fresh seed, its commitment and the HMAC-driven Fisher-Yates, against
 *    the plain CSPRNG Fisher-Yates a crypto start did before (`shuffledDeck`, its baseline);
 * 2. a whole StartDeal through the Ledger on a SQLite file store: a server shuffle (commitment,
 *    cards and the kept seed's stream in one transaction) against the same start with the cards
 *    given (no seed, one stream).
 * `npm run bench -- fair-dealing` (DEALS=400 by default). Exit code 1 when the scheme adds > 1 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Ledger } from '../../src/ledger/ledger';
import { shuffledDeck } from '../../src/rules/deck';
import { commitmentOf, fairDeck } from '../../src/rules/fair-shuffle';
import { dealFromDeck } from '../../src/rules/dealing';

const DEALS = Number(process.env.DEALS ?? 400);
const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

function perCall(run: () => void, n: number): number {
  for (let i = 0; i < 1000; i++) run();
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t = now();
    for (let i = 0; i < n; i++) run();
    rounds.push(((now() - t) / n) * 1000);
  }
  return median(rounds);
}

async function main(): Promise<void> {
  let sink = 0;
  const plainUs = perCall(() => {
    sink += shuffledDeck().length;
  }, 20_000);
  const fairUs = perCall(() => {
    const seed = randomBytes(32).toString('hex');
    sink += commitmentOf(seed).length + fairDeck(seed, 'bench-deal', ['anna', null, 'cleo']).length;
  }, 20_000);
  console.log(`scheme alone: CSPRNG Fisher-Yates ${plainUs.toFixed(1)} µs, fair (seed + commitment + HMAC Fisher-Yates) ${fairUs.toFixed(1)} µs per deck`);

  const dir = mkdtempSync(join(tmpdir(), 'fair-bench-'));
  const ledger = await Ledger.open({ storeUrl: `sqlite:${join(dir, 'store.db')}` });
  try {
    const dealt = dealFromDeck(shuffledDeck());
    if (!dealt.ok) throw new Error(dealt.refusal.reason);
    const given = { kind: 'given', hands: dealt.value.hands, skat: dealt.value.skat } as const;
    const timed = async (id: string, cards: unknown): Promise<number> => {
      const t = now();
      await ledger.execute(
        { type: 'StartDeal', dealId: id, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards: cards as typeof given },
        { commandId: `start-${id}`, actorId: 'bench' },
      );
      return now() - t;
    };
    const givenMs: number[] = [];
    const fairMs: number[] = [];
    // Interleaved, so that both see the same store size and machine load.
    for (let i = 0; i < DEALS; i++) {
      givenMs.push(await timed(`g${i}`, given));
      fairMs.push(await timed(`f${i}`, { kind: 'crypto' }));
    }
    const g = median(givenMs.slice(50));
    const f = median(fairMs.slice(50));
    console.log(
      `StartDeal on a SQLite file: given cards ${g.toFixed(3)} ms, fair server shuffle ${f.toFixed(3)} ms (median of ${DEALS - 50}); added ${(f - g).toFixed(3)} ms`,
    );
    const added = Math.max(f - g, (fairUs - plainUs) / 1000);
    if (added > 1) {
      console.log(`FAIL: the scheme adds ${added.toFixed(3)} ms to a deal's start (limit 1 ms)`);
      process.exitCode = 1;
    }
  } finally {
    await ledger.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (sink === 42) console.log('');
}

void main();
