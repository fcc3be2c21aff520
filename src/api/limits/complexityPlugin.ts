/**
 * Apollo plugin refusing operations whose estimated cost exceeds the limit. A list field with a
 * `first`/`to`-`from` size argument costs its size times its children (see listCost).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import { getComplexity, simpleEstimator, fieldExtensionsEstimator } from 'graphql-query-complexity';
import { apiError } from '../errors/apiError';
import { listSizeEstimator } from './listSizeEstimator';

/** Costs remembered per variables for one parsed document (at most this many each). */
const COSTS_PER_DOCUMENT = 100;

export function complexityPlugin(maxComplexity: number): ApolloServerPlugin {
  // Apollo hands out the same DocumentNode for the same query text (its document store), and the
  // cost depends only on the document, the operation and the variables: walk each combination once.
  const known = new WeakMap<DocumentNode, Map<string, number>>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          const variables = request.variables ?? {};
          const key = `${request.operationName ?? ''}\u0000${JSON.stringify(variables)}`;
          let costs = known.get(document);
          let complexity = costs?.get(key);
          if (complexity === undefined) {
            try {
              complexity = getComplexity({
                schema,
                operationName: request.operationName,
                query: document,
                variables,
                estimators: [fieldExtensionsEstimator(), listSizeEstimator(), simpleEstimator({ defaultComplexity: 1 })],
              });
            } catch (err) {
              // Variables that do not fit their types surface here first, before Apollo coerces them.
              throw apiError('BAD_USER_INPUT', err instanceof Error ? err.message : 'bad variables', { http: { status: 400 } });
            }
            if (!costs) known.set(document, (costs = new Map()));
            if (costs.size >= COSTS_PER_DOCUMENT) costs.delete(costs.keys().next().value as string);
            costs.set(key, complexity);
          }
          if (complexity > maxComplexity) {
            throw apiError('BAD_USER_INPUT', `query too complex: cost ${complexity}, limit ${maxComplexity}`, { reason: 'QUERY_TOO_COMPLEX', http: { status: 400 } });
          }
        },
      };
    },
  };
}
