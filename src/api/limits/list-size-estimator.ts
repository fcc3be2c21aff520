import type { ComplexityEstimator } from 'graphql-query-complexity';

/** The longest deal has about 45 events; pages and frame ranges are assumed this long when unbounded. */
const UNBOUNDED_LIST_SIZE = 50;

/**
 * Cost of a paged or ranged list field: its length times the cost of one element. Other lists
 * (cards of a hand, tricks of a deal) are short by the rules of Skat and cost what one element costs.
 */
export function listSizeEstimator(): ComplexityEstimator {
  return ({ field, args, childComplexity }) => {
    const argNames = new Set(field.args.map((a) => a.name));
    let size: number | undefined;
    if (argNames.has('first')) {
      size = typeof args.first === 'number' ? args.first : UNBOUNDED_LIST_SIZE;
    } else if (argNames.has('from') && argNames.has('to')) {
      const from = typeof args.from === 'number' ? args.from : 0;
      const to = typeof args.to === 'number' ? args.to : from + UNBOUNDED_LIST_SIZE;
      size = to - from + 1;
    }
    if (size === undefined) return undefined;
    size = Math.min(UNBOUNDED_LIST_SIZE * 4, Math.max(1, size));
    return 1 + size * Math.max(1, childComplexity);
  };
}
