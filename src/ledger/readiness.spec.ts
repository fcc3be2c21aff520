import { checkReadiness, type ReadinessProbe } from './readiness';

const never = () => new Promise<never>(() => undefined);
const probe = (overrides: Partial<ReadinessProbe>): ReadinessProbe => ({ catchUp: async () => undefined, anythingPending: async () => false, ...overrides });

describe('readiness', () => {
  it('is ready when the store answers and nothing is left after a catch-up', async () => {
    expect(await checkReadiness(probe({}), 100)).toEqual({ storeReachable: true, readModelsCaughtUp: true });
  });

  it('read models behind: events still pending after the catch-up, or a catch-up that runs past the time given', async () => {
    expect(await checkReadiness(probe({ anythingPending: async () => true }), 100)).toEqual({ storeReachable: true, readModelsCaughtUp: false });
    expect(await checkReadiness(probe({ catchUp: never }), 20)).toEqual({ storeReachable: true, readModelsCaughtUp: false });
  });

  it('a store that fails or does not answer is unreachable', async () => {
    const failing = async () => {
      throw new Error('SQLITE_CANTOPEN: /secret/path');
    };
    expect(await checkReadiness(probe({ catchUp: failing }), 100)).toEqual({ storeReachable: false, readModelsCaughtUp: false });
    expect(await checkReadiness(probe({ anythingPending: failing }), 100)).toEqual({ storeReachable: false, readModelsCaughtUp: false });
    expect(await checkReadiness(probe({ anythingPending: never }), 20)).toEqual({ storeReachable: false, readModelsCaughtUp: false });
  });
});
