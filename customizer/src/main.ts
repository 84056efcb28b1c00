/**
 * The customizer page: a shopper designs each print side of a product and orders a
 * print-ready PDF. Reads `?token=<store public token>` (and optionally `?api=<base URL>`,
 * default this origin's /v1) and calls only public-token routes.
 */
import { Textbox, cache } from 'fabric';
import { Api, type ApiImage, type Category, type PdfJob, type Project, type Side } from './api.js';
import { FontCatalog } from './fonts.js';
import { SideCanvas } from './side-canvas.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  status: $<HTMLParagraphElement>('status'),
  product: $<HTMLSelectElement>('product'),
  sides: $<HTMLDivElement>('sides'),
  text: $<HTMLInputElement>('text-input'),
  font: $<HTMLSelectElement>('font-family'),
  color: $<HTMLInputElement>('text-color'),
  addText: $<HTMLButtonElement>('add-text'),
  clipartCategory: $<HTMLSelectElement>('clipart-category'),
  cliparts: $<HTMLDivElement>('cliparts'),
  photo: $<HTMLInputElement>('photo-input'),
  del: $<HTMLButtonElement>('delete'),
  save: $<HTMLButtonElement>('save'),
  projectName: $<HTMLInputElement>('project-name'),
  createProject: $<HTMLButtonElement>('create-project'),
  makePdf: $<HTMLButtonElement>('make-pdf'),
  pdfLink: $<HTMLAnchorElement>('pdf-link'),
  pdfWarnings: $<HTMLUListElement>('pdf-warnings'),
  stage: $<HTMLDivElement>('stage'),
  warnings: $<HTMLUListElement>('warnings'),
};

const params = new URLSearchParams(location.search);
const token = params.get('token') ?? '';
const apiBase = (params.get('api') ?? `${location.origin}/v1`).replace(/\/$/, '');
const api = new Api(apiBase, token);
const defaultFontBase = new URL('fonts', new URL(import.meta.env.BASE_URL, location.origin)).href;

const state = {
  fonts: null as FontCatalog | null,
  sides: new Map<string, SideCanvas>(),
  active: null as SideCanvas | null,
  project: null as Project | null,
  lastJob: null as PdfJob | null,
};

function setStatus(text: string, error = false): void {
  ui.status.textContent = text;
  ui.status.classList.toggle('error', error);
  ui.status.dataset.state = error ? 'error' : 'ok';
}

/** Runs a user action; its failure becomes the status line. */
async function action(label: string, fn: () => Promise<string | void>): Promise<void> {
  setStatus(`${label}…`);
  document.body.dataset.busy = 'true';
  try {
    const done = await fn();
    setStatus(done ?? 'Ready');
  } catch (err) {
    setStatus(`${label} failed: ${(err as Error).message}`, true);
  } finally {
    delete document.body.dataset.busy;
  }
}

