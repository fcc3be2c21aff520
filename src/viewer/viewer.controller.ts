import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { createReadStream, existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';

export const VIEWER_ASSETS_DIR = Symbol('VIEWER_ASSETS_DIR');

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', html: 'text/html; charset=utf-8' };
// Resolved from each package's main file: qrcode-generator's exports map hides its dist folder.
const VENDOR_MODULES: Readonly<Record<string, () => string>> = { 'qrcode.mjs': () => join(dirname(require.resolve('qrcode-generator')), 'qrcode.mjs') };
// Only plain file names: no directories, so nothing outside the assets folder can be asked for.
const ASSET_NAME = /^[A-Za-z0-9_-]+\.(js|css)$/;

/** Serves the bundled replay viewer: `/` is the page, `/viewer/<file>` its scripts and styles. */
@Controller()
export class ViewerController {
  constructor(@Inject(VIEWER_ASSETS_DIR) private readonly dir: string) {}

  @Get()
  index(@Res() res: ServerResponse): void {
    this.send(res, 'index.html', 'html');
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
  asset(@Param('file') file: string, @Res() res: ServerResponse): void {
    const m = ASSET_NAME.exec(file);
    if (!m) throw new NotFoundException(`no viewer asset ${file}`);
    this.send(res, file, m[1]);
  }

  private send(res: ServerResponse, file: string, ext: string): void {
    const path = join(this.dir, file);
    if (!existsSync(path)) throw new NotFoundException(`viewer asset ${file} is not built (run npm run build)`);
    res.setHeader('Content-Type', TYPES[ext]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    createReadStream(path).pipe(res);
  }
}
