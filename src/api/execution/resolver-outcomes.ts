/**
 * What each real resolver of one query answered, by response path, so that a query the plain
 * executor gives up on (a resolver threw, a non-null field came back null, …) is not paid for
 * twice: graphql-js, running it again to shape the answer and its errors, gets the recorded
 * value, promise or error of every field the fast path already resolved and calls only the rest.
 *
 * Only a context the plain execution plugin marked records (one query over HTTP, executed at most
 * twice over the same document and variables, so one path is one field with one set of
 * arguments). Subscriptions and graphql-ws operations carry no record: their resolvers run as
 * written, once per event.
 */
import { isNonNullType, isObjectType, type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { pathToArray } from 'graphql/jsutils/Path';
import { locatedClientError } from '../errors/api-error';
import { isPlainResolver } from './plain-executor';

type Outcome = { readonly threw: false; readonly value: unknown } | { readonly threw: true; readonly error: unknown };

const RECORD = Symbol('resolver outcomes');

interface Recording {
  [RECORD]?: Map<string, Outcome>;
}

/** From now on the resolvers of this query's context record what they answer. */
export function recordResolverOutcomes(contextValue: unknown): void {
  if (contextValue === null || typeof contextValue !== 'object') return;
  const ctx = contextValue as Recording;
  if (!ctx[RECORD]) Object.defineProperty(ctx, RECORD, { value: new Map<string, Outcome>(), enumerable: false });
}

const pathKey = (path: GraphQLResolveInfo['path'] | undefined): string => {
  const keys: (string | number)[] = [];
  for (let p = path; p; p = p.prev) keys.push(p.key);
  return keys.reverse().join('\u0000');
};

const wrapped = new WeakSet<GraphQLSchema>();

/**
 * Wraps every real (non-property) resolver of the schema once, in place: without a record on the
 * context it calls the resolver as before; with one it answers a path already resolved from the
 * record and records the others.
 */
export function replayRecordedResolvers(schema: GraphQLSchema): void {
  if (wrapped.has(schema)) return;
  wrapped.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || type === schema.getSubscriptionType()) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve || isPlainResolver(resolve)) continue;
      field.resolve = recorded(resolve);
    }
  }
}

/** The request's budget, when the context has one (the API's does): its deadline and its error count hold for every resolver. */
interface Guarded {
  readonly budget?: { mayResolve(): boolean; failed(error: unknown): boolean; stopped(): Error };
}

/**
 * Runs a resolver under the request's budget: not past the deadline, not after too many errors
 * (answered null, unrun), each failure counted, and past the error limit a failure answered null
 * rather than with an error of its own.
 */
function guarded(
  resolve: GraphQLFieldResolver<unknown, unknown>,
  source: unknown,
  args: Record<string, unknown>,
  contextValue: unknown,
  info: GraphQLResolveInfo,
): unknown {
  const budget = (contextValue as Guarded | null | undefined)?.budget;
  if (!budget) return resolve(source, args, contextValue, info);
  // A failure is thrown, or (Nest's exception filter) answered as an Error, which graphql-js reports as thrown. Past the
  // error limit it is answered null, unless the field may not be null (null would be an error of its own there).
  const nullable = !isNonNullType(info.returnType);
  const failure = (error: unknown): null => {
    if (budget.failed(error) || !nullable) throw locatedClientError(error, info.fieldNodes, pathToArray(info.path));
    return null;
  };
  let value: unknown;
  try {
    if (!budget.mayResolve()) {
      if (nullable) return null;
      throw budget.stopped();
    }
    value = resolve(source, args, contextValue, info);
  } catch (error) {
    return failure(error);
  }
  if (value instanceof Promise) return value.then((v: unknown) => (v instanceof Error ? failure(v) : v), failure);
  return value instanceof Error ? failure(value) : value;
}

function recorded(resolve: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> {
  return function recordedResolver(source, args, contextValue, info) {
    const record = (contextValue as Recording | null | undefined)?.[RECORD];
    if (!record) return guarded(resolve, source, args, contextValue, info);
    const key = pathKey(info.path);
    const known = record.get(key);
    if (known) {
      if (known.threw) throw known.error;
      return known.value;
    }
    try {
      const value = guarded(resolve, source, args, contextValue, info);
      // The first run may have given up before awaiting it: its rejection is graphql-js's to report, not an unhandled one.
      if (value instanceof Promise) value.catch(() => undefined);
      record.set(key, { threw: false, value });
      return value;
    } catch (error) {
      record.set(key, { threw: true, error });
      throw error;
    }
  };
}
