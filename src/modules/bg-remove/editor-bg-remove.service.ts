import type { Static } from '@sinclair/typebox';
import { isUuid } from '../../platform/crypto/ids.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import type { ImagesService } from '../catalog/images/images.service.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import type { StoresService } from '../stores/stores.service.js';
import type { IdempotencyRequest, StoredResponse } from '../wallet/idempotency.js';
import { BG_REMOVE_COST, BG_REMOVE_KIND, type BgRemovePayload, type BgRemoveResult } from './bg-remove.jobs.js';
import type { EditorBgRemoveJob } from './bg-remove.schemas.js';

type BgJob = Job<BgRemovePayload, BgRemoveResult>;
/** What the engine reads (docs/background-removal.md, Input). */
const CUTTABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Background removal from the editor (`POST /images/{id}/remove-background`, `GET
 * /images/{id}/remove-background/{jobId}`): the same paid `bg-remove` job as
 * `POST /services/bg-remove`, on an image of the caller's store, charged to the store owner's
 * wallet when the store allows it (`editor_background_removal`), its cut-out kept as a new
 * image of the store. The job carries no store id, so the store's credentials never read its
 * full view (`GET /jobs/{id}` with its cost and charge); they read it here, without them.
 */
export class EditorBgRemoveService {
  constructor(
    private readonly d: {
      jobs: JobsService;
      images: ImagesService;
      stores: Pick<StoresService, 'editorBackgroundRemoval'>;
      providerName: string;
    },
  ) {}

  /**
   * 404 for an image that is not the store's, 415 for one the engine cannot read, 403
   * `not_enabled` when the store has not turned it on, 402 `store_out_of_tokens` (no balance,
   * no shortfall) when the owner's wallet is short; else charges 150 tokens and answers 202.
   */
  async create(actor: Actor, imageId: string, idempotency: IdempotencyRequest | null): Promise<StoredResponse> {
    const storeId = actor.storeId;
    if (!storeId) throw new AppError('unauthenticated', 'A store credential is required');
    const image = await this.d.images.get(storeId, imageId);
    const store = await this.d.stores.editorBackgroundRemoval(storeId);
    if (!store) throw AppError.notFound('Store');
    if (!store.enabled) {
      throw new AppError('not_enabled', 'This store does not offer background removal in the editor', { details: { setting: 'editor_background_removal' } });
    }
    if (!CUTTABLE.has(image.mime_type)) throw new AppError('unsupported_media_type', 'Only the background of a JPEG, PNG or WebP image can be removed');
    const base = image.name.replace(/\.[a-z0-9]{1,5}$/i, '').slice(0, 200) || 'image';
    const payload: BgRemovePayload = {
      image_url: null,
      source: { blob_key: image.blob_key },
      subject_type: 'auto',
      edge_softness: 3,
      high_detail_mode: false,
      output_background: 'transparent',
      provider: this.d.providerName,
      store_image: { store_id: storeId, source_id: image.id, name: `${base}-no-background.png` },
    };
    try {
      const out = await this.d.jobs.create(BG_REMOVE_KIND, {
        accountId: store.ownerId,
        payload,
        cost: BG_REMOVE_COST,
        idempotency,
        respond: (job) => ({ status: 202, body: { data: { job_id: job.id, status: 'processing', image: null, error_message: null }, message: MESSAGES.created } }),
      });
      return out.response!;
    } catch (err) {
      // The wallet's 402 names the balance and the shortfall: not for a shopper's browser.
      if (err instanceof AppError && err.code === 'insufficient_tokens') {
        throw new AppError('store_out_of_tokens', 'Background removal is not available at the moment; please try again later');
      }
      throw err;
    }
  }

  /** The store's editor job on that image (404 for any other job, another store's included). */
  async get(actor: Actor, imageId: string, jobId: string): Promise<Static<typeof EditorBgRemoveJob>> {
    const job = isUuid(jobId) ? ((await this.d.jobs.byId(jobId)) as BgJob | null) : null;
    const target = job?.type === BG_REMOVE_KIND.type ? job.payload.store_image : undefined;
    const mine = job && target && actor.storeId !== null && target.store_id === actor.storeId && target.source_id === imageId;
    if (!job || !mine) throw AppError.notFound('Job');
    return this.present(job, actor.storeId!);
  }

  private async present(job: BgJob, storeId: string): Promise<Static<typeof EditorBgRemoveJob>> {
    const { completed, failed } = BG_REMOVE_KIND.statuses;
    const imageId = job.status === completed ? job.result?.image_id : undefined;
    const image = imageId ? await this.d.images.toImage(await this.d.images.get(storeId, imageId)) : null;
    const status = job.status === completed && image ? 'completed' : job.status === failed ? 'failed' : 'processing';
    return { job_id: job.id, status, image, error_message: status === 'failed' ? (job.error ?? 'processing failed') : null };
  }
}
