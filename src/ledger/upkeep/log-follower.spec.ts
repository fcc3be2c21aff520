import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, RecordedEvent } from '../../event-store/event-store';
import { openEventStore } from '../../event-store/store-url';
import { LogFollower } from './log-follower';

const event = (n: number) => ({ type: 'Noted', data: { n }, metadata: { eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` } });
const settle = (ms = 80) => new Promise((r) => setTimeout(r, ms));

describe('LogFollower', () => {
  let dir: string;
  let mine: EventStore;
  let theirs: EventStore;
  let follower: LogFollower;
  const seen: RecordedEvent[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skat-follower-'));
    mine = await openEventStore(`sqlite:${join(dir, 'log.db')}`);
    theirs = await openEventStore(`sqlite:${join(dir, 'log.db')}`);
    seen.length = 0;
    follower = new LogFollower(mine, { deliver: (e) => seen.push(e), near: () => undefined }, 10);
  });

  afterEach(async () => {
    follower.stop();
    await mine.dispose();
    await theirs.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const data = () => seen.map((e) => (e.data as { n: number }).n);

  it('starts at the head: nothing recorded before start is delivered', async () => {
    await mine.appendToStream('s-1', [event(1), event(2)], { expectedRevision: 'noStream' });
    follower.start();
    await follower.deliverNew();
    expect(seen).toEqual([]);
  });

  it('delivers own appends once each, in order, however often it is asked', async () => {
    follower.start();
    await mine.appendToStream('s-1', [event(1), event(2)], { expectedRevision: 'noStream' });
    await Promise.all([follower.deliverNew(), follower.deliverNew(), follower.deliverNew()]);
    await mine.appendToStream('s-2', [event(3)], { expectedRevision: 'noStream' });
    await follower.deliverNew();
    await settle();
    expect(data()).toEqual([1, 2, 3]);
  });

  it("picks up another writer's appends by itself, in log order with its own", async () => {
    follower.start();
    await follower.deliverNew();
    await theirs.appendToStream('s-1', [event(1)], { expectedRevision: 'noStream' });
    await mine.appendToStream('s-1', [event(2)], { expectedRevision: 0n });
    await follower.deliverNew(); // as the Ledger does after its own command: theirs comes first
    expect(data()).toEqual([1, 2]);
    await theirs.appendToStream('s-1', [event(3)], { expectedRevision: 1n });
    await settle();
    expect(data()).toEqual([1, 2, 3]);
  });

  it('delivers nothing after stop', async () => {
    follower.start();
    await follower.deliverNew();
    follower.stop();
    await theirs.appendToStream('s-1', [event(1)], { expectedRevision: 'noStream' });
    await settle();
    await follower.deliverNew();
    expect(seen).toEqual([]);
  });
});
