/**
 * Apollo plugin refusing operations whose estimated cost exceeds the limit. A list field with a
 * `first`/`to`-`from` size argument costs its size times its children (see listSizeEstimator);
 * heavy read models cost what they read (see readModelCostEstimator).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, visit, type DocumentNode, type FieldNode, type GraphQLSchema, type ValueNode } from 'graphql';
import { getComplexity, simpleEstimator, fieldExtensionsEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { apiError } from '../errors/api-error';
import { listSizeEstimator } from './list-size-estimator';
import { readModelCostEstimator, type ReadCosts } from './read-model-cost-estimator';
import { withArgumentFloor } from './argument-floor';

/** Costs remembered per values of the variables that matter, for one parsed document and operation (at most this many each). */
const COSTS_PER_DOCUMENT = 100;

/** The variables a value names (an input object or a list may hold them deep inside). */
function variablesIn(value: ValueNode, into: Set<string>): void {
  if (value.kind === Kind.VARIABLE) into.add(value.name.value);
  else if (value.kind === Kind.LIST) for (const v of value.values) variablesIn(v, into);
  else if (value.kind === Kind.OBJECT) for (const f of value.fields) variablesIn(f.value, into);
}

/**
 * The estimator, noting in `read` the variables behind every argument it reads: the cost depends
 * on those variables' values only (an estimator given the same values for what it reads answers
 * the same), so `deal(id: $id)` costs the same for every id.
 */
function noteVariablesRead(estimator: ComplexityEstimator, read: Set<string>): ComplexityEstimator {
  return (options) => {
    const node = options.node as FieldNode;
    const behind = (name: string | symbol): void => {
      const arg = node.arguments?.find((a) => a.name.value === name);
      if (arg) variablesIn(arg.value, read);
    };
    const args = new Proxy(options.args, {
      get: (target, name) => (behind(name), Reflect.get(target, name)),
      has: (target, name) => (behind(name), Reflect.has(target, name)),
      ownKeys: (target) => (node.arguments?.forEach((a) => variablesIn(a.value, read)), Reflect.ownKeys(target)),
    });
    return estimator({ ...options, args });
  };
}

/** Variables of `@skip`/`@include` (and any other directive): they decide which fields are counted at all. */
export function directiveVariables(document: DocumentNode): Set<string> {
  const names = new Set<string>();
  visit(document, { Directive: (d) => d.arguments?.forEach((a) => variablesIn(a.value, names)) });
  return names;
}

/**
 * The estimated cost of one operation; `dynamic` when it depended on the data (not to be
 * remembered); `variablesRead`: the variables whose values it depended on (directive variables
 * not included: see directiveVariables).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
  operationName: string | undefined,
  costs: ReadCosts,
): { cost: number; dynamic: boolean; heaviest?: string; variablesRead: ReadonlySet<string> } {
  const reads = readModelCostEstimator(costs);
  const variablesRead = new Set<string>();
  const cost = getComplexity({
    schema,
    operationName,
    query: document,
    variables,
    estimators: [reads, fieldExtensionsEstimator(), listSizeEstimator(), simpleEstimator({ defaultComplexity: 1 })]
      .map(withArgumentFloor)
      .map((e) => noteVariablesRead(e, variablesRead)),
  });
  return {
    cost,
    dynamic: reads.dynamic,
    variablesRead,
    ...(reads.heaviest && reads.heaviest.cost * 2 > cost ? { heaviest: reads.heaviest.field } : {}),
  };
}

/** The values of `names` among the variables, in name order, as a key. */
const valuesKey = (names: ReadonlySet<string>, variables: Record<string, unknown>): string =>
  JSON.stringify([...names].sort().map((n) => [n, variables[n] ?? null]));

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
  // values of the variables the estimators read (and of the directives' variables): walk each such
  // combination once. Which variables matter is learnt per document and operation (`matter` only
  // grows), and each cost is kept under the values of the variables that mattered when it was
  // stored, their names in the key: a 200-deal rotation of one replay query is one entry.
  interface Known {
    matter: Set<string>;
    readonly costs: Map<string, { cost: number; heaviest?: string }>;
  }
  const known = new WeakMap<DocumentNode, Map<string, Known>>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, contextValue }) {
          const variables = request.variables ?? {};
          let byOperation = known.get(document);
          if (!byOperation) known.set(document, (byOperation = new Map()));
          const operation = request.operationName ?? '';
          let entry = byOperation.get(operation);
          if (!entry) byOperation.set(operation, (entry = { matter: directiveVariables(document), costs: new Map() }));
          let found = entry.costs.get(valuesKey(entry.matter, variables));
          if (found === undefined) {
            let result: ReturnType<typeof operationCost>;
            try {
              result = operationCost(schema, document, variables, request.operationName, costs);
            } catch (err) {
              // Variables that do not fit their types surface here first, before Apollo coerces them.
              throw apiError('BAD_USER_INPUT', err instanceof Error ? err.message : 'bad variables', { http: { status: 400 } });
            }
            found = { cost: result.cost, ...(result.heaviest ? { heaviest: result.heaviest } : {}) };
            if (!result.dynamic) {
              for (const name of result.variablesRead) entry.matter.add(name);
              if (entry.costs.size >= COSTS_PER_DOCUMENT) entry.costs.delete(entry.costs.keys().next().value as string);
              entry.costs.set(valuesKey(entry.matter, variables), found);
            }
          }
          if (found.cost > maxComplexity) throw tooComplex(found.cost, maxComplexity, found.heaviest);
          spend(contextValue, found.cost);
        },
      };
    },
  };
}
