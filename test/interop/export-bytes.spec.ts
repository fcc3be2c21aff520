/**
 * The exports' bytes stay the same when their reads get cheaper (issue 29 item 2): the ISS corpus
 * imported, exported as NDJSON and as ISS, compared with the text the export gave before its
 * reads parsed metadata lazily (the digests below were taken from that code) and with an export
 * whose reads parse every event's metadata eagerly, in the same run.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { openEventStore } from '../../src/event-store/store-url';
import type { EventStore, RecordedEvent } from '../../src/event-store/event-store';
import { importIssFiles } from '../../src/archive/import/import-iss';
import { eventStoreDealSource, type DealStreamSource } from '../../src/archive/export/deal-stream-source';
import { exportIssLines } from '../../src/archive/export/export-iss';
import { ndjsonDealLines } from '../../src/archive/ndjson/ndjson-writer';
import { dealStreamName } from '../../src/deal/events';
import { storeImportTarget } from './support/store-import-target';

const ISS_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'iss');
const files = readdirSync(ISS_DIR)
  .filter((f) => f.endsWith('.sgf'))
  .sort()
  .map((f) => path.join(ISS_DIR, f));

/** sha256 of the corpus's NDJSON and ISS exports, from the code before lazy metadata (commit 2d5da0f). */
const NDJSON_SHA256 = '2ce9ec3285726ae9743e8b2ec9bed2597492da85bcdb3b0b7bc9fba0ab90ed03';
const ISS_SHA256 = '3b980748e476219cb187fad8d4d6895b2e27d5279cc130792a7def391117ad4b';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function ndjsonText(source: DealStreamSource): Promise<string> {
  let text = '';
  for await (const line of ndjsonDealLines(source)) text += line;
  return text;
}

async function issText(source: DealStreamSource): Promise<string> {
  let text = '';
  for await (const l of exportIssLines(source)) text += `${l.line}\n`;
  return text;
}

/** The store's deals read with every event's metadata parsed as it is read (no lazyMetadata hint). */
function eagerSource(store: EventStore): DealStreamSource {
  const lazy = eventStoreDealSource(store);
  return {
    dealIds: (options) => lazy.dealIds(options),
    async dealEvents(dealId) {
      const read = await store.readStream(dealStreamName(dealId));
      return read.exists ? read.events : [];
    },
  };
}

describe('export bytes with lazily parsed metadata (issue 29)', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await openEventStore('sqlite::memory:');
    await importIssFiles(storeImportTarget(store), files);
  });
  afterAll(async () => {
    await store.dispose();
  });

  it('NDJSON: the same bytes as before and as an eager read', async () => {
    const text = await ndjsonText(eventStoreDealSource(store));
    expect(text.split('\n')).toHaveLength(34);
    expect(text).toBe(await ndjsonText(eagerSource(store)));
    expect(sha256(text)).toBe(NDJSON_SHA256);
  });

  it('ISS: the same bytes as before and as an eager read', async () => {
    const text = await issText(eventStoreDealSource(store));
    expect(text).toBe(await issText(eagerSource(store)));
    expect(sha256(text)).toBe(ISS_SHA256);
  });

  it('a lazily read event has the metadata an eager read gives', async () => {
    for await (const id of eventStoreDealSource(store).dealIds()) {
      const lazy = await store.readStream(dealStreamName(id), { lazyMetadata: true });
      const eager = await store.readStream(dealStreamName(id));
      const fields = (e: RecordedEvent) => [e.streamName, e.revision, e.position, e.eventId, e.type, e.data, e.metadata];
      expect(lazy.events.map(fields)).toEqual(eager.events.map(fields));
    }
  });
});
