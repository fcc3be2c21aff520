/**
 * A cheap look at a GraphQL document before any recursive code (parser, validation rules, cost
 * walk) sees it: its size in bytes and in lexical tokens, how deeply its selections nest and how
 * many fragments it defines. graphql-js and its validation rules recurse per level and per
 * fragment spread, so 3,000 chained fragments or a few thousand nested braces overflow the stack
 * (an HTTP 500) long before the depth rule could refuse them; and parsing, validating and costing
 * grow with the tokens, so a document of a million tokens cost half a second before its refusal
 * (issue 24). One pass, no recursion, stopping at the first limit; strings, block strings and
 * comments are skipped (a string is one token).
 *
 * The same pass counts the fields given arguments of each operation that are not inside another
 * (nor inside a fragment): each costs at least ARGUMENT_FIELD_COST with what it selects
 * (argument-floor.ts) and every list above it multiplies by at least one, so more of them than the cost limit admits are refused here, before the parse,
 * validation and cost walk that would cost more than the refusal may (a document of 800 aliased
 * audits took 35 ms of CPU to refuse by its cost). A document with directives (`@skip` can leave
 * a field out) is left to the cost walk.
 */
import { ARGUMENT_FIELD_COST } from './argument-floor';

export const MAX_NESTING = 64;
export const MAX_FRAGMENTS = 200;

export interface DocumentLimits {
  readonly maxNesting: number;
  readonly maxFragments: number;
  /** The document's length in UTF-16 units (≤ its UTF-8 bytes for ASCII documents; a longer one is refused unread). */
  readonly maxBytes: number;
  /** Names, numbers, strings and punctuators (commas and white space are not tokens). */
  readonly maxTokens: number;
  /** Fields given arguments in one operation (outside fragments), when the document has no directives. */
  readonly maxArgumentFields: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxNesting: MAX_NESTING,
  maxFragments: MAX_FRAGMENTS,
  maxBytes: 100_000,
  maxTokens: 10_000,
  maxArgumentFields: Number.POSITIVE_INFINITY,
};

/** The document limits of the API's settings. */
export const documentLimitsOf = (limits: {
  readonly maxDocumentBytes: number;
  readonly maxDocumentTokens: number;
  readonly maxComplexity: number;
}): Partial<DocumentLimits> => ({
  maxBytes: limits.maxDocumentBytes,
  maxTokens: limits.maxDocumentTokens,
  maxArgumentFields: Math.floor(limits.maxComplexity / ARGUMENT_FIELD_COST),
});

/** The refusal's reason code (extensions.reason) for a problem documentShapeProblem named. */
export const documentProblemReason = (problem: string): 'DOCUMENT_TOO_LARGE' | 'DOCUMENT_TOO_DEEP' | 'QUERY_TOO_COMPLEX' =>
  /given arguments/.test(problem) ? 'QUERY_TOO_COMPLEX' : /tokens|characters/.test(problem) ? 'DOCUMENT_TOO_LARGE' : 'DOCUMENT_TOO_DEEP';

export function documentShapeProblem(text: string, given: Partial<DocumentLimits> = {}): string | null {
  const { maxNesting, maxFragments, maxBytes, maxTokens, maxArgumentFields } = { ...DEFAULT_DOCUMENT_LIMITS, ...given };
  if (text.length > maxBytes) return `the document is longer than ${maxBytes} characters`;
  let depth = 0;
  let fragments = 0;
  let tokens = 0;
  // Fields given arguments: selection braces (outside argument values), the definition under way, inline fragments.
  let braces = 0;
  let parens = 0;
  let inFragment = false;
  let inlineFrom = -1;
  let inlineNext = false;
  // A counted field's own selection set: the fields under it are part of its cost (the floor is on the whole field).
  let argFrom = -1;
  let argNext = false;
  let afterName = false;
  let directives = false;
  let fields = 0;
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === 44 /* , */ || c === 0xfeff) continue;
    if (c !== 35 && ++tokens > maxTokens) return `the document has more than ${maxTokens} tokens`;
    const name = isNameChar(c) && !(c >= 48 && c <= 57);
    const opensArgs = argNext && c === 123;
    if (parens === 0) argNext = false;
    if (c === 40 /* ( */) {
      if (afterName && parens === 0 && braces > 0 && !inFragment && inlineFrom < 0 && argFrom < 0) {
        fields++;
        argNext = true;
      }
      parens++;
    } else if (c === 41) {
      parens--;
    } else if (parens === 0 && c === 123 /* { */) {
      if (braces === 0) fields = 0;
      if (inlineNext && inlineFrom < 0) inlineFrom = braces;
      if (opensArgs && argFrom < 0) argFrom = braces;
      inlineNext = false;
      braces++;
    } else if (parens === 0 && c === 125 /* } */) {
      braces--;
      if (braces === inlineFrom) inlineFrom = -1;
      if (braces === argFrom) argFrom = -1;
      if (braces === 0) {
        if (!inFragment) fewest = Math.min(fewest, fields);
        inFragment = false;
      }
    } else if (c === 64 /* @ */) {
      directives = true;
    } else if (c === 46 /* . */ && text.startsWith('...', i)) {
      // An inline fragment (`... on T {`, `... {`): its fields depend on the type, left to the cost walk.
      let j = i + 3;
      while (j < text.length && /\s|,/.test(text[j])) j++;
      inlineNext = text.charCodeAt(j) === 123 || (text.startsWith('on', j) && !isNameChar(text.charCodeAt(j + 2)));
    } else if (braces === 0 && parens === 0 && c === 102 && text.startsWith('fragment', i) && !isNameChar(text.charCodeAt(i + 8))) {
      inFragment = true;
    }
    afterName = name;
    if (c === 35 /* # */) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++;
    } else if (c === 34 /* " */) {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3);
        i = end < 0 ? text.length : end + 2;
      } else {
        for (i++; i < text.length && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 10; i++) if (text.charCodeAt(i) === 92) i++;
      }
    } else if (c === 123 /* { */ || c === 40 /* ( */ || c === 91 /* [ */) {
      if (++depth > maxNesting) return `the document nests deeper than ${maxNesting} levels`;
    } else if (c === 125 || c === 41 || c === 93) {
      depth--;
    } else if (c === 102 /* f */ && text.startsWith('fragment', i) && !isNameChar(text.charCodeAt(i - 1)) && !isNameChar(text.charCodeAt(i + 8))) {
      if (++fragments > maxFragments) return `the document defines more than ${maxFragments} fragments`;
      i += 7;
    } else if (isNameChar(c)) {
      while (i + 1 < text.length && isNameChar(text.charCodeAt(i + 1))) i++;
    }
  }
  if (!directives && fewest !== Number.POSITIVE_INFINITY && fewest > maxArgumentFields)
    return `query too complex: the operation asks for ${fewest} fields given arguments, each costing at least ${ARGUMENT_FIELD_COST}; the cost limit admits ${maxArgumentFields}: ask for fewer at once`;
  return null;
}

function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
