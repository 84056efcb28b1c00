import type { Db } from '../../../platform/db/index.js';
import type { ListQuery, ListResult, PageContext } from '../../../platform/http/pagination.js';
import { iso } from '../../../platform/http/resource.js';
import { DEFAULT_TEMPLATE_LICENSE, DEFAULT_TEMPLATES } from './default-templates.js';
import type { DefaultTemplateJson } from './templates.schemas.js';
import { DefaultTemplatesRepo, type DefaultTemplateRow } from './default-templates.repo.js';

const EPOCH = Date.parse('2026-01-01T00:00:00.000Z');

/** The curated templates (default-templates.ts), seeded into their own table so they list and page like the rest. */
export class DefaultTemplatesService {
  private readonly repo: DefaultTemplatesRepo;
  constructor(db: Db) {
    this.repo = new DefaultTemplatesRepo(db);
  }

  list(query: ListQuery, ctx: PageContext): Promise<ListResult<DefaultTemplateRow>> {
    return this.repo.list(query, ctx);
  }

  count(): Promise<number> {
    return this.repo.count();
  }

  toJson(r: DefaultTemplateRow): DefaultTemplateJson {
    const d = JSON.parse(r.doc) as Omit<(typeof DEFAULT_TEMPLATES)[number], 'key' | 'name'>;
    return {
      id: r.id,
      side_id: null,
      name: r.name,
      project_id: null,
      note: d.note,
      layers: d.layers,
      viewport_width: d.viewport_width,
      viewport_height: d.viewport_height,
      viewport: { width: d.viewport_width, height: d.viewport_height },
      print_size: d.print_size,
      preview_image_id: null,
      template_image_id: null,
      is_default: true,
      license: r.license,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    };
  }

  /** Writes the shipped set under fixed ids (insert or replace: a new release's edits land, reseeding changes nothing). */
  async seed(idFor: (key: string) => string): Promise<void> {
    for (const [i, t] of DEFAULT_TEMPLATES.entries()) {
      const { key, name, ...doc } = t;
      // Distinct creation times in shipping order, so the default sort (newest first) is stable.
      const at = new Date(EPOCH + i * 1000).toISOString();
      const row = { id: idFor(`template:${key}`), name, doc: JSON.stringify(doc), license: DEFAULT_TEMPLATE_LICENSE, created_at: at, updated_at: at };
      await this.repo.upsert(row);
    }
  }
}
