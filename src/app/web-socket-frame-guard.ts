/**
 * graphql-ws answers a client that sends a message only a server may send (`next`,
 * `connection_ack`) as if the server had failed: it closes with 4500 Internal Server Error and
 * prints the stack on stderr; a frame over the size limit (ws closes it with 1009) prints one too.
 * Both are the client's fault. Each socket's frames pass through here first: such a message
 * closes the socket with 4400 (the protocol's "invalid message") before graphql-ws sees it, and
 * socket errors (ws has already closed the socket) are not printed.
 */
import type { EventEmitter } from 'node:events';

/** graphql-ws's code for a message the protocol does not allow from this side. */
export const CLOSE_INVALID_MESSAGE = 4400;
const SERVER_ONLY = /"type"\s*:\s*"(next|connection_ack)"/;

interface FrameSocket extends EventEmitter {
  close(code: number, reason: string): void;
}

/** Installs the guard on every connection of a ws server (call once, after graphql-ws is attached). */
export function guardWebSocketFrames(wss: EventEmitter): void {
  wss.on('connection', (socket: FrameSocket) => {
    const handlers = socket.listeners('message') as Array<(...args: unknown[]) => void>;
    socket.removeAllListeners('message');
    socket.on('message', (data: unknown, ...rest: unknown[]) => {
      if (serverOnlyMessage(String(data))) {
        socket.close(CLOSE_INVALID_MESSAGE, 'Invalid message received');
        return;
      }
      for (const handle of handlers) handle.call(socket, data, ...rest);
    });
    socket.removeAllListeners('error');
    socket.on('error', () => undefined);
  });
}

function serverOnlyMessage(text: string): boolean {
  if (!SERVER_ONLY.test(text)) return false;
  try {
    const type = (JSON.parse(text) as { type?: unknown } | null)?.type;
    return type === 'next' || type === 'connection_ack';
  } catch {
    return false; // not JSON: graphql-ws refuses it with 4400 itself
  }
}
