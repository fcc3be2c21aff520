/**
 * The ids that tie a request's log lines to the events it records. The request id is the caller's
 * `X-Request-Id` when it is a plausible id, else a new UUID, and is sent back in `X-Request-Id`.
 * The correlation id is the caller's `X-Correlation-Id` (requests that belong together), else the
 * request id; events recorded by the request carry it as `$correlationId`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Short and printable, with no separator that could forge a log line or a header. */
const PLAUSIBLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type TaggedRequest = IncomingMessage & { id?: string; correlationId?: string };

function headerId(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && PLAUSIBLE_ID.test(value) ? value : undefined;
}

/** Gives the request its ids (once, as it arrives: a second call returns the same) and returns the request id. */
export function tagRequest(req: IncomingMessage, res: ServerResponse): string {
  const tagged = req as TaggedRequest;
  if (tagged.id !== undefined) return tagged.id;
  const id = headerId(req, 'x-request-id') ?? randomUUID();
  tagged.id = id;
  tagged.correlationId = headerId(req, 'x-correlation-id') ?? id;
  res.setHeader('x-request-id', id);
  return id;
}

/** The request id tagRequest gave it (undefined for a request never tagged). */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as TaggedRequest).id;
}

/** The request's correlation id (a fresh one for a request that was never tagged). */
export function correlationIdOf(req: IncomingMessage): string {
  return (req as TaggedRequest).correlationId ?? headerId(req, 'x-correlation-id') ?? randomUUID();
}
