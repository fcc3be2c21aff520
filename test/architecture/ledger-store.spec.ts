import { Ledger } from '../../src/ledger/ledger';
import { ledgerStore } from '../../src/ledger/store-port';

/**
 * The ledger's store is its own (issue #25 item 4): the field is `#store`, so neither the compiler
 * nor the running program hands it out. The shell asks the ledger's methods; the archive and tests
 * use the named port ledgerStore (src/ledger/store-port.ts), which the shell may not import
 * (import-directions.spec.ts). `npm run typecheck` holds the lines marked @ts-expect-error: were
 * the store reachable by name again, they would compile and the typecheck would fail.
 */
describe("the ledger's store (issue #25 item 4)", () => {
  let ledger: Ledger;
  beforeAll(async () => {
    ledger = await Ledger.open({ storeUrl: 'sqlite::memory:' });
  });
  afterAll(() => ledger.close());

  it('is no member of the Ledger, neither by name nor by index nor destructured', () => {
    // @ts-expect-error the store is private to the Ledger (#store)
    expect(ledger.store).toBeUndefined();
    // @ts-expect-error not by index either (a TypeScript `private` would let this through)
    expect(ledger['store']).toBeUndefined();
    // @ts-expect-error nor destructured
    const { store } = ledger;
    expect(store).toBeUndefined();
    const store2 = ledgerStore(ledger);
    expect(Object.values(ledger)).not.toContain(store2);
  });

  it('is reached through the named port, by the archive and tests', async () => {
    const store = ledgerStore(ledger);
    expect((await store.readStream('deal-none')).exists).toBe(false);
    expect(() => ledgerStore({})).toThrow('not an open Ledger');
  });
});
