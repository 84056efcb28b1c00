import { createHash } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import sharp from 'sharp';
import {
  CONTENT_TYPES,
  LAYER_NAMES,
  MAX_TEMPLATE_SIDE,
  checkSpec,
  type ImageFormat,
  type LayerName,
  type MockupRenderer,
  type MockupSpec,
  type ProofLine,
  type TemplateLayers,
} from '../../engines/mockup/index.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import { isUuid, newId } from '../../platform/crypto/ids.js';
import { sniffType } from '../../platform/fetch/sniff.js';
import { headerPixels } from '../../engines/image/upload.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { type ListQuery, type ListResult, type PageContext } from '../../platform/http/pagination.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { iso, nowIso } from '../../platform/http/resource.js';
import type { DesignPage, DesignPages } from '../designs/index.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import { MAX_MOCKUPS, MOCKUP_KIND, SYNC_MAX_WIDTH, type MockupItem, type MockupPayload, type MockupResult } from './mockups.kinds.js';
import { MockupsRepo, type MockupTemplateRow } from './mockups.repo.js';
import { LAYER_TYPES, TOPIC, parseLayers, parseSpec, renderProblem, specError, templateVersion, type ReceivedLayer, type StoredLayers } from './mockups.layers.js';

export type { ReceivedLayer } from './mockups.layers.js';
export { LAYER_TYPES, TOPIC, renderProblem } from './mockups.layers.js';
import type { CreateMockupBody, CreateProofBody, MockupImage, MockupJob, MockupTemplate, UpdateMockupTemplateBody } from './mockups.schemas.js';

const LINK_TTL_S = 24 * 3600;
export type MockupTemplateJson = Static<typeof MockupTemplate>;

export interface MockupsDeps {
  db: Db;
  blobs: BlobStore;
  events: EventBus;
  pages: DesignPages;
  jobs: JobsService;
  renderer: MockupRenderer;
}

/** Mockup templates (CRUD, defaults), mockup images and proof images. */
export class MockupsService {
  constructor(private readonly deps: MockupsDeps) {}

  private repo() {
    return new MockupsRepo(this.deps.db);
  }

  // ─── templates ─────────────────────────────────────────────────────────────

  list(storeId: string | null, query: ListQuery, ctx: PageContext): Promise<ListResult<MockupTemplateRow>> {
    return this.repo().listPage(storeId, query, ctx);
  }

  /** The store's template or a default one; anything else (another store's, not an id) is 404. */
  async row(storeId: string, id: string, opts: { withDefaults: boolean } = { withDefaults: true }): Promise<MockupTemplateRow> {
    const row = isUuid(id) ? await this.repo().byId(storeId, id, opts.withDefaults) : null;
    if (!row) throw AppError.notFound('Mockup template');
    return row;
  }

