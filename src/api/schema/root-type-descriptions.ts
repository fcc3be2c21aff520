import type { GraphQLSchema } from 'graphql';

/** What the root types hold; code-first resolvers cannot describe them, so they are set on the built schema. */
const ROOT_TYPE_DESCRIPTIONS = {
  query: 'Reads: deals and their replays, audits and analyses, score sheets, standings, player statistics, tables and tournaments',
  mutation: 'Commands: each records events (or is refused with a rule id and records nothing); commandId makes a retry safe',
  subscription: "Live updates over graphql-ws: a deal's events, a table's and a tournament's changes",
} as const;

/** Describes the schema's Query, Mutation and Subscription types (in place) and answers the schema. */
export function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  const roots = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() };
  for (const [kind, type] of Object.entries(roots)) if (type && !type.description) type.description = ROOT_TYPE_DESCRIPTIONS[kind as keyof typeof roots];
  return schema;
}
