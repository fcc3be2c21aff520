/**
 * The cost of a field given arguments is at least what answering it with an error costs (issue
 * 24): such a field may refuse its arguments (an id too long, a range out of bounds, a deal that
 * may not be read), and a refused field costs far more CPU than a plain one: the error with its
 * stack, the exception filter, graphql-js's located error, the formatted entry. Measured with 250
 * aliases of `deal(id: "<300 characters>")`, each an error: 0.1-0.4 ms of server CPU per alias on
 * the shared two-core machine (≈ 8-33 units of 12 µs); the floor takes 25. So the cost limit
 * bounds a document of erroring aliases as it bounds any other (5,000 / 25 = 200 such fields),
 * and aliases of a read already paid for (a player's statistics asked 900 times) pay their
 * answers too.
 */
import type { ComplexityEstimator } from 'graphql-query-complexity';

export const ARGUMENT_FIELD_COST = 25;

/** The estimator, with every field that is given arguments costing at least ARGUMENT_FIELD_COST. */
export function withArgumentFloor(estimator: ComplexityEstimator): ComplexityEstimator {
  return (options) => {
    const cost = estimator(options);
    if (typeof cost !== 'number' || !(options.node.arguments?.length ?? 0)) return cost;
    return Math.max(cost, ARGUMENT_FIELD_COST);
  };
}
