import { settingsFromEnv } from './api-settings';

const given = { tokenSecret: Buffer.from('0123456789abcdef0123456789abcdef'), storeUrl: 'sqlite::memory:' };

describe('settingsFromEnv: the caches', () => {
  it('keeps 1,000 deals of frames and answers repeats for 1 s unless told otherwise', () => {
    const s = settingsFromEnv({}, given);
    expect(s.frameCacheDeals).toBe(1000);
    expect(s.responseCacheMs).toBe(1000);
  });

  it('reads SKAT_LEDGER_FRAME_CACHE and SKAT_LEDGER_RESPONSE_CACHE_MS (0 turns each off)', () => {
    const s = settingsFromEnv({ SKAT_LEDGER_FRAME_CACHE: '0', SKAT_LEDGER_RESPONSE_CACHE_MS: '250' }, given);
    expect(s.frameCacheDeals).toBe(0);
    expect(s.responseCacheMs).toBe(250);
  });

  it('warms up with 2,000 requests before listening unless SKAT_LEDGER_WARM_UP says otherwise (0: none)', () => {
    expect(settingsFromEnv({}, given).warmUpRequests).toBe(2000);
    expect(settingsFromEnv({ SKAT_LEDGER_WARM_UP: '0' }, given).warmUpRequests).toBe(0);
    expect(() => settingsFromEnv({ SKAT_LEDGER_WARM_UP: 'some' }, given)).toThrow('SKAT_LEDGER_WARM_UP must be a whole number of requests, got some');
  });

  it.each([['-1'], ['1.5'], ['lots']])('refuses SKAT_LEDGER_FRAME_CACHE=%s with the variable named', (value) => {
    expect(() => settingsFromEnv({ SKAT_LEDGER_FRAME_CACHE: value }, given)).toThrow(`SKAT_LEDGER_FRAME_CACHE must be a whole number of entries, got ${value}`);
  });
});
