/** Every extensions.code the API answers with. */
export const ERROR_CODES = [
  'BAD_USER_INPUT',
  'ILLEGAL_MOVE',
  'CONFLICT',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'STORE_UNAVAILABLE',
  'RATE_LIMITED',
  'TIMEOUT',
  'ANALYSIS_BUSY',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP status for errors that refuse a whole request (before any resolver ran). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  ILLEGAL_MOVE: 200,
  CONFLICT: 200,
  NOT_FOUND: 200,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  STORE_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  TIMEOUT: 503,
  ANALYSIS_BUSY: 503,
  INTERNAL_SERVER_ERROR: 500,
};
