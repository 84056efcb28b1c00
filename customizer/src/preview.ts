/**
 * "Preview on product": the current side's design on a product photo (a business card on a
 * desk, a mug…), rendered by the service's mockups (docs/mockups.md, docs/editor.md). The
 * side is saved first when it has unsaved changes (the same save as "Save designs": a side
 * saved once is updated in place, never duplicated); the shopper picks a mockup template —
 * the curated ones, then the store's — and sees the image in a modal dialog (a native
 * <dialog>: focus moves in, Escape closes, focus goes back to the button).
 */
import type { MockupTemplate } from './api.js';
import { t } from './i18n/index.js';
import { isDirty, saveSide } from './order.js';
import type { SideCanvas } from './side-canvas.js';
import { embed, option, requireSide, state, ui } from './state.js';

/** The image's width in px: within the 1,000 px a mockup answers at once. */
export const PREVIEW_WIDTH = 800;

let templates: Map<string, MockupTemplate> | null = null;
/** The template last shown: opening the preview again shows the design as it is now on it. */
let lastTemplate = '';
/** Each render's number: a slower answer for a template no longer picked is dropped. */
let renderSeq = 0;
let opener: HTMLElement | null = null;

function showState(text: string): void {
  ui.previewState.textContent = text;
}

function showError(message: string | null): void {
  ui.previewError.hidden = message === null;
  ui.previewError.textContent = message === null ? '' : t('preview.failed', { message });
}

/** The mockup templates (curated, then the store's), listed in the picker once; the proof step reuses them. */
export async function loadTemplates(): Promise<Map<string, MockupTemplate>> {
  if (templates) return templates;
  const [curated, own] = await Promise.all([state.api.defaultMockupTemplates(), state.api.mockupTemplates()]);
  const group = (label: string, list: MockupTemplate[]) => {
    const g = document.createElement('optgroup');
    g.label = label;
    // a store's names may be in another script than the page's: each keeps its own direction
    g.append(...list.map((m) => Object.assign(option(m.id, m.name), { dir: 'auto' })));
    return g;
  };
  const all = [...curated, ...own];
  ui.previewTemplate.replaceChildren(
    option('', all.length ? t('preview.choose') : t('preview.none')),
    ...(curated.length ? [group(t('preview.curated'), curated)] : []),
    ...(own.length ? [group(t('preview.store'), own)] : []),
  );
  templates = new Map(all.map((m) => [m.id, m]));
  return templates;
}

/** Saves the side when it changed since it was last saved (or was never saved). */
async function saveIfChanged(side: SideCanvas): Promise<string> {
  if (isDirty(side)) {
    showState(t('preview.saving'));
    embed.emit({ type: 'saved', designs: [await saveSide(side)] });
  }
  return side.designId!;
}

function loadImage(img: HTMLImageElement, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error(t('err.imageLoad')));
    img.src = url;
  });
}

/** Renders the picked template with the side's saved design and shows it. */
async function render(): Promise<void> {
  const id = ui.previewTemplate.value;
  const side = state.active;
  const tpl = templates?.get(id);
  const seq = ++renderSeq;
  showError(null);
  if (!side || !tpl) {
    ui.previewImage.hidden = true;
    showState('');
    return;
  }
  lastTemplate = id;
  ui.previewFigure.setAttribute('aria-busy', 'true');
  ui.previewDialog.dataset.state = 'loading';
  try {
    const designId = await saveIfChanged(side);
    showState(t('preview.rendering'));
    const mockup = await state.api.mockup(designId, tpl.id, PREVIEW_WIDTH, 'jpeg');
    if (seq !== renderSeq) return;
    const img = ui.previewImage;
    img.width = mockup.width;
    img.height = mockup.height;
    await loadImage(img, mockup.url);
    if (seq !== renderSeq) return;
    const shown = t('preview.shown', { side: side.side.name, template: tpl.name });
    img.alt = shown;
    img.hidden = false;
    img.dataset.templateId = tpl.id;
    ui.previewDialog.dataset.state = 'shown';
    showState(shown);
  } catch (err) {
    if (seq !== renderSeq) return;
    ui.previewImage.hidden = true;
    ui.previewDialog.dataset.state = 'error';
    showState('');
    showError((err as Error).message);
  } finally {
    if (seq === renderSeq) ui.previewFigure.setAttribute('aria-busy', 'false');
  }
}

/**
 * Opens the preview for the active side (the button's action): saves it if it changed,
 * lists the templates and, when one was shown before, shows the design on it again.
 */
export async function openPreview(): Promise<string> {
  const side = requireSide();
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : ui.preview;
  showError(null);
  ui.previewImage.hidden = true;
  ui.previewDialog.dataset.state = 'loading';
  if (!ui.previewDialog.open) ui.previewDialog.showModal();
  ui.previewClose.focus();
  try {
    await saveIfChanged(side);
    if (!templates) showState(t('preview.loadingTemplates'));
    const list = await loadTemplates();
    ui.previewTemplate.focus();
    if (lastTemplate && list.has(lastTemplate)) {
      ui.previewTemplate.value = lastTemplate;
      await render();
    } else {
      ui.previewTemplate.value = '';
      ui.previewDialog.dataset.state = 'ready';
      showState('');
    }
  } catch (err) {
    ui.previewDialog.dataset.state = 'error';
    showState('');
    showError((err as Error).message);
  }
  return t('done.preview');
}

export function wirePreview(): void {
  ui.previewTemplate.addEventListener('change', () => void render());
  ui.previewClose.addEventListener('click', () => ui.previewDialog.close());
  // Escape closes a modal <dialog> by itself; on any close, focus goes back where it was
  ui.previewDialog.addEventListener('close', () => {
    renderSeq++;
    ui.previewFigure.setAttribute('aria-busy', 'false');
    (opener?.isConnected ? opener : ui.preview).focus();
    opener = null;
  });
  // a click on the backdrop (outside the dialog's box) closes it too
  ui.previewDialog.addEventListener('click', (e) => {
    if (e.target !== ui.previewDialog) return;
    const r = ui.previewDialog.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) ui.previewDialog.close();
  });
}
