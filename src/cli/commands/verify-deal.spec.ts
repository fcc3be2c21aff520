import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readTextForm, writeTextForm, type TextFormEvent } from '../../event-store/sqlite/stored-text-form';
import { Ledger } from '../../ledger/ledger';
import { ctx, playOut } from '../../../test/projections/helpers';
import { runCliCaptured } from '../testing/captured-io';

const dir = mkdtempSync(join(tmpdir(), 'skat-verify-deal-'));
const file = join(dir, 'store.db');
const store = `sqlite:${file}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const ledger = await Ledger.open({ storeUrl: store });
  const start = (dealId: string, cards: unknown) =>
    ledger.execute({ type: 'StartDeal', dealId, dealer: 'Cleo', players: ['Anna', 'Ben', 'Cleo'], cards } as never, ctx());
  await start('v1', { kind: 'crypto', awaitClientSeeds: true });
  await ledger.execute({ type: 'AddClientSeed', dealId: 'v1', seat: 2, seed: 'cleo' }, ctx('Cleo'));
  await ledger.execute({ type: 'DealCards', dealId: 'v1' }, ctx());
  await playOut(ledger, 'v1', 'cli');
  await start('v2', { kind: 'crypto' });
  await start('v3', { kind: 'seeded', seed: 's' });
  await ledger.close();
});

describe('skat-ledger verify-deal (issue 28, docs/fair-dealing.md)', () => {
  it('exit 0 and VERIFIED for a fair deal played to its end, with its seeds', async () => {
    const r = await runCliCaptured(['verify-deal', '--store', store, 'v1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^deal v1: VERIFIED/);
    expect(r.stdout).toContain('client seed  seat 2: "cleo"');
    const json = JSON.parse((await runCliCaptured(['verify-deal', '--store', store, '--json', 'v1'])).stdout);
    expect(json).toMatchObject({ dealId: 'v1', verdict: 'verified', clientSeeds: [null, null, 'cleo'], problems: [] });
  });

  it('exit 1 for a deal still in play (its seed secret) and for seeded cards; exit 2 for no such deal', async () => {
    expect(await runCliCaptured(['verify-deal', '--store', store, 'v2'])).toMatchObject({ code: 1, stdout: expect.stringMatching(/PENDING/) });
    expect(await runCliCaptured(['verify-deal', '--store', store, 'v3'])).toMatchObject({ code: 1, stdout: expect.stringMatching(/NOTSERVERSHUFFLED/) });
    expect((await runCliCaptured(['verify-deal', '--store', store, 'nope'])).code).toBe(2);
    expect((await runCliCaptured(['verify-deal', '--store', store])).code).toBe(2);
  });

  it('exit 1 and MISMATCH once a dealt card in the store was changed', async () => {
    const db = new Database(file);
    let revision = 0;
    while (readTextForm(db, { streamName: 'deal-v1', revision })?.type !== 'CardsDealt') revision++;
    const row = readTextForm(db, { streamName: 'deal-v1', revision }) as TextFormEvent;
    const data = JSON.parse(row.data) as { hands: string[][] };
    [data.hands[0][0], data.hands[1][0]] = [data.hands[1][0], data.hands[0][0]];
    writeTextForm(db, row.position, { data: JSON.stringify(data) });
    db.close();
    const r = await runCliCaptured(['verify-deal', '--store', store, 'v1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/MISMATCH[\s\S]*forehand holds/);
  });
});
