/**
 * Apollo plugin refusing operations whose estimated cost exceeds the limit. A list field with a
 * `first`/`to`-`from` size argument costs its size times its children (see listCost).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { getComplexity, simpleEstimator, fieldExtensionsEstimator } from 'graphql-query-complexity';
import { apiError } from '../errors/apiError';
import { listSizeEstimator } from './listSizeEstimator';

export function complexityPlugin(maxComplexity: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          let complexity: number;
          try {
            complexity = getComplexity({
              schema,
              operationName: request.operationName,
              query: document,
              variables: request.variables ?? {},
              estimators: [fieldExtensionsEstimator(), listSizeEstimator(), simpleEstimator({ defaultComplexity: 1 })],
            });
          } catch (err) {
            // Variables that do not fit their types surface here first, before Apollo coerces them.
            throw apiError('BAD_USER_INPUT', err instanceof Error ? err.message : 'bad variables', { http: { status: 400 } });
          }
          if (complexity > maxComplexity) {
            throw apiError('BAD_USER_INPUT', `query too complex: cost ${complexity}, limit ${maxComplexity}`, { reason: 'QUERY_TOO_COMPLEX', http: { status: 400 } });
          }
        },
      };
    },
  };
}
