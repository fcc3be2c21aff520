import { corpusLines } from '../../iss/corpus';

/** The ISS corpus `copies` times with fresh IDs (as the import bench makes its records), one record per line. */
export function corpusCopies(copies: number): { readonly corpus: readonly string[]; readonly records: string } {
  const corpus = corpusLines().map((l) => l.text);
  const records = Array.from({ length: corpus.length * copies }, (_, i) =>
    corpus[i % corpus.length].replace(/ID\[(\d+)\]/, `ID[${Math.floor(i / corpus.length)}x$1]`),
  ).join('\n');
  return { corpus, records };
}

/** Every item of an async iterable, in order. */
export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
