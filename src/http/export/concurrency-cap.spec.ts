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
