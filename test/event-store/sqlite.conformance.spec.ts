import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '../../src/event-store/store-url';
import { describeEventStoreConformance } from './conformance';

describeEventStoreConformance('SQLite in memory', (options) => openEventStore('sqlite::memory:', options));

describe('on a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skat-conformance-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // One file shared by every store the suite opens, as in production; a short poll keeps live waits brief.
  describeEventStoreConformance('SQLite file (WAL)', (options) =>
    openEventStore(`sqlite:${join(dir, 'nested', 'store.db')}`, { ...options, sqlite: { pollIntervalMs: 20 } }),
  );
});
