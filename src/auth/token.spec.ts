import { issueToken, verifyToken, InvalidTokenError } from './token';

const secret = Buffer.from('a-test-secret-of-enough-length');

describe('API tokens (HMAC-SHA256)', () => {
  it('round-trips the claims of a signed token', () => {
    const t = issueToken(secret, { role: 'player', player: 'Anna' });
    const c = verifyToken(secret, t);
    expect(c).toMatchObject({ role: 'player', player: 'Anna' });
    expect(typeof c.jti).toBe('string');
  });

  it('refuses a token signed with another secret', () => {
    const t = issueToken(Buffer.from('another-secret-of-enough-length'), { role: 'admin' });
    expect(() => verifyToken(secret, t)).toThrow(InvalidTokenError);
  });

  it('refuses a token whose payload was altered (role raised)', () => {
    const t = issueToken(secret, { role: 'player', player: 'Anna' });
    const [p, , s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ role: 'admin', jti: 'x', iat: 1 })).toString('base64url');
    expect(() => verifyToken(secret, `${p}.${forged}.${s}`)).toThrow(/bad signature/);
  });

  it('refuses malformed and expired tokens', () => {
    for (const bad of ['', 'abc', 'skl1..', 'skl1.e30.', 'x'.repeat(5000)]) expect(() => verifyToken(secret, bad)).toThrow(InvalidTokenError);
    const t = issueToken(secret, { role: 'admin', ttlSeconds: 1 }, new Date('2020-01-01T00:00:00Z'));
    expect(() => verifyToken(secret, t, new Date('2020-01-01T00:00:02Z'))).toThrow(/expired/);
  });

  it('requires --player for players and --table for recorders', () => {
    expect(() => issueToken(secret, { role: 'player' })).toThrow(/player/);
    expect(() => issueToken(secret, { role: 'recorder' })).toThrow(/table/);
  });
});
