import { randomUUID } from 'node:crypto';
import type { IcpType } from '../../engines/image/face-crop.js';
import { MAX_INPUT_PIXELS } from '../../engines/image/decode.js';
import { inspectRaster, RASTER_TYPES, UploadRejected } from '../../engines/image/upload.js';
import { QrSheetInputError, type PageSize, type QrLayout } from '../../engines/qr/card-sheet.js';
import { chargedFields, type Job, type JobsService } from '../jobs/jobs.service.js';
import type { DbOrTx } from '../../platform/db/index.js';
import type { Plans } from '../plans/plans.service.js';
import type { StoresService } from '../stores/stores.service.js';
import type { IdempotencyRequest, StoredResponse } from '../wallet/idempotency.js';
import type { Db } from '../../platform/db/index.js';
import { nowIso } from '../../platform/db/index.js';
import { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { ImageSources } from '../catalog/image-sources.js';
import { AppError } from '../../platform/http/errors.js';
import type { AnyJobKind } from '../../platform/queue/registry.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { StudioEngines } from './studio.engines.js';
import type { PaidOperations } from '../wallet/paid-operations.js';
import { StudioMatching } from './studio.matching.js';
import { agencyDto, fileDto, filenameOf, itemError, safeSegment, studioJobDto, subjectDto } from './studio.dto.js';

export { itemError, safeSegment } from './studio.dto.js';
import type { AgencyRow, StudioRepo } from './studio.repo.js';
import {
  FACE_CROP_BATCH,
  faceCropCost,
  MATCH_BATCH,
  MAX_SYNC_URLS,
  MAX_UPLOAD_FILES,
  QR_COST_PER_SUBJECT,
  REFERENCES_BATCH,
  type BatchFile,
  type BatchProgress,
  type CropItem,
  type FaceCropBatchResult,
  type MatchResultSummary,
  type ReferencesResult,
} from './studio.kinds.js';

export interface StudioDeps {
  db: Db;
  repo: StudioRepo;
  jobs: JobsService;
  operations: PaidOperations;
  blobs: BlobStore;
  fetcher: SafeFetcher;
  /** face-crop inputs: Folio's own file links and image ids from the blob store, other URLs through the safe fetcher */
  sources: ImageSources;
  plans: Plans;
  stores: StoresService;
  engines: StudioEngines;
}

export interface UploadedFile {
  filename: string;
  body: Buffer;
  contentType: string;
}

/** A file kept in memory (small sync batches) or already stored in the blob store. */
export type UploadRef = { filename: string; body: Buffer; key: string | null; contentType: string };

/** The studio's HTTP-facing rules: billing, tenancy, sync or queued. Routes stay thin. */
export class StudioService {
  /** reference embeddings and matching (studio.matching.ts) */
  readonly matching: StudioMatching;

  constructor(private readonly d: StudioDeps) {
    this.matching = new StudioMatching(d, (accountId, id) => this.agency(accountId, id));
  }

  // ---- agencies, studio jobs, subjects, files (free) ---------------------------------------

  async listAgencies(accountId: string) {
    return (await this.d.repo.listAgencies(accountId)).map(agencyDto);
  }

  async createAgency(accountId: string, body: { name: string; agency_type: string }) {
    return agencyDto(await this.d.repo.insertAgency(accountId, body, nowIso()));
  }

  private async agency(accountId: string, id: number): Promise<AgencyRow> {
    const a = await this.d.repo.agency(accountId, id);
    if (!a) throw AppError.notFound('Agency');
    return a;
  }

  async listJobs(accountId: string, agencyId: number) {
    await this.agency(accountId, agencyId);
    return (await this.d.repo.listJobs(accountId, agencyId)).map(studioJobDto);
  }

  async createJob(accountId: string, agencyId: number, body: { name: string; icp_type: string; status?: string }) {
    await this.agency(accountId, agencyId);
    return studioJobDto(await this.d.repo.insertJob(accountId, agencyId, { name: body.name, icp_type: body.icp_type, status: body.status ?? 'draft' }, nowIso()));
  }

  async createSubjects(
    accountId: string,
    agencyId: number,
    subjects: ReadonlyArray<{ student_id: string; name: string; class_name?: string | null; reference_photo_url?: string | null }>,
  ) {
    await this.agency(accountId, agencyId);
    const rows = await this.d.repo.insertSubjects(
      accountId,
      agencyId,
      subjects.map((s) => ({ student_id: s.student_id, name: s.name, class_name: s.class_name ?? null, reference_photo_url: s.reference_photo_url ?? null })),
      nowIso(),
    );
    return rows.map(subjectDto);
  }

  async listSubjects(accountId: string, agencyId: number) {
    await this.agency(accountId, agencyId);
    return (await this.d.repo.listSubjects(accountId, agencyId)).map(subjectDto);
  }

  /** Checks the agency and job exist before any file is read (404 first). */
  async assertJob(accountId: string, agencyId: number, jobId: number): Promise<void> {
    await this.agency(accountId, agencyId);
    if (!(await this.d.repo.job(accountId, agencyId, jobId))) throw AppError.notFound('Job');
  }

  /**
   * An uploaded photo checked before anything is stored or charged for it: an image of a type
   * the engines read (JPEG, PNG, WebP, TIFF, GIF, told by its bytes), within the 100-megapixel
   * cap, and whole (decoded). Anything else is a 400 naming the file, so a batch that would
   * charge for a file no engine can read is refused up front. The content type it is stored
   * under is the one its bytes declare, not the sender's.
   */
  async acceptUpload(file: UploadedFile): Promise<UploadedFile> {
    try {
      const inspected = await inspectRaster(file.body, { accept: RASTER_TYPES, maxPixels: MAX_INPUT_PIXELS });
      return { ...file, contentType: inspected.mime };
    } catch (err) {
      if (err instanceof UploadRejected) throw AppError.field('file[]', `${file.filename}: ${err.message}`);
      throw err;
    }
  }

  /** Stores one uploaded job file once it is known to be an image; the route calls it per part so files never pile up in memory. */
  async storeJobFile(accountId: string, agencyId: number, jobId: number, upload: UploadedFile) {
    const file = await this.acceptUpload(upload);
    const key = `studio/${accountId}/agencies/${agencyId}/jobs/${jobId}/${randomUUID()}-${safeSegment(file.filename)}`;
    await this.d.blobs.put(key, file.body, { contentType: file.contentType });
    return { filename: file.filename.slice(0, 255), blob_key: key, content_type: file.contentType, size_bytes: file.body.length };
  }

  async addJobFiles(accountId: string, agencyId: number, jobId: number, files: ReadonlyArray<{ filename: string; blob_key: string; content_type: string; size_bytes: number }>) {
    const rows = await this.d.repo.insertFiles(accountId, agencyId, jobId, files, nowIso());
    return rows.map(fileDto);
  }

  // ---- face crop ---------------------------------------------------------------------------

  private async link(key: string): Promise<string> {
    return this.d.blobs.url(key);
  }

  /** A stored crop item as the API shows it: blob keys become 24 h links. */
  async cropItemDto(item: CropItem) {
    if (item.status === 'failed') return { filename: item.filename, icp_type: item.icp_type, status: 'failed', error: item.error, reason: item.error.message };
    return {
      filename: item.filename,
      icp_type: item.icp_type,
      status: 'completed',
      face_box: item.face_box,
      output_urls: { original: await this.link(item.keys.original), medium: await this.link(item.keys.medium) },
    };
  }

  /** One image through the engine; a user-caused failure (no face, unreadable) is an item, anything else throws. */
  async cropOne(accountId: string, prefix: string, index: number, filename: string, image: Buffer | (() => Promise<Buffer>), icpType: IcpType, enhance: boolean): Promise<CropItem> {
    try {
      const bytes = typeof image === 'function' ? await image() : image;
      const out = await this.d.engines.faceCrop(bytes, icpType, { enhance });
      const base = `${prefix}/${String(index + 1).padStart(3, '0')}`;
      const keys = { original: `${base}-original.jpg`, medium: `${base}-medium.jpg` };
      await this.d.blobs.put(keys.original, out.original, { contentType: 'image/jpeg' });
      await this.d.blobs.put(keys.medium, out.medium, { contentType: 'image/jpeg' });
      const b = out.faceBox;
      return { filename, status: 'completed', icp_type: icpType, face_box: { x: b.x, y: b.y, w: b.w, h: b.h }, keys };
    } catch (err) {
      const e = itemError(err);
      if (!e) throw err;
      return { filename, status: 'failed', icp_type: icpType, error: e };
    }
  }

  private async syncCrop(
    accountId: string,
    inputs: Array<{ filename: string; image: Buffer | (() => Promise<Buffer>) }>,
    icpType: IcpType,
    enhance: boolean,
    idem: IdempotencyRequest | null,
  ): Promise<StoredResponse> {
    const per = faceCropCost(enhance);
    const { response } = await this.d.operations.run({ accountId, kind: 'studio.face-crop', cost: per * inputs.length, idempotency: idem }, async (charge, opId) => {
      const items: CropItem[] = [];
      const prefix = `studio/${accountId}/face-crop/${opId}`;
      for (const [i, input] of inputs.entries()) items.push(await this.cropOne(accountId, prefix, i, input.filename, input.image, icpType, enhance));
      const failed = items.filter((i) => i.status === 'failed').length;
      const results = await Promise.all(items.map((i) => this.cropItemDto(i)));
      return {
        status: 200,
        body: { results, total_files: items.length, succeeded: items.length - failed, failed, ...chargedFields(charge) },
        refund: failed * per,
      };
    });
    return response;
  }

  async faceCropUrls(accountId: string, body: { image_url?: string; image_urls?: string[]; image_id?: string; icp_type: IcpType; enhance?: boolean }, idem: IdempotencyRequest | null): Promise<StoredResponse> {
    const urls = body.image_urls ?? (body.image_url !== undefined ? [body.image_url] : []);
    if ([body.image_url, body.image_urls, body.image_id].filter((v) => v !== undefined).length > 1) {
      throw AppError.field(body.image_id !== undefined ? 'image_id' : 'image_urls', 'send one of image_url, image_urls or image_id');
    }
    if (urls.length === 0 && body.image_id === undefined) throw AppError.field('image_url', 'image_url or image_urls is required (or image_id)');
    if (urls.length > MAX_SYNC_URLS) throw AppError.field('image_urls', `must hold at most ${MAX_SYNC_URLS} URLs`);
    // Checked before the charge: an altered or expired Folio link is 400, another account's image 404.
    const field = body.image_urls ? 'image_urls' : 'image_url';
    const named = body.image_id !== undefined ? [{ imageId: body.image_id }] : urls.map((url) => ({ url }));
    const sources = [];
    for (const n of named) sources.push(await this.d.sources.resolve(accountId, n, { url: field, imageId: 'image_id' }));
    const inputs = sources.map((source, i) => ({
      filename: body.image_id !== undefined ? `${body.image_id}.jpg` : filenameOf(urls[i]!, i),
      image: async () => (await this.d.sources.load(source, { accept: 'image/*' })).body,
    }));
    return this.syncCrop(accountId, inputs, body.icp_type, body.enhance ?? false, idem);
  }

  /** ≤ 5 files: answered now (200). More: stored, queued as one batch job (202). */
  async faceCropUpload(accountId: string, files: UploadRef[], opts: { icpType: IcpType; enhance: boolean; idempotency: IdempotencyRequest | null; sync: boolean }): Promise<StoredResponse> {
    if (files.length === 0) throw AppError.field('file[]', 'at least one file is required');
    if (files.length > MAX_UPLOAD_FILES) throw AppError.field('file[]', `at most ${MAX_UPLOAD_FILES} files per request`);
    if (opts.sync) {
      return this.syncCrop(accountId, files.map((f) => ({ filename: f.filename, image: f.body })), opts.icpType, opts.enhance, opts.idempotency);
    }
    const per = faceCropCost(opts.enhance);
    const batchFiles: BatchFile[] = files.map((f) => ({ filename: f.filename, key: f.key! }));
    const dropStaged = () => Promise.all(batchFiles.map((f) => this.d.blobs.delete(f.key).catch(() => undefined)));
    let out;
    try {
      out = await this.d.jobs.create(FACE_CROP_BATCH, {
        accountId,
        payload: { icpType: opts.icpType, enhance: opts.enhance, files: batchFiles },
        cost: per * files.length,
        idempotency: opts.idempotency,
        respond: (job, charge) => ({ status: 202, body: { task_id: job.id, status: job.status, total_files: files.length, ...chargedFields(charge) } }),
      });
    } catch (err) {
      // 402, 409: the staged uploads belong to no job.
      await dropStaged();
      throw err;
    }
    if (out.replayed) await dropStaged();
    return out.response!;
  }

  /** Stores one upload of a batch (queued path). */
  async stageUpload(accountId: string, batchId: string, index: number, filename: string, body: Buffer, contentType: string): Promise<string> {
    const key = `studio/${accountId}/uploads/${batchId}/${String(index + 1).padStart(3, '0')}-${safeSegment(filename)}`;
    await this.d.blobs.put(key, body, { contentType });
    return key;
  }

  /** GET /services/studio/jobs/{taskId}: any studio batch job of the caller. */
  async task(accountId: string, taskId: string) {
    let job: Job | null = null;
    for (const kind of [FACE_CROP_BATCH, REFERENCES_BATCH, MATCH_BATCH] as AnyJobKind[]) {
      job = await this.d.jobs.get(kind, accountId, taskId).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null;
        throw err;
      });
      if (job) break;
    }
    if (!job) throw AppError.notFound('Task');
    return this.taskView(job);
  }

  /** A studio task as GET /services/studio/jobs/{taskId} shows it. */
  async taskView(job: Job) {
    const payload = job.payload as { files?: unknown[]; subjectIds?: unknown[] };
    const total = payload.files?.length ?? payload.subjectIds?.length ?? 0;
    const progress = job.progress as BatchProgress<unknown> | null;
    const current = job.state === 'completed' ? total : Math.min(progress?.current ?? 0, total);
    const out: Record<string, unknown> = {
      task_id: job.id,
      type: job.type,
      status: job.status,
      total_files: total,
      progress: { current, total, percentage: total === 0 ? 100 : Math.round((current / total) * 1000) / 10 },
      tokens_deducted: job.cost,
      wallet_transaction_id: job.chargeTxId,
      created_at: job.createdAt,
      completed_at: job.completedAt,
      error_message: job.state === 'failed' ? job.error : null,
    };
    if (job.state === 'completed' && job.result) {
      if (job.type === FACE_CROP_BATCH.type) {
        const r = job.result as FaceCropBatchResult;
        out.results = await Promise.all(r.items.map((i) => this.cropItemDto(i)));
        Object.assign(out, { failed: r.failed, tokens_refunded: r.tokens_refunded, refund_transaction_id: r.refund_transaction_id });
      } else if (job.type === MATCH_BATCH.type) {
        const r = job.result as MatchResultSummary;
        Object.assign(out, { results: r.items, matched: r.matched, needs_review: r.needs_review, unmatched: r.unmatched, failed: r.failed, tokens_refunded: r.tokens_refunded });
      } else {
        const r = job.result as ReferencesResult;
        Object.assign(out, { results: r.failed, embeddings_created: r.embeddings_created, agency_id: r.agency_id });
      }
    }
    if (job.state === 'failed' && job.refundTxId) out.refund_transaction_id = job.refundTxId;
    return out;
  }

  /**
   * Inside the transaction that finishes a studio job: publishes `jobs` `completed|failed`
   * with the job as its read endpoint returns it (the match job for matching).
   */
  /** A finished studio job as its read endpoint shows it: the data of its `jobs` event. */
  async finishedView(job: Job, tx: DbOrTx): Promise<unknown> {
    if (job.type === MATCH_BATCH.type) {
      const row = await this.d.repo.matchJobByTask(tx, job.id);
      return row ? this.matching.matchView(row, job) : this.taskView(job);
    }
    return this.taskView(job);
  }

  // ---- QR cards ----------------------------------------------------------------------------

  async qrGenerate(
    accountId: string,
    body: { job_id: string; school_name?: string; layout?: QrLayout; logo_url?: string; page_size?: PageSize; subjects: Array<{ student_id: string; name: string; class_name?: string }> },
    idem: IdempotencyRequest | null,
  ): Promise<StoredResponse> {
    const layout = body.layout ?? '4up';
    if (layout !== '4up' || body.logo_url !== undefined) {
      this.d.plans.require(await this.d.stores.accountTier(accountId), 'studio_premium_layouts');
    }
    let logo: Buffer | null = null;
    if (body.logo_url !== undefined) {
      try {
        logo = (await this.d.fetcher.fetch(body.logo_url, { accept: 'image/*' })).body;
      } catch (err) {
        throw SafeFetcher.toAppError(err, 'logo_url');
      }
    }
    const cost = QR_COST_PER_SUBJECT * body.subjects.length;
    const { response } = await this.d.operations.run({ accountId, kind: 'studio.qr', cost, idempotency: idem }, async (charge, opId) => {
      let sheet;
      try {
        sheet = await this.d.engines.qrSheet({
          jobId: body.job_id,
          subjects: body.subjects.map((s) => ({ studentId: s.student_id, name: s.name, className: s.class_name ?? null })),
          layout,
          pageSize: body.page_size ?? 'letter',
          schoolName: body.school_name ?? null,
          logo,
        });
      } catch (err) {
        if (err instanceof QrSheetInputError) throw new AppError('validation', 'Invalid input', { fields: { subjects: [err.message] } });
        throw err;
      }
      const key = `studio/${accountId}/qr/${opId}/${safeSegment(body.job_id)}-cards.pdf`;
      await this.d.blobs.put(key, sheet.pdf, { contentType: 'application/pdf' });
      return {
        status: 200,
        body: {
          job_id: body.job_id,
          total_subjects: body.subjects.length,
          pdf_url: await this.d.blobs.url(key, { downloadName: `${safeSegment(body.job_id)}-qr-cards.pdf` }),
          layout,
          pages: sheet.pages,
          cards: sheet.cards,
          ...chargedFields(charge),
        },
        refund: 0,
      };
    });
    return response;
  }
}
