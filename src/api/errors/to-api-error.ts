/**
 * Maps whatever a resolver threw onto the API's error set. Ledger and store errors are matched by
 * their `name` so the API does not depend on where each class lives.
 */
import { GraphQLError } from 'graphql';
import { apiError } from './api-error';
import { ERROR_CODES, type ErrorCode } from './error-code';

type Named = Error & Record<string, unknown>;

export function toApiError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) {
    const code = err.extensions?.code;
    if (typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)) return err;
    if (err.originalError && err.originalError !== err) return toApiError(err.originalError);
    // graphql-js's own errors outside execution (coercion, validation) are the request's fault.
    if (!err.path) return apiError('BAD_USER_INPUT', err.message);
    return apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
  }
  if (!(err instanceof Error)) return apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
  const e = err as Named;
  switch (e.name) {
    case 'IllegalCommandError':
    case 'RuleViolation': {
      const refusal = (e.refusal ?? e) as { ruleId?: unknown; reason?: unknown };
      const ruleId = typeof refusal.ruleId === 'string' ? refusal.ruleId : undefined;
      const reason = typeof refusal.reason === 'string' ? refusal.reason : e.message;
      return apiError('ILLEGAL_MOVE', ruleId ? `${ruleId}: ${reason}` : reason, { ruleId: ruleId ?? null, reason });
    }
    case 'ConcurrencyError':
      return apiError('CONFLICT', e.message, { expected: String(e.expected), actual: String(e.actual) });
    case 'NotFoundError':
      return apiError('NOT_FOUND', e.message);
    case 'StoreUnavailableError':
      return apiError('STORE_UNAVAILABLE', 'The event store is unavailable; try again later');
    case 'InvalidQueryError':
    case 'InvalidCommandError':
    case 'InvalidEventError':
    case 'ValidationError':
    case 'IssParseError':
    case 'UsageError':
      return apiError('BAD_USER_INPUT', e.message);
    case 'ForbiddenError':
      return apiError('FORBIDDEN', e.message);
  }
  const code = typeof e.code === 'string' && (ERROR_CODES as readonly string[]).includes(e.code) ? (e.code as ErrorCode) : null;
  if (code && code !== 'INTERNAL_SERVER_ERROR') return apiError(code, e.message);
  return apiError('INTERNAL_SERVER_ERROR', 'Internal server error');
}
