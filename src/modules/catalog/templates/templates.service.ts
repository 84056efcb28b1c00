import type { Static } from '@sinclair/typebox';
import { AppError } from '../../../platform/http/errors.js';
import { isUuid } from '../../../platform/crypto/ids.js';
import { nonHttpLinks } from '../../../platform/http/http-url.js';
import type { DocKind } from '../../documents/doc.service.js';
import { DocRepo } from '../../documents/doc.repo.js';
import { iso } from '../../../platform/http/resource.js';
import { ImagesRepo } from '../images/images.repo.js';
import type { Template } from './templates.schemas.js';

export type TemplateJson = Static<typeof Template>;

const DEFAULTS = { name: 'Template', project_id: null, note: null, layers: [], viewport_width: null, viewport_height: null, preview_image_id: null, template_image_id: null };

/** Font families a template's text layers name (for GET /templates/{id}/fonts). */
export function fontFamiliesOf(layers: Array<Record<string, unknown>>): string[] {
  const out = new Set<string>();
  const walk = (ls: Array<Record<string, unknown>>) => {
    for (const l of ls) {
      if (typeof l.fontFamily === 'string' && l.fontFamily) out.add(l.fontFamily.split(',')[0]!.trim().replace(/^['"]|['"]$/g, ''));
      if (Array.isArray(l.objects)) walk(l.objects as Array<Record<string, unknown>>);
    }
  };
  walk(layers);
  return [...out];
}

export const templateKind: DocKind<TemplateJson> = {
  table: 'catalog_templates',
  topic: 'templates',
  noun: 'Template',
  async prepare(storeId, body, existing, db) {
    const doc = { ...DEFAULTS, ...(existing ?? {}), ...body } as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    const side = isUuid(doc.side_id as string) ? await new DocRepo(db, 'catalog_sides').byId(storeId, doc.side_id as string) : null;
    if (!side) errors.side_id = ['is not a side of this store'];
    // Checked when the body names it (a project deleted later does not block other edits);
    // another store's project and a malformed id read the same: not one of this store's.
    const projectId = body.project_id;
    if (projectId !== undefined && projectId !== null && (typeof projectId !== 'string' || !isUuid(projectId) || !(await new DocRepo(db, 'projects').byId(storeId, projectId)))) {
      errors.project_id = ['is not a project of this store'];
    }
    // The customizer shows a template's images and the renderer fetches them: links are http(s)
    // (any host: a template is the store's own artwork) or paths on this service, never scripts.
    if (body.layers !== undefined) Object.assign(errors, nonHttpLinks(body.layers, 'layers'));
    for (const f of ['preview_image_id', 'template_image_id'] as const) {
      const id = doc[f] as string | null;
      if (id && (!isUuid(id) || !(await new ImagesRepo(db).byId(storeId, id, true)))) errors[f] = ['is not an image of this store'];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
    return { name: doc.name as string, status: null, parentId: doc.side_id as string, doc };
  },
  toJson(row, doc) {
    const d = { ...DEFAULTS, ...doc } as Record<string, unknown>;
    const vw = d.viewport_width as number | null;
    const vh = d.viewport_height as number | null;
    return { ...d, viewport: vw !== null && vh !== null ? { width: vw, height: vh } : null, id: row.id, side_id: row.parent_id!, name: row.name, created_at: iso(row.created_at), updated_at: iso(row.updated_at) } as TemplateJson;
  },
};
