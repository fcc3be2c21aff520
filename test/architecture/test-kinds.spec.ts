import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Test kinds by file name (#25 item 5): jest.config.js selects unit, e2e, browser, fuzz and cli
 * specs by their suffix, so a spec must carry the suffix of what it does, or it runs with the
 * wrong kind (a browser spec among the unit specs is 20 s where a unit spec is milliseconds).
 */
const ROOT = join(__dirname, '..', '..');
const KINDS = ['e2e', 'browser', 'fuzz', 'property', 'cli'];

function specFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) specFiles(path, out);
    else if (entry.name.endsWith('.spec.ts')) out.push(relative(ROOT, path));
  }
  return out;
}
const SELF = relative(ROOT, __filename);
const specs = [...specFiles(join(ROOT, 'src')), ...specFiles(join(ROOT, 'test'))].filter((f) => f !== SELF);
const kindsOf = (file: string) =>
  file
    .split('/')
    .pop()!
    .split('.')
    .filter((part) => KINDS.includes(part));
const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** `**` any folders, `*` any name part: the only glob forms jest.runtime.config.js uses. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace('<rootDir>/', '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '(?:.*/)?')
    .replace(/\*/g, '[^/]*');
  return new RegExp(`^${body}$`);
}

describe('test kinds (#25 item 5)', () => {
  it('a spec has at most one kind suffix', () => {
    expect(specs.filter((f) => kindsOf(f).length > 1)).toEqual([]);
  });

  it('a spec drives Chromium exactly when it is a browser spec', () => {
    const drivesBrowser = (f: string) => /from 'playwright-core'|require\('playwright-core'\)|browser-harness/.test(source(f));
    expect(specs.filter((f) => drivesBrowser(f) !== kindsOf(f).includes('browser'))).toEqual([]);
  });

  it('a unit spec starts no GraphQL server and no browser', () => {
    const unit = specs.filter((f) => kindsOf(f).length === 0);
    const startsServer = (f: string) => /startServer\(|createApp\(|from '\.\.?\/(?:api\/)?harness'/.test(source(f));
    expect(unit.filter(startsServer)).toEqual([]);
  });

  it('every path of the runtime selection names at least one spec', () => {
    const config = require(join(ROOT, 'jest.runtime.config.js')) as { projects: { testMatch: string[] }[] };
    const globs = config.projects.flatMap((p) => p.testMatch);
    expect(globs.filter((g) => !specs.some((f) => globToRegExp(g).test(f)))).toEqual([]);
  });
});
