/**
 * A kept subtree (plain fields over an immutable value, see plain-executor.ts) completed straight
 * into JSON text, without the response objects JSON.stringify would walk afterwards. A part shared
 * inside it (a trick in every later frame, an unchanged hand) is written once per answer and its
 * text reused: a replay's completed tricks repeat in every frame after them, so most of its 36 KB
 * are such repeats. The text is byte for byte JSON.stringify of what the object path completes.
 *
 * Anything the object path handles otherwise (a resolver, a missing non-null value, a type with
 * isTypeOf, a value that does not serialise) ends this with undefined, and the caller takes the
 * object path, which answers, declines or calls the resolver as before.
 */
import { isImmutable } from './immutable-values';
import {
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type SelectionSetNode,
} from 'graphql';

/** What the text needs of one planned field (plain-executor.ts plans them). */
export interface TextField {
  readonly responseName: string;
  readonly node: FieldNode;
  /** null for __typename. */
  readonly def: { readonly name: string } | null;
  readonly plain: boolean;
  readonly type: GraphQLOutputType | null;
}

class NotText extends Error {}
const NOT_TEXT = new NotText();

/** Parts written once per answer: value, then field node, then the text for that type. */
type Parts = Map<object, Map<FieldNode, { readonly type: GraphQLOutputType; readonly text: string }>>;

export class KeptText {
  /** The JSON text of each response name (as JSON.stringify writes the key), per planned field. */
  private readonly keys = new WeakMap<TextField, string>();

  /** plan: the executor's planned fields of a selection set on a type (throws when it needs graphql-js). */
  constructor(private readonly plan: (type: GraphQLObjectType, selectionSet: SelectionSetNode) => readonly TextField[]) {}

  /** The subtree's JSON text, flat (no rope of the parts kept alive), or undefined for the object path. */
  complete(type: GraphQLOutputType, node: FieldNode, value: object): string | undefined {
    let text: string;
    try {
      text = this.value(type, node, value, new Map());
    } catch {
      // NOT_TEXT, or a plan that needs graphql-js: the object path meets the same and handles it.
      return undefined;
    }
    return flatten(text);
  }

  private value(type: GraphQLOutputType, node: FieldNode, value: unknown, parts: Parts): string {
    if (isNonNullType(type)) {
      if (value === null || value === undefined) throw NOT_TEXT;
      return this.value(type.ofType as GraphQLOutputType, node, value, parts);
    }
    if (value === null || value === undefined) return 'null';
    if (typeof value !== 'object' && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw NOT_TEXT;
    if (value instanceof Error || typeof (value as { then?: unknown }).then === 'function') throw NOT_TEXT;
    if (isLeafType(type)) return leafText(type.serialize(value));
    if (typeof value !== 'object') throw NOT_TEXT;
    if (!node.selectionSet || !isImmutable(value)) return this.composite(type, node, value, parts);
    let byNode = parts.get(value);
    const done = byNode?.get(node);
    if (done !== undefined && done.type === type) return done.text;
    const text = this.composite(type, node, value, parts);
    if (!byNode) parts.set(value, (byNode = new Map()));
    byNode.set(node, { type, text });
    return text;
  }

  private composite(type: GraphQLOutputType, node: FieldNode, value: object, parts: Parts): string {
    if (isListType(type)) {
      if (!Array.isArray(value)) throw NOT_TEXT;
      const itemType = type.ofType as GraphQLOutputType;
      let out = '[';
      for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + this.value(itemType, node, value[i], parts);
      return `${out}]`;
    }
    if (!isObjectType(type) || !node.selectionSet || type.isTypeOf) throw NOT_TEXT;
    const fields = this.plan(type, node.selectionSet);
    let out = '{';
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      let text: string;
      if (f.def === null) text = JSON.stringify(type.name);
      else {
        if (!f.plain) throw NOT_TEXT;
        const v = (value as Record<string, unknown>)[f.def.name];
        if (v === undefined || typeof v === 'function') throw NOT_TEXT;
        text = this.value(f.type as GraphQLOutputType, f.node, v, parts);
      }
      out += `${i > 0 ? ',' : ''}${this.key(f)}:${text}`;
    }
    return `${out}}`;
  }

  private key(f: TextField): string {
    let k = this.keys.get(f);
    if (k === undefined) {
      // The object path's `result[name] = …` would set a prototype here, not a key.
      if (f.responseName === '__proto__') throw NOT_TEXT;
      this.keys.set(f, (k = JSON.stringify(f.responseName)));
    }
    return k;
  }
}

/** A serialised leaf as JSON.stringify writes it; what does not serialise goes the object path. */
function leafText(s: unknown): string {
  if (typeof s === 'string') return JSON.stringify(s);
  if (typeof s === 'number') return Number.isFinite(s) ? String(s) : 'null';
  if (typeof s === 'boolean') return s ? 'true' : 'false';
  if (s === null || s === undefined) throw NOT_TEXT;
  const t = JSON.stringify(s);
  if (t === undefined) throw NOT_TEXT;
  return t;
}

/**
 * A string built by concatenation is a tree of its pieces; converting it to a number makes V8
 * flatten it in place, so the kept text is one string and its pieces can go.
 */
function flatten(text: string): string {
  void Number(text);
  return text;
}
