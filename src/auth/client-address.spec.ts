import { clientAddress, normalAddress, parseProxyTrust } from './client-address';

describe('client address behind a trusted proxy (issue 24 item 3)', () => {
  it('is the socket peer when no proxy is trusted, whatever headers the client sends', () => {
    expect(clientAddress('::ffff:203.0.113.9', { 'x-forwarded-for': '198.51.100.1' }, null)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' }, parseProxyTrust('10.0.0.0/8'))).toBe('203.0.113.9');
  });

  it('walks X-Forwarded-For from the right past trusted hops only: a spoofed left part is ignored', () => {
    const trust = parseProxyTrust('loopback, 10.0.0.0/8');
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }, trust)).toBe('198.51.100.7');
    // The client sent "X-Forwarded-For: 1.2.3.4"; nginx appended the address it saw.
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.7' }, trust)).toBe('198.51.100.7');
    // Two proxies of ours: the hop before them is the client.
    expect(clientAddress('::1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.1.2.3' }, trust)).toBe('198.51.100.7');
    // A header that is not a list of addresses is not believed.
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': 'garbage' }, trust)).toBe('127.0.0.1');
  });

  it('reads Forwarded for= when the proxies set that header (and then ignores X-Forwarded-For)', () => {
    const trust = parseProxyTrust('127.0.0.1', 'forwarded');
    expect(clientAddress('127.0.0.1', { forwarded: 'for=198.51.100.7;proto=https', 'x-forwarded-for': '1.2.3.4' }, trust)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', { forwarded: 'for="[2001:db8::1]:4711"' }, trust)).toBe('2001:db8::1');
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' }, trust)).toBe('127.0.0.1');
  });

  it('parses the setting strictly: off by default, loopback, addresses and CIDRs', () => {
    expect(parseProxyTrust(undefined)).toBeNull();
    expect(parseProxyTrust('')).toBeNull();
    expect(() => parseProxyTrust('10.0.0.0/33')).toThrow(/not an address/);
    expect(() => parseProxyTrust('proxy.example')).toThrow(/not an address/);
    expect(() => parseProxyTrust('loopback', 'x-real-ip')).toThrow(/TRUST_PROXY_HEADER/);
    expect(normalAddress('[::1]:443')).toBe('::1');
    expect(normalAddress('1.2.3.4:80')).toBe('1.2.3.4');
  });
});
