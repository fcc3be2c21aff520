import { join } from 'node:path';
import { importCycles } from './import-graph';

/**
 * No two files of src/ import each other, straight or round about, inside a folder or across
 * folders (issue #25 item 4). The layer check (import-directions.spec.ts) keeps folders from
 * importing each other; this one keeps the files of one folder in an order too. Type-only imports
 * count: a loop of types is a loop of concepts, and the compiler no longer sees which comes first.
 */
const ROOT = join(__dirname, '../../src');

describe('import cycles (issue #25 item 4)', () => {
  it('no file of src/ reaches itself through its imports; a loop is named with its files', () => {
    expect(importCycles(ROOT)).toEqual([]);
  });

  it('the check finds a loop inside a folder, type-only imports too', () => {
    const fixture = join(__dirname, 'fixtures', 'cycles');
    expect(importCycles(fixture)).toEqual([['folder/a.ts', 'folder/b.ts', 'folder/c.ts']]);
  });
});
