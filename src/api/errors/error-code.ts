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
