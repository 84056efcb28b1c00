/**
 * The customizer page: a shopper designs each print side of a product and orders a
 * print-ready PDF. Reads `?token=<store public token>` (and optionally `?api=<base URL>`,
 * default this origin's /v1; `?locale=`, `?product=`, `?design=`, `?project=`, `?host=`;
 * docs/editor.md) and calls only public-token routes. This file wires the page's controls
 * to the modules that do the work.
 */
import { Textbox, cache } from 'fabric';
import { arrange, type AlignMode } from './align.js';
import { offerBgRemove, wireBgRemove } from './bg-remove.js';
import { CurveTools } from './curve.js';
import type { Category, Product, Side } from './api.js';
import { Autosave } from './autosave.js';
import type { EmbedConfig } from './embed.js';
import { FieldsForm } from './fields-form.js';
import { FontCatalog, remeasureOnFontLoad } from './fonts.js';
import { listenToHost } from './host-commands.js';
import { setLocale, t } from './i18n/index.js';
import { cropPosition, fillImage, fitImage, moveCrop, selectedImage } from './images.js';
import { wireCrop } from './crop.js';
import { FilterTools } from './filters.js';
import { copy, duplicate, hasCopy, paste } from './clipboard.js';
import { watchAutoWidth } from './auto-width.js';
import { KeyboardEdit, editSelectedText } from './keyboard-edit.js';
import { LayersPanel } from './layers-panel.js';
import { Look } from './look.js';
import { allowedSpots, rulesFor, RulesUi } from './rules.js';
import { replacePhoto, showCliparts, uploadPhoto } from './photos.js';
import { previewPng, reopen, saveAll } from './order.js';
import { spotsIn, type SpotPaint } from './paint.js';
import { openPreview, wirePreview } from './preview.js';
import { openProof, proofDialog, wireProof } from './proof.js';
import { CodeTools } from './codes.js';
import { ShapeTools } from './shapes.js';
import { SideCanvas } from './side-canvas.js';
import { action, apiChoice, embed, option, params, plural, requireSide, setStatus, state, ui } from './state.js';
import { bootTemplateMode, isTemplateMode } from './template-mode.js';
import { applyTemplate, listTemplates } from './templates.js';
import { TextTools } from './text-tools.js';
import { SheetSections } from './sheet.js';
import { bottomSheet, fitToStage, pinchZoom } from './touch.js';

const defaultFontBase = new URL('fonts', new URL(import.meta.env.BASE_URL, location.origin)).href;
const layersPanel = new LayersPanel(ui.layers, () => state.active);
const textTools = new TextTools(
  { fieldset: ui.textTools, size: ui.fontSize, bold: ui.bold, italic: ui.italic, alignButtons: [...ui.textTools.querySelectorAll<HTMLButtonElement>('[data-align]')], lineHeight: ui.lineHeight, letterSpacing: ui.letterSpacing, color: ui.color, font: ui.font, spots: ui.spots },
  () => state.active,
  () => state.fonts,
);
const curveTools = new CurveTools(() => state.active);
const shapeTools = new ShapeTools(() => state.active, (label, fn) => void action(label, fn));
const codeTools = new CodeTools(() => state.active, (label, fn) => void action(label, fn));
const filterTools = new FilterTools(() => state.active);
/** the store's spot inks (its templates', the host's); a product's own are added when it is chosen */
let storeSpots = new Map<string, SpotPaint>();
let products: Product[] = [];
/** the spot inks the chosen product may use: the store's and its own */
let productSpots: SpotPaint[] = [];
const fieldsForm = new FieldsForm(document.getElementById('fields-section')!, document.getElementById('fields-list')!, () => refresh());
const rulesUi = new RulesUi([ui.color, ...document.querySelectorAll<HTMLInputElement>('#shape-fill, #shape-stroke')], ui.font);
const keyboardEdit = new KeyboardEdit({ stage: ui.stage, content: ui.textContent }, () => state.active, () => refresh());
// embedded, the shopper's own Save tells the host (`saved`): nothing is saved on its own (autosave.ts)
const autosave = new Autosave({ indicator: ui.saveState, sides: () => state.sides.values(), project: () => state.project, enabled: !embed.active && !isTemplateMode() });
const fit = fitToStage(ui.stage, () => state.sides.values());
// phones: one section of the tools open at a time (sheet.ts)
const sheet = new SheetSections(document.getElementById('sheet-body')!);
const look = new Look(); // icons, the product's name, the toolbar beside the selection (look.ts)
let storeTemplates: Awaited<ReturnType<typeof state.api.templates>> = [];
let defaultTemplates: typeof storeTemplates = [];

