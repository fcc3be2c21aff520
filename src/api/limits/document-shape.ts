/**
 * A cheap look at a GraphQL document before any recursive code (parser, validation rules, cost
 * walk) sees it: how deeply its selections nest and how many fragments it defines. graphql-js
 * and its validation rules recurse per level and per fragment spread, so 3,000 chained fragments
 * or a few thousand nested braces overflow the stack (an HTTP 500) long before the depth rule
 * could refuse them. One pass, no recursion; strings, block strings and comments are skipped.
 */
export const MAX_NESTING = 64;
export const MAX_FRAGMENTS = 200;

export function documentShapeProblem(text: string, maxNesting = MAX_NESTING, maxFragments = MAX_FRAGMENTS): string | null {
  let depth = 0;
  let fragments = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
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
