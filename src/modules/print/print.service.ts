import type { Static } from '@sinclair/typebox';
import { findOutputProfile, installedOutputProfiles, OUTPUT_PROFILES, type RichBlack } from '../../engines/pdf/index.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DesignPage, DesignPages } from '../designs/index.js';
import { fileJobView } from '../jobs/file-job-view.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import { defaultOutputProfile, type StoreOutputProfiles } from './profile-defaults.js';
import { MAX_PDF_PAGES, PDF_KIND, type ColorMode, type PdfPayload, type PdfResult, type PdfStandard } from './print.kinds.js';
import type { PdfJob } from './print.schemas.js';


/** Resolution of a proof's images: sharp enough to judge a photo on a screen, a fraction of a 300 dpi print file. */
export const PROOF_DPI = 150;

export interface PdfOptions {
  crop_marks?: boolean;
  color_mode?: ColorMode;
  pdf_standard?: PdfStandard;
  output_profile?: string;
  allow_missing_glyphs?: boolean;
  black_overprint?: boolean;
  rich_black?: RichBlack | null;
  keep_artwork_rich_black?: boolean;
}

type ColourChoice = Pick<PdfPayload, 'color_mode' | 'pdf_standard' | 'output_profile' | 'black_overprint' | 'rich_black' | 'keep_artwork_rich_black'>;

/**
 * Colour mode, standard, profile and black policy of a request, or a 400 naming the field
 * (before any work). `fallback`: the product's or store's default profile
 * (defaultOutputProfile), used by a CMYK request that names none.
 */
export function resolveColour(opts: PdfOptions, fallback: string | null = null): ColourChoice {
  const standard = opts.pdf_standard ?? (opts.color_mode === 'cmyk' ? 'pdf_x4' : 'none');
  if (standard !== 'none' && opts.color_mode === 'rgb') throw AppError.field('color_mode', `a PDF/X file (${standard}) is CMYK: use color_mode cmyk or leave color_mode out`);
  const colorMode: ColorMode = standard !== 'none' ? 'cmyk' : (opts.color_mode ?? 'rgb');
  if (colorMode === 'rgb') {
    if (opts.output_profile !== undefined) throw AppError.field('output_profile', 'an output profile applies to cmyk files only: use color_mode cmyk or a pdf_standard');
    for (const f of ['black_overprint', 'rich_black', 'keep_artwork_rich_black'] as const) {
      if (opts[f] !== undefined) throw AppError.field(f, `${f} applies to cmyk files only: use color_mode cmyk or a pdf_standard`);
    }
    return { color_mode: 'rgb', pdf_standard: 'none', output_profile: null };
  }
  const named = opts.output_profile ?? fallback;
  const profile = findOutputProfile(named);
  if (!profile) {
    const ids = installedOutputProfiles().map((p) => p.id);
    const what = opts.output_profile === undefined && fallback !== null ? `the default output profile "${fallback}" (set on the product or the store) is not installed: name one of ` : 'must be one of the installed profiles: ';
    throw AppError.field('output_profile', ids.length ? `${what}${ids.join(', ')}` : 'no CMYK output profile is installed on this server');
  }
  return {
    color_mode: 'cmyk',
    pdf_standard: standard,
    output_profile: profile.id,
    black_overprint: opts.black_overprint ?? true,
    rich_black: opts.rich_black ?? null,
    keep_artwork_rich_black: opts.keep_artwork_rich_black ?? false,
  };
}

function profileView(id: string | null | undefined): Static<typeof PdfJob>['output_profile'] {
  if (!id) return null;
  const p = OUTPUT_PROFILES.find((o) => o.id === id);
  return { id, description: p?.description ?? id, output_condition_identifier: p?.conditionIdentifier ?? 'Custom' };
}

/** The black policy a job ran with (older cmyk jobs: the defaults); null for rgb. */
export function blackView(p: Pick<PdfPayload, 'color_mode' | 'black_overprint' | 'rich_black' | 'keep_artwork_rich_black'>): Pick<Static<typeof PdfJob>, 'black_overprint' | 'rich_black' | 'keep_artwork_rich_black'> {
  if (p.color_mode !== 'cmyk') return { black_overprint: null, rich_black: null, keep_artwork_rich_black: null };
  return { black_overprint: p.black_overprint ?? true, rich_black: p.rich_black ?? null, keep_artwork_rich_black: p.keep_artwork_rich_black ?? false };
}

/** POST /designs/{id}/pdf, POST /projects/{id}/pdf and the job's view on GET /jobs/{id}. */
export class PdfService {
  constructor(
    private readonly deps: { jobs: JobsService; pages: DesignPages; blobs: BlobStore; stores: StoreOutputProfiles },
  ) {}

