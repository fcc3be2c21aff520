import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { GRAPHIQL_ASSET_PATH, graphiqlAssets } from './graphiql-assets';

const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

/** Serves GraphiQL's scripts and styles from the installed npm packages. */
@Controller(GRAPHIQL_ASSET_PATH.slice(1))
export class GraphiqlAssetsController {
  @Get(':file')
  asset(@Param('file') file: string, @Res() res: ServerResponse): void {
    const asset = graphiqlAssets().get(file);
    if (!asset) throw new NotFoundException(`no GraphiQL asset ${file}`);
    res.setHeader('Content-Type', TYPES[asset.kind]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The files belong to pinned package versions: let the browser keep them for a day.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    createReadStream(asset.file).pipe(res);
  }
}
