/**
 * Apollo plugin answering error-free queries with the PlainExecutor, after validation, the depth
 * and cost limits and the response cache have had their say; whatever it declines graphql-js runs,
 * with each resolver the fast path already called answered from its recorded outcome.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { PLAIN_EXECUTION_DECLINED, PlainExecutor } from './plain-executor';
import { recordResolverOutcomes, replayRecordedResolvers } from './resolver-outcomes';

export function plainExecutionPlugin(): ApolloServerPlugin {
  const executors = new WeakMap<GraphQLSchema, PlainExecutor>();
  const executorFor = (schema: GraphQLSchema): PlainExecutor => {
    let executor = executors.get(schema);
    if (!executor) {
      replayRecordedResolvers(schema);
      executors.set(schema, (executor = new PlainExecutor(schema)));
    }
    return executor;
  };
  return {
    async requestDidStart() {
      return {
        async responseForOperation(rc) {
          if (rc.operation?.operation !== 'query') return null;
          const executor = executorFor(rc.schema);
          // Should it give up, graphql-js answers from what the resolvers already did.
          recordResolverOutcomes(rc.contextValue);
          const data = await executor.execute(rc.document, rc.operation, rc.request.variables, rc.contextValue);
          if (data === PLAIN_EXECUTION_DECLINED) return null;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data } } };
        },
      };
    },
  };
}
