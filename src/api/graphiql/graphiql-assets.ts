import { dirname, join } from 'node:path';

/**
 * GraphiQL's browser files, served by the app from npm packages so the page works offline (no CDN).
 * A fixed map from public name to file: nothing else under node_modules can be asked for.
 */
export const GRAPHIQL_ASSET_PATH = '/graphiql-assets';

type AssetKind = 'js' | 'css';
interface Asset {
  readonly file: string;
  readonly kind: AssetKind;
}

const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));

let assets: ReadonlyMap<string, Asset> | null = null;

/** The assets by public name, resolved once (package locations do not change while running). */
export function graphiqlAssets(): ReadonlyMap<string, Asset> {
  assets ??= new Map<string, Asset>([
    ['react.js', { file: join(packageDir('react'), 'umd', 'react.production.min.js'), kind: 'js' }],
    ['react-dom.js', { file: join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'), kind: 'js' }],
    ['graphiql.js', { file: join(packageDir('graphiql'), 'graphiql.min.js'), kind: 'js' }],
    ['graphiql.css', { file: join(packageDir('graphiql'), 'graphiql.min.css'), kind: 'css' }],
  ]);
  return assets;
}
