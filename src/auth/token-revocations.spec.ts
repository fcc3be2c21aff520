import { TokenRevocations } from './token-revocations';

describe('TokenRevocations', () => {
  it('remembers revoked token ids and tells each listener once per token', () => {
    const r = new TokenRevocations();
    const heard: string[] = [];
    const stop = r.onRevoke((id) => heard.push(id));
    r.revoke('a');
    r.revoke('a');
    expect(r.isRevoked('a')).toBe(true);
    expect(r.isRevoked('b')).toBe(false);
    stop();
    r.revoke('b');
    expect(heard).toEqual(['a']);
    expect(() => r.revoke('')).toThrow(TypeError);
  });
});
