import { seededRandom } from '../rules/deck';

/**
 * R36/D5: how many players sit at each table of a round: tables of 3, and of 4 where the count
 * does not divide by 3 (one or two of them); five players make one 5-table. Fewer than 3: none.
 */
export function tableSizes(players: number): number[] | null {
  if (players < 3) return null;
  if (players === 5) return [5];
  const fours = players % 3 === 0 ? 0 : players % 3 === 1 ? 1 : 2;
  if (players < 4 * fours) return null;
  return [...Array<number>(fours).fill(4), ...Array<number>((players - 4 * fours) / 3).fill(3)];
}

/** A seeded shuffle (Fisher-Yates over the rules' seeded random): the same seed gives the same draw. */
export function shuffleBySeed<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(`seat-draw-${seed}`);
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The players in drawn order split into tables, in order: the first table gets the first players. */
export function splitIntoTables(ordered: readonly string[]): string[][] | null {
  const sizes = tableSizes(ordered.length);
  if (!sizes) return null;
  const tables: string[][] = [];
  let at = 0;
  for (const n of sizes) {
    tables.push(ordered.slice(at, at + n));
    at += n;
  }
  return tables;
}

/** The drawn tables with last round's trios kept apart where the roster allows, and those that still repeat one. */
export interface TriosKeptApart {
  readonly tables: string[][];
  /** Indexes of tables that still hold three players who sat together last round (the roster left no other way). */
  readonly repeated: number[];
}

/**
 * A round's tables in drawn order, changed as little as it takes so that no table seats three
 * players who shared a table last round: a table that would is mended by swapping one of its
 * players (its last-placed first) with a player of the nearest table that takes him without a
 * repeat of its own (nearest in placing, so a draw by standings stays by standings). Pure and
 * deterministic; each mend is at most tables × seats swaps, so 300 players stay well under a
 * millisecond per repeated table.
 */
export function keepTriosApart(drawn: readonly (readonly string[])[], previous: readonly (readonly string[])[]): TriosKeptApart {
  const tables = drawn.map((t) => t.slice());
  const lastTable = new Map<string, number>();
  previous.forEach((t, i) => t.forEach((p) => lastTable.set(p, i)));
  const repeats = (table: readonly string[]): boolean => {
    const seen = new Map<number, number>();
    for (const p of table) {
      const at = lastTable.get(p);
      if (at === undefined) continue;
      const n = (seen.get(at) ?? 0) + 1;
      if (n >= 3) return true;
      seen.set(at, n);
    }
    return false;
  };
  const mend = (i: number): boolean => {
    const order: number[] = [];
    for (let d = 1; d < tables.length; d++) {
      if (i + d < tables.length) order.push(i + d);
      if (i - d >= 0) order.push(i - d);
    }
    const mine = tables[i];
    for (let a = mine.length - 1; a >= 0; a--)
      for (const j of order) {
        const theirs = tables[j];
        for (let k = 0; k < theirs.length; k++) {
          const b = j > i ? k : theirs.length - 1 - k;
          [mine[a], theirs[b]] = [theirs[b], mine[a]];
          if (!repeats(mine) && !repeats(theirs)) return true;
          [mine[a], theirs[b]] = [theirs[b], mine[a]];
        }
      }
    return false;
  };
  for (let pass = 0; pass < 3; pass++) {
    let mended = false;
    for (let i = 0; i < tables.length; i++) if (repeats(tables[i]) && mend(i)) mended = true;
    if (!mended) break;
  }
  const repeated = tables.flatMap((t, i) => (repeats(t) ? [i] : []));
  return { tables, repeated };
}
