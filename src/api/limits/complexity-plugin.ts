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
): { cost: number; dynamic: boolean; heaviest?: string } {
  const reads = readModelCostEstimator(costs);
  const cost = getComplexity({
    schema,
    operationName,
    query: document,
    variables,
    estimators: [reads, fieldExtensionsEstimator(), listSizeEstimator(), simpleEstimator({ defaultComplexity: 1 })].map(withArgumentFloor),
  });
  return { cost, dynamic: reads.dynamic, ...(reads.heaviest && reads.heaviest.cost * 2 > cost ? { heaviest: reads.heaviest.field } : {}) };
}

/** What narrows a question that is over the limit, by the field that cost the most. */
const ADVICE: Record<string, string> = {
  'Query.deals':
    'narrow deals with filter.player, filter.tableId or filter.tournamentId, a shorter from/to range, or a smaller first (counts and lists by game, result, source and date read counters and their own indexes)',
  'Query.playerStats':
    'leave seegerFabianPerSeries out (it reads the score sheet of every series of the player; the other figures read his counters) or ask scoreSheet(tableId) per series',
  'Query.playerStats:counters': 'ask for fewer players per request',
  'Query.scoreSheet': 'ask for fewer sheets (aliases) per request',
  'Query.standings': 'ask for fewer standings (aliases) per request',
  'Query.audit': 'ask for fewer audits (aliases) per request',
  'Query.tables': 'ask for fewer tables (first) or one tournament (tournamentId)',
  'Query.tournaments': 'ask for fewer tournaments (first)',
  'Query.playerStats:asOf': 'leave seegerFabianPerSeries out or ask for fewer players per request (as of a moment every sheet of his series is built anew)',
  'Query.scoreSheet:asOf': 'ask for fewer sheets (aliases) per request',
  'Query.standings:asOf': 'ask for fewer standings (aliases) per request (as of a moment every sheet of the tournament is built anew)',
  'Query.tables:asOf': 'ask for fewer tables (first) or one tournament (tournamentId)',
  'Query.tournaments:asOf': 'ask for fewer tournaments (first)',
};

const CLI = 'the command line (skat-ledger stats, export ndjson, export sheet) has no cost limit';

export function tooComplex(cost: number, maxComplexity: number, heaviest?: string) {
  const advice = heaviest ? ADVICE[heaviest] : undefined;
  const hint = advice ? `${heaviest?.replace(/:(counters|asOf)$/, '')}: ${advice}` : 'select fewer fields, aliases or rows (first)';
  return apiError('BAD_USER_INPUT', `query too complex: cost ${cost}, limit ${maxComplexity}; ${hint}; ${CLI}`, {
    reason: 'QUERY_TOO_COMPLEX',
    http: { status: 400 },
  });
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
          let heaviest: string | undefined;
          if (complexity === undefined) {
            let dynamic: boolean;
            try {
              ({ cost: complexity, dynamic, heaviest } = operationCost(schema, document, variables, request.operationName, costs));
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
          if (complexity > maxComplexity) throw tooComplex(complexity, maxComplexity, heaviest);
          spend(contextValue, complexity);
        },
      };
    },
  };
}
