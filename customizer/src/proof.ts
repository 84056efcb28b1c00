/**
 * Ordering: the one "Order" button saves every side (a side the API refuses stops here, with
 * the API's message, before anything is ordered), then shows the proof step — a modal
 * <dialog> with each side as it will print (the bleed box with the bleed, trim and safe
 * lines, and the design on a product photo when a mockup can be made). An empty side while
 * another has layers is named, with the choice to leave it out or print it blank. "Confirm
 * order" is enabled once the shopper ticks "I have checked my design"; it creates the
 * project with the sides kept (order.ts placeOrder) and makes the print-ready PDF.
 */
import { t } from './i18n/index.js';
import { placeOrder, saveAll } from './order.js';
import { loadTemplates, PREVIEW_WIDTH } from './preview.js';
import type { SideCanvas } from './side-canvas.js';
import { action, state, ui } from './state.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const el = {
  dialog: $<HTMLDialogElement>('proof-dialog'),
  cancel: $<HTMLButtonElement>('proof-cancel'),
  sides: $<HTMLDivElement>('proof-sides'),
  ok: $<HTMLInputElement>('proof-ok'),
  confirm: $<HTMLButtonElement>('proof-confirm'),
  error: $<HTMLParagraphElement>('proof-error'),
};
export const proofDialog = el.dialog;

/** Object URLs of the pictures shown, released when the dialog closes. */
let urls: string[] = [];
/** Each opening's number: mockups that come back after the dialog closed or reopened are dropped. */
let seq = 0;

/**
 * A PNG of the whole side as printed before cutting: the bleed box, with the guides drawn
 * (the bleed band, the trim line and the safe zone). Null when the canvas cannot be read.
 */
export async function proofPng(sc: SideCanvas, width = 480): Promise<Blob | null> {
  const c = sc.canvas;
  const vp = c.viewportTransform;
  const { bleed } = sc.layout;
  const box = { left: vp[4] + bleed.left * vp[0], top: vp[5] + bleed.top * vp[3], width: bleed.width * vp[0], height: bleed.height * vp[3] };
  try {
    return await c.toBlob({ ...box, multiplier: width / box.width, format: 'png' });
  } catch (err) {
    console.warn('no proof picture of the side', err);
    return null;
  }
}

/** Sides with no layer while another side has some: the shopper says whether they print blank. */
export function emptySides(): SideCanvas[] {
  const all = [...state.sides.values()];
  if (!all.some((sc) => sc.canvas.getObjects().length > 0)) return [];
  return all.filter((sc) => sc.canvas.getObjects().length === 0);
}

function picture(blob: Blob | null, alt: string, className: string): HTMLElement {
  if (!blob) {
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = t('proof.noPicture');
    return p;
  }
  const img = document.createElement('img');
  const url = URL.createObjectURL(blob);
  urls.push(url);
  img.src = url;
  img.alt = alt;
  img.className = className;
  return img;
}

function emptyChoice(sc: SideCanvas): HTMLElement {
  const box = document.createElement('fieldset');
  box.className = 'proof-empty';
  box.dataset.sideId = sc.side.id;
  const legend = document.createElement('legend');
  legend.textContent = t('proof.empty', { side: sc.side.name });
  box.append(legend);
  for (const [value, key] of [['leave', 'proof.leaveOut'], ['blank', 'proof.printBlank']] as const) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = `proof-empty-${sc.side.id}`;
    input.value = value;
    input.checked = value === 'blank';
    // a product that locks its sides prints every side (docs/catalog.md § Design rules)
    input.disabled = value === 'leave' && document.body.dataset.lockSides === 'true';
    label.append(input, ' ', t(key, { side: sc.side.name }));
    box.append(label);
  }
  return box;
}

/** The product mockup of each side, when the service has a product photo for it (best effort: the proof stands without it). */
async function addMockups(figures: Map<string, HTMLElement>, mine: number): Promise<void> {
  let templates;
  try {
    templates = await loadTemplates();
  } catch {
    return;
  }
  const tpl = templates.get(ui.previewTemplate.value) ?? templates.values().next().value;
  if (!tpl) return;
  for (const [sideId, fig] of figures) {
    const sc = state.sides.get(sideId);
    if (!sc?.designId || sc.canvas.getObjects().length === 0) continue;
    try {
      const m = await state.api.mockup(sc.designId, tpl.id, PREVIEW_WIDTH / 2, 'jpeg');
      if (mine !== seq) return;
      const img = document.createElement('img');
      img.className = 'proof-mockup';
      img.width = m.width;
      img.height = m.height;
      img.alt = t('preview.shown', { side: sc.side.name, template: tpl.name });
      img.src = m.url;
      fig.querySelector('.proof-pictures')?.append(img);
    } catch (err) {
      console.warn('no mockup in the proof', err);
    }
  }
}

/** "Order": saves every side, then shows the proof. A side the API refuses stops it here (the status names the API's message). */
export async function openProof(): Promise<string> {
  if (state.sides.size === 0) throw new Error(t('err.pickProduct'));
  await saveAll();
  const mine = ++seq;
  for (const u of urls) URL.revokeObjectURL(u);
  urls = [];
  const empty = new Set(emptySides());
  const figures = new Map<string, HTMLElement>();
  const items: HTMLElement[] = [];
  for (const sc of state.sides.values()) {
    const fig = document.createElement('figure');
    fig.className = 'proof-side';
    fig.dataset.sideId = sc.side.id;
    const pics = document.createElement('div');
    pics.className = 'proof-pictures';
    pics.append(picture(await proofPng(sc), t('proof.pictureAlt', { side: sc.side.name }), 'proof-page'));
    const cap = document.createElement('figcaption');
    cap.textContent = sc.side.name;
    fig.append(cap, pics);
    if (empty.has(sc)) fig.append(emptyChoice(sc));
    figures.set(sc.side.id, fig);
    items.push(fig);
  }
  el.sides.replaceChildren(...items);
  el.ok.checked = false;
  el.confirm.disabled = true;
  el.error.hidden = true;
  el.error.textContent = '';
  if (!el.dialog.open) el.dialog.showModal();
  el.ok.focus();
  void addMockups(figures, mine);
  return t('proof.shown');
}

/** The sides the shopper chose to leave out (empty sides with "leave it out" picked). */
function leftOut(): Set<string> {
  const out = new Set<string>();
  for (const box of el.sides.querySelectorAll<HTMLFieldSetElement>('.proof-empty')) {
    if (box.querySelector<HTMLInputElement>('input[value="leave"]')?.checked) out.add(box.dataset.sideId!);
  }
  return out;
}

async function confirm(): Promise<string> {
  const skip = leftOut();
  el.confirm.disabled = true;
  try {
    const done = await placeOrder(skip);
    el.dialog.close();
    return done;
  } catch (err) {
    el.error.textContent = t('proof.failed', { message: (err as Error).message });
    el.error.hidden = false;
    el.confirm.disabled = !el.ok.checked;
    throw err;
  }
}

export function wireProof(): void {
  el.ok.addEventListener('change', () => (el.confirm.disabled = !el.ok.checked));
  el.confirm.addEventListener('click', () => void action(t('do.ordering'), confirm));
  el.cancel.addEventListener('click', () => el.dialog.close());
  // Escape closes a modal <dialog> by itself; on any close focus goes back to the Order button
  el.dialog.addEventListener('close', () => {
    seq++;
    ui.createProject.focus();
  });
}
