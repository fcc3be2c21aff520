import { ResponseCache } from './response-cache';
import { viewKey } from './response-cache-plugin';

describe('ResponseCache', () => {
  it('serves a value until a write bumps the generation', () => {
    const c = new ResponseCache<string>(1000);
    c.set('k', 'v', c.stamp());
    expect(c.get('k')).toBe('v');
    c.invalidate();
    expect(c.get('k')).toBeUndefined();
  });

  it('does not keep a value computed across a write', () => {
    const c = new ResponseCache<string>(1000);
    const at = c.stamp();
    c.invalidate();
    c.set('k', 'stale', at);
    expect(c.get('k')).toBeUndefined();
  });

  it('expires values after the TTL and keeps nothing when the TTL is 0', () => {
    let t = 0;
    const c = new ResponseCache<string>(100, 10, () => t);
    c.set('k', 'v', c.stamp());
    t = 99;
    expect(c.get('k')).toBe('v');
    t = 100;
    expect(c.get('k')).toBeUndefined();
    const off = new ResponseCache<string>(0);
    off.set('k', 'v', off.stamp());
    expect(off.get('k')).toBeUndefined();
  });

  it("misses once the store's change token moves (a write by another process), and keeps nothing computed across it", () => {
    let token = 'a';
    const c = new ResponseCache<string>(60_000, 10, Date.now, () => token);
    c.set('k', 'v', c.stamp());
    expect(c.get('k')).toBe('v');
    token = 'b';
    expect(c.get('k')).toBeUndefined();
    const before = c.stamp();
    token = 'c';
    c.set('k', 'computed from b', before);
    expect(c.get('k')).toBeUndefined();
  });

  it('misses, and keeps nothing, while the store cannot give its token', () => {
    let fail = false;
    const c = new ResponseCache<string>(60_000, 10, Date.now, () => {
      if (fail) throw new Error('store closed');
      return 't';
    });
    c.set('k', 'v', c.stamp());
    fail = true;
    expect(c.get('k')).toBeUndefined();
    c.set('k', 'v', c.stamp());
    fail = false;
    expect(c.get('k')).toBeUndefined();
  });

  it('separates callers by what they may see, not by token', () => {
    expect(viewKey({ role: 'player', player: 'Anna', tokenId: 'a', key: 'x' })).toBe(viewKey({ role: 'player', player: 'Anna', tokenId: 'b', key: 'y' }));
    expect(viewKey({ role: 'player', player: 'Anna', tokenId: 'a', key: 'x' })).not.toBe(viewKey({ role: 'player', player: 'Ben', tokenId: 'a', key: 'x' }));
    expect(viewKey({ role: 'anonymous', key: 'anon:1' })).toBe(viewKey({ role: 'anonymous', key: 'anon:2' }));
  });
});
