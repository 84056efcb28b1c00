import { AssetError, checkPageSpecs, GhostscriptError, LayerValidationError, PageSpecError, pageBoxes, renderPdf } from '../../engines/pdf/index.js';
import { AppError } from '../../platform/http/errors.js';
import { JobFailure } from '../../platform/queue/registry.js';
import type { CatalogModule } from '../catalog/index.js';
import type { DocService } from '../documents/doc.service.js';
import type { DesignJson } from '../designs/designs.service.js';
import { storeAssets } from '../print/asset-resolver.js';
import { pageSpecOf } from '../print/page-spec.js';
import { MAX_PDF_PAGES } from '../print/print.kinds.js';
import type { ProjectJson } from '../projects/index.js';

/** A design's printed page in points: trim and bleed boxes as the print path lays them out (no crop-mark slug). */
export interface DesignPage {
  id: string;
  trim: { x: number; y: number; w: number; h: number };
  bleed: { x: number; y: number; w: number; h: number };
}

export interface DesignSourceDeps {
  designs: DocService<DesignJson>;
  projects: DocService<ProjectJson>;
  catalog: CatalogModule;
}

/**
 * Designs as the input of production jobs (impositions, gang sheets): looked up and checked
 * when the job is asked for (404 for a design that is not the store's, 400 for a page the
 * print path cannot lay out), rendered through the print path when the job runs.
 */
export class DesignSource {
  constructor(private readonly deps: DesignSourceDeps) {}

  async byIds(storeId: string, ids: string[], field = 'design_ids'): Promise<DesignJson[]> {
    const designs: DesignJson[] = [];
    for (const id of ids) designs.push(await this.deps.designs.get(storeId, id));
    this.check(designs, field);
    return designs;
  }

  /** A project's live designs, oldest first; an empty project is a 400. */
  async ofProject(storeId: string, projectId: string): Promise<DesignJson[]> {
    const project = await this.deps.projects.row(storeId, projectId);
    const rows = await this.deps.designs.all(storeId, { links: { project_id: project.id } }, MAX_PDF_PAGES + 1);
    if (rows.length === 0) throw AppError.field('project_id', 'the project has no designs to print');
    if (rows.length > MAX_PDF_PAGES) throw AppError.field('project_id', `a production job takes at most ${MAX_PDF_PAGES} designs`);
    const designs = await Promise.all(rows.map((r) => this.deps.designs.json(r)));
    this.check(designs, 'project_id');
    return designs;
  }

  pages(designs: DesignJson[]): DesignPage[] {
    return designs.map((d) => {
      const b = pageBoxes(pageSpecOf(d), false);
      return { id: d.id, trim: { x: b.trimBox.x, y: b.trimBox.y, w: b.trimBox.width, h: b.trimBox.height }, bleed: { x: b.bleedBox.x, y: b.bleedBox.y, w: b.bleedBox.width, h: b.bleedBox.height } };
    });
  }

  private check(designs: DesignJson[], field: string): void {
    const issues = checkPageSpecs(designs.map(pageSpecOf));
    if (!issues.length) return;
    const fields: Record<string, string[]> = {};
    for (const i of issues) {
      const m = /^pages\[(\d+)\]\.?(.*)$/.exec(i.path);
      const key = m ? `${field}.${designs[Number(m[1])]!.id}${m[2] ? `.${m[2]}` : ''}` : i.path;
      (fields[key] ??= []).push(i.message);
    }
    throw AppError.validation(fields);
  }

  /** Renders the designs, one page each, through the print path (RGB, no crop marks); input problems fail the job. */
  async render(storeId: string, ids: string[], signal: AbortSignal, title: string): Promise<Uint8Array> {
    const pages = [];
    for (const id of ids) {
      const design = await this.deps.designs.getIncludingDeleted(storeId, id);
      if (!design) throw new JobFailure(`design ${id} no longer exists`);
      pages.push(pageSpecOf(design));
    }
    try {
      const out = await renderPdf(pages, storeAssets(this.deps.catalog, storeId), { cropMarks: false, colorMode: 'rgb', pdfStandard: 'none', title, signal });
      return out.pdf;
    } catch (err) {
      if (err instanceof AssetError || err instanceof PageSpecError || err instanceof LayerValidationError) throw new JobFailure(err.message, { code: err.code });
      if (err instanceof GhostscriptError && err.code !== 'ghostscript_timeout' && err.code !== 'ghostscript_aborted') throw new JobFailure(err.message, { code: err.code });
      throw err;
    }
  }
}
