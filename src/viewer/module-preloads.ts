/**
 * The browser code is plain ES modules (no bundler): without help the browser finds them level by
 * level, one import waterfall of about six round trips on a phone. The page names every module
 * main.js reaches with `<link rel="modulepreload">`, so they are fetched at once.
 */

// Static imports of a sibling module as tsc writes them: `import { a } from './x.js';`, `import './x.js';`.
const STATIC_IMPORT = /^\s*import\s+(?:[^'";]*?\s+from\s+)?['"]\.\/([A-Za-z0-9_-]+\.js)['"]/gm;

/** The sibling modules `source` imports statically, in the order written. */
export function staticImports(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]);
}

/** Every module reachable from `entry` by static imports (the entry first), read through `read` (null: no such file). */
export function reachableModules(entry: string, read: (file: string) => string | null): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const source = read(file);
    if (source === null) continue;
    seen.add(file);
    queue.push(...staticImports(source));
  }
  return [...seen];
}

/** index.html with a modulepreload link per module, placed before `</head>`. */
export function withModulePreloads(html: string, modules: readonly string[], prefix = '/viewer/'): string {
  const links = modules.map((m) => `    <link rel="modulepreload" href="${prefix}${m}" />\n`).join('');
  return html.includes('</head>') ? html.replace('</head>', `${links}  </head>`) : html;
}
