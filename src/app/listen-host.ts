import { isIP } from 'node:net';

/**
 * The interface the server listens on: `HOST`, default 127.0.0.1 (loopback only), so a server
 * started for development is not reachable from the network by accident. In production set
 * HOST=0.0.0.0 (all IPv4 interfaces), `::` (all interfaces) or one address, behind a proxy.
 */
export const DEFAULT_HOST = '127.0.0.1';

export function listenHost(env: NodeJS.ProcessEnv): string {
  const host = env.HOST;
  if (host === undefined || host === '') return DEFAULT_HOST;
  if (isIP(host) !== 0 || host === 'localhost' || /^[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*$/.test(host)) return host;
  throw new Error(`HOST must be an IP address or a host name, got ${JSON.stringify(host)}`);
}
