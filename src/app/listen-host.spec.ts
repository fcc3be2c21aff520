import { DEFAULT_HOST, listenHost } from './listen-host';

describe('HOST setting (issue 13)', () => {
  it('listens on loopback unless told otherwise', () => {
    expect(listenHost({})).toBe('127.0.0.1');
    expect(listenHost({ HOST: '' })).toBe(DEFAULT_HOST);
  });

  it('takes an address or a host name, and refuses anything else with a clear message', () => {
    for (const h of ['0.0.0.0', '::', '::1', '10.0.0.7', 'localhost', 'skat.example.org']) expect(listenHost({ HOST: h })).toBe(h);
    for (const h of ['0.0.0.0:3000', 'http://x', 'a b', '-x']) expect(() => listenHost({ HOST: h })).toThrow(/HOST must be/);
  });
});