// ---- what the page shows about the selection ----------------------------------------------

// a script fallback face finished loading: measure and draw the texts again with it
remeasureOnFontLoad(() => state.sides.values());

function refresh(): void {
  const side = state.active;
  // typed characters of another script: their fallback face loads (then 'loadingdone' above)
  for (const o of side?.canvas.getActiveObjects() ?? []) if (o instanceof Textbox) void state.fonts?.textLoaded(o.fontFamily, o.text);
  fieldsForm.render();
  ui.warnings.replaceChildren(
    ...(side ? side.warnings() : []).map((w) => {
      const li = document.createElement('li');
      li.dataset.code = w.code;
      li.textContent = w.message;
      return li;
    }),
  );
  const selected = side?.canvas.getActiveObjects() ?? [];
  ui.del.disabled = selected.length === 0;
  ui.duplicate.disabled = ui.copy.disabled = selected.length === 0;
  ui.paste.disabled = !hasCopy() || !side;
  ui.undo.disabled = !side?.history.canUndo;
  ui.redo.disabled = !side?.history.canRedo;
  for (const b of ui.alignTools.querySelectorAll<HTMLButtonElement>('button')) b.disabled = selected.length === 0 || (b.dataset.distribute !== undefined && selected.length < 3);
  for (const tools of [textTools, curveTools, shapeTools, codeTools, filterTools, keyboardEdit]) tools.sync();
  const img = selectedImage(side);
  ui.imageTools.disabled = !img;
  if (img && document.activeElement !== ui.cropX && document.activeElement !== ui.cropY) {
    const { fx, fy } = cropPosition(img);
    ui.cropX.value = String(Math.round(fx * 100));
    ui.cropY.value = String(Math.round(fy * 100));
  }
  layersPanel.render();
  sheet.follow(side?.canvas.getActiveObject());
  autosave.notice();
  look.refresh();
}

// ---- product and sides -------------------------------------------------------------------

function selectSide(id: string): void {
  for (const [sid, sc] of state.sides) sc.show(sid === id);
  state.active = state.sides.get(id) ?? null;
  applyRules();
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
  state.productId = productId;
  ui.pdfLink.hidden = true;
  ui.pdfWarnings.replaceChildren();
  delete document.body.dataset.projectId;
  ui.sides.replaceChildren();
  refresh();
  offerSpots(products.find((p) => p.id === productId));
  if (!productId) return listTemplates([], defaultTemplates);
  const sides: Side[] = await state.api.sides(productId);
  if (sides.length === 0) throw new Error(t('err.noSides'));
  for (const side of sides) {
    const sc = new SideCanvas(ui.stage, side, refresh);
    keyboardEdit.watch(sc);
    watchAutoWidth(sc);
    state.sides.set(side.id, sc);
    const b = document.createElement('button');
    b.type = 'button';
    b.role = 'tab';
    b.dataset.sideId = side.id;
    b.textContent = side.name;
    b.addEventListener('click', () => selectSide(side.id));
    ui.sides.append(b);
  }
  fit();
  listTemplates(storeTemplates, defaultTemplates);
  if (sides[0]) selectSide(sides[0].id);
}

function offerSpots(product: Product | undefined): void {
  const spots = new Map(storeSpots);
  for (const ink of product?.spot_inks ?? []) if (!spots.has(ink.name)) spots.set(ink.name, { spot: ink.name, ...(ink.cmyk ? { cmyk: ink.cmyk } : {}), ...(ink.overprint ? { overprint: true } : {}) });
  // a die line (CutContour, PerfCutContour) is where the cutter goes, not a colour any tool offers
  productSpots = [...spots.values()].filter((s) => !/^(Perf)?CutContour$/.test(s.spot));
  applyRules();
}

