/**
 * Saving, ordering and reopening: one design per side (saved again in place once it has an
 * id), the project that groups them (made only once every side saved: proof.ts), its
 * print-ready PDF job, and `?design=<id>` /
 * `?project=<id>`, which load saved work back into the sides for editing and saving again.
 * Each step tells an embedding host (embed.ts).
 */
import type { Design } from './api.js';
import { t } from './i18n/index.js';
import { withImageLinks } from './images.js';
import type { SideCanvas } from './side-canvas.js';
import { embed, plural, setStatus, state, ui } from './state.js';

export interface SavedSide {
  side_id: string;
  design_id: string;
  /** a signed link to a PNG of the side as saved (embedded editors only; absent when it could not be made) */
  preview_url?: string;
}

/**
 * A PNG of the side as it will look once cut (the trim box, with the side image, without the
 * outlines; a shaped side transparent outside its cut line), `width` pixels wide; null when
 * the canvas cannot be read (an image from another origin without CORS taints it).
 */
export async function previewPng(sc: SideCanvas, width = 600): Promise<Blob | null> {
  const c = sc.canvas;
  const vp = c.viewportTransform;
  const box = { left: vp[4], top: vp[5], width: sc.layout.trim.width * vp[0], height: sc.layout.trim.height * vp[3] };
  sc.hideGuides = true;
  // a shaped side (a round sticker) as cut: transparent outside its cut line
  sc.clipTo('cut');
  try {
    return await c.toBlob({ ...box, multiplier: width / box.width, format: 'png' });
  } catch (err) {
    console.warn('no preview of the side', err);
    return null;
  } finally {
    sc.hideGuides = false;
    sc.clipTo('print');
  }
}

/** An embedding host shows the saved design (a shop's cart line): its picture goes with the design as `preview_image_id`. */
async function uploadPreview(sc: SideCanvas): Promise<string | undefined> {
  if (!embed.active) return undefined;
  const png = await previewPng(sc);
  if (!png) return undefined;
  try {
    return (await state.api.uploadPreview(png)).id;
  } catch (err) {
    console.warn('preview not uploaded', err);
    return undefined;
  }
}

/**
 * Saves one side's design: a new design the first time, the same one again (PUT) after, so
 * saving never makes duplicates. Remembers what was saved (`savedLayers`) for `isDirty`.
 * Embedded, it also stores a picture of the side and answers its link (`preview_url`).
 * `projectId` puts it in that project (null takes it out); left out, it keeps the current project's.
 */
export function saveSide(sc: SideCanvas, projectId?: string | null): Promise<SavedSide> {
  // one save of a side at a time (autosave.ts may be saving it): the next one PUTs the design the first made
  const run = (inFlight.get(sc) ?? Promise.resolve()).catch(() => undefined).then(() => saveSideNow(sc, projectId));
  inFlight.set(sc, run);
  return run;
}

const inFlight = new WeakMap<SideCanvas, Promise<unknown>>();

async function saveSideNow(sc: SideCanvas, projectId?: string | null): Promise<SavedSide> {
  const layers = sc.layers();
  const previewId = await uploadPreview(sc);
  const design = await state.api.saveDesign(sc.designId, {
    side_id: sc.side.id,
    ...(projectId !== undefined ? { project_id: projectId } : state.project ? { project_id: state.project.id } : {}),
    layers,
    viewport_width: sc.layout.viewport.width,
    viewport_height: sc.layout.viewport.height,
    ...(previewId ? { preview_image_id: previewId } : {}),
  });
  sc.designId = design.id;
  sc.savedLayers = JSON.stringify(layers);
  sc.wrapper.dataset.designId = design.id;
  const previewUrl = previewId ? design.preview_image?.url : undefined;
  return { side_id: sc.side.id, design_id: design.id, ...(previewUrl ? { preview_url: previewUrl } : {}) };
}

/** Whether a side has never been saved, or changed since it was saved (or opened). */
export const isDirty = (sc: SideCanvas): boolean => !sc.designId || sc.savedLayers !== JSON.stringify(sc.layers());

export async function saveAll(): Promise<string> {
  if (state.sides.size === 0) throw new Error(t('err.pickProduct'));
  const saved: SavedSide[] = [];
  for (const sc of state.sides.values()) saved.push(await saveSide(sc));
  embed.emit({ type: 'saved', designs: saved });
  return plural(state.sides.size, 'done.saved1', 'done.saved');
}

/**
 * Confirms the order (the proof step's button, after every side saved): creates the project
 * the first time, puts the sides kept in it (those left out — empty sides the shopper chose
 * not to print — are taken out), and makes the print-ready PDF.
 */
export async function placeOrder(leaveOut: ReadonlySet<string> = new Set()): Promise<string> {
  const kept = [...state.sides.values()].filter((sc) => !leaveOut.has(sc.side.id));
  if (kept.length === 0) throw new Error(t('err.pickProduct'));
  const fresh = !state.project;
  state.project ??= await state.api.createProject(ui.projectName.value.trim() || t('order.projectDefault'));
  const project = state.project;
  document.body.dataset.projectId = project.id;
  const saved: SavedSide[] = [];
  for (const sc of kept) saved.push(await saveSide(sc, project.id));
  for (const sc of state.sides.values()) if (leaveOut.has(sc.side.id) && sc.designId) await saveSide(sc, null);
  embed.emit({ type: 'saved', designs: saved });
  if (fresh) embed.emit({ type: 'project-created', project_id: project.id, name: project.name });
  return makePdf();
}

