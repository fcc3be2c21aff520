import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { reachableModules, withModulePreloads } from './module-preloads';

export const VIEWER_ASSETS_DIR = Symbol('VIEWER_ASSETS_DIR');

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', html: 'text/html; charset=utf-8' };
// Resolved from each package's main file: qrcode-generator's exports map hides its dist folder.
const VENDOR_MODULES: Readonly<Record<string, () => string>> = { 'qrcode.mjs': () => join(dirname(require.resolve('qrcode-generator')), 'qrcode.mjs') };
// Only plain file names: no directories, so nothing outside the assets folder can be asked for.
const ASSET_NAME = /^[A-Za-z0-9_-]+\.(js|css)$/;

interface Asset {
  readonly body: Buffer;
  readonly etag: string;
  readonly mtimeMs: number;
  readonly size: number;
}

/**
 * Serves the bundled replay viewer: `/` is the page, `/viewer/<file>` its scripts and styles. Files
 * are held in memory once read (a page load asks for about 50) and re-read when the build changes
 * them; each carries an ETag, so a browser's reload costs one 304 per file.
 */
@Controller()
export class ViewerController {
  private readonly assets = new Map<string, Asset>();
  private index: { readonly key: string; readonly asset: Asset } | null = null;

  constructor(@Inject(VIEWER_ASSETS_DIR) private readonly dir: string) {}

  @Get()
  page(@Req() req: IncomingMessage, @Res() res: ServerResponse): void {
    this.reply(req, res, this.indexPage(), 'html');
  }

  /** Browser modules the pages take from npm packages (a fixed map: nothing else is served). */
  @Get('viewer/vendor/:file')
  vendor(@Param('file') file: string, @Res() res: ServerResponse): void {
    const path = Object.hasOwn(VENDOR_MODULES, file) ? VENDOR_MODULES[file]() : null;
    if (!path) throw new NotFoundException(`no viewer module ${file}`);
    res.setHeader('Content-Type', TYPES.js);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    createReadStream(path).pipe(res);
  }

  @Get('viewer/:file')
  asset(@Param('file') file: string, @Req() req: IncomingMessage, @Res() res: ServerResponse): void {
    const m = ASSET_NAME.exec(file);
    if (!m) throw new NotFoundException(`no viewer asset ${file}`);
    const asset = this.read(file);
    if (!asset) throw new NotFoundException(`viewer asset ${file} is not built (run npm run build)`);
    this.reply(req, res, asset, m[1]);
  }

  /** index.html with every module main.js reaches preloaded (rebuilt when a file it names changed). */
  private indexPage(): Asset {
    const html = this.read('index.html');
    if (!html) throw new NotFoundException('viewer asset index.html is not built (run npm run build)');
    const modules = reachableModules('main.js', (f) => this.read(f)?.body.toString('utf8') ?? null);
    const key = [html.etag, ...modules.map((f) => this.read(f)!.etag)].join(' ');
    if (this.index?.key !== key) this.index = { key, asset: assetOf(Buffer.from(withModulePreloads(html.body.toString('utf8'), modules)), html) };
    return this.index.asset;
  }

  /** The file as built now: from memory while its time and size are unchanged (null: not built). */
  private read(file: string): Asset | null {
    const path = join(this.dir, file);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return null;
    }
    const held = this.assets.get(file);
    if (held && held.mtimeMs === stat.mtimeMs && held.size === stat.size) return held;
    const asset = assetOf(readFileSync(path), stat);
    this.assets.set(file, asset);
    return asset;
  }

  private reply(req: IncomingMessage, res: ServerResponse, asset: Asset, ext: string): void {
    res.setHeader('Content-Type', TYPES[ext]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Revalidated on every use: a new build is seen at once, an unchanged file costs a 304.
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', asset.etag);
    if (req.headers['if-none-match'] === asset.etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', asset.body.length);
    res.end(asset.body);
  }
}

function assetOf(body: Buffer, stat: { readonly mtimeMs: number; readonly size: number }): Asset {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, mtimeMs: stat.mtimeMs, size: stat.size };
}
