import { GraphQLError, type ASTNode } from 'graphql';
import type { ErrorCode } from './error-code';

/**
 * A GraphQL error with a code from the API's closed set and optional extra fields. A client's
 * error has no stack: it is never logged nor answered, and capturing and formatting one (mapped
 * through source maps where they are on) cost more CPU than the field that failed (issue 24).
 */
export function apiError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  if (code === 'INTERNAL_SERVER_ERROR') return new GraphQLError(message, { extensions: { ...extra, code } });
  return withoutStack(() => new GraphQLError(message, { extensions: { ...extra, code } }));
}

/** What `make` builds, any error among it without a stack (a client's error: see apiError). */
export function withoutStack<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * A client's error (a code other than INTERNAL_SERVER_ERROR) located at its field, as graphql-js
 * would locate it, but without the stack graphql-js's copy would capture.
 */
export function locatedClientError(error: unknown, nodes: readonly ASTNode[], path: ReadonlyArray<string | number>): unknown {
  if (!(error instanceof GraphQLError) || error.path || error.extensions?.code === 'INTERNAL_SERVER_ERROR' || !error.extensions?.code) return error;
  return withoutStack(() => new GraphQLError(error.message, { nodes, path, originalError: error, extensions: error.extensions }));
}

export const badInput = (message: string, extra?: Record<string, unknown>) => apiError('BAD_USER_INPUT', message, extra);
export const notFound = (what: string) => apiError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string) => apiError('FORBIDDEN', message);
export const unauthenticated = (message: string) => apiError('UNAUTHENTICATED', message);
