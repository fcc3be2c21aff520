/**
 * The NDJSON export written in blocks of lines (issue 29 item 2): the same text as the line-by-line
 * path, byte for byte, over a store of generated deals (the ISS corpus repeated with fresh IDs);
 * blocks of whole lines, bounded in size, handed on before each read of the store; written with
 * backpressure, so a reader that does not keep up holds the writer at one block beyond its buffer.
 */
import { Writable } from 'node:stream';
import { openEventStore } from '../../src/event-store/store-url';
import type { EventStore } from '../../src/event-store/event-store';
import { importIssText } from '../../src/archive/import/import-iss';
import { eventStoreDealSource, type DealStreamSource } from '../../src/archive/export/deal-stream-source';
import { NDJSON_BLOCK_CHARS, ndjsonDealBlocks, ndjsonDealLines, writeLines } from '../../src/archive/ndjson/ndjson-writer';
import type { DealExportFilter } from '../../src/archive/ndjson/deal-filter';
import { storeImportTarget } from './support/store-import-target';
import { collect, corpusCopies } from './support/corpus-copies';

/** The corpus 8 times with fresh IDs: 264 deals, several reads of 100 and many blocks. */
const COPIES = 8;
const { corpus, records } = corpusCopies(COPIES);

/** The source with each read counted (reads: calls of dealEventsOfMany or dealEvents so far). */
function counted(source: DealStreamSource, withMany: boolean): DealStreamSource & { reads: number } {
  const c = {
    reads: 0,
    dealIds: (options?: { readonly tableId?: string }) => source.dealIds(options),
    dealEvents: (dealId: string) => {
      c.reads++;
      return source.dealEvents(dealId);
    },
    ...(withMany && source.dealEventsOfMany
      ? {
          dealEventsOfMany: (dealIds: readonly string[]) => {
            c.reads++;
            return source.dealEventsOfMany!(dealIds);
          },
        }
      : {}),
  };
  return c;
}

describe('NDJSON export in blocks of lines (issue 29)', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await openEventStore('sqlite::memory:');
    const summary = await importIssText(storeImportTarget(store), records);
    expect(summary.imported).toBe(corpus.length * COPIES);
  }, 60_000);
  afterAll(async () => {
    await store.dispose();
  });

  const filters: [string, DealExportFilter][] = [
    ['every deal', {}],
    ['a game type', { gameType: 'grand' }],
  ];
  for (const [name, filter] of filters) {
    it(`${name}: the blocks are the lines' text, byte for byte, read many at once or one by one`, async () => {
      const lines = (await collect(ndjsonDealLines(eventStoreDealSource(store), filter))).join('');
      expect(lines.length).toBeGreaterThan(0);
      for (const withMany of [true, false]) {
        const blocks = await collect(ndjsonDealBlocks(counted(eventStoreDealSource(store), withMany), filter));
        expect(blocks.join('')).toBe(lines);
      }
    });
  }

  it('a block is whole lines, at most one line beyond NDJSON_BLOCK_CHARS, and each read lets the ready lines leave first', async () => {
    const source = counted(eventStoreDealSource(store), true);
    const readsAtBlock: number[] = [];
    const blocks: string[] = [];
    for await (const block of ndjsonDealBlocks(source)) {
      readsAtBlock.push(source.reads);
      blocks.push(block);
    }
    const longest = Math.max(
      ...blocks
        .join('')
        .split('\n')
        .map((l) => l.length + 1),
    );
    expect(blocks.length).toBeGreaterThan(3);
    for (const block of blocks) {
      expect(block.endsWith('\n')).toBe(true);
      expect(block.length).toBeLessThan(NDJSON_BLOCK_CHARS + longest);
    }
    // 264 deals: three reads of 100, 100 and 64; the first read's lines leave before the second read.
    expect(source.reads).toBe(3);
    expect(readsAtBlock[0]).toBe(1);
    expect(new Set(readsAtBlock)).toEqual(new Set([1, 2, 3]));
  });

  it('one deal per read (a source without batch reads): each line leaves before the next read', async () => {
    const source = counted(eventStoreDealSource(store), false);
    const readsAtBlock: number[] = [];
    for await (const block of ndjsonDealBlocks(source)) {
      readsAtBlock.push(source.reads);
      expect(block.split('\n')).toHaveLength(2);
    }
    expect(readsAtBlock).toEqual(readsAtBlock.map((_, i) => i + 1));
  });

  it('writeLines writes the blocks with backpressure: a slow reader never has more than its buffer and one block waiting', async () => {
    const highWaterMark = 16 * 1024;
    let text = '';
    let mostWaiting = 0;
    const out = new Writable({
      highWaterMark,
      decodeStrings: false,
      write(chunk: string, _encoding, done) {
        text += chunk;
        // Slow: each write is taken a turn later.
        setImmediate(done);
      },
    });
    const original = out.write.bind(out);
    out.write = ((chunk: string, ...rest: never[]) => {
      const ok = original(chunk, ...rest);
      mostWaiting = Math.max(mostWaiting, out.writableLength);
      return ok;
    }) as typeof out.write;
    const written = await writeLines(out, ndjsonDealBlocks(eventStoreDealSource(store)));
    await new Promise<void>((resolve) => out.end(resolve));
    expect(text).toBe((await collect(ndjsonDealLines(eventStoreDealSource(store)))).join(''));
    expect(written).toBeGreaterThan(3);
    const longest = Math.max(...text.split('\n').map((l) => l.length + 1));
    expect(mostWaiting).toBeLessThan(highWaterMark + NDJSON_BLOCK_CHARS + longest);
  });
});
