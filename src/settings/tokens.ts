/** Nest injection tokens of the API module. */
export const API_SETTINGS = Symbol('API_SETTINGS');
/** The Visibility (private tournaments) the resolvers consult. */
export const API_VISIBILITY = Symbol('API_VISIBILITY');
/** The TokenRevocations (revoke hook) shared by GraphQL, graphql-ws and the export. */
export const API_REVOCATIONS = Symbol('API_REVOCATIONS');
/** The RateLimiter shared by GraphQL (HTTP and graphql-ws) and the NDJSON export. */
export const API_RATE_LIMITER = Symbol('API_RATE_LIMITER');
/** The response cache with its front door (CachedAnswers), shared by the GraphQL options and the app's middleware. */
export const API_CACHED_ANSWERS = Symbol('API_CACHED_ANSWERS');
