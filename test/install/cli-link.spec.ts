import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npx skat-ledger` runs the built CLI at once after `npm ci` (#25 item 6). npm's exec looks for a
 * `bin` of the root package first and, when it finds one, copies the whole project into its cache
 * and runs `prepare` there (a full build, about a minute) before every first use. So the package
 * declares no `bin`; `prepare` links node_modules/.bin/skat-ledger to dist/cli/main.js instead,
 * which npm's exec finds next and runs in place.
 */
const root = resolve(__dirname, '..', '..');

describe('the CLI after npm ci', () => {
  it('package.json declares no bin that would make npx copy and rebuild the project', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin?: unknown };
    expect(manifest.bin).toBeUndefined();
  });

  it('node_modules/.bin/skat-ledger links the built, executable dist/cli/main.js', () => {
    const link = join(root, 'node_modules', '.bin', 'skat-ledger');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(resolve(join(root, 'node_modules', '.bin'), readlinkSync(link))).toBe(join(root, 'dist', 'cli', 'main.js'));
    expect(existsSync(link)).toBe(true);
    expect(lstatSync(join(root, 'dist', 'cli', 'main.js')).mode & 0o111).not.toBe(0);
  });
});
