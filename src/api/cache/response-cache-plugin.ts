/**
 * Apollo plugin answering a repeated query from the ResponseCache: same caller view, same query
 * text, same variables. Only error-free query results are kept; mutations and subscriptions never,
 * nor a request whose resolvers said its answer changes without a write (ApiContext.noStore).
 * Also memoises the JSON text of a cached result so a hit skips execution and serialisation.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { ApiContext } from '../context/api-context';
import type { Principal } from '../../auth/role';
import type { ResponseCache, CacheStamp } from './response-cache';
import { stringifyWithRawJson } from '../execution/raw-json';
import type { CachedValue } from './cached-value';

/** Callers who see exactly the same answers share a view: by role, player, table and tournament (a player token's scope), not by token. */
export function viewKey(p: Principal): string {
  return p.role === 'anonymous' ? 'anonymous' : `${p.role}\u0000${p.player ?? ''}\u0000${p.table ?? ''}\u0000${p.tournament ?? ''}`;
}

/** Caller view + operation + the full query text + variables: two different queries never share an entry. */
export function cacheKey(p: Principal, operationName: string, source: string, variables: unknown): string {
  return `${viewKey(p)}\u0000${operationName}\u0000${source}\u0000${JSON.stringify(variables ?? {})}`;
}

/**
 * A plain POST the front door missed (cached-answers.ts) keeps its whole HTTP answer there instead
 * of its result here: the front door answers it next time, before this plugin would run.
 */
export function responseCachePlugin(cache: ResponseCache<CachedValue>): ApolloServerPlugin<ApiContext> {
  return {
    async requestDidStart() {
      let key: string | null = null;
      let stamp: CacheStamp | null = null;
      return {
        async responseForOperation(rc) {
          if (cache.ttlMs <= 0 || rc.operation?.operation !== 'query' || !rc.contextValue?.principal) return null;
          // The full query text Apollo resolved: a persisted query sent by hash only has no
          // request.query, and its hash was checked against this text when it was registered.
          if (typeof rc.source !== 'string') return null;
          key = cacheKey(rc.contextValue.principal, rc.operationName ?? '', rc.source, rc.request.variables);
          stamp = cache.stamp();
          if (rc.contextValue.toKeep) return null; // the front door looked it up already
          const hit = cache.get(key);
          if (hit?.kind !== 'result') return null;
          key = null;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: hit.result } };
        },
        async willSendResponse(rc) {
          if (key === null || stamp === null || rc.contextValue.noStore) return;
          const body = rc.response.body;
          if (body?.kind !== 'single' || body.singleResult.errors) return;
          const toKeep = rc.contextValue.toKeep;
          if (toKeep) toKeep.stamp = stamp;
          else cache.set(key, { kind: 'result', result: body.singleResult }, stamp);
        },
      };
    },
  };
}

/**
 * JSON text of error-free results, remembered per `data` object (Apollo wraps each result in a new
 * object, but a cached result keeps its `data`): a cache hit is serialised once.
 */
export function memoisedStringify(): (value: unknown) => string {
  const texts = new WeakMap<object, string>();
  return (value) => {
    const v = value as { data?: unknown; errors?: unknown; extensions?: unknown } | null;
    if (!v || typeof v !== 'object' || v.errors !== undefined || v.extensions !== undefined || !v.data || typeof v.data !== 'object')
      return stringifyWithRawJson(value);
    const known = texts.get(v.data);
    if (known !== undefined) return known;
    const text = stringifyWithRawJson(value);
    texts.set(v.data, text);
    return text;
  };
}
