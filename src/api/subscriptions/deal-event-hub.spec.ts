import type { Ledger } from '../../ledger/ledger';
import { DealEventHub, renderKey } from './deal-event-hub';

/** A hub over a ledger that never records anything: only renderOnce is exercised. */
const hub = () => new DealEventHub({ subscribe: () => () => undefined } as unknown as Ledger);
const event = (streamName: string, eventId: string) => ({ streamName, eventId });

describe('DealEventHub.renderOnce keys', () => {
  it('renders an event once per deal and perspective, however many subscribers ask', async () => {
    const h = hub();
    let renders = 0;
    const render = async () => ++renders;
    const e = event('deal-t1-1', 'ev-1');
    const asked = await Promise.all(Array.from({ length: 50 }, () => h.renderOnce(renderKey(e, 'dealUpdate', 't1-1', { kind: 'public' }), render)));
    expect(new Set(asked)).toEqual(new Set([1]));
    expect(renders).toBe(1);
  });

  it('never shares a render across perspectives, deals, kinds of render or scopes', async () => {
    const h = hub();
    let renders = 0;
    const render = async () => ++renders;
    const e = event('deal-t1-1', 'ev-1');
    const keys = [
      renderKey(e, 'dealUpdate', 't1-1', { kind: 'public' }),
      renderKey(e, 'dealUpdate', 't1-1', { kind: 'seat', seat: 0 }),
      renderKey(e, 'dealUpdate', 't1-1', { kind: 'all' }),
      // The same event id in another deal's stream (EventStoreDB allows it): another render.
      renderKey(event('deal-t2-1', 'ev-1'), 'dealUpdate', 't2-1', { kind: 'public' }),
      renderKey(e, 'frame', 't1-1', { kind: 'public' }),
      renderKey(e, 'summary', 't1-1'),
      renderKey(e, 'sheet', 't1'),
      renderKey(e, 'sheet', 't1-x'),
      renderKey(e, 'standings', 'cup'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    const results = await Promise.all(keys.map((k) => h.renderOnce(k, render)));
    expect(new Set(results).size).toBe(keys.length);
    expect(renders).toBe(keys.length);
  });

  it('a scope cannot be forged by the ids it holds (no separator to inject)', () => {
    expect(renderKey(event('deal-a', 'e'), 'summary', 'b\u0000frame')).not.toBe(renderKey(event('deal-a', 'e'), 'summary', 'b', 'frame'));
    expect(renderKey(event('deal-a\u0000e', 'x'), 'summary')).not.toBe(renderKey(event('deal-a', 'e\u0000x'), 'summary'));
  });

  it('a failed render is not kept: the next subscriber renders again', async () => {
    const h = hub();
    const key = renderKey(event('deal-t1-1', 'ev-2'), 'summary', 't1-1');
    await expect(h.renderOnce(key, async () => Promise.reject(new Error('store unavailable')))).rejects.toThrow('store unavailable');
    await expect(h.renderOnce(key, async () => 'ok')).resolves.toBe('ok');
  });
});