function option(value: string, text: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

// ---- warnings ----------------------------------------------------------------------------

function refresh(): void {
  const side = state.active;
  const list = side ? side.warnings() : [];
  ui.warnings.replaceChildren(
    ...list.map((w) => {
      const li = document.createElement('li');
      li.dataset.code = w.code;
      li.textContent = w.message;
      return li;
    }),
  );
  const selected = side?.canvas.getActiveObjects() ?? [];
  ui.del.disabled = selected.length === 0;
  const text = selected.length === 1 && selected[0] instanceof Textbox ? selected[0] : null;
  if (text && ui.font.value !== text.fontFamily) ui.font.value = String(text.fontFamily);
}

// ---- product and sides -------------------------------------------------------------------

function selectSide(id: string): void {
  for (const [sid, sc] of state.sides) sc.show(sid === id);
  state.active = state.sides.get(id) ?? null;
  for (const b of ui.sides.querySelectorAll('button')) b.setAttribute('aria-selected', String(b.dataset.sideId === id));
  refresh();
}

async function selectProduct(productId: string): Promise<void> {
  for (const sc of state.sides.values()) {
    await sc.canvas.dispose();
    sc.wrapper.remove();
  }
  state.sides.clear();
  state.active = null;
  state.project = null;
  ui.makePdf.disabled = true;
  ui.pdfLink.hidden = true;
  ui.pdfWarnings.replaceChildren();
  delete document.body.dataset.projectId;
  ui.sides.replaceChildren();
  refresh();
  if (!productId) return;
  const sides: Side[] = await api.sides(productId);
  if (sides.length === 0) throw new Error('this product has no print sides yet');
  for (const side of sides) {
    state.sides.set(side.id, new SideCanvas(ui.stage, side, refresh));
    const b = document.createElement('button');
    b.type = 'button';
    b.role = 'tab';
    b.dataset.sideId = side.id;
    b.textContent = side.name;
    b.addEventListener('click', () => selectSide(side.id));
    ui.sides.append(b);
  }
  if (sides[0]) selectSide(sides[0].id);
}

function requireSide(): SideCanvas {
  if (!state.active) throw new Error('Pick a product and a side first');
  return state.active;
}

// ---- text --------------------------------------------------------------------------------

async function useFont(name: string): Promise<void> {
  await state.fonts!.load(name);
  // Fabric caches glyph widths per family: measure again with the real file
  cache.clearFontCache(name);
}

async function addText(): Promise<string> {
  const side = requireSide();
  const family = ui.font.value;
  await useFont(family);
  side.addText(ui.text.value || 'Text', family, ui.color.value);
  return `Added text in ${family}`;
}

async function changeFont(): Promise<string | void> {
  const side = state.active;
  const selected = side?.canvas.getActiveObjects().filter((o): o is Textbox => o instanceof Textbox) ?? [];
  if (!side || selected.length === 0) return;
  await useFont(ui.font.value);
  for (const t of selected) {
    t.set('fontFamily', ui.font.value);
    t.initDimensions();
    t.setCoords();
  }
  side.canvas.requestRenderAll();
  refresh();
  return `Font set to ${ui.font.value}`;
}

// ---- cliparts and photos -----------------------------------------------------------------

async function showCliparts(value: string): Promise<void> {
  const [scope, id] = value.split(':') as ['own' | 'default', string];
  const list: ApiImage[] = id === '*' ? await (scope === 'own' ? api.cliparts() : api.defaultCliparts()) : await api.categoryCliparts(id, scope === 'default');
  ui.cliparts.replaceChildren(
    ...list.map((img) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.title = img.name;
      b.dataset.imageId = img.id;
      const thumb = document.createElement('img');
      thumb.src = img.thumbnails.small ?? img.url;
      thumb.alt = img.name;
      b.append(thumb);
      b.addEventListener('click', () => void action(`Adding ${img.name}`, async () => (await requireSide().addImage(img), `Added ${img.name}`)));
      return b;
    }),
  );
  if (list.length === 0) ui.cliparts.textContent = 'No cliparts here.';
}

async function uploadPhoto(): Promise<string | void> {
  const file = ui.photo.files?.[0];
  if (!file) return;
  const side = requireSide();
  const image = await api.uploadPhoto(file);
  await side.addImage(image, 0.35);
  ui.photo.value = '';
  return `Added photo ${image.name}`;
}

// ---- saving and ordering -----------------------------------------------------------------

async function saveAll(): Promise<string> {
  if (state.sides.size === 0) throw new Error('Pick a product first');
  for (const sc of state.sides.values()) {
    const design = await api.saveDesign(sc.designId, {
      side_id: sc.side.id,
      ...(state.project ? { project_id: state.project.id } : {}),
      layers: sc.layers(),
      viewport_width: sc.layout.viewport.width,
      viewport_height: sc.layout.viewport.height,
    });
    sc.designId = design.id;
    sc.wrapper.dataset.designId = design.id;
  }
  return `Saved ${state.sides.size} design${state.sides.size === 1 ? '' : 's'}`;
}

async function createProject(): Promise<string> {
  if (state.sides.size === 0) throw new Error('Pick a product first');
  state.project ??= await api.createProject(ui.projectName.value.trim() || 'My order');
  document.body.dataset.projectId = state.project.id;
  await saveAll();
  ui.makePdf.disabled = false;
  return `Project “${state.project.name}” created with ${state.sides.size} design${state.sides.size === 1 ? '' : 's'}`;
}

