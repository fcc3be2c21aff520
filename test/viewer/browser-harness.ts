/**
 * What every page spec needs: the browser code built as `npm run build` builds it (so no spec sees
 * stale assets), a folder for its screenshots, and Debian's Chromium started with the flags this
 * closed network needs (no background connections, no sandbox as root).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { viewerMovesModule } from '../../src/viewer/write-viewer-moves';

export const ROOT = resolve(__dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SOURCES = join(ROOT, 'src', 'viewer', 'web');
const BUILT = join(ROOT, 'dist', 'viewer', 'web');
const ENTRY = join(BUILT, 'main.js');
const STAMP = join(ROOT, 'dist', '.viewer-built-from'); // beside the served folder, not in it

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

/** A digest of everything the browser build reads: the viewer's sources and its tsconfig. */
function sourceDigest(): string {
  const hash = createHash('sha256');
  for (const file of [...sourceFiles(SOURCES).sort(), join(ROOT, 'tsconfig.viewer.json')])
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/**
 * Builds the browser code unless the last build was made from exactly these sources (the page
 * specs run one after another, and the compile is the slow part of their set-up).
 */
export function buildViewer(): void {
  // The moves as the table has them now, as npm run build writes them (cheap: written every time).
  mkdirSync(BUILT, { recursive: true });
  writeFileSync(join(BUILT, 'move-table.js'), viewerMovesModule());
  // The entry file's time is part of the stamp: a build made since (from other sources) is not trusted.
  const stamp = () => `${sourceDigest()} ${existsSync(ENTRY) ? statSync(ENTRY).mtimeMs : 0}`;
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp()) return;
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.viewer.json')], { cwd: ROOT, stdio: 'pipe' });
  cpSync(join(SOURCES, 'static'), BUILT, { recursive: true });
  writeFileSync(STAMP, stamp());
}

/** The folder under test-output/ where a spec leaves its screenshots for a person to look at. */
export function outputFolder(name: string): string {
  const dir = join(ROOT, 'test-output', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A page in a browser context of its own (closed with the page). Headless Chromium draws frames
 * for only one of the pages that share a context's window once another one has been used: the
 * others get about one animation frame a second, and every click (which waits for the element
 * to be stable over two frames) or `waitForFunction` (which polls per frame) on them then takes
 * 1-2 s. Specs that keep several pages open at once (an organiser and a tablet) open each here.
 */
export async function openTab(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  return page;
}
