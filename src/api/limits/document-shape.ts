/**
 * A cheap look at a GraphQL document before any recursive code (parser, validation rules, cost
 * walk) sees it: its size in bytes and in lexical tokens, how deeply its selections nest and how
 * many fragments it defines. graphql-js and its validation rules recurse per level and per
 * fragment spread, so 3,000 chained fragments or a few thousand nested braces overflow the stack
 * (an HTTP 500) long before the depth rule could refuse them; and parsing, validating and costing
 * grow with the tokens, so a document of a million tokens cost half a second before its refusal
 * (issue 24). One pass, no recursion, stopping at the first limit; strings, block strings and
 * comments are skipped (a string is one token).
 */
export const MAX_NESTING = 64;
export const MAX_FRAGMENTS = 200;

export interface DocumentLimits {
  readonly maxNesting: number;
  readonly maxFragments: number;
  /** The document's length in UTF-16 units (≤ its UTF-8 bytes for ASCII documents; a longer one is refused unread). */
  readonly maxBytes: number;
  /** Names, numbers, strings and punctuators (commas and white space are not tokens). */
  readonly maxTokens: number;
}

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = { maxNesting: MAX_NESTING, maxFragments: MAX_FRAGMENTS, maxBytes: 100_000, maxTokens: 10_000 };

/** The document limits of the API's settings. */
export const documentLimitsOf = (limits: { readonly maxDocumentBytes: number; readonly maxDocumentTokens: number }): Partial<DocumentLimits> => ({
  maxBytes: limits.maxDocumentBytes,
  maxTokens: limits.maxDocumentTokens,
});

export function documentShapeProblem(text: string, given: Partial<DocumentLimits> = {}): string | null {
  const { maxNesting, maxFragments, maxBytes, maxTokens } = { ...DEFAULT_DOCUMENT_LIMITS, ...given };
  if (text.length > maxBytes) return `the document is longer than ${maxBytes} characters`;
  let depth = 0;
  let fragments = 0;
  let tokens = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === 44 /* , */ || c === 0xfeff) continue;
    if (c !== 35 && ++tokens > maxTokens) return `the document has more than ${maxTokens} tokens`;
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
  return null;
}

function isNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
