/**
 * A fast path for query execution over plain data. graphql-js builds an `info` object, an
 * arguments map and a resolver call for every field it completes: ~6,000 of them for one replay
 * with all frames, most of its cost. Below the few real resolvers (deal, frames, scoreSheet …)
 * the API returns plain objects whose fields are properties, so this executor reads them
 * directly and calls only the real resolvers, with the arguments and `info` graphql-js would give.
 *
 * It answers only what it is sure to answer exactly as graphql-js would: on anything else
 * (fragments, directives, introspection, abstract types, a missing non-null value, a resolver
 * that throws, …) it gives up with PLAIN_EXECUTION_DECLINED and the caller runs graphql-js, which
 * then produces the answer or the error, from the resolvers' recorded outcomes where the fast path
 * already called them (resolver-outcomes.ts), so no resolver's work is paid twice. Queries only.
 *
 * A subtree over a value marked immutable (the frames of a finished deal) that calls no resolver
 * is answered once per field node and kept as JSON text (RawJson), spliced into later answers.
 */
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

import { isImmutable } from './immutable-values';
import { KeptText } from './kept-text';
import { holdsRawJson, markContainsRawJson, RawJson, stringifyWithRawJson } from './raw-json';

export const PLAIN_EXECUTION_DECLINED: unique symbol = Symbol('plain execution declined');

class Declined extends Error {}
const decline = (): never => {
  throw new Declined();
};

/** One field of a selection set, checked once per document. */
interface PlannedField {
  readonly responseName: string;
  readonly node: FieldNode;
  /** null for __typename. */
  readonly def: GraphQLField<unknown, unknown> | null;
  /** Nest's property resolver (or none): the value is the parent's property of the field's name. */
  readonly plain: boolean;
  readonly type: GraphQLOutputType | null;
  /** A scalar or enum, or a list of them: completes without resolvers. */
  readonly leaf: boolean;
}

type Path = { readonly prev: Path | undefined; readonly key: string | number; readonly typename: string | undefined };
type Maybe<T> = T | Promise<T>;
// Most values are strings and numbers: only objects and functions can be thenables.
const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';

/** Nest gives every code-first field a resolver; this is the one that only reads the property. */
export const isPlainResolver = (resolve: unknown): boolean => resolve === undefined || (typeof resolve === 'function' && resolve.name === 'rootFieldResolver');

export class PlainExecutor {
  /** Selection sets planned per parent type, remembered per node (documents are reused by Apollo). */
  private readonly plans = new WeakMap<SelectionSetNode, Map<GraphQLObjectType, readonly PlannedField[] | null>>();
  /** Serialised subtrees over immutable values, per field node (documents are reused by Apollo). */
  /** Weak in the field node too: Apollo may drop a document while the value lives on. */
  private readonly texts = new WeakMap<object, WeakMap<FieldNode, { readonly type: GraphQLOutputType; readonly raw: RawJson }>>();
  /** Kept subtrees written straight as text (no response objects to build and stringify). */
  private readonly keptText = new KeptText((type, selectionSet) => this.plan(type, selectionSet));

  constructor(private readonly schema: GraphQLSchema) {}

  /** The result's `data`, or PLAIN_EXECUTION_DECLINED when graphql-js must answer instead. */
  async execute(
    document: DocumentNode,
    operation: OperationDefinitionNode,
    rawVariables: Record<string, unknown> | undefined,
    contextValue: unknown,
  ): Promise<Record<string, unknown> | typeof PLAIN_EXECUTION_DECLINED> {
    try {
      if (operation.operation !== 'query' || (operation.directives?.length ?? 0) > 0) return PLAIN_EXECUTION_DECLINED;
      const queryType = this.schema.getQueryType();
      if (!queryType) return PLAIN_EXECUTION_DECLINED;
      const coerced = getVariableValues(this.schema, operation.variableDefinitions ?? [], rawVariables ?? {});
      if (coerced.errors || !coerced.coerced) return PLAIN_EXECUTION_DECLINED;
      const run: Run = { document, operation, variables: coerced.coerced, contextValue, resolverCalls: 0, keeping: 0, parts: undefined };
      const data = await this.completeObject(run, queryType, operation.selectionSet, undefined, undefined);
      return data;
    } catch (err) {
      if (err instanceof Declined) return PLAIN_EXECUTION_DECLINED;
      // A resolver's error: graphql-js runs it again and reports it in its own shape.
      return PLAIN_EXECUTION_DECLINED;
    }
  }

  private plan(type: GraphQLObjectType, selectionSet: SelectionSetNode): readonly PlannedField[] {
    let byType = this.plans.get(selectionSet);
    if (!byType) this.plans.set(selectionSet, (byType = new Map()));
    let planned = byType.get(type);
    if (planned === undefined) {
      planned = planSelection(type, selectionSet);
      byType.set(type, planned);
    }
    return planned ?? decline();
  }

