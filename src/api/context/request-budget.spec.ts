import { RequestBudget } from './request-budget';

describe('RequestBudget (issue 13)', () => {
  it('starts its clock at the first resolver and stops the request with TIMEOUT past the deadline', async () => {
    let now = 1_000;
    const budget = new RequestBudget(50, () => now);
    now += 10_000; // parsing and validation do not count
    await budget.step();
    now += 40;
    await expect(budget.run(async () => 'done')).resolves.toBe('done');
    now += 11;
    const err = await budget.run(async () => 'too late').catch((e) => e);
    expect(err.extensions.code).toBe('TIMEOUT');
    expect(err.message).toMatch(/longer than 50 ms/);
  });

  it('runs heavy work one piece at a time, in order', async () => {
    const budget = new RequestBudget(10_000);
    const seen: string[] = [];
    const slow = (name: string, ms: number) =>
      budget.run(async () => {
        seen.push(`${name} start`);
        await new Promise((r) => setTimeout(r, ms));
        seen.push(`${name} end`);
      });
    await Promise.all([slow('a', 20), slow('b', 1)]);
    expect(seen).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
