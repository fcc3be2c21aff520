import { DEFAULT_PROFILE_ID, PROFILE_IDS, getProfile, houseOptionsOn } from './index';

describe('rule profiles (D4)', () => {
  it('D4 names the profiles isko (default), iss, cardgames-io, swedish-textbook, plus pre-1999', () => {
    expect(DEFAULT_PROFILE_ID).toBe('isko');
    expect(PROFILE_IDS).toEqual(['isko', 'iss', 'cardgames-io', 'swedish-textbook', 'pre-1999']);
    for (const id of PROFILE_IDS) expect(getProfile(id).id).toBe(id);
  });

  it('D4 isko: tournament rules, no house options; R36 series 36 at 3, 48 at 4', () => {
    const p = getProfile('isko');
    expect(p).toMatchObject({
      claims: 'isko',
      allPassed: 'passedIn',
      overbidLoss: 'isko',
      lostGame: 'double',
      nullOverbid: 'multipleOfNullValue',
      grandBase: 24,
    });
    expect(p.houseOptions).toEqual({ kontraRe: false, ramsch: false });
    expect(p.seriesLength).toMatchObject({ 3: 36, 4: 48 });
  });

  it('D4 iss is ISkO plus D3 claims', () => {
    expect(getProfile('iss')).toMatchObject({ claims: 'iss', overbidLoss: 'isko', lostGame: 'double' });
  });

  it('D4 cardgames-io: V1a overbid and a match of 12 deals', () => {
    expect(getProfile('cardgames-io')).toMatchObject({ overbidLoss: 'doubleReducedValue', seriesLength: { 3: 12 } });
  });

  it('D4 swedish-textbook: V2b loss and Ramsch when all pass', () => {
    expect(getProfile('swedish-textbook')).toMatchObject({ lostGame: 'addLevel', allPassed: 'ramsch', houseOptions: { ramsch: true } });
  });

  it('D4 house options switch on by name over any base profile (R40, R42)', () => {
    const p = getProfile('iss', { kontraRe: true, ramsch: true });
    expect(p).toMatchObject({ id: 'iss', claims: 'iss', allPassed: 'ramsch', houseOptions: { kontraRe: true, ramsch: true } });
    expect(houseOptionsOn(p)).toEqual(['kontraRe', 'ramsch']);
    expect(getProfile('swedish-textbook', { ramsch: false }).allPassed).toBe('passedIn');
    // The registered profile itself is left unchanged.
    expect(getProfile('iss').houseOptions.kontraRe).toBe(false);
  });

  it('D4 refuses an unknown profile id or option with a clear error', () => {
    expect(() => getProfile('skat-de')).toThrow('D4: unknown rule profile "skat-de"; known profiles: isko, iss, cardgames-io, swedish-textbook, pre-1999');
    expect(() => getProfile('isko', { kontra: true } as never)).toThrow(/unknown house option "kontra"/);
    expect(() => getProfile('isko', { ramsch: 'yes' } as never)).toThrow(/must be true or false/);
  });
});
