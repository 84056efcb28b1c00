/**
 * The few /v1 calls the customizer makes, with the store's public token only
 * (X-Service-Unauth-Token). Errors carry the API's message.
 */
import type { DimensionUnit, Edges } from './geometry.js';
import type { SideMask } from './mask-shape.js';

export interface ApiImage {
  id: string;
  name: string;
  url: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  thumbnails: { small: string | null; medium: string | null; custom: string | null };
  is_default: boolean;
}

export interface Product {
  id: string;
  name: string;
  dimension_unit: DimensionUnit;
  /** the product's spot inks (offered as colours with the store's) */
  spot_inks?: { name: string; cmyk?: [number, number, number, number] | null; overprint?: boolean }[];
  /** colours, fonts and sides the product's designs are held to (docs/catalog.md § Design rules) */
  design_rules?: { colors: string[] | null; fonts: string[] | null; lock_sides: boolean } | null;
}

export interface Side {
  id: string;
  product_id: string;
  name: string;
  width: number;
  height: number;
  bleed: Edges;
  safe_zone: Edges;
  dimension_unit: DimensionUnit;
  dpi: number;
  bg_type: 'color' | 'image' | 'transparent';
  bg_color_value: string | null;
  side_image: ApiImage | null;
  /** this side's own colours or fonts, in place of the product's */
  design_rules?: { colors: string[] | null; fonts: string[] | null } | null;
  /** the print area's shape (a round sticker, a mug's wrap area); null: the trim box */
  mask?: SideMask | null;
}

export interface Font {
  id: string;
  name: string;
  family: string;
  style: string;
  weight: number;
  url: string | null;
  is_default: boolean;
}

export interface Category {
  id: string;
  name: string;
}

export interface Design {
  id: string;
  side_id: string;
  project_id: string | null;
  product_id?: string | null;
  layers?: unknown[];
  viewport_width?: number | null;
  viewport_height?: number | null;
  /** an image of the design (set by an embedded editor's save: docs/editor.md "Embedding") */
  preview_image?: ApiImage | null;
  /** the project it belongs to, embedded */
  project?: { id: string; name: string } | null;
}

export interface Template {
  id: string;
  name: string;
  side_id: string | null;
  layers: unknown[];
  viewport_width: number | null;
  viewport_height: number | null;
  is_default?: boolean;
}

export interface Project {
  id: string;
  name: string;
}

export interface PdfJob {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  design_ids?: string[];
  pdf_url: string | null;
  /** page boxes, one entry per page */
  pages: Array<{ media_box: number[]; bleed_box: number[]; trim_box: number[] }>;
  warnings: Array<{ code: string; page: number; layer?: string; message: string }>;
  error: string | null;
}

/** A product photo a design can be shown on (GET /v1/mockup-templates; docs/mockups.md). */
export interface MockupTemplate {
  id: string;
  name: string;
  description: string | null;
  is_default: boolean;
  width: number;
  height: number;
}

/** A rendered mockup: a signed link to the image and its real size. */
export interface MockupImage {
  url: string;
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp';
}

export interface DesignBody {
  side_id: string;
  project_id?: string | null;
  layers: unknown[];
  viewport_width: number;
  viewport_height: number;
  preview_image_id?: string;
}

/** A background removal from the editor: `image` (the cut-out) once completed. */
export interface BgRemoveJob {
  job_id: string;
  status: 'processing' | 'completed' | 'failed';
  image: ApiImage | null;
  error_message: string | null;
}

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly body: unknown) {
    super(message);
  }
}

