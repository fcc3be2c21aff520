// A deal list read to its end, page by page: the API gives at most 100 deals a page (`first`).
import { graphql } from './api.js';

type Page<T> = { deals: { nodes: T[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } } };

/** Every deal the query lists (its `deals` takes `first: 100, after: $after` and asks `pageInfo`), at most `maxPages` pages. */
export async function allDealPages<T>(query: string, variables: Record<string, unknown>, maxPages = 20): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const page: Page<T> = await graphql<Page<T>>(query, { ...variables, after });
    out.push(...page.deals.nodes);
    if (!page.deals.pageInfo.hasNextPage) break;
    after = page.deals.pageInfo.endCursor;
  }
  return out;
}
