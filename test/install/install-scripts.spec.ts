/**
 * Install scripts: npm runs a dependency's install script only when package.json's `allowScripts`
 * allows it (`strict-allow-scripts` is off, see .npmrc: an unreviewed one only warns during the install). These
 * tests fail when a script the product needs did not run (better-sqlite3's native build: `npm ci`
 * would succeed and the first database open fail), and when a dependency brings an install script
 * nobody has reviewed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };

/** The one dependency whose install script the product needs. */
const NEEDED = 'better-sqlite3';

interface InstalledPackage {
  readonly name: string;
  readonly scripts: Record<string, string>;
  readonly hasBindingGyp: boolean;
}

/** Every package under node_modules, nested ones included (what npm would run scripts for). */
function installedPackages(modules: string, out: InstalledPackage[] = []): InstalledPackage[] {
  if (!existsSync(modules)) return out;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const path = join(modules, entry);
    if (entry.startsWith('@')) {
      installedPackages(path, out);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (!statSync(path).isDirectory() || !existsSync(manifest)) continue;
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; scripts?: Record<string, string> };
    out.push({ name: parsed.name ?? entry, scripts: parsed.scripts ?? {}, hasBindingGyp: existsSync(join(path, 'binding.gyp')) });
    installedPackages(join(path, 'node_modules'), out);
  }
  return out;
}

/** npm's install-time scripts: preinstall, install, postinstall, and the implicit `node-gyp rebuild` of a binding.gyp. */
function hasInstallScript(pkg: InstalledPackage): boolean {
  return ['preinstall', 'install', 'postinstall'].some((name) => typeof pkg.scripts[name] === 'string') || pkg.hasBindingGyp;
}

describe('install scripts', () => {
  it("better-sqlite3's install script ran: its native binding is built for this Node and opens a database", () => {
    const binding = join(root, 'node_modules', NEEDED, 'build', 'Release', 'better_sqlite3.node');
    if (!existsSync(binding)) {
      throw new Error(
        `${binding} is missing: better-sqlite3's install script did not run (is it allowed in package.json's allowScripts?); run \`npm rebuild better-sqlite3\``,
      );
    }
    // Loaded here rather than imported, so that a wrong ABI fails this test by name.
    const Database = require(NEEDED) as typeof import('better-sqlite3');
    let db: import('better-sqlite3').Database;
    try {
      db = new Database(':memory:');
    } catch (error) {
      throw new Error(
        `better-sqlite3's binding does not load on Node ${process.version} (ABI ${process.versions.modules}): ${(error as Error).message}; run \`npm rebuild better-sqlite3\``,
        {
          cause: error,
        },
      );
    }
    try {
      expect(db.prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
    } finally {
      db.close();
    }
  });

  it('allowScripts reviews exactly the installed packages that have install scripts, and allows only better-sqlite3', () => {
    const policy = packageJson.allowScripts ?? {};
    const withScripts = [
      ...new Set(
        installedPackages(join(root, 'node_modules'))
          .filter(hasInstallScript)
          .map((pkg) => pkg.name),
      ),
    ].sort();
    // A package listed here but not installed is stale; one installed but not listed was never reviewed.
    expect(Object.keys(policy).sort()).toEqual(withScripts);
    expect(
      Object.entries(policy)
        .filter(([, allowed]) => allowed === true)
        .map(([name]) => name),
    ).toEqual([NEEDED]);
  });

  it(".npmrc does not make npm refuse the project's own CLI (strict-allow-scripts would block `npx skat-ledger`)", () => {
    const npmrc = readFileSync(join(root, '.npmrc'), 'utf8');
    expect(npmrc).not.toMatch(/^strict-allow-scripts\s*=\s*true\s*$/m);
  });
});
