import type { FolioModule } from '../contract.js';
import { customizerRoutes } from './customizer.routes.js';

/** The browser customizer's pages and files at /customizer (public; outside /v1). */
export function buildCustomizerModule(opts: { dir?: string; apiOrigins?: readonly string[]; publicUrl?: string } = {}): FolioModule {
  return { name: 'customizer', pages: (app) => customizerRoutes(app, opts) };
}
