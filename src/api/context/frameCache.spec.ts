import { isImmutable } from '../execution/immutableValues';
import type { ReplayFrameType } from '../types/frame.type';
import { FrameCache } from './frameCache';

const frames = (n: number) => [{ step: n }] as unknown as ReplayFrameType[];

describe('FrameCache', () => {
  it('keeps the most recently read entries up to its capacity and marks them immutable', () => {
    const cache = new FrameCache(2);
    const a = frames(1);
    cache.set('a', a);
    cache.set('b', frames(2));
    expect(cache.get('a')).toBe(a); // a is now the most recent
    cache.set('c', frames(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(isImmutable(a)).toBe(true);
  });

  it('keeps nothing, and marks nothing, with capacity 0', () => {
    const cache = new FrameCache(0);
    const a = frames(1);
    cache.set('a', a);
    expect(cache.get('a')).toBeUndefined();
    expect(isImmutable(a)).toBe(false);
  });
});
