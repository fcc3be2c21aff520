import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { createReadStream, existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';

export const VIEWER_ASSETS_DIR = Symbol('VIEWER_ASSETS_DIR');

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', html: 'text/html; charset=utf-8' };
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
