/** Rows read back as events: what is derived (prevHash, revision, id) is the same however a read falls. */
import { randomUUID } from 'node:crypto';
import { eventIdFor } from '../event-ids';
import type { RecordedEvent } from '../event-store';
import { GENESIS_HASH } from '../hash-chain';
import { openSqliteEventStore } from './sqlite-event-store';

const collect = async (it: AsyncIterable<RecordedEvent>) => {
  const out: RecordedEvent[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('SQLite store rows', () => {
  it("each event's prevHash is its stream's previous event's hash, in the log, forwards, backwards and from any revision", async () => {
    for (const pageSize of [1, 2, 3, 1000]) {
      const store = openSqliteEventStore(':memory:', { pageSize });
      const ev = (stream: string, i: number) => ({
        type: 'T',
        data: { i },
        metadata: { eventId: i % 2 ? randomUUID() : eventIdFor(`${stream}-${i}`, 0), commandId: `${stream}-${i}` },
      });
      for (let round = 0; round < 3; round++) {
        for (const stream of ['a', 'b', 'c']) {
          await store.appendToStream(stream, [ev(stream, round * 2), ev(stream, round * 2 + 1)], {
            expectedRevision: round === 0 ? 'noStream' : BigInt(round * 2 - 1),
          });
        }
      }
      const hashes = new Map<string, string>();
      for (const e of await collect(store.readAll())) {
        expect(e.metadata.prevHash).toBe(e.revision === 0n ? GENESIS_HASH : hashes.get(`${e.streamName}:${e.revision - 1n}`));
        hashes.set(`${e.streamName}:${e.revision}`, e.metadata.hash as string);
      }
      for (const stream of ['a', 'b', 'c']) {
        const forwards = (await store.readStream(stream)).events;
        expect(forwards.map((e) => Number(e.revision))).toEqual([0, 1, 2, 3, 4, 5]);
        for (const e of forwards) expect(hashes.get(`${stream}:${e.revision}`)).toBe(e.metadata.hash);
        const backwards = (await store.readStream(stream, { direction: 'backwards', fromRevision: 4n, maxCount: 3 })).events;
        expect(backwards.map((e) => [Number(e.revision), e.metadata.prevHash])).toEqual([4, 3, 2].map((r) => [r, hashes.get(`${stream}:${r - 1}`)]));
        const later = (await store.readStream(stream, { fromRevision: 3n, maxCount: 2 })).events;
        expect(later.map((e) => e.metadata)).toEqual(forwards.slice(3, 5).map((e) => e.metadata));
      }
      await store.dispose();
    }
  });
});