function messageOf(status: number, body: unknown): string {
  const b = body as { message?: string; error?: unknown } | null;
  if (b && typeof b.error === 'object' && b.error !== null) {
    const e = b.error as Record<string, unknown>;
    if (typeof e.message === 'string') return e.message;
    const fields = Object.entries(e).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`);
    if (fields.length) return `${b.message ?? 'Invalid input'} (${fields.join('; ')})`;
  }
  return b?.message ?? `HTTP ${status}`;
}

export class Api {
  /** headers that replace the public token (template mode: the account JWT + the store's sid) */
  private credential: Record<string, string> | null = null;

  constructor(private readonly base: string, private token: string) {}

  setToken(token: string): void {
    this.token = token;
  }

  /** Acts with these headers instead of the public token (template-mode.ts; never from a URL). */
  useCredential(headers: Record<string, string>): void {
    this.credential = headers;
  }

  /** `path` is relative to /v1; absolute links (links.next) are re-rooted on this base. */
  private url(path: string): string {
    if (/^https?:\/\//.test(path)) {
      const u = new URL(path);
      const i = u.pathname.indexOf('/v1/');
      return i >= 0 ? `${this.base}${u.pathname.slice(i + 3)}${u.search}` : path;
    }
    return `${this.base}${path}`;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { ...(this.credential ?? { 'x-service-unauth-token': this.token }), accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.url(path), { method, headers, body: payload });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { message: text.slice(0, 200) };
    }
    if (!res.ok) throw new ApiError(res.status, messageOf(res.status, json), json);
    return json as T;
  }

  /** Every item of a list, following links.next (at most `maxPages` pages of 100). */
  async all<T>(path: string, maxPages = 10): Promise<T[]> {
    const out: T[] = [];
    let next: string | null = `${path}${path.includes('?') ? '&' : '?'}limit=100`;
    for (let i = 0; next && i < maxPages; i++) {
      const page: { data: T[]; links?: { next: string | null } } = await this.request('GET', next);
      out.push(...page.data);
      next = page.links?.next ?? null;
    }
    return out;
  }

  products = () => this.all<Product>('/products?sortBy=name&sort=asc');
  /** in the order they were created: front before back */
  sides = (productId: string) => this.all<Side>(`/products/${encodeURIComponent(productId)}/sides?sort=asc`);
  fonts = () => this.all<Font>('/fonts');
  defaultFonts = () => this.all<Font>('/fonts/default');
  clipartCategories = () => this.all<Category>('/clipart-storages');
  defaultClipartCategories = () => this.all<Category>('/clipart-storages/default');
  cliparts = () => this.all<ApiImage>('/cliparts');
  defaultCliparts = () => this.all<ApiImage>('/cliparts/default');
  categoryCliparts = (categoryId: string, isDefault: boolean) =>
    this.all<ApiImage>(`/clipart-storages/${encodeURIComponent(categoryId)}/${isDefault ? 'cliparts-default' : 'cliparts'}`);

  templates = () => this.all<Template>('/templates');
  defaultTemplates = () => this.all<Template>('/templates/template-default');

  async template(id: string): Promise<Template> {
    return (await this.request<{ data: Template }>('GET', `/templates/${encodeURIComponent(id)}`)).data;
  }

  /** A template's layers (a store credential: template mode only). */
  async saveTemplate(id: string, body: { layers: unknown[]; viewport_width: number; viewport_height: number }): Promise<Template> {
    return (await this.request<{ data: Template }>('PUT', `/templates/${encodeURIComponent(id)}`, body)).data;
  }

  async design(id: string): Promise<Design> {
    return (await this.request<{ data: Design }>('GET', `/designs/${encodeURIComponent(id)}`)).data;
  }

  async side(id: string): Promise<Side> {
    return (await this.request<{ data: Side }>('GET', `/sides/${encodeURIComponent(id)}`)).data;
  }

  /** One of the store's images (or a default one), with a fresh signed link. */
  async image(id: string): Promise<ApiImage> {
    return (await this.request<{ data: ApiImage }>('GET', `/images/${encodeURIComponent(id)}`)).data;
  }

  /** the designs of a project, oldest first (the public token may read back what it saved) */
  projectDesigns = (projectId: string) => this.all<Design>(`/projects/${encodeURIComponent(projectId)}/designs?sort=asc`);

  async uploadPhoto(file: File): Promise<ApiImage> {
    const form = new FormData();
    form.append('type', 'designs');
    form.append('file', file, file.name);
    return (await this.request<{ data: ApiImage }>('POST', '/images', form)).data;
  }

  /** A picture of a design (PNG), kept with the store's design images. */
  /** An image from a link, fetched by the service's safe fetcher (`POST /images/import`). */
  async importImage(url: string): Promise<ApiImage> {
    return (await this.request<{ data: ApiImage }>('POST', '/images/import', { url, type: 'designs' })).data;
  }

  async uploadPreview(png: Blob): Promise<ApiImage> {
    const form = new FormData();
    form.append('type', 'designs');
    form.append('file', png, 'preview.png');
    return (await this.request<{ data: ApiImage }>('POST', '/images', form)).data;
  }

  async saveDesign(id: string | null, body: DesignBody): Promise<Design> {
    const res = id ? await this.request<{ data: Design }>('PUT', `/designs/${encodeURIComponent(id)}`, body) : await this.request<{ data: Design }>('POST', '/designs', body);
    return res.data;
  }

  mockupTemplates = () => this.all<MockupTemplate>('/mockup-templates?sortBy=name&sort=asc');
  defaultMockupTemplates = () => this.all<MockupTemplate>('/mockup-templates/default');

  /** One mockup of a saved design, at once (up to 1,000 px wide). */
  async mockup(designId: string, templateId: string, width: number, format: 'png' | 'jpeg' = 'jpeg'): Promise<MockupImage> {
    return (await this.request<{ data: MockupImage }>('POST', '/mockups', { design_id: designId, template_id: templateId, width, format })).data;
  }

  async createProject(name: string): Promise<Project> {
    return (await this.request<{ data: Project }>('POST', '/projects', { name })).data;
  }

  async projectPdf(projectId: string): Promise<PdfJob> {
    return (await this.request<{ data: PdfJob }>('POST', `/projects/${encodeURIComponent(projectId)}/pdf`, {})).data;
  }

  /** Whether the store lets its editor remove backgrounds (GET /stores/store-details). */
  async storeAllowsBgRemove(): Promise<boolean> {
    return (await this.request<{ data: { editor_background_removal?: boolean } }>('GET', '/stores/store-details')).data.editor_background_removal === true;
  }

  /** Starts removing an image's background, paid by the store (docs/background-removal.md, From the editor). */
  async removeBackground(imageId: string): Promise<BgRemoveJob> {
    return (await this.request<{ data: BgRemoveJob }>('POST', `/images/${encodeURIComponent(imageId)}/remove-background`)).data;
  }

  async removeBackgroundJob(imageId: string, jobId: string): Promise<BgRemoveJob> {
    return (await this.request<{ data: BgRemoveJob }>('GET', `/images/${encodeURIComponent(imageId)}/remove-background/${encodeURIComponent(jobId)}`)).data;
  }

  async job(id: string): Promise<PdfJob> {
    return (await this.request<{ data: PdfJob }>('GET', `/jobs/${encodeURIComponent(id)}`)).data;
  }
}