  async forDesign(actor: Actor, storeId: string, designId: string, opts: PdfOptions): Promise<Static<typeof PdfJob>> {
    const [page] = await this.deps.pages.byIds(storeId, [designId]);
    return this.create(actor, storeId, [page!], { design_id: page!.id, project_id: null }, opts);
  }

  /** A project's live designs, oldest first, one page each; a project without designs is a 400. */
  async forProject(actor: Actor, storeId: string, projectId: string, opts: PdfOptions): Promise<Static<typeof PdfJob>> {
    const { projectId: id, pages } = await this.deps.pages.ofProject(storeId, projectId, { max: MAX_PDF_PAGES, empty: 'the project has no designs to print', tooMany: `a PDF holds at most ${MAX_PDF_PAGES} designs` });
    return this.create(actor, storeId, pages, { design_id: null, project_id: id }, opts);
  }

  /**
   * The payload of an order's print file: its frozen pages with the product's print profile
   * (a CMYK PDF/X file through the product's or store's default output profile), checked now.
   */
  async orderPayload(storeId: string, projectId: string, pages: DesignPage[], profile: { pdf_standard: 'pdf_x4' | 'pdf_x1a'; crop_marks: boolean }, fileName: string): Promise<PdfPayload> {
    const opts: PdfOptions = { pdf_standard: profile.pdf_standard, crop_marks: profile.crop_marks };
    const colour = resolveColour(opts, await defaultOutputProfile(this.deps.stores, storeId, pages, opts));
    this.deps.pages.check(pages);
    return { design_id: null, project_id: projectId, design_ids: pages.map((p) => p.id), crop_marks: profile.crop_marks, ...colour, allow_missing_glyphs: false, file_name: fileName };
  }

  /**
   * The payload of an order's proof: its frozen pages in RGB, no marks, watermarked and with
   * images resampled to 150 dpi (a file to look at, not to print). Synchronous checks only:
   * it is made inside the transaction that moves the order.
   */
  proofPayload(projectId: string, pages: DesignPage[], fileName: string, watermark = 'PROOF'): PdfPayload {
    this.deps.pages.check(pages);
    return { design_id: null, project_id: projectId, design_ids: pages.map((p) => p.id), crop_marks: false, ...resolveColour({ color_mode: 'rgb' }), allow_missing_glyphs: false, file_name: fileName, proof: { watermark, dpi: PROOF_DPI } };
  }

  private async create(
    actor: Actor,
    storeId: string,
    pages: DesignPage[],
    target: Pick<PdfPayload, 'design_id' | 'project_id'>,
    opts: PdfOptions,
  ): Promise<Static<typeof PdfJob>> {
    // What can be known now is a 400 now, not a failed job later.
    const colour = resolveColour(opts, await defaultOutputProfile(this.deps.stores, storeId, pages, opts));
    this.deps.pages.check(pages);
    const payload: PdfPayload = { ...target, design_ids: pages.map((p) => p.id), crop_marks: opts.crop_marks ?? false, ...colour, allow_missing_glyphs: opts.allow_missing_glyphs ?? false };
    return this.present(await this.deps.jobs.createFree(PDF_KIND, { accountId: actor.userId, storeId, payload }));
  }

  /** The job as GET /jobs/{id} shows it (also the data of its `jobs` event). */
  async present(job: Job<PdfPayload, PdfResult>): Promise<Static<typeof PdfJob>> {
    const name = job.payload.file_name ?? (job.payload.project_id ? `project-${job.payload.project_id}.pdf` : `design-${job.payload.design_id}.pdf`);
    const { result: r, url, fields } = await fileJobView(this.deps.blobs, PDF_KIND, job, { key: (x) => x.pdf_key, downloadName: name, failed: 'rendering failed' });
    return {
      ...fields,
      type: 'pdf',
      status: job.status as Static<typeof PdfJob>['status'],
      design_id: job.payload.design_id,
      project_id: job.payload.project_id,
      design_ids: job.payload.design_ids,
      crop_marks: job.payload.crop_marks,
      color_mode: job.payload.color_mode,
      pdf_standard: job.payload.pdf_standard ?? 'none',
      allow_missing_glyphs: job.payload.allow_missing_glyphs ?? true,
      output_profile: profileView(job.payload.output_profile),
      ...blackView(job.payload),
      pdf_url: url,
      pages: r ? r.pages.map((p) => ({ media_box: p.mediaBox, bleed_box: p.bleedBox, trim_box: p.trimBox })) : [],
      warnings: r ? r.warnings.map((w) => ({ ...w, page: w.page + 1 })) : [],
    };
  }
}