  async toJson(row: MockupTemplateRow): Promise<MockupTemplateJson> {
    const spec = parseSpec(row);
    const layers = parseLayers(row);
    const layer = async (n: LayerName) => {
      const l = layers[n];
      return l ? { url: await this.deps.blobs.url(l.key), mime_type: l.mime_type, width: l.width, height: l.height, size_bytes: l.size_bytes } : null;
    };
    const [photo, shading, highlight, mask, displacement] = await Promise.all(LAYER_NAMES.map(layer));
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      is_default: row.store_id === null,
      width: spec.width,
      height: spec.height,
      print_area: spec.print_area,
      aspect: spec.aspect ?? null,
      fit: spec.fit ?? 'contain',
      displacement: spec.displacement ?? null,
      layers: { photo: photo!, shading, highlight, mask, displacement },
      license: row.license,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    } as MockupTemplateJson;
  }

  /** Checks a layer's bytes: a PNG, JPEG or WebP of at most 4000 px a side (sniffed, not trusted from the part's header). */
  async receiveLayer(field: LayerName, body: Buffer): Promise<ReceivedLayer> {
    const sniffed = await sniffType(body.subarray(0, 64 * 1024));
    if (!sniffed || !LAYER_TYPES[sniffed.mime]) throw new AppError('unsupported_media_type', `the ${field} layer must be a PNG, JPEG or WebP image`, { details: { field } });
    // a decompression bomb is refused by its header, before anything is decoded
    const pixels = await headerPixels(body.subarray(0, 64 * 1024));
    const max = MAX_TEMPLATE_SIDE * MAX_TEMPLATE_SIDE;
    if (pixels !== null && pixels > max) throw AppError.field(field, `The image has ${pixels} pixels; at most ${max} are accepted (${MAX_TEMPLATE_SIDE} px a side)`);
    return { field, body, mime: sniffed.mime };
  }

  private async measure(l: ReceivedLayer): Promise<{ width: number; height: number }> {
    let meta;
    try {
      meta = await sharp(l.body, { limitInputPixels: MAX_TEMPLATE_SIDE * MAX_TEMPLATE_SIDE }).metadata();
    } catch {
      throw AppError.field(l.field, 'is not a readable image');
    }
    if (!meta.width || !meta.height) throw AppError.field(l.field, 'is not a readable image');
    if (meta.width > MAX_TEMPLATE_SIDE || meta.height > MAX_TEMPLATE_SIDE) throw AppError.field(l.field, `must be at most ${MAX_TEMPLATE_SIDE} px a side`);
    return { width: meta.width, height: meta.height };
  }

  /** POST /mockup-templates: fields `name`, `description`, `spec` (JSON) and the layer files; 201 with the template. */
  async create(actor: Actor, storeId: string, input: { name: string | undefined; description: string | undefined; spec: string | undefined; layers: ReceivedLayer[] }): Promise<MockupTemplateJson> {
    const name = input.name?.trim();
    const errors: Record<string, string[]> = {};
    if (!name) errors.name = ['is required'];
    else if (name.length > 200) errors.name = ['must be at most 200 characters'];
    if (input.description !== undefined && input.description.length > 2000) errors.description = ['must be at most 2000 characters'];
    let raw: Record<string, unknown> | null = null;
    if (input.spec === undefined) errors.spec = ['is required: JSON {print_area, aspect?, fit?, displacement?}'];
    else {
      try {
        const parsed: unknown = JSON.parse(input.spec);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) errors.spec = ['must be a JSON object'];
        else raw = parsed as Record<string, unknown>;
      } catch {
        errors.spec = ['is not valid JSON'];
      }
    }
    const byName = new Map(input.layers.map((l) => [l.field, l]));
    const photo = byName.get('photo');
    if (!photo) errors.photo = ['is required: the product photo (PNG, JPEG or WebP)'];
    if (Object.keys(errors).length) throw AppError.validation(errors);
    const sizes = new Map<LayerName, { width: number; height: number }>();
    for (const l of input.layers) sizes.set(l.field, await this.measure(l));
    const p = sizes.get('photo')!;
    for (const [n, s] of sizes) {
      // layers are stretched to the photo: they must have its shape
      if (n !== 'photo' && Math.abs(s.width / s.height - p.width / p.height) > 0.01 * (p.width / p.height)) errors[n] = [`must have the photo's aspect ratio (${p.width} × ${p.height})`];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
    const spec = { width: p.width, height: p.height, ...raw } as MockupSpec;
    const issues = checkSpec(spec);
    if (issues.length) throw specError(issues, 'spec.');
    // coordinates in another space than the photo's pixels are fine, a different shape is not
    if (Math.abs(spec.width / spec.height - p.width / p.height) > 0.01 * (p.width / p.height)) throw AppError.field('spec.width', `width / height must be the photo's aspect ratio (${p.width} × ${p.height})`);
    if (spec.displacement && !byName.has('displacement')) throw AppError.field('displacement', 'spec.displacement needs a displacement layer');

    const id = newId();
    const stored: StoredLayers = {};
    try {
      for (const l of input.layers) {
        const key = `mockups/templates/${storeId}/${id}/${l.field}.${LAYER_TYPES[l.mime]}`;
        await this.deps.blobs.put(key, l.body, { contentType: l.mime });
        stored[l.field] = { key, mime_type: l.mime, ...sizes.get(l.field)!, size_bytes: l.body.length };
      }
      const now = nowIso();
      const row: MockupTemplateRow = { id, store_id: storeId, name: name!, description: input.description ?? null, spec: JSON.stringify(spec), layers: JSON.stringify(stored), license: null, created_at: now, updated_at: now };
      const json = await this.deps.db.transaction().execute(async (tx) => {
        await new MockupsRepo(tx).insert(row);
        const j = await this.toJson(row);
        await this.deps.events.publish({ accountId: actor.userId, storeId, topic: TOPIC, event: 'POST', data: j }, tx);
        return j;
      });
      return json;
    } catch (err) {
      for (const l of Object.values(stored)) await this.deps.blobs.delete(l.key).catch(() => undefined);
      throw err;
    }
  }

  /** A curated default may be read and used, not changed. */
  private async own(storeId: string, id: string): Promise<MockupTemplateRow> {
    const row = await this.row(storeId, id);
    if (row.store_id === null) throw new AppError('forbidden', 'A curated default mockup template cannot be changed: upload your own (POST /mockup-templates)');
    return row;
  }

  async update(actor: Actor, storeId: string, id: string, body: Static<typeof UpdateMockupTemplateBody>): Promise<MockupTemplateJson> {
    const row = await this.own(storeId, id);
    const spec = parseSpec(row);
    const next: MockupSpec = { ...spec };
    if (body.print_area !== undefined) next.print_area = body.print_area as MockupSpec['print_area'];
    if (body.aspect !== undefined) next.aspect = body.aspect;
    if (body.fit !== undefined) next.fit = body.fit;
    if (body.displacement !== undefined) next.displacement = body.displacement;
    const issues = checkSpec(next);
    if (issues.length) throw specError(issues, '');
    if (next.displacement && !parseLayers(row).displacement) throw AppError.field('displacement', 'the template has no displacement layer');
    const set = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      spec: JSON.stringify(next),
      updated_at: nowIso(),
    };
    return this.deps.db.transaction().execute(async (tx) => {
      await new MockupsRepo(tx).update(storeId, id, set);
      const j = await this.toJson({ ...row, ...set });
      await this.deps.events.publish({ accountId: actor.userId, storeId, topic: TOPIC, event: 'PUT', data: j }, tx);
      return j;
    });
  }

  async delete(actor: Actor, storeId: string, id: string): Promise<void> {
    const row = await this.own(storeId, id);
    const json = await this.toJson(row);
    await this.deps.db.transaction().execute(async (tx) => {
      if (!(await new MockupsRepo(tx).delete(storeId, id))) throw AppError.notFound('Mockup template');
      await this.deps.events.publish({ accountId: actor.userId, storeId, topic: TOPIC, event: 'DELETE', data: json }, tx);
    });
    for (const l of Object.values(parseLayers(row))) await this.deps.blobs.delete(l.key).catch(() => undefined);
  }

  private templateInput(row: MockupTemplateRow) {
    const layers = parseLayers(row);
    return {
      key: templateVersion(row),
      spec: parseSpec(row),
      layers: async (): Promise<TemplateLayers> => {
        const out: Partial<TemplateLayers> = {};
        for (const n of LAYER_NAMES) if (layers[n]) out[n] = await this.deps.blobs.get(layers[n].key);
        return out as TemplateLayers;
      },
    };
  }

  // ─── mockups ───────────────────────────────────────────────────────────────

  private designInput(storeId: string, d: DesignPage) {
    return { key: `${storeId}:${d.id}:${d.updatedAt}`, page: d.spec, assets: this.deps.pages.assets(storeId) };
  }

  /** Blob key of one mockup: the same design, template, size and format (unchanged) is rendered once. */
  private mockupKey(storeId: string, d: DesignPage, t: MockupTemplateRow, width: number, format: ImageFormat): string {
    const h = createHash('sha256').update(`${d.id}|${d.updatedAt}|${templateVersion(t)}|${width}|${format}`).digest('hex').slice(0, 32);
    return `mockups/${storeId}/${h}.${format === 'jpeg' ? 'jpg' : format}`;
  }

  /** One mockup, rendered unless already stored; a problem of the design is a JobFailure-worthy AppError (422). */
  async renderOne(storeId: string, d: DesignPage, t: MockupTemplateRow, width: number, format: ImageFormat): Promise<MockupItem> {
    const key = this.mockupKey(storeId, d, t, width, format);
    const spec = parseSpec(t);
    const size = { width, height: Math.max(1, Math.round((spec.height * width) / spec.width)) };
    if (await this.deps.blobs.head(key)) return { design_id: d.id, template_id: t.id, key, ...size };
    let out;
    try {
      out = await this.deps.renderer.mockup(this.templateInput(t), this.designInput(storeId, d), width, format);
    } catch (err) {
      throw renderProblem(err, `design ${d.id}`);
    }
    await this.deps.blobs.put(key, out.image, { contentType: CONTENT_TYPES[format] });
    return { design_id: d.id, template_id: t.id, key, width: out.width, height: out.height };
  }

  async present(item: MockupItem, format: ImageFormat): Promise<Static<typeof MockupImage>> {
    return { url: await this.deps.blobs.url(item.key, { ttlSeconds: LINK_TTL_S }), width: item.width, height: item.height, format, design_id: item.design_id, template_id: item.template_id };
  }

  /**
   * POST /mockups. Everything that can be known before rendering is checked first (400/404);
   * one design on one template up to 1,000 px is rendered now (200), anything else is a job (202).
   */
  async request(actor: Actor, storeId: string, body: Static<typeof CreateMockupBody>): Promise<{ image: Static<typeof MockupImage> } | { job: Static<typeof MockupJob> }> {
    const errors: Record<string, string[]> = {};
    if ((body.design_id === undefined) === (body.project_id === undefined)) errors.design_id = ['give either design_id or project_id'];
    if (body.template_id !== undefined && body.template_ids !== undefined) errors.template_id = ['give either template_id or template_ids'];
    if (Object.keys(errors).length) throw AppError.validation(errors);
    const width = body.width ?? 1000;
    const format = body.format ?? 'png';
    const named = body.template_ids ?? (body.template_id !== undefined ? [body.template_id] : null);
    const namedTemplates = named ? await Promise.all(named.map((id) => this.row(storeId, id))) : null;
    const designs =
      body.design_id !== undefined ? await this.deps.pages.byIds(storeId, [body.design_id]) : (await this.deps.pages.ofProject(storeId, body.project_id!, { max: MAX_MOCKUPS, empty: 'the project has no designs' })).pages;
    const templates = namedTemplates ?? (await this.productTemplates(storeId, designs));
    if (designs.length * templates.length > MAX_MOCKUPS) throw AppError.field('template_ids', `at most ${MAX_MOCKUPS} mockups (designs × templates) per request`);
    // a design the print engine would refuse is a 400 now, not a failed job later
    this.deps.pages.check(designs);
    if (designs.length === 1 && templates.length === 1 && width <= SYNC_MAX_WIDTH) {
      const item = await this.renderOne(storeId, designs[0]!, templates[0]!, width, format);
      return { image: await this.present(item, format) };
    }
    const payload: MockupPayload = {
      design_id: body.design_id ?? null,
      project_id: body.project_id ?? null,
      design_ids: designs.map((d) => d.id),
      template_ids: templates.map((t) => t.id),
      width,
      format,
    };
    return { job: await this.presentJob(await this.deps.jobs.createFree(MOCKUP_KIND, { accountId: actor.userId, storeId, payload })) };
  }

  /**
   * A request that names no template: the designs' products' mockup template (a deleted one
   * counts as none). Designs of a project on products with different templates must name them:
   * every design is shown on every template, and one product's photo under another's design is no mockup.
   */
  private async productTemplates(storeId: string, designs: readonly DesignPage[]): Promise<MockupTemplateRow[]> {
    const ids = [...new Set(designs.map((d) => d.mockupTemplateId).filter((id): id is string => typeof id === 'string' && isUuid(id)))];
    const rows = (await Promise.all(ids.map((id) => this.repo().byId(storeId, id, true)))).filter((r): r is MockupTemplateRow => r !== null);
    if (rows.length === 0) throw AppError.field('template_id', `give either template_id or template_ids (the design's product has no mockup template)`);
    if (rows.length > 1) throw AppError.field('template_id', `the designs' products have different mockup templates: give template_id or template_ids`);
    return rows;
  }

  /** The job as GET /jobs/{id} shows it (and its `jobs` event). */
  async presentJob(job: Job<MockupPayload, MockupResult>): Promise<Static<typeof MockupJob>> {
    const done = job.status === MOCKUP_KIND.statuses.completed && job.result ? job.result : null;
    return {
      id: job.id,
      type: 'mockup',
      status: job.status as Static<typeof MockupJob>['status'],
      design_id: job.payload.design_id,
      project_id: job.payload.project_id,
      design_ids: job.payload.design_ids,
      template_ids: job.payload.template_ids,
      width: job.payload.width,
      format: job.payload.format,
      mockups: done ? await Promise.all(done.items.map((i) => this.present(i, job.payload.format))) : [],
      expires_at: done ? new Date(Date.now() + LINK_TTL_S * 1000).toISOString() : null,
      error: job.status === MOCKUP_KIND.statuses.failed ? (job.error ?? 'rendering failed') : null,
      created_at: job.createdAt,
      completed_at: job.completedAt,
    };
  }

  /** The job's work: every design on every template (designs read as they are now, deleted ones included). */
  async runJob(storeId: string, payload: MockupPayload, done: MockupItem[], save: (items: MockupItem[]) => Promise<void>): Promise<MockupResult> {
    const items = [...done];
    const have = new Set(items.map((i) => `${i.design_id}|${i.template_id}`));
    const designs = await this.deps.pages.forJob(storeId, payload.design_ids, (id) => new AppError('unprocessable', `design ${id} no longer exists`));
    for (const [i, designId] of payload.design_ids.entries()) {
      const d = designs[i]!;
      for (const templateId of payload.template_ids) {
        if (have.has(`${designId}|${templateId}`)) continue;
        const t = await this.repo().byId(storeId, templateId, true);
        if (!t) throw new AppError('unprocessable', `mockup template ${templateId} no longer exists`);
        items.push(await this.renderOne(storeId, d, t, payload.width, payload.format));
        await save(items);
      }
    }
    return { items };
  }

  // ─── proofs ────────────────────────────────────────────────────────────────

  /** POST /designs/{id}/proof: a flat image of the design's side, lines and watermark optional. */
  async proof(storeId: string, designId: string, body: Static<typeof CreateProofBody>): Promise<{ url: string; width: number; height: number; format: 'png' | 'jpeg' }> {
    const { key, ...rest } = await this.proofFile(storeId, designId, body);
    return { url: await this.deps.blobs.url(key, { ttlSeconds: LINK_TTL_S }), ...rest };
  }

  /** The proof image's blob (rendered unless stored): for callers that serve the bytes themselves (a proof's approval link). */
  async proofFile(storeId: string, designId: string, body: Static<typeof CreateProofBody>): Promise<{ key: string; width: number; height: number; format: 'png' | 'jpeg' }> {
    const d = (await this.deps.pages.byIds(storeId, [designId]))[0]!;
    this.deps.pages.check([d], () => 'design');
    const width = body.width ?? 1000;
    const lines = (body.lines ?? []) as ProofLine[];
    const format = body.format ?? 'png';
    const watermark = body.watermark ?? null;
    const h = createHash('sha256').update(JSON.stringify([d.id, d.updatedAt, width, [...lines].sort(), watermark, format])).digest('hex').slice(0, 32);
    const key = `proofs/${storeId}/${h}.${format === 'jpeg' ? 'jpg' : 'png'}`;
    let size = await this.deps.blobs.head(key).then((b) => (b ? this.proofSizes.get(key) : undefined));
    if (!size) {
      let out;
      try {
        out = await this.deps.renderer.proof(this.designInput(storeId, d), { width, lines, watermark, format });
      } catch (err) {
        throw renderProblem(err, 'the design');
      }
      await this.deps.blobs.put(key, out.image, { contentType: CONTENT_TYPES[format] });
      size = { width: out.width, height: out.height };
      this.proofSizes.set(key, size);
      if (this.proofSizes.size > 10_000) this.proofSizes.delete(this.proofSizes.keys().next().value!);
    }
    return { key, ...size, format };
  }

  private readonly proofSizes = new Map<string, { width: number; height: number }>();
}
