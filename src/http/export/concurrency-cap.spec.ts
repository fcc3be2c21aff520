import { ConcurrencyCap } from './concurrency-cap';

describe('ConcurrencyCap', () => {
  it('admits up to the total and the per-key limit, and frees a slot once per release', () => {
    const cap = new ConcurrencyCap(2, 1);
    const a = cap.acquire('a');
    expect(a).not.toBeNull();
    expect(cap.acquire('a')).toBeNull(); // per key
    const b = cap.acquire('b');
    expect(cap.acquire('c')).toBeNull(); // in all
    a!();
    a!();
    expect(cap.running).toBe(1);
    expect(cap.acquire('c')).not.toBeNull();
    b!();
  });
});

describe('ConcurrencyCap: the anonymous share (issue 24 item 2)', () => {
  it('admits anonymous callers together up to their share, leaving the rest to token holders', () => {
    const cap = new ConcurrencyCap(2, 1, 1);
    const anon = cap.acquire('anon:1.2.3.4', true);
    expect(anon).not.toBeNull();
    expect(cap.acquire('anon:5.6.7.8', true)).toBeNull();
    expect(cap.acquire('token:t1')).not.toBeNull();
    anon!();
    expect(cap.acquire('anon:5.6.7.8', true)).not.toBeNull();
  });
});
