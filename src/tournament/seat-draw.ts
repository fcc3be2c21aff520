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