/** The active side's design rules on the colour pickers, spot inks and fonts offered (rules.ts). */
function applyRules(): void {
  const product = products.find((p) => p.id === state.productId);
  const rules = rulesFor(product, state.active?.side);
  rulesUi.apply(rules);
  const spots = allowedSpots(productSpots, product, rules);
  for (const tools of [textTools, shapeTools, filterTools]) tools.setSpots(spots);
  document.body.dataset.lockSides = String(rules.lockSides);
}

// ---- text --------------------------------------------------------------------------------

async function useFont(name: string, text = ''): Promise<void> {
  await state.fonts!.load(name);
  await state.fonts!.textLoaded(name, text);
  // Fabric caches glyph widths per family: measure again with the real file
  cache.clearFontCache(name);
}

async function addText(): Promise<string> {
  const side = requireSide();
  const family = ui.font.value;
  await useFont(family, ui.text.value);
  side.addText(ui.text.value || 'Text', family, ui.color.value, textTools.spot ?? undefined);
  return t('done.addedText', { font: family });
}

async function changeFont(): Promise<string | void> {
  const side = state.active;
  const selected = textTools.selected().filter((tb) => tb.editable);
  if (!side || selected.length === 0) return;
  await useFont(ui.font.value);
  side.batch(() => {
    for (const tb of selected) {
      tb.set('fontFamily', ui.font.value);
      tb.initDimensions();
      tb.setCoords();
    }
  });
  side.canvas.requestRenderAll();
  return t('done.fontSet', { font: ui.font.value });
}

// ---- duplicate, copy, paste (clipboard.ts) ---------------------------------------------------

function doCopy(): void {
  const n = copy(state.active);
  if (n) setStatus(plural(n, 'edit.copied1', 'edit.copied'));
  refresh();
}

const doPaste = () => void action(t('edit.paste'), async () => {
  const n = await paste(state.active);
  return n ? plural(n, 'edit.pasted1', 'edit.pasted') : t('edit.nothingToPaste');
});
const doDuplicate = () => void action(t('edit.duplicate'), async () => plural(await duplicate(state.active), 'edit.duplicated1', 'edit.duplicated'));

// ---- undo, keyboard ------------------------------------------------------------------------

async function undoRedo(redo: boolean): Promise<void> {
  const side = state.active;
  if (!side) return;
  document.body.dataset.busy = 'true';
  try {
    const done = redo ? await side.redo() : await side.undo();
    setStatus(done ? t(redo ? 'done.redo' : 'done.undo') : t('done.nothing'));
  } finally {
    delete document.body.dataset.busy;
  }
}

/** Whether the key belongs to a field (typing in it, or a slider's arrows), not to the editor. */
function isTyping(target: EventTarget | null, key = ''): boolean {
  if (target instanceof HTMLInputElement && target.type === 'range' && /^(Arrow|Page|Home|End)/.test(key)) return true;
  if (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'color', 'file'].includes(target.type)) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  const obj = state.active?.canvas.getActiveObject();
  return obj instanceof Textbox && obj.isEditing;
}

