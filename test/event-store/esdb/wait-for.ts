/** Waits for a condition the test expects to become true (a bound against hanging, not a timing assertion). */
export async function waitFor(condition: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
