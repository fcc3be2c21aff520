// The evening's roster: the organiser's list of players for one tournament, kept in this browser
// (the API knows players only once they sit at a table). The draw seats exactly these players.
const KEY = (tournamentId: string) => `skat-ledger.roster.${tournamentId}`;
/** A name as the API takes it: trimmed, 1-100 characters, no control characters. */
const NAME = /^[^\p{Cc}]{1,100}$/u;

export function loadRoster(tournamentId: string): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY(tournamentId)) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

export function saveRoster(tournamentId: string, players: readonly string[]): void {
  localStorage.setItem(KEY(tournamentId), JSON.stringify(players));
}

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

export function renamePlayer(roster: readonly string[], from: string, to: string): string[] {
  const name = to.trim();
  if (!NAME.test(name) || (roster.includes(name) && name !== from)) return roster.slice();
  return roster.map((p) => (p === from ? name : p));
}

export function removePlayer(roster: readonly string[], name: string): string[] {
  return roster.filter((p) => p !== name);
}