function onKey(e: KeyboardEvent): void {
  // the preview and proof dialogs are modal: the editor's shortcuts wait until they close
  if (isTyping(e.target, e.key) || ui.previewDialog.open || proofDialog.open) return;
  const side = state.active;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && (e.key === 'z' || e.key === 'Z')) {
    e.preventDefault();
    void undoRedo(e.shiftKey);
  } else if (mod && (e.key === 'y' || e.key === 'Y')) {
    e.preventDefault();
    void undoRedo(true);
  } else if (!side) {
    return;
  } else if (mod && !e.shiftKey && !e.altKey && ['c', 'v', 'd'].includes(e.key.toLowerCase())) {
    e.preventDefault();
    ({ c: doCopy, v: doPaste, d: doDuplicate } as Record<string, () => void>)[e.key.toLowerCase()]!();
  } else if (e.key === 'Enter' && !mod && (e.target === document.body || e.target === ui.stage)) {
    // Enter on a selected text: type in it (keyboard-edit.ts)
    if (editSelectedText(side)) e.preventDefault();
  } else if (e.key === 'Delete' || e.key === 'Backspace') {
    const n = side.deleteSelected();
    if (n) {
      e.preventDefault();
      setStatus(plural(n, 'done.deleted1', 'done.deleted'));
    }
  } else if (e.key.startsWith('Arrow') && side.canvas.getActiveObject() && !(e.target instanceof HTMLButtonElement && e.target.closest('[role=tablist]'))) {
    const step = e.shiftKey ? 10 : 1;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (d && side.nudgeSelected(d[0]!, d[1]!)) e.preventDefault();
  } else if (e.key === 'Escape') {
    side.canvas.discardActiveObject();
    side.canvas.requestRenderAll();
    refresh();
  }
}

// ---- start -------------------------------------------------------------------------------

function wire(): void {
  ui.product.addEventListener('change', () => void action(t('do.loadingSides'), async () => (await selectProduct(ui.product.value), t('status.ready'))));
  ui.template.addEventListener('change', () => (ui.applyTemplate.disabled = !ui.template.value));
  ui.applyTemplate.addEventListener('click', () => void action(t('do.applyingTemplate'), () => applyTemplate(ui.template.value)));
  ui.addText.addEventListener('click', () => void action(t('do.addingText'), addText));
  ui.font.addEventListener('change', () => void action(t('do.loadingFont'), changeFont));
  ui.clipartCategory.addEventListener('change', () => void action(t('do.loadingCliparts'), async () => (await showCliparts(ui.clipartCategory.value), t('status.ready'))));
  ui.photo.addEventListener('change', () => void action(t('do.uploading'), uploadPhoto));
  ui.replace.addEventListener('change', () => void action(t('do.replacing'), replacePhoto));
  const withImage = (fn: (side: SideCanvas, img: NonNullable<ReturnType<typeof selectedImage>>) => void) => () => {
    const side = state.active;
    const img = selectedImage(side);
    if (side && img) fn(side, img);
  };
  ui.fit.addEventListener('click', withImage((side, img) => fitImage(side, img)));
  wireBgRemove(refresh);
  wireCrop(() => (state.active ? { canvas: state.active.canvas, img: selectedImage(state.active) } : null));
  ui.fill.addEventListener('click', withImage((side, img) => fillImage(side, img, Number(ui.cropX.value) / 100, Number(ui.cropY.value) / 100)));
  for (const el of [ui.cropX, ui.cropY]) el.addEventListener('change', withImage((side, img) => moveCrop(side, img, Number(ui.cropX.value) / 100, Number(ui.cropY.value) / 100)));
  for (const b of ui.alignTools.querySelectorAll<HTMLButtonElement>('button')) {
    b.addEventListener('click', () => {
      const side = state.active;
      if (side) arrange(side, b.dataset.distribute ? { distribute: b.dataset.distribute as 'x' | 'y' } : { align: b.dataset.alignTo as AlignMode });
    });
  }
  ui.del.addEventListener('click', () => setStatus(plural(state.active?.deleteSelected() ?? 0, 'done.deleted1', 'done.deleted')));
  ui.duplicate.addEventListener('click', doDuplicate);
  ui.copy.addEventListener('click', doCopy);
  ui.paste.addEventListener('click', doPaste);
  ui.undo.addEventListener('click', () => void undoRedo(false));
  ui.redo.addEventListener('click', () => void undoRedo(true));
  ui.zoomReset.addEventListener('click', () => state.active?.resetZoom());
  document.addEventListener('keydown', onKey);
  ui.save.addEventListener('click', () => void action(t('do.saving'), saveAll));
  ui.createProject.addEventListener('click', () => void action(t('do.saving'), openProof));
  ui.preview.addEventListener('click', () => void action(t('do.preview'), openPreview));
  wirePreview();
  wireProof();
  pinchZoom(ui.stage, () => state.active);
  bottomSheet(ui.panel, ui.sheetToggle);
}

