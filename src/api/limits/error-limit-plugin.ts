/**
 * Says so when a request reached its error limit (RequestBudget.maxErrors): the fields after it
 * were answered null without being resolved, and one error names why, instead of thousands of
 * aliases each paying for an error of its own.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { ApiContext } from '../context/api-context';

export function errorLimitPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse(rc) {
          const budget = (rc.contextValue as Partial<ApiContext>).budget;
          const body = rc.response.body;
          if (!budget?.errorLimitReached || budget.timedOut || body.kind !== 'single') return;
          const limit = new GraphQLError(`more than ${budget.maxErrors} fields failed: the others were not resolved (answered null); ask for fewer at once`, {
            extensions: { code: 'BAD_USER_INPUT', reason: 'ERROR_LIMIT', maxErrors: budget.maxErrors },
          });
          body.singleResult = { ...body.singleResult, errors: [...(body.singleResult.errors ?? []), limit.toJSON()] };
        },
      };
    },
  };
}
