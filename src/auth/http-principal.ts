import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { ProxyTrust } from './client-address';
import { clientAddress } from './client-address';
import { principalFrom } from './principal-from';
import type { Principal } from './role';
import type { TokenRevocations } from './token-revocations';

/**
 * The caller of an HTTP request: its token's principal, or anonymous keyed by its client address.
 * Without a trusted proxy an anonymous caller's address is its socket's peer, the same for every
 * request on a keep-alive connection, so that principal is made once per socket (the address
 * parsed once, not per request: issue 29 item 6).
 */
export function httpPrincipal(secret: Buffer, trustProxy: ProxyTrust | null, revocations: TokenRevocations): (req: IncomingMessage) => Principal {
  const anonymousBySocket = new WeakMap<Socket, Principal>();
  return (req) => {
    const authorization = req.headers.authorization;
    const socket = req.socket as Socket | undefined;
    if ((authorization === undefined || authorization === '') && trustProxy === null && socket) {
      let principal = anonymousBySocket.get(socket);
      if (!principal) anonymousBySocket.set(socket, (principal = principalFrom(authorization, clientAddress(socket.remoteAddress, req.headers, null), secret)));
      return principal;
    }
    return principalFrom(authorization, clientAddress(socket?.remoteAddress, req.headers, trustProxy), secret, revocations);
  };
}
