/**
 * Apollo formatError: every error leaves with a code from the API's set and without a stack
 * trace. Unexpected errors are logged here and reach the client as a bare INTERNAL_SERVER_ERROR.
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

export function makeFormatError(log: ErrorLogger) {
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
      log(unwrapResolverError(error));
      return { ...base, message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return { ...base, message: mapped.message, extensions };
  };
}
