import type { Config } from '../../config/index.js';
import { readModelDescription } from '../../engines/vision/segmentation/model-description.js';
import type { InferenceTimer } from '../../platform/metrics/inference.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ImageSources } from '../catalog/image-sources.js';
import type { FolioModule } from '../contract.js';
import { viewOf } from '../jobs/job-events.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { Idempotency } from '../wallet/idempotency.js';
import { BG_REMOVE_KIND, bgRemoveJob } from './bg-remove.jobs.js';
import { bgRemoveRoutes } from './bg-remove.routes.js';
import { BgRemoveService } from './bg-remove.service.js';
import { createBgRemovalProvider } from './remove-bg.provider.js';
import { EditorBgRemoveService } from './editor-bg-remove.service.js';
import { editorBgRemoveRoutes } from './editor-bg-remove.routes.js';
import type { ImagesService } from '../catalog/images/images.service.js';
import type { StoresService } from '../stores/stores.service.js';

export { BgRemoveService } from './bg-remove.service.js';

export interface BgRemoveModuleDeps {
  /** FOLIO_BG_REMOVE_*: the local model or remove.bg */
  config: Config['bgRemove'];
  /** load the model when workers start (FOLIO_WARMUP) */
  warmup: boolean;
  jobs: JobsService;
  idempotency: Idempotency;
  blobs: BlobStore;
  sources: ImageSources;
  /** the editor's cut-outs become images of the store (POST /images/{id}/remove-background) */
  images: ImagesService;
  stores: Pick<StoresService, 'editorBackgroundRemoval'>;
  time: InferenceTimer;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Background removal: a paid job kind (`bg-remove`) on the local U²-Net model or remove.bg. */
export function buildBgRemoveModule(deps: BgRemoveModuleDeps): FolioModule & { bgRemove: BgRemoveService } {
  const c = deps.config;
  // FOLIO_BG_MODEL: a broken description stops the start here, with the field at fault named
  const model = c.provider === 'local' && c.model ? readModelDescription(c.model) : undefined;
  const provider = createBgRemovalProvider(
    c.provider === 'remove.bg'
      ? { kind: 'remove.bg', apiKey: c.removeBgApiKey!, baseUrl: c.removeBgUrl, maxPixels: c.maxPixels }
      : { kind: 'local', maxPixels: c.maxPixels, session: { threads: c.threads }, ...(model && { model }) },
  );
  const bgRemove = new BgRemoveService(deps.jobs, deps.blobs, provider.name, deps.sources);
  const editor = new EditorBgRemoveService({ jobs: deps.jobs, images: deps.images, stores: deps.stores, providerName: provider.name });
  return {
    name: 'bg-remove',
    bgRemove,
    jobs: [bgRemoveJob({ sources: deps.sources, blobs: deps.blobs, provider, time: deps.time, images: deps.images })],
    views: { [BG_REMOVE_KIND.type]: viewOf(BG_REMOVE_KIND, (job) => bgRemove.present(job)) },
    routes: (app) => {
      bgRemoveRoutes(app, { bgRemove, idempotency: deps.idempotency });
      editorBgRemoveRoutes(app, { editor, idempotency: deps.idempotency });
    },
    async start() {
      // The model loads once per worker process, before the first job pays for it.
      if (!deps.warmup || !provider.warmup) return;
      const t0 = Date.now();
      void provider.warmup().then(
        (report) => deps.logger.info({ report, ms: Date.now() - t0 }, 'background removal engine warm'),
        (err: unknown) => deps.logger.warn({ err }, 'background removal warm-up failed'),
      );
    },
    // The engine's worker thread must end before the process does (onnxruntime aborts otherwise).
    close: async () => provider.close?.(),
  };
}
