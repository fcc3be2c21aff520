import { GraphQLError } from 'graphql';
import type { ErrorCode } from './error-code';

/** A GraphQL error with a code from the API's closed set and optional extra fields. */
export function apiError(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { ...extra, code } });
}

export const badInput = (message: string, extra?: Record<string, unknown>) => apiError('BAD_USER_INPUT', message, extra);
export const notFound = (what: string) => apiError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string) => apiError('FORBIDDEN', message);
export const unauthenticated = (message: string) => apiError('UNAUTHENTICATED', message);
