/**
 * Apollo formatError: every error leaves with a code from the API's set and without a stack
 * trace. Unexpected errors reach the client as a bare INTERNAL_SERVER_ERROR.
 */
import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { toApiError } from './to-api-error';

/** Apollo's own request-level codes, all of them the client's fault. */
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

export type ErrorLogger = (error: unknown) => void;

/**
 * Whether an error is the server's fault (answered as a bare INTERNAL_SERVER_ERROR): what the
 * fault log writes with its stack (fault-log-plugin.ts) and formatError masks.
 */
export function isFault(code: unknown, path: unknown, error: unknown): boolean {
  if (typeof code === 'string' && CLIENT_CODES.has(code) && !path) return false;
  return toApiError(unwrapResolverError(error)).extensions.code === 'INTERNAL_SERVER_ERROR';
}

/** With `log`, a fault is logged here (graphql-ws results); over HTTP the fault log plugin logs it with the request's id. */
export function makeFormatError(log: ErrorLogger | null) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const originalCode = formatted.extensions?.code;
    const base = {
      message: formatted.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
    };
    if (typeof originalCode === 'string' && CLIENT_CODES.has(originalCode) && !formatted.path) {
      const { stacktrace: _s, http: _h, ...rest } = (formatted.extensions ?? {}) as Record<string, unknown>;
      return { ...base, extensions: { ...rest, code: 'BAD_USER_INPUT', ...(originalCode !== 'BAD_USER_INPUT' ? { reason: originalCode } : {}) } };
    }
    const mapped = toApiError(unwrapResolverError(error));
    const { stacktrace: _dropped, http: _http, ...extensions } = mapped.extensions as Record<string, unknown>;
    if (extensions.code === 'INTERNAL_SERVER_ERROR') {
      log?.(unwrapResolverError(error));
      return { ...base, message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return { ...base, message: mapped.message, extensions };
  };
}