async function start(config: EmbedConfig): Promise<void> {
  const api = state.api;
  const [productList, own, defaults, cats, defaultCats, tplStore, tplDefault] = await Promise.all([
    api.products(), api.fonts(), api.defaultFonts(), api.clipartCategories(), api.defaultClipartCategories(), api.templates(), api.defaultTemplates(),
  ]);
  products = productList;
  storeTemplates = tplStore;
  defaultTemplates = tplDefault;
  state.fonts = new FontCatalog(own, defaults, defaultFontBase);
  ui.font.replaceChildren(...[...state.fonts.families.values()].map((f) => option(f.name, f.isDefault ? f.name : t('text.store', { name: f.name }))));
  rulesUi.fontsListed();
  const addCats = (list: Category[], scope: 'own' | 'default', isDefault: boolean) => list.map((c) => option(`${scope}:${c.id}`, isDefault ? t('clipart.defaultSuffix', { name: c.name }) : c.name));
  ui.clipartCategory.replaceChildren(option('own:*', t('clipart.allStore')), ...addCats(cats, 'own', false), option('default:*', t('clipart.allDefault')), ...addCats(defaultCats, 'default', true));
  ui.product.replaceChildren(option('', products.length ? t('product.choose') : t('product.none')), ...products.map((p) => option(p.id, p.name)));
  // the store's spot inks: those its templates use, and any the host passes
  storeSpots = spotsIn(tplStore.flatMap((tpl) => tpl.layers));
  for (const s of config.spots ?? []) storeSpots.set(s.spot, s as SpotPaint);
  offerSpots(undefined);
  listTemplates([], defaultTemplates);

  await showCliparts(ui.clipartCategory.value);
  if (config.design || config.project) {
    setStatus(t('do.reopening'));
    await reopen({ design: config.design, project: config.project, more: params.getAll('design').slice(1) }, selectProduct);
  } else {
    const wanted = config.product && products.some((p) => p.id === config.product) ? config.product : products.length === 1 ? products[0]!.id : '';
    if (wanted) {
      ui.product.value = wanted;
      await selectProduct(wanted);
    }
  }
  embed.emit({ type: 'ready', locale: document.documentElement.lang });
  // an embedding host may drive the editor from now on (host-commands.ts)
  listenToHost({
    selectProduct: async (id) => {
      ui.product.value = id;
      await selectProduct(id);
    },
    reopen: (ids) => reopen(ids, selectProduct),
    applyTemplate,
    refresh,
  });
}

async function boot(): Promise<void> {
  wire();
  // the store owner editing a template from the back office (template-mode.ts)
  if (isTemplateMode()) return bootTemplateMode({ start, selectSide, panel: layersPanel });
  const fromQuery: EmbedConfig = {
    token: params.get('token') ?? undefined,
    product: params.get('product') ?? undefined,
    locale: params.get('locale') ?? undefined,
    design: params.get('design') ?? undefined,
    project: params.get('project') ?? undefined,
  };
  // an embedding host may pass the token in its init message instead of the iframe's URL
  const fromHost = params.get('embed') === 'wait' ? await embed.waitForInit() : null;
  const config: EmbedConfig = { ...fromQuery, ...Object.fromEntries(Object.entries(fromHost ?? {}).filter(([, v]) => v !== undefined)) };
  setLocale(config.locale ?? navigator.language);
  if (config.token) state.api.setToken(config.token);
  await action(t('do.loadingStore'), async () => {
    if (apiChoice.refused) throw new Error(t('err.api', { origin: apiChoice.refused }));
    if (!config.token) throw new Error(t('err.token'));
    await start(config);
    return t('status.ready');
  });
  // first paint to interactive, as the e2e test measures it (docs/editor.md)
  performance.mark('folio:interactive');
  // the image tools' extra: asked once the editor is ready, so its request does not hold up the load
  void offerBgRemove();
}

// A handle for tests and debugging: the canvases and the state, read-only use.
(window as unknown as { customizer: unknown }).customizer = { state, selectSide, previewPng };

void boot();
