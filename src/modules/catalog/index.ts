import type { App } from '../../platform/http/app-type.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { Plans } from '../plans/plans.service.js';
import type { FolioModule } from '../contract.js';
import { CategoriesRepo } from './categories/categories.repo.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { CategoriesService } from './categories/categories.service.js';
import { seedCatalogDefaults } from './defaults.js';
import { fontsRoutes } from './fonts/fonts.routes.js';
import { FontsService } from './fonts/fonts.service.js';
import { clipartStoragesRoutes } from './images/clipart-storages.routes.js';
import { clipartsRoutes } from './images/cliparts.routes.js';
import { imagesRoutes } from './images/images.routes.js';
import { ImagesService } from './images/images.service.js';
import { productKind, type ProductJson } from './products/products.service.js';
import { productsRoutes } from './products/products.routes.js';
import { sideKind, type SideJson } from './sides/sides.service.js';
import { sidesRoutes } from './sides/sides.routes.js';
import { templateKind, type TemplateJson } from './templates/templates.service.js';
import { templatesRoutes } from './templates/templates.routes.js';
import { DefaultTemplatesService } from './templates/default-templates.service.js';
import { DocService } from '../documents/doc.service.js';
import { storeOf } from '../../platform/http/resource.js';
import { registerMultipart } from '../../platform/http/multipart.js';

export type { ProductJson, SideJson, TemplateJson };
export { productJson } from './products/products.service.js';
export { sideJson } from './sides/sides.service.js';
export { embedded, type EmbeddedImages } from './images/images.service.js';
export type { ImagesService, FontsService, CategoriesService };

/**
 * The catalog's services, for other modules: designs snapshot a side (`sides.getIncludingDeleted`),
 * the PDF renderer reads image bytes (`images.bytes` / `images.bytesByUrl`) and font bytes
 * (`fonts.fontBytes`).
 */
export interface CatalogModule extends FolioModule {
  categories: CategoriesService;
  images: ImagesService;
  fonts: FontsService;
  products: DocService<ProductJson>;
  sides: DocService<SideJson>;
  templates: DocService<TemplateJson>;
  /** the curated templates every store lists */
  defaultTemplates: DefaultTemplatesService;
  /** fetches the links of `POST /images/import` */
  fetcher: SafeFetcher;
}

export interface CatalogOptions {
  db: Db;
  blobs: BlobStore;
  fetcher: SafeFetcher;
  plans: Plans;
  events: EventBus;
  pageContext: PageContextFactory;
  /** the largest uploaded file (FOLIO_UPLOAD_MAX_BYTES) */
  uploadMaxBytes: number;
  maxPixels?: number;
}

/** Builds the catalog and seeds its curated defaults (idempotent: fonts, cliparts, categories, templates). */
export async function buildCatalogModule(o: CatalogOptions): Promise<CatalogModule> {
  const categoriesRepo = new CategoriesRepo(o.db);
  const categories = new CategoriesService(categoriesRepo);
  const images = new ImagesService(o.db, o.blobs, o.plans, o.maxPixels ?? 100_000_000);
  const fonts = new FontsService(o.db, o.blobs, o.fetcher);
  const defaultTemplates = new DefaultTemplatesService(o.db);
  const products = new DocService(o.db, o.events, productKind(images));
  const sides = new DocService(o.db, o.events, sideKind(images));
  const templates = new DocService(o.db, o.events, templateKind);
  await seedCatalogDefaults({ categories: categoriesRepo, images, fonts, defaultTemplates, blobs: o.blobs });
  const catalog: CatalogModule = {
    name: 'catalog',
    fetcher: o.fetcher,
    defaultTemplates,
    categories,
    images,
    fonts,
    products,
    sides,
    templates,
    routes: (app) => catalogRoutes(app, { catalog, pageContext: o.pageContext, uploadMaxBytes: o.uploadMaxBytes }),
  };
  return catalog;
}

/** Every catalog route, in a plugin of its own: multipart is registered for these routes only. */
async function catalogRoutes(app: App, deps: { catalog: CatalogModule; pageContext: PageContextFactory; uploadMaxBytes: number }): Promise<void> {
  await app.register(async (scope) => {
    await registerMultipart(scope as unknown as App, { fileSize: deps.uploadMaxBytes, files: 20, fields: 50, parts: 100, fieldSize: 64 * 1024 });
    // Every catalog route acts on a store, the curated `default` listings included: a
    // credential without one (an account key that names no X-Service-Store-Sid) is 401.
    scope.addHook('preHandler', async (req) => void storeOf(req));
    const a = scope as unknown as App;
    const { catalog, pageContext } = deps;
    categoriesRoutes(a, { categories: catalog.categories, pageContext });
    imagesRoutes(a, { images: catalog.images, fetcher: catalog.fetcher, pageContext });
    clipartsRoutes(a, { images: catalog.images, pageContext });
    clipartStoragesRoutes(a, { images: catalog.images, categories: catalog.categories, pageContext });
    fontsRoutes(a, { fonts: catalog.fonts, pageContext });
    productsRoutes(a, { products: catalog.products, sides: catalog.sides, pageContext });
    sidesRoutes(a, { sides: catalog.sides, templates: catalog.templates, pageContext });
    templatesRoutes(a, { templates: catalog.templates, defaultTemplates: catalog.defaultTemplates, fonts: catalog.fonts, pageContext });
  });
}
