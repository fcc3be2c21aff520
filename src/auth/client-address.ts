/**
 * The client address a request is keyed by when it has no token (rate budget, export slots,
 * graphql-ws operations, branches, solver share). Without a trusted proxy it is the socket's peer;
 * behind one (SKAT_LEDGER_TRUST_PROXY) it is read from the forwarding header, walking it from the
 * right past the trusted hops only, so a client cannot choose its own address by sending the
 * header itself (the proxy appends the address it saw). A request not from a trusted peer is keyed
 * by its socket alone, whatever headers it sends.
 */
import { BlockList, isIP } from 'node:net';

export type ForwardingHeader = 'x-forwarded-for' | 'forwarded';

export interface ProxyTrust {
  /** The addresses of the proxies whose forwarding headers are believed. */
  readonly trusted: BlockList;
  /** Which header those proxies set (the other one is ignored: a client could send it through). */
  readonly header: ForwardingHeader;
}

/** `::ffff:1.2.3.4` is 1.2.3.4; brackets and a port (`[::1]:443`, `1.2.3.4:80`) are dropped. */
export function normalAddress(text: string): string | null {
  let a = text.trim();
  if (a.startsWith('"') && a.endsWith('"')) a = a.slice(1, -1);
  if (a.startsWith('[')) a = a.slice(1, a.indexOf(']') > 0 ? a.indexOf(']') : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a)) a = a.slice(7);
  return isIP(a) ? a.toLowerCase() : null;
}

const isTrusted = (trust: ProxyTrust, address: string): boolean => trust.trusted.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The hops a forwarding header lists, nearest last (null: a hop is not an address, the header is not believed). */
function hops(value: string | string[] | undefined, header: ForwardingHeader): string[] | null {
  if (value === undefined) return [];
  const text = Array.isArray(value) ? value.join(',') : value;
  if (text.length > 2048) return null;
  const out: string[] = [];
  for (const part of text.split(',')) {
    let raw = part;
    if (header === 'forwarded') {
      const pair = part.split(';').find((p) => p.trim().toLowerCase().startsWith('for='));
      if (!pair) return null;
      raw = pair.trim().slice(4);
    }
    const address = normalAddress(raw);
    if (address === null) return null;
    out.push(address);
  }
  return out;
}

/** The address to key an anonymous request by. */
export function clientAddress(peer: string | undefined, headers: Record<string, string | string[] | undefined>, trust: ProxyTrust | null): string {
  const socket = (peer && normalAddress(peer)) ?? peer ?? 'unknown';
  if (!trust || socket === 'unknown' || !isTrusted(trust, socket)) return socket;
  const listed = hops(headers[trust.header], trust.header);
  if (listed === null || listed.length === 0) return socket;
  // From the nearest hop back: the first address that is not one of our proxies is the client.
  for (let i = listed.length - 1; i >= 0; i--) if (!isTrusted(trust, listed[i])) return listed[i];
  return listed[0];
}

/**
 * SKAT_LEDGER_TRUST_PROXY: empty or unset (off, the default), `loopback`, or a comma-separated list
 * of addresses and CIDRs (`10.0.0.5, 10.1.0.0/16, fd00::/8`, `loopback` among them).
 */
export function parseProxyTrust(text: string | undefined, headerText?: string): ProxyTrust | null {
  if (text === undefined || text.trim() === '' || text.trim() === 'off') return null;
  const header = (headerText ?? 'x-forwarded-for').trim().toLowerCase();
  if (header !== 'x-forwarded-for' && header !== 'forwarded')
    throw new Error(`SKAT_LEDGER_TRUST_PROXY_HEADER must be x-forwarded-for or forwarded, got ${headerText}`);
  const trusted = new BlockList();
  for (const entry of text.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    if (entry === 'loopback') {
      trusted.addSubnet('127.0.0.0', 8, 'ipv4');
      trusted.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, bits, more] = entry.split('/');
    const normal = normalAddress(address);
    const family = normal ? (isIP(normal) === 6 ? 'ipv6' : 'ipv4') : null;
    const prefix = bits === undefined ? undefined : Number(bits);
    if (
      !normal ||
      !family ||
      more !== undefined ||
      (prefix !== undefined && (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 'ipv6' ? 128 : 32)))
    )
      throw new Error(`SKAT_LEDGER_TRUST_PROXY: "${entry}" is not an address, a CIDR or loopback`);
    if (prefix === undefined) trusted.addAddress(normal, family);
    else trusted.addSubnet(normal, prefix, family);
  }
  return { trusted, header };
}
