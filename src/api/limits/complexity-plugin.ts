/**
 * Apollo plugin refusing operations whose estimated cost exceeds the limit. A list field with a
 * `first`/`to`-`from` size argument costs its size times its children (see listSizeEstimator);
 * heavy read models cost what they read (see readModelCostEstimator).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { getComplexity, simpleEstimator, fieldExtensionsEstimator } from 'graphql-query-complexity';
import { apiError } from '../errors/api-error';
import { listSizeEstimator } from './list-size-estimator';
import { readModelCostEstimator, type ReadCosts } from './read-model-cost-estimator';
import { withArgumentFloor } from './argument-floor';

/** Costs remembered per variables for one parsed document (at most this many each). */
const COSTS_PER_DOCUMENT = 100;

/** The estimated cost of one operation; `dynamic` when it depended on the data (not to be remembered). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName: string | undefined,
  costs: ReadCosts,
): { cost: number; dynamic: boolean } {
  const reads = readModelCostEstimator(costs);
  const cost = getComplexity({
    schema,
    operationName,
    query: document,
    variables,
    estimators: [reads, fieldExtensionsEstimator(), listSizeEstimator(), simpleEstimator({ defaultComplexity: 1 })].map(withArgumentFloor),
  });
  return { cost, dynamic: reads.dynamic };
}

export function tooComplex(cost: number, maxComplexity: number) {
  return apiError('BAD_USER_INPUT', `query too complex: cost ${cost}, limit ${maxComplexity}`, { reason: 'QUERY_TOO_COMPLEX', http: { status: 400 } });
}

/** Charges an admitted operation's cost to its caller's points budget (throws RATE_LIMITED when spent). */
export type SpendPoints = (contextValue: unknown, cost: number) => void;

export function complexityPlugin(maxComplexity: number, costs: ReadCosts, spend: SpendPoints = () => undefined): ApolloServerPlugin {
  // Apollo hands out the same DocumentNode for the same query text (its document store), and a
  // cost that does not depend on the data depends only on the document, the operation and the
  // variables: walk each such combination once.
  const known = new WeakMap<DocumentNode, Map<string, number>>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, contextValue }) {
          const variables = request.variables ?? {};
          const key = `${request.operationName ?? ''}\u0000${JSON.stringify(variables)}`;
          let stored = known.get(document);
          let complexity = stored?.get(key);
          if (complexity === undefined) {
            let dynamic: boolean;
            try {
              ({ cost: complexity, dynamic } = operationCost(schema, document, variables, request.operationName, costs));
            } catch (err) {
              // Variables that do not fit their types surface here first, before Apollo coerces them.
              throw apiError('BAD_USER_INPUT', err instanceof Error ? err.message : 'bad variables', { http: { status: 400 } });
            }
            if (!dynamic) {
              if (!stored) known.set(document, (stored = new Map()));
              if (stored.size >= COSTS_PER_DOCUMENT) stored.delete(stored.keys().next().value as string);
              stored.set(key, complexity);
            }
          }
          if (complexity > maxComplexity) throw tooComplex(complexity, maxComplexity);
          spend(contextValue, complexity);
        },
      };
    },
  };
}
