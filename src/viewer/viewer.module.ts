import { DynamicModule, Module } from '@nestjs/common';
import { VIEWER_ASSETS_DIR, ViewerController } from './viewer.controller';
import { defaultViewerAssetsDir } from './viewer-assets';

@Module({})
export class ViewerModule {
  static register(assetsDir: string = defaultViewerAssetsDir()): DynamicModule {
    return { module: ViewerModule, controllers: [ViewerController], providers: [{ provide: VIEWER_ASSETS_DIR, useValue: assetsDir }] };
  }
}
