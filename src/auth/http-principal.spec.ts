import type { IncomingMessage } from 'node:http';
import { httpPrincipal } from './http-principal';
import { parseProxyTrust } from './client-address';
import { issueToken } from './token';
import { TokenRevocations } from './token-revocations';

const SECRET = Buffer.from('http-principal-secret-0123456789');
const socket = (remoteAddress: string) => ({ remoteAddress });
const request = (sock: object, headers: Record<string, string> = {}) => ({ socket: sock, headers }) as unknown as IncomingMessage;

describe('httpPrincipal', () => {
  it('keys an anonymous caller by its socket peer, made once per connection', () => {
    const principal = httpPrincipal(SECRET, null, new TokenRevocations());
    const a = socket('::ffff:10.0.0.1');
    expect(principal(request(a))).toEqual({ role: 'anonymous', key: 'anon:10.0.0.1' });
    expect(principal(request(a))).toBe(principal(request(a)));
    // A forwarding header is not believed without a trusted proxy.
    expect(principal(request(socket('10.0.0.2'), { 'x-forwarded-for': '10.9.9.9' }))).toEqual({ role: 'anonymous', key: 'anon:10.0.0.2' });
  });

  it('behind a trusted proxy reads the client from the header on every request, the same connection or not', () => {
    const principal = httpPrincipal(SECRET, parseProxyTrust('loopback'), new TokenRevocations());
    const proxy = socket('127.0.0.1');
    expect(principal(request(proxy, { 'x-forwarded-for': '10.0.0.7' })).key).toBe('anon:10.0.0.7');
    expect(principal(request(proxy, { 'x-forwarded-for': '10.0.0.8' })).key).toBe('anon:10.0.0.8');
  });

  it('checks a token on every request: a revoked one is refused on the same connection', () => {
    const revocations = new TokenRevocations();
    const principal = httpPrincipal(SECRET, null, revocations);
    const token = issueToken(SECRET, { role: 'admin' });
    const sock = socket('10.0.0.1');
    const admin = principal(request(sock, { authorization: `Bearer ${token}` }));
    expect(admin.role).toBe('admin');
    revocations.revoke((admin as { tokenId: string }).tokenId);
    expect(() => principal(request(sock, { authorization: `Bearer ${token}` }))).toThrow('revoked');
    expect(() => principal(request(sock, { authorization: 'Bearer nonsense' }))).toThrow();
  });
});
