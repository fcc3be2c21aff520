/**
 * Logs each fault of an HTTP request once, with its stack and the request's id (the access log's
 * `req.id`), so a fault line leads to the request's own line. The access log runs without a
 * per-request logger context, so the id comes from the GraphQL context.
 */
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ApiContext } from '../context/api-context';
import { isFault } from './format-error';

export type FaultLogger = (error: unknown, requestId: string | undefined) => void;

export function faultLogPlugin(log: FaultLogger): ApolloServerPlugin<ApiContext> {
  // One listener for every request: nothing is allocated per request that has no error.
  const listener: GraphQLRequestListener<ApiContext> = {
    async didEncounterErrors(rc) {
      for (const error of rc.errors) {
        if (isFault(error.extensions?.code, error.path, error)) log(unwrapResolverError(error), rc.contextValue?.logId);
      }
    },
  };
  return { requestDidStart: async () => listener };
}