async function makePdf(): Promise<string> {
  if (!state.project) throw new Error('Create the project first');
  ui.pdfLink.hidden = true;
  ui.pdfWarnings.replaceChildren();
  await saveAll();
  let job = await api.projectPdf(state.project.id);
  const deadline = Date.now() + 180_000;
  let wait = 300;
  while (job.status === 'queued' || job.status === 'processing') {
    if (Date.now() > deadline) throw new Error('the PDF is taking too long; try again later');
    setStatus(`Making the PDF (${job.status})…`);
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 1.5, 2000);
    job = await api.job(job.id);
  }
  state.lastJob = job;
  if (job.status !== 'completed' || !job.pdf_url) throw new Error(job.error ?? 'the PDF could not be made');
  const pages = job.pages.length;
  ui.pdfLink.href = job.pdf_url;
  ui.pdfLink.download = `${(state.project.name || 'project').replace(/[^\w.-]+/g, '-')}.pdf`;
  ui.pdfLink.textContent = `Download PDF (${pages} page${pages === 1 ? '' : 's'})`;
  ui.pdfLink.hidden = false;
  // what the print engine noticed, page by page (low resolution, fallback fonts, …)
  ui.pdfWarnings.replaceChildren(
    ...job.warnings.map((w) => {
      const li = document.createElement('li');
      li.dataset.code = w.code;
      li.dataset.page = String(w.page);
      li.textContent = `Page ${w.page}: ${w.message}`;
      return li;
    }),
  );
  const n = job.warnings.length;
  return `PDF ready${n ? ` with ${n} warning${n === 1 ? '' : 's'}` : ''}`;
}

// ---- start -------------------------------------------------------------------------------

async function start(): Promise<void> {
  if (!token) throw new Error('open this page with ?token=<your store public token>');
  const [products, own, defaults, cats, defaultCats] = await Promise.all([api.products(), api.fonts(), api.defaultFonts(), api.clipartCategories(), api.defaultClipartCategories()]);
  state.fonts = new FontCatalog(own, defaults, defaultFontBase);
  ui.font.replaceChildren(...[...state.fonts.families.values()].map((f) => option(f.name, f.isDefault ? f.name : `${f.name} (store)`)));
  const addCats = (list: Category[], scope: 'own' | 'default', suffix: string) => list.map((c) => option(`${scope}:${c.id}`, `${c.name}${suffix}`));
  ui.clipartCategory.replaceChildren(option('own:*', 'All store cliparts'), ...addCats(cats, 'own', ''), option('default:*', 'All default cliparts'), ...addCats(defaultCats, 'default', ' (default)'));
  ui.product.replaceChildren(option('', products.length ? 'Choose a product' : 'No products'), ...products.map((p) => option(p.id, p.name)));

  ui.product.addEventListener('change', () => void action('Loading sides', async () => (await selectProduct(ui.product.value), 'Ready')));
  ui.addText.addEventListener('click', () => void action('Adding text', addText));
  ui.font.addEventListener('change', () => void action('Loading font', changeFont));
  ui.clipartCategory.addEventListener('change', () => void action('Loading cliparts', async () => (await showCliparts(ui.clipartCategory.value), 'Ready')));
  ui.photo.addEventListener('change', () => void action('Uploading photo', uploadPhoto));
  ui.del.addEventListener('click', () => {
    const n = state.active?.deleteSelected() ?? 0;
    setStatus(`Deleted ${n} object${n === 1 ? '' : 's'}`);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Delete' && e.key !== 'Backspace') return;
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
    const obj = state.active?.canvas.getActiveObject();
    if (obj instanceof Textbox && obj.isEditing) return;
    if (state.active?.deleteSelected()) e.preventDefault();
  });
  ui.save.addEventListener('click', () => void action('Saving', saveAll));
  ui.createProject.addEventListener('click', () => void action('Creating the project', createProject));
  ui.makePdf.addEventListener('click', () => void action('Making the PDF', makePdf));

  await showCliparts(ui.clipartCategory.value);
  if (products.length === 1) {
    ui.product.value = products[0]!.id;
    await selectProduct(products[0]!.id);
  }
}

// A handle for tests and debugging: the canvases and the state, read-only use.
(window as unknown as { customizer: unknown }).customizer = { state, selectSide };

void action('Loading the store', start);
