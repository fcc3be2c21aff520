/**
 * The cost of a field given arguments is at least what answering it with an error costs (issue
 * 24): such a field may refuse its arguments (an id too long, a range out of bounds, a deal that
 * may not be read), and a refused field costs far more CPU than a plain one: the error, its
 * location in the document, the formatted entry. Measured on the 100,000-deal bench store (`npm
 * run bench -- abuse`, shared two-core machine): 200 aliases of `deal(id: "<300 characters>")`,
 * each an error, took up to 114.7 ms of server CPU, 0.57 ms apiece, 48 units of 12 µs; the floor
 * takes 48. So the cost limit bounds a document of erroring aliases as it bounds any other
 * (5,000 / 48 = 104 such fields), aliases of a read already paid for (a player's statistics asked
 * 900 times) pay their answers too, and more such fields than that are refused before parsing
 * (document-shape.ts). Since then errors past the 50th of a request are answered null and a
 * client's error has no stack: the 104 aliases took 17.6 ms, so the floor keeps a wide margin.
 */
import type { ComplexityEstimator } from 'graphql-query-complexity';

export const ARGUMENT_FIELD_COST = 48;

/** The estimator, with every field that is given arguments costing at least ARGUMENT_FIELD_COST. */
export function withArgumentFloor(estimator: ComplexityEstimator): ComplexityEstimator {
  return (options) => {
    const cost = estimator(options);
    if (typeof cost !== 'number' || !(options.node.arguments?.length ?? 0)) return cost;
    return Math.max(cost, ARGUMENT_FIELD_COST);
  };
}
