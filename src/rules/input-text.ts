/**
 * A value from outside (a move, a bid) as text for a refusal. String() throws for some objects (a
 * toString that is not a function), and a refusal must never turn into a crash.
 */
export function inputText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return `(${typeof value})`;
  }
}
