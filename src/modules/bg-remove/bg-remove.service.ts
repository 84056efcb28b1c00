import type { Job, JobsService } from '../jobs/jobs.service.js';
import { chargedFields } from '../jobs/jobs.service.js';
import type { IdempotencyRequest, StoredResponse } from '../wallet/idempotency.js';
import { AppError } from '../../platform/http/errors.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ImageSources } from '../catalog/image-sources.js';
import { BG_REMOVE_COST, BG_REMOVE_KIND, type BgRemovePayload, type BgRemoveResult } from './bg-remove.jobs.js';
import type { Static } from '@sinclair/typebox';
import type { BgRemoveJob, CreateBgRemoveBody } from './bg-remove.schemas.js';

type BgJob = Job<BgRemovePayload, BgRemoveResult>;

/** POST /services/bg-remove and GET /services/bg-remove/{jobId}: charge, create the job, show it. */
export class BgRemoveService {
  constructor(
    private readonly jobs: JobsService,
    private readonly blobs: BlobStore,
    private readonly providerName: string,
    private readonly sources: ImageSources,
  ) {}

  /**
   * Checks the image source first (a bad Folio link or another account's image id is refused
   * before anything is charged), then charges 150 tokens and creates the job in one
   * transaction; 402 INSUFFICIENT_TOKENS when short.
   */
  async create(accountId: string, body: CreateBgRemoveBody, idempotency: IdempotencyRequest | null): Promise<StoredResponse> {
    if (body.image_url !== undefined && body.image_id !== undefined) throw AppError.field('image_id', 'send either image_url or image_id, not both');
    if (body.image_url === undefined && body.image_id === undefined) throw AppError.field('image_url', 'is required (or image_id)');
    const source = await this.sources.resolve(accountId, { url: body.image_url, imageId: body.image_id }, { url: 'image_url', imageId: 'image_id' });
    const payload: BgRemovePayload = {
      image_url: body.image_url ?? null,
      source,
      subject_type: body.subject_type ?? 'auto',
      edge_softness: body.edge_softness ?? 3,
      high_detail_mode: body.high_detail_mode ?? false,
      output_background: body.output_background ?? 'transparent',
      provider: this.providerName,
    };
    const out = await this.jobs.create(BG_REMOVE_KIND, {
      accountId,
      payload,
      cost: BG_REMOVE_COST,
      idempotency,
      respond: (job, charge) => ({
        status: 202,
        body: {
          job_id: job.id,
          status: job.status,
          subject_type: payload.subject_type,
          edge_softness: payload.edge_softness,
          high_detail_mode: payload.high_detail_mode,
          output_background: payload.output_background,
          output_url: null,
          ...chargedFields(charge),
          provider: payload.provider,
          created_at: job.createdAt,
        },
      }),
    });
    return out.response!;
  }

  /** The owner's job with the full field set; another account's job is 404. */
  async get(accountId: string, jobId: string): Promise<Static<typeof BgRemoveJob>> {
    return this.present(await this.jobs.get(BG_REMOVE_KIND, accountId, jobId));
  }

  /** The job as its read endpoint shows it (also the data of its `jobs` event). */
  async present(job: BgJob): Promise<Static<typeof BgRemoveJob>> {
    const completed = job.status === BG_REMOVE_KIND.statuses.completed && job.result !== null;
    return {
      job_id: job.id,
      status: job.status as Static<typeof BgRemoveJob>['status'],
      subject_type: job.payload.subject_type,
      edge_softness: job.payload.edge_softness,
      high_detail_mode: job.payload.high_detail_mode,
      output_background: job.payload.output_background,
      output_url: completed ? await this.blobs.url(job.result!.output_key, { downloadName: `${job.id}.png` }) : null,
      tokens_deducted: job.cost,
      wallet_transaction_id: job.chargeTxId,
      provider: job.result?.provider ?? job.payload.provider,
      created_at: job.createdAt,
      completed_at: job.completedAt,
      error_message: job.status === BG_REMOVE_KIND.statuses.failed ? (job.error ?? 'processing failed') : null,
    };
  }
}
