// The evening's roster as the organiser types it: names from a pasted or uploaded list, checked
// as the API takes them (the roster itself is kept in the ledger, L23).
/** A name as the API takes it: trimmed, 1-100 characters, no control characters. */
const NAME = /^[^\p{Cc}]{1,100}$/u;

/** Names from a pasted or uploaded list: one a line, or the first column of a CSV; blank lines, a header "name" and repeats dropped. */
export function parseList(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const first = line
      .split(/[;,\t]/)[0]
      .replace(/^"|"$/g, '')
      .trim();
    if (first === '' || /^(name|player|spieler)$/i.test(first) || !NAME.test(first) || out.includes(first)) continue;
    out.push(first);
  }
  return out;
}

/** The roster with these names added at the end (those already on it kept once). */
export function addPlayers(roster: readonly string[], names: readonly string[]): string[] {
  return [...roster, ...names.map((n) => n.trim()).filter((n, i, all) => NAME.test(n) && !roster.includes(n) && all.indexOf(n) === i)];
}
