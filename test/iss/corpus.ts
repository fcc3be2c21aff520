import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** shared/ sits beside the repository (CI clones it there). */
export const SHARED_DIR = resolve(__dirname, '..', '..', '..', 'shared');
export const ISS_DIR = join(SHARED_DIR, 'data', 'iss');

export interface CorpusLine {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export function corpusFiles(): string[] {
  return readdirSync(ISS_DIR)
    .filter((f) => f.endsWith('.sgf'))
    .sort()
    .map((f) => join(ISS_DIR, f));
}

/** Every non-blank line of the acceptance corpus (33 real ISS records). */
export function corpusLines(): CorpusLine[] {
  const out: CorpusLine[] = [];
  for (const file of corpusFiles()) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if (text.trim() !== '') out.push({ file, line: i + 1, text });
      });
  }
  return out;
}

export function corpusLineById(id: string): string {
  const hit = corpusLines().find((l) => l.text.includes(`ID[${id}]`));
  if (!hit) throw new Error(`no corpus record ID[${id}]`);
  return hit.text;
}
