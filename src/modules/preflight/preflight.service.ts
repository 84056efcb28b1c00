import {
  FixTypesError,
  MIME_TYPES,
  analyze,
  deriveFixTypes,
  dpiScore,
  inapplicableFixTypes,
  normalizeFixTypes,
  type AnalysisResult,
  type DpiScore,
  type FileType,
  type PreflightIssue,
  type PreflightSpec,
} from '../../engines/preflight/index.js';
import { resolveSpec } from '../../engines/preflight/spec.js';
import { missingSpec } from '../../engines/prepress/index.js';
import { newId, isUuid } from '../../platform/crypto/ids.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { iso, nowIso } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { type ListQuery, type ListResult, type PageContext } from '../../platform/http/pagination.js';
import { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { ImageSources } from '../catalog/image-sources.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import type { Plans } from '../plans/plans.service.js';
import type { IdempotencyRequest, StoredResponse } from '../wallet/idempotency.js';
import { AI_FIX_JOB, sourceKey, type FixJobPayload, type FixJobResult } from './preflight.jobs.js';
import type { ReportRow, PreflightRepo } from './preflight.repo.js';
import type { AiJobBody, AiJobView, CheckBody, DpiScoreBody } from './preflight.schemas.js';
import { estimateTokenCost, fixJobTokenCost } from './preflight.prices.js';
import { approveFix, rejectFix, type ApprovedView, type ReviewDeps, type StoreImages } from './preflight.review.js';
import { charged, nextTier, specError, specOf, usagePeriod } from './preflight.mapping.js';

export { usagePeriod } from './preflight.mapping.js';

export const QUOTA = 'preflight_checks_per_month';

export interface PreflightReport {
  reportId: string;
  designId: string;
  fileUrl: string | null;
  fileType: FileType | null;
  status: AnalysisResult['status'];
  issues: PreflightIssue[];
  notes: string[];
  summary: Record<string, unknown> | null;
  spec: PreflightSpec;
  sourceJobId: string | null;
  createdAt: string;
}

export interface PreflightServiceDeps {
  db: Db;
  repo: PreflightRepo;
  jobs: JobsService;
  blobs: BlobStore;
  fetcher: SafeFetcher;
  /** reads Folio's own signed file links from the blob store; other URLs through the safe fetcher */
  sources: ImageSources;
  plans: Plans;
  /** the account's tier (highest among its stores): quotas are per account */
  accountTier(accountId: string): Promise<string>;
  /** the catalog's Images, where an approved fix is stored for the job's store */
  images: StoreImages;
  now?: () => Date;
}

/**
 * Preflight services (interface § Preflight): the free DPI score, metered full checks with
 * stored reports, and AI fix jobs billed from the wallet (decisions.md § Preflight and AI fix jobs).
 */
export class PreflightService {
  private readonly now: () => Date;

  constructor(private readonly deps: PreflightServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  dpiScore(body: DpiScoreBody): DpiScore {
    try {
      return dpiScore(body);
    } catch (err) {
      throw specError(err);
    }
  }

  // ---- checks -----------------------------------------------------------------------------

  async createCheck(accountId: string, body: CheckBody): Promise<PreflightReport> {
    const spec = specOf(body);
    // A spec the engine cannot check against (half a canvas) is a 400 before any download.
    try {
      resolveSpec(spec);
    } catch (err) {
      throw specError(err);
    }
    const tier = await this.deps.accountTier(accountId);
    const limit = this.deps.plans.quota(tier, QUOTA);
    const period = usagePeriod(this.now());
    // Early answer before any download; the counter in the transaction below is the real gate.
    if (limit !== null && (await this.deps.repo.checksUsed(accountId, period)) >= limit) throw this.quotaExceeded(tier, limit, period);

    // A Folio file link is checked (400 when altered or expired) and read from the blob store.
    const source = await this.deps.sources.resolve(accountId, { url: body.fileUrl }, { url: 'fileUrl', imageId: 'fileUrl' });
    let file: Buffer;
    try {
      file = (await this.deps.sources.load(source)).body;
    } catch (err) {
      throw SafeFetcher.toAppError(err, 'fileUrl');
    }
    const result = await this.analyze(file, spec);
    const id = newId();
    const key = sourceKey(id, result.fileType);
    await this.deps.blobs.put(key, file, { contentType: result.fileType ? MIME_TYPES[result.fileType] : 'application/octet-stream' });
    const row: ReportRow = {
      id,
      account_id: accountId,
      design_id: body.designId,
      file_url: body.fileUrl,
      source_job_id: null,
      file_type: result.fileType,
      status: result.status,
      issues: JSON.stringify(result.issues),
      notes: JSON.stringify(result.notes),
      summary: result.summary === null ? null : JSON.stringify(result.summary),
      spec: JSON.stringify(spec),
      file_key: key,
      created_at: nowIso(),
    };
    try {
      await this.deps.db.transaction().execute(async (tx) => {
        if (!(await this.deps.repo.takeCheck(tx, accountId, period, limit))) throw this.quotaExceeded(tier, limit ?? 0, period);
        await this.deps.repo.insertReport(tx, row);
      });
    } catch (err) {
      await this.deps.blobs.delete(key).catch(() => undefined);
      throw err;
    }
    return this.present(row);
  }

  async listChecks(accountId: string, query: ListQuery, ctx: PageContext): Promise<ListResult<PreflightReport>> {
    const page = await this.deps.repo.list(accountId, query, ctx);
    return { ...page, rows: await Promise.all(page.rows.map((r) => this.present(r))) };
  }

  async getCheck(accountId: string, reportId: string): Promise<PreflightReport> {
    return this.present(await this.ownedReport(accountId, reportId));
  }

  async deleteCheck(accountId: string, reportId: string): Promise<void> {
    const row = isUuid(reportId) ? await this.deps.repo.deleteReport(accountId, reportId) : null;
    if (!row) throw AppError.notFound('Preflight report');
    // A fix job still waiting for this file fails and is refunded.
    if (row.file_key) await this.deps.blobs.delete(row.file_key);
  }

  // ---- AI fix jobs --------------------------------------------------------------------------

  /** `storeId`: the store context of the request (JWT + X-Service-Store-Sid), where an approved fix becomes an Image; null for none. */
  async createFixJob(accountId: string, storeId: string | null, body: AiJobBody, idempotency: IdempotencyRequest | null): Promise<StoredResponse> {
    const report = await this.ownedReport(accountId, body.preflightReportId);
    const issues = JSON.parse(report.issues) as PreflightIssue[];
    const fileType = report.file_type as FileType | null;
    if (fileType === null || issues.some((i) => i.code === 'UNREADABLE_FILE')) {
      throw AppError.field('preflightReportId', 'the checked file could not be read; there is nothing to fix');
    }
    const requested = body.options?.fixTypes;
    let fixTypes;
    if (requested === undefined) {
      fixTypes = deriveFixTypes(issues, fileType);
      if (fixTypes.length === 0) throw AppError.field('options.fixTypes', "the report has no issue a fix type repairs; name the fix types to apply");
    } else {
      const invalid = inapplicableFixTypes(fileType, requested);
      if (invalid.length > 0) throw AppError.field('options.fixTypes', `not applicable to a ${fileType} file: ${invalid.join(', ')}`);
      try {
        fixTypes = normalizeFixTypes(fileType, requested);
      } catch (err) {
        if (err instanceof FixTypesError) throw AppError.field('options.fixTypes', 'must name at least one fix type');
        throw err;
      }
    }
    // A fix the checked spec cannot support would fail in the job and be refunded: refused
    // here instead, before the charge (the spec is the report's; a new check can set it).
    const spec = JSON.parse(report.spec) as PreflightSpec;
    const missing = missingSpec(fixTypes, spec);
    if (missing.length > 0) throw AppError.field('options.fixTypes', `${missing.join('; ')}; run the check again with it`);
    const pdfStandard = fixTypes.includes('full_prepress') ? (body.options?.pdfStandard ?? 'pdf_x1a') : null;
    if (body.options?.pdfStandard !== undefined && pdfStandard === null) throw AppError.field('options.pdfStandard', 'applies to the full_prepress fix only');
    const estimatedTokenCost = estimateTokenCost(fileType, fixTypes);
    const payload: FixJobPayload = {
      reportId: report.id,
      designId: report.design_id,
      fileType,
      fixTypes,
      targetDpi: body.options?.targetDpi ?? null,
      pdfStandard,
      spec,
      estimatedTokenCost,
    };
    const out = await this.deps.jobs.create(AI_FIX_JOB, {
      accountId,
      storeId,
      payload,
      cost: fixJobTokenCost(fileType, fixTypes),
      idempotency,
      respond: (job, charge) => ({
        status: 202,
        body: {
          data: {
            jobId: job.id,
            status: 'analyzing',
            estimatedTokenCost,
            preflightReportId: report.id,
            fixTypes,
            ...charged(charge?.amount ?? null, charge?.id ?? null),
            createdAt: job.createdAt,
          },
          message: 'Accepted',
        },
      }),
    });
    return out.response!;
  }

  async getFixJob(accountId: string, jobId: string): Promise<AiJobView> {
    const job = await this.ownedJob(accountId, jobId);
    return this.presentJob(job);
  }

  /** Approve (decisions.md): the corrected file re-checked and, with a store context, an Image of that store (preflight.review.ts). */
  async approve(accountId: string, jobId: string): Promise<ApprovedView> {
    return approveFix(this.reviewDeps(), accountId, await this.ownedJob(accountId, jobId));
  }

  /** Reject (decisions.md): only a completed job; the corrected file is discarded; no refund. Idempotent. */
  async reject(accountId: string, jobId: string): Promise<{ jobId: string; review: 'rejected' }> {
    return rejectFix(this.reviewDeps(), accountId, await this.ownedJob(accountId, jobId));
  }

  private reviewDeps(): ReviewDeps {
    return { db: this.deps.db, repo: this.deps.repo, blobs: this.deps.blobs, images: this.deps.images, analyze: (file, spec) => this.analyze(file, spec) };
  }

  /**
   * A fix job finished (the job runner's hook, inside the transaction that recorded it):
   * publishes `jobs` completed / failed with the job as GET returns it.
   */
  /** The job as GET returns it (also the data of its `jobs` completed/failed event). */
  async presentJob(job: Job<FixJobPayload, FixJobResult>, db?: DbOrTx): Promise<AiJobView> {
    const review = await this.deps.repo.review(job.accountId, job.id, db);
    const completed = job.status === AI_FIX_JOB.statuses.completed && job.result !== null;
    const failed = job.status === AI_FIX_JOB.statuses.failed;
    const correctedFileUrl = completed && review?.decision !== 'rejected' ? await this.deps.blobs.url(job.result!.fileKey) : null;
    return {
      jobId: job.id,
      status: job.status as AiJobView['status'],
      preflightReportId: job.payload.reportId,
      fixTypes: job.payload.fixTypes,
      targetDpi: job.payload.targetDpi,
      pdfStandard: job.payload.pdfStandard ?? (job.payload.fixTypes.includes('full_prepress') ? 'pdf_x1a' : null),
      estimatedTokenCost: job.payload.estimatedTokenCost,
      correctedFileUrl,
      correctedFileType: completed ? job.result!.fileType : null,
      appliedFixes: completed ? job.result!.applied : [],
      notes: completed ? job.result!.notes : [],
      errorMessage: failed ? job.error : null,
      ...charged(job.chargeTxId ? -job.cost : null, job.chargeTxId),
      tokensRefunded: job.refundTxId ? job.cost : 0,
      refundTransactionId: job.refundTxId,
      review: review?.decision ?? null,
      resolvedReportId: review?.resolved_report_id ?? null,
      createdAt: job.createdAt,
      completedAt: job.completedAt,
    };
  }

  // ---- helpers ------------------------------------------------------------------------------

  private async analyze(file: Buffer, spec: PreflightSpec): Promise<AnalysisResult> {
    try {
      return await analyze(file, spec);
    } catch (err) {
      throw specError(err);
    }
  }

  private async ownedReport(accountId: string, reportId: string): Promise<ReportRow> {
    const row = isUuid(reportId) ? await this.deps.repo.report(accountId, reportId) : null;
    if (!row) throw AppError.notFound('Preflight report');
    return row;
  }

  private async ownedJob(accountId: string, jobId: string): Promise<Job<FixJobPayload, FixJobResult>> {
    if (!isUuid(jobId)) throw AppError.notFound('AI fix job');
    try {
      return await this.deps.jobs.get(AI_FIX_JOB, accountId, jobId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') throw AppError.notFound('AI fix job');
      throw err;
    }
  }

  private async present(row: ReportRow): Promise<PreflightReport> {
    // A report on an approved corrected file has no caller URL: hand out a fresh 24 h link.
    const fileUrl = row.file_url ?? (row.file_key ? await this.deps.blobs.url(row.file_key) : null);
    return {
      reportId: row.id,
      designId: row.design_id,
      fileUrl,
      fileType: row.file_type as FileType | null,
      status: row.status,
      issues: JSON.parse(row.issues) as PreflightIssue[],
      notes: JSON.parse(row.notes) as string[],
      summary: row.summary === null ? null : (JSON.parse(row.summary) as Record<string, unknown>),
      spec: JSON.parse(row.spec) as PreflightSpec,
      sourceJobId: row.source_job_id,
      createdAt: iso(row.created_at),
    };
  }

  private quotaExceeded(tier: string, limit: number, period: string): AppError {
    return new AppError('quota_exceeded', `The ${tier} plan includes ${limit} preflight checks per month; this month's are used up`, {
      details: { quota: QUOTA, limit, period, current_tier: tier, cta: { url: this.deps.plans.ctaUrl(nextTier(this.deps.plans, tier)) } },
    });
  }
}
