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
          const complexity = getComplexity({
            schema,
            operationName: request.operationName,
            query: document,
            variables: request.variables ?? {},
            estimators: [fieldExtensionsEstimator(), listSizeEstimator(), simpleEstimator({ defaultComplexity: 1 })],
          });
          if (complexity > maxComplexity) {
            throw apiError('BAD_USER_INPUT', `query too complex: cost ${complexity}, limit ${maxComplexity}`, { reason: 'QUERY_TOO_COMPLEX', http: { status: 400 } });
          }
        },
      };
    },
  };
}