  private completeObject(
    run: Run,
    type: GraphQLObjectType,
    selectionSet: SelectionSetNode,
    source: unknown,
    path: Path | undefined,
  ): Maybe<Record<string, unknown>> {
    if (type.isTypeOf) decline();
    const fields = this.plan(type, selectionSet);
    const result: Record<string, unknown> = {};
    const pending: Promise<unknown>[] = [];
    try {
      this.completeFields(run, type, fields, source, path, result, pending);
    } catch (err) {
      // Given up midway: the fields already under way are graphql-js's to report, not unhandled rejections.
      for (const p of pending) p.catch(() => undefined);
      throw err;
    }
    return pending.length ? Promise.all(pending).then(() => markIfHoldsRawJson(result)) : result;
  }

  private completeFields(
    run: Run,
    type: GraphQLObjectType,
    fields: readonly PlannedField[],
    source: unknown,
    path: Path | undefined,
    result: Record<string, unknown>,
    pending: Promise<unknown>[],
  ): void {
    for (const f of fields) {
      if (f.def === null) {
        result[f.responseName] = type.name;
        continue;
      }
      let value: unknown;
      if (f.plain) {
        if (source === undefined || source === null) decline();
        value = (source as Record<string, unknown>)[f.def.name];
        if (value === undefined || typeof value === 'function') decline();
        if (f.leaf) {
          // The common case, without a path: a property holding a string, number or enum value.
          result[f.responseName] = this.complete(run, f.type as GraphQLOutputType, f.node, value, path as Path);
          continue;
        }
      }
      const fieldPath: Path = { prev: path, key: f.responseName, typename: type.name };
      if (!f.plain) {
        const resolve = f.def.resolve;
        if (!resolve) decline();
        const args = getArgumentValues(f.def, f.node, run.variables);
        run.resolverCalls++;
        value = (resolve as NonNullable<typeof resolve>)(source, args, run.contextValue, this.info(run, f, type, fieldPath));
      }
      const completed = isThenable(value)
        ? Promise.resolve(value).then((v) => this.complete(run, f.type as GraphQLOutputType, f.node, v, fieldPath))
        : this.complete(run, f.type as GraphQLOutputType, f.node, value, fieldPath);
      if (isThenable(completed)) {
        const name = f.responseName;
        result[name] = null; // keeps the selection's key order
        pending.push(Promise.resolve(completed).then((v) => (result[name] = v)));
      } else {
        result[f.responseName] = completed;
        if (holdsRawJson(completed)) markContainsRawJson(result);
      }
    }
  }

  private complete(run: Run, type: GraphQLOutputType, node: FieldNode, value: unknown, path: Path): Maybe<unknown> {
    if (isNonNullType(type)) {
      if (value === null || value === undefined) decline();
      return this.complete(run, type.ofType as GraphQLOutputType, node, value, path);
    }
    if (value === null || value === undefined) return null;
    // An error answered rather than thrown (Nest's exception filter hands a resolver's error back as its value): graphql-js reports it.
    if (isThenable(value) || value instanceof Error) decline();
    if (isLeafType(type)) {
      const serialized: unknown = type.serialize(value);
      if (serialized === undefined || serialized === null) decline();
      return serialized;
    }
    if (node.selectionSet && isImmutable(value)) return this.completeMemoised(run, type, node, value as object, path);
    return this.completeComposite(run, type, node, value, path);
  }

  /**
   * A subtree over an immutable value that needs no resolver is a pure function of the value and
   * the field's selection: it is completed and serialised once, then reused as JSON text.
   */
  private completeMemoised(run: Run, type: GraphQLOutputType, node: FieldNode, value: object, path: Path): Maybe<unknown> {
    // Within a subtree already being kept, a part shared by many of its values (a trick in every
    // later frame) is completed once for this answer and its result reused as it is: the outer
    // text holds it for later answers, and JSON.stringify writes it faster than spliced text.
    if (run.keeping > 0) {
      const parts = (run.parts ??= new Map());
      let byNode = parts.get(value);
      const done = byNode?.get(node);
      if (done !== undefined && done.type === type) return done.result;
      const callsBefore = run.resolverCalls;
      const completed = this.completeComposite(run, type, node, value, path);
      if (isThenable(completed) || run.resolverCalls !== callsBefore) return completed;
      if (!byNode) parts.set(value, (byNode = new Map()));
      byNode.set(node, { type, result: completed });
      return completed;
    }
    let byNode = this.texts.get(value);
    const known = byNode?.get(node);
    if (known && known.type === type) return known.raw;
    const text = this.keptText.complete(type, node, value);
    if (text !== undefined) {
      const raw = new RawJson(text);
      if (!byNode) this.texts.set(value, (byNode = new WeakMap()));
      byNode.set(node, { type, raw });
      return raw;
    }
    const callsBefore = run.resolverCalls;
    run.keeping++;
    let completed: Maybe<unknown>;
    try {
      completed = this.completeComposite(run, type, node, value, path);
    } finally {
      run.keeping--;
    }
    if (isThenable(completed) || run.resolverCalls !== callsBefore) return completed;
    const raw = new RawJson(stringifyWithRawJson(completed));
    if (!byNode) this.texts.set(value, (byNode = new WeakMap()));
    byNode.set(node, { type, raw });
    return raw;
  }

