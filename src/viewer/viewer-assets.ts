import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the built viewer lives: `dist/viewer/web` (compiled by tsconfig.viewer.json, static files
 * copied beside it by `npm run build`). From dist that is next to this file; from src (tests) it
 * is the repo's dist folder.
 */
export function defaultViewerAssetsDir(): string {
  const besideMe = join(__dirname, 'web');
  if (existsSync(join(besideMe, 'main.js'))) return besideMe;
  return resolve(__dirname, '..', '..', 'dist', 'viewer', 'web');
}