export async function makePdf(): Promise<string> {
  if (!state.project) throw new Error(t('err.projectFirst'));
  ui.pdfLink.hidden = true;
  ui.pdfWarnings.replaceChildren();
  let job = await state.api.projectPdf(state.project.id);
  const deadline = Date.now() + 180_000;
  let wait = 300;
  while (job.status === 'queued' || job.status === 'processing') {
    if (Date.now() > deadline) throw new Error(t('err.pdfSlow'));
    setStatus(t('do.makingPdfState', { state: job.status }));
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 1.5, 2000);
    job = await state.api.job(job.id);
  }
  state.lastJob = job;
  if (job.status !== 'completed' || !job.pdf_url) throw new Error(job.error ?? t('err.pdfFailed'));
  const pages = job.pages.length;
  ui.pdfLink.href = job.pdf_url;
  ui.pdfLink.download = `${(state.project.name || 'project').replace(/[^\w.-]+/g, '-')}.pdf`;
  ui.pdfLink.textContent = plural(pages, 'order.download1', 'order.download');
  ui.pdfLink.hidden = false;
  // what the print engine noticed, page by page (low resolution, fallback fonts, …)
  ui.pdfWarnings.replaceChildren(
    ...job.warnings.map((w) => {
      const li = document.createElement('li');
      li.dataset.code = w.code;
      li.dataset.page = String(w.page);
      li.textContent = t('order.pdfWarning', { page: w.page, message: w.message });
      return li;
    }),
  );
  embed.emit({ type: 'pdf-ready', project_id: state.project.id, job_id: job.id, pdf_url: job.pdf_url, pages, warnings: job.warnings.map(({ code, page, message }) => ({ code, page, message })) });
  const n = job.warnings.length;
  const done = n === 0 ? t('done.pdf') : plural(n, 'done.pdfWarning1', 'done.pdfWarnings');
  return t('done.ordered', { name: state.project.name, done });
}

/** The font families text layers use (loaded before the layers are measured). */
export function familiesOf(layers: unknown[]): string[] {
  const out = new Set<string>();
  for (const l of layers as Array<Record<string, unknown>>) {
    if (typeof l.fontFamily === 'string') out.add(l.fontFamily);
    if (Array.isArray(l.objects)) for (const f of familiesOf(l.objects)) out.add(f);
  }
  return [...out];
}

/** Saved layers made ready for the canvas: their fonts loaded and their images' links filled in (images.ts withImageLinks). */
export async function readyLayers(layers: unknown[]): Promise<unknown[]> {
  const [, linked] = await Promise.all([loadFamilies(layers), withImageLinks(state.api, layers)]);
  return linked;
}

export async function loadFamilies(layers: unknown[]): Promise<void> {
  const fonts = state.fonts;
  if (!fonts) return;
  // each family, then the script fallbacks its layers' text needs (fonts.ts textLoaded)
  const text = textsOf(layers);
  await Promise.all(
    familiesOf(layers)
      .filter((f) => fonts.families.has(f))
      .map((f) =>
        fonts
          .load(f)
          .then(() => fonts.textLoaded(f, text))
          .catch((err: unknown) => console.warn(`font ${f} not loaded`, err)),
      ),
  );
}

/** Every text of the layers, joined: the characters their fonts must draw. */
function textsOf(layers: unknown[]): string {
  return (layers as Array<Record<string, unknown>>).map((l) => (typeof l.text === 'string' ? l.text : Array.isArray(l.objects) ? textsOf(l.objects) : '')).join('');
}

/**
 * Opens saved designs (one, or a project's — a design that belongs to a project opens the
 * whole project): selects their product, loads each into its side and remembers its id, so
 * saving updates them (and keeps them in the project).
 */
export async function reopen(ids: { design?: string | null; project?: string | null; more?: string[] }, selectProduct: (id: string) => Promise<void>): Promise<string> {
  let designs: Design[];
  let projectId = ids.project ?? null;
  if (!projectId) {
    const one = await state.api.design(ids.design!);
    // a design ordered in a project opens with the rest of the order
    projectId = one.project_id;
    // `more`: the other sides' designs (autosave.ts puts one `design=` per saved side in the address)
    designs = projectId ? await state.api.projectDesigns(projectId) : [one, ...(await Promise.all((ids.more ?? []).map((id) => state.api.design(id))))];
  } else designs = await state.api.projectDesigns(projectId);
  if (designs.length === 0) throw new Error(t('err.notFound'));
  const first = designs[0]!;
  const productId = first.product_id ?? (await state.api.side(first.side_id)).product_id;
  ui.product.value = productId;
  await selectProduct(productId);
  if (projectId) {
    // the project's name, as the designs embed it (the public token cannot read the project itself)
    const name = designs.find((d) => d.project?.name)?.project?.name ?? ui.projectName.value;
    state.project = { id: projectId, name };
    ui.projectName.value = name;
    document.body.dataset.projectId = projectId;
  }
  let n = 0;
  for (const d of designs) {
    const sc = state.sides.get(d.side_id);
    if (!sc) continue;
    const layers = await readyLayers(d.layers ?? []);
    const from = d.viewport_width && d.viewport_height ? { width: d.viewport_width, height: d.viewport_height } : null;
    await sc.load(layers, from);
    sc.designId = d.id;
    sc.savedLayers = JSON.stringify(sc.layers());
    sc.wrapper.dataset.designId = d.id;
    n++;
  }
  return t('done.reopened', { n });
}