  /** A list or an object value (never null here). */
  private completeComposite(run: Run, type: GraphQLOutputType, node: FieldNode, value: unknown, path: Path): Maybe<unknown> {
    if (isListType(type)) {
      if (!Array.isArray(value)) decline();
      const items = value as unknown[];
      const itemType = type.ofType as GraphQLOutputType;
      const out: unknown[] = new Array(items.length);
      let pending: Promise<unknown>[] | null = null;
      for (let i = 0; i < items.length; i++) {
        const c = this.complete(run, itemType, node, items[i], { prev: path, key: i, typename: undefined });
        if (isThenable(c)) {
          out[i] = null;
          (pending ??= []).push(Promise.resolve(c).then((v) => (out[i] = v)));
        } else {
          out[i] = c;
          if (holdsRawJson(c)) markContainsRawJson(out);
        }
      }
      return pending ? Promise.all(pending).then(() => markIfHoldsRawJson(out)) : out;
    }
    if (isObjectType(type) && node.selectionSet) return this.completeObject(run, type, node.selectionSet, value, path);
    return decline();
  }

  private info(run: Run, f: PlannedField, parentType: GraphQLObjectType, path: Path): GraphQLResolveInfo {
    return {
      fieldName: f.node.name.value,
      fieldNodes: [f.node],
      returnType: f.type as GraphQLOutputType,
      parentType,
      path,
      schema: this.schema,
      fragments: {},
      rootValue: undefined,
      operation: run.operation,
      variableValues: run.variables,
    };
  }
}

interface Run {
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly variables: Record<string, unknown>;
  readonly contextValue: unknown;
  /** Resolvers called so far: a subtree that called none depends on its value and selection only. */
  resolverCalls: number;
  /** How many kept (memoised) subtrees are being completed around the current field. */
  keeping: number;
  /** The completed parts shared inside kept subtrees, for this answer only. */
  parts: Map<object, Map<FieldNode, { readonly type: GraphQLOutputType; readonly result: unknown }>> | undefined;
}

/** After asynchronous children have arrived: marks the container when one of them is JSON text. */
function markIfHoldsRawJson<T extends object>(container: T): T {
  if ((Array.isArray(container) ? container : Object.values(container)).some(holdsRawJson)) markContainsRawJson(container);
  return container;
}

/** The fields of a selection set on one object type, or null when it needs graphql-js. */
function planSelection(type: GraphQLObjectType, selectionSet: SelectionSetNode): readonly PlannedField[] | null {
  const fields: PlannedField[] = [];
  const seen = new Set<string>();
  const defs = type.getFields();
  for (const selection of selectionSet.selections) {
    // Fragments and @skip/@include are graphql-js's to merge and evaluate.
    if (selection.kind !== Kind.FIELD || (selection.directives?.length ?? 0) > 0) return null;
    const responseName = selection.alias?.value ?? selection.name.value;
    if (seen.has(responseName)) return null; // field merging
    seen.add(responseName);
    const name = selection.name.value;
    if (name === '__typename') {
      fields.push({ responseName, node: selection, def: null, plain: true, type: null, leaf: true });
      continue;
    }
    if (name.startsWith('__')) return null; // introspection
    const def = defs[name];
    if (!def) return null;
    const named = getNamedType(def.type);
    if (!isLeafType(named) && !isObjectType(named)) return null; // interfaces and unions
    if (isLeafType(named) !== !selection.selectionSet) return null;
    if (!isSupportedWrapping(def.type)) return null;
    const plain = isPlainResolver(def.resolve) && def.args.length === 0 && (selection.arguments?.length ?? 0) === 0;
    fields.push({ responseName, node: selection, def, plain, type: def.type, leaf: isLeafType(named) });
  }
  return fields;
}

/** Non-null and list wrappers over a leaf or an object type. */
function isSupportedWrapping(type: GraphQLOutputType): boolean {
  let t: GraphQLOutputType = type;
  while (t instanceof GraphQLNonNull || t instanceof GraphQLList) t = (t as GraphQLNonNull<GraphQLOutputType> | GraphQLList<GraphQLOutputType>).ofType;
  return getNullableType(t) === t;
}
