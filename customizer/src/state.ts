/**
 * The page's elements and the editor's state, shared by main.ts and the modules that act on
 * them (order.ts, templates.ts); the status line and the `action` wrapper every user action
 * runs in.
 */
import { Api, type PdfJob, type Project, type Template } from './api.js';
import { Embed } from './embed.js';
import type { FontCatalog } from './fonts.js';
import { t, type MessageKey } from './i18n/index.js';
import type { SideCanvas } from './side-canvas.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export const ui = {
  status: $<HTMLParagraphElement>('status'),
  undo: $<HTMLButtonElement>('undo'),
  redo: $<HTMLButtonElement>('redo'),
  zoomReset: $<HTMLButtonElement>('zoom-reset'),
  panel: $<HTMLElement>('panel'),
  sheetToggle: $<HTMLButtonElement>('sheet-toggle'),
  product: $<HTMLSelectElement>('product'),
  sides: $<HTMLDivElement>('sides'),
  template: $<HTMLSelectElement>('template'),
  applyTemplate: $<HTMLButtonElement>('apply-template'),
  text: $<HTMLInputElement>('text-input'),
  textContent: $<HTMLTextAreaElement>('text-content'),
  saveState: $<HTMLParagraphElement>('save-state'),
  font: $<HTMLSelectElement>('font-family'),
  color: $<HTMLInputElement>('text-color'),
  spots: $<HTMLDivElement>('spot-colors'),
  addText: $<HTMLButtonElement>('add-text'),
  textTools: $<HTMLFieldSetElement>('text-tools'),
  fontSize: $<HTMLInputElement>('font-size'),
  bold: $<HTMLButtonElement>('bold'),
  italic: $<HTMLButtonElement>('italic'),
  lineHeight: $<HTMLInputElement>('line-height'),
  letterSpacing: $<HTMLInputElement>('letter-spacing'),
  clipartCategory: $<HTMLSelectElement>('clipart-category'),
  cliparts: $<HTMLDivElement>('cliparts'),
  photo: $<HTMLInputElement>('photo-input'),
  imageTools: $<HTMLFieldSetElement>('image-tools'),
  replace: $<HTMLInputElement>('replace-input'),
  fit: $<HTMLButtonElement>('fit'),
  fill: $<HTMLButtonElement>('fill'),
  cropX: $<HTMLInputElement>('crop-x'),
  cropY: $<HTMLInputElement>('crop-y'),
  alignTools: $<HTMLDivElement>('align-tools'),
  layers: $<HTMLOListElement>('layers'),
  del: $<HTMLButtonElement>('delete'),
  duplicate: $<HTMLButtonElement>('duplicate'),
  copy: $<HTMLButtonElement>('copy'),
  paste: $<HTMLButtonElement>('paste'),
  save: $<HTMLButtonElement>('save'),
  projectName: $<HTMLInputElement>('project-name'),
  createProject: $<HTMLButtonElement>('create-project'),
  pdfLink: $<HTMLAnchorElement>('pdf-link'),
  pdfWarnings: $<HTMLUListElement>('pdf-warnings'),
  preview: $<HTMLButtonElement>('preview'),
  previewDialog: $<HTMLDialogElement>('preview-dialog'),
  previewClose: $<HTMLButtonElement>('preview-close'),
  previewTemplate: $<HTMLSelectElement>('preview-template'),
  previewState: $<HTMLParagraphElement>('preview-state'),
  previewError: $<HTMLParagraphElement>('preview-error'),
  previewFigure: $<HTMLElement>('preview-figure'),
  previewImage: $<HTMLImageElement>('preview-image'),
  stage: $<HTMLDivElement>('stage'),
  warnings: $<HTMLUListElement>('warnings'),
};

export const params = new URLSearchParams(location.search);
export const embed = new Embed(params);

/**
 * The API base the page talks to: its own origin's /v1, or what `?api=` names when that is
 * the page's own origin or one the operator allowed (FOLIO_CUSTOMIZER_API_ORIGINS, written
 * into the page's `folio-api-origins` meta tag by the server). Anything else is refused: the
 * page would otherwise send the store's token wherever a link told it to.
 */
export function resolveApiBase(requested: string | null, origin: string, allowed: readonly string[]): { base: string; refused: string | null } {
  const own = `${origin}/v1`;
  if (!requested) return { base: own, refused: null };
  let u: URL;
  try {
    u = new URL(requested, origin);
  } catch {
    return { base: own, refused: requested };
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || (u.origin !== origin && !allowed.includes(u.origin))) return { base: own, refused: u.origin };
  return { base: `${u.origin}${u.pathname}`.replace(/\/$/, ''), refused: null };
}

const allowedApiOrigins = (document.querySelector('meta[name="folio-api-origins"]')?.getAttribute('content') ?? '').split(/\s+/).filter(Boolean);
export const apiChoice = resolveApiBase(params.get('api'), location.origin, allowedApiOrigins);

export const state = {
  api: new Api(apiChoice.base, params.get('token') ?? ''),
  fonts: null as FontCatalog | null,
  sides: new Map<string, SideCanvas>(),
  active: null as SideCanvas | null,
  productId: '',
  project: null as Project | null,
  lastJob: null as PdfJob | null,
  templates: new Map<string, Template>(),
};

export function setStatus(text: string, error = false): void {
  ui.status.textContent = text;
  ui.status.classList.toggle('error', error);
  ui.status.dataset.state = error ? 'error' : 'ok';
}

/**
 * The message a failure shows: Fabric's "fabric: Error loading <url>" (an image whose link did
 * not load: gone, refused by the page's policy, the network) becomes a sentence in the page's
 * language; anything else (the API's own message) is shown as it is.
 */
export function failureMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return /^fabric: Error loading\b/.test(message) ? t('err.imageNotLoaded') : message;
}

/** Runs a user action; its failure becomes the status line (and an `error` event for the host). */
export async function action(label: string, fn: () => Promise<string | void>): Promise<void> {
  setStatus(`${label}…`);
  document.body.dataset.busy = 'true';
  try {
    const done = await fn();
    setStatus(done ?? t('status.ready'));
  } catch (err) {
    const message = failureMessage(err);
    setStatus(t('status.failed', { label, message }), true);
    embed.emit({ type: 'error', message });
  } finally {
    delete document.body.dataset.busy;
  }
}

/** `key1` for one, `key` with {n} otherwise. */
export const plural = (n: number, one: MessageKey, many: MessageKey, vars: Record<string, string | number> = {}) => t(n === 1 ? one : many, { ...vars, n });

export function requireSide(): SideCanvas {
  if (!state.active) throw new Error(t('err.pickSide'));
  return state.active;
}

export function option(value: string, text: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}
