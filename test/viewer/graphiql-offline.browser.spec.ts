/// <reference lib="dom" />
/**
 * GraphiQL in a real browser with every request off this machine refused: the page must load all
 * of its scripts and styles from the app (no CDN) and run an introspection-backed query.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, outputFolder } from './browser-harness';
import { startServer, type TestServer } from '../api/harness';

const OUT = outputFolder('graphiql');

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GraphiQL offline', () => {
  it('loads every asset from the app itself and answers a query', async () => {
    const origin = new URL(server.url).origin;
    const page = await browser.newPage();
    const foreign: string[] = [];
    const failed: string[] = [];
    // Anything not on the app's origin is what a CDN page would need: refuse it and remember it.
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    page.on('requestfailed', (r) => failed.push(r.url()));
    await page.goto(server.url);
    await page.waitForSelector('.graphiql-container', { timeout: 30_000 });
    // Type a query into the editor and run it with the keyboard.
    await page.click('.graphiql-query-editor .CodeMirror');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('{ deals(first: 1) { totalCount ');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('.result-window')?.textContent?.includes('"totalCount": 0'), undefined, { timeout: 30_000 });
    expect(foreign).toEqual([]);
    expect(failed).toEqual([]);
    await page.screenshot({ path: join(OUT, 'graphiql.png') });
    await page.close();
  });

  it('serves only the named assets, with their content types', async () => {
    const base = server.url.replace(/\/graphql$/, '/graphiql-assets');
    const js = await fetch(`${base}/graphiql.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    const css = await fetch(`${base}/graphiql.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    for (const name of ['package.json', '..%2Fpackage.json', 'react.js.map', 'graphiql.min.js']) {
      expect((await fetch(`${base}/${name}`)).status).toBe(404);
    }
    const html = await (await fetch(server.url, { headers: { accept: 'text/html' } })).text();
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });
});
