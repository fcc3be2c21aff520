import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * One file-name style across src/ and test/ (issue #16 item 5): kebab-case, the style of the
 * Angular and NestJS style guides and of `nest generate`. A name is lower-case words joined by
 * hyphens; dots only separate role suffixes (`.spec.ts`, `.resolver.ts`, `.module.ts`).
 */
const KEBAB_PART = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function misnamed(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const parts = entry.isDirectory() ? [entry.name] : entry.name.split('.');
      if (!parts.every((p) => KEBAB_PART.test(p))) out.push(relative(join(root, '..'), path));
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}

describe('file names (issue #16 item 5: one style)', () => {
  it.each(['src', 'test'])('every file and folder under %s/ is kebab-case', (folder) => {
    expect(misnamed(join(__dirname, '..', '..', folder))).toEqual([]);
  });
});
