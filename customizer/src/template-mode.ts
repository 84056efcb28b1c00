/**
 * Template mode (`/customizer?mode=template&template=<id>&host=<origin>`): the store owner lays
 * out one of the store's templates with the editor's own tools, marks layers as variable-data
 * fields (`field: {name, type}`, docs/variable-data.md), locks layers for shoppers (`locked`),
 * and saves the template (PUT /v1/templates/{id}).
 *
 * A template write needs the store's credential, not the public token. The back office frames
 * this page from its own origin and hands the account JWT + the store's sid over postMessage:
 * the page asks its parent (`template-init-request`), and accepts a `template-init` only from
 * the parent window at this page's own origin, which must also be `?host=`. The credential is
 * never in the URL, and events go back only to that origin.
 */
import { Rect, Textbox, type FabricObject } from 'fabric';
import type { EmbedConfig } from './embed.js';
import { SOURCE } from './embed.js';
import { setLocale, t } from './i18n/index.js';
import type { LayersPanel } from './layers-panel.js';
import { readyLayers } from './order.js';
import { type Layer, type SideCanvas } from './side-canvas.js';
import { action, embed, params, setStatus, state, ui } from './state.js';

export const isTemplateMode = (): boolean => params.get('mode') === 'template';

export type FieldType = 'text' | 'image' | 'qr' | 'barcode';
export interface FieldDef {
  name: string;
  type: FieldType;
  required?: boolean;
  symbology?: string;
  [k: string]: unknown;
}
type FieldLayer = Layer & { field?: FieldDef | null };

/** The data name rule of docs/variable-data.md. */
export const FIELD_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const SYMBOLOGIES = ['code128', 'ean13', 'ean8', 'upca', 'code39', 'itf14', 'gs1-128', 'datamatrix', 'qrcode', 'pdf417'];

interface Hooks {
  start(config: EmbedConfig): Promise<void>;
  selectSide(id: string): void;
  panel: LayersPanel;
}

interface Init {
  jwt: string;
  sid: string;
  locale?: string;
}

/** Asks the parent for the credential; only the parent window at our own origin may answer. */
function waitForCredential(timeoutMs = 15_000): Promise<Init | null> {
  const own = location.origin;
  if (!embed.framed || embed.hostOrigin !== own) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      resolve(null);
    }, timeoutMs);
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== own || e.source !== window.parent) return;
      const d = e.data as Record<string, unknown> | null;
      if (!d || d.type !== 'template-init' || typeof d.jwt !== 'string' || typeof d.sid !== 'string' || d.jwt.length > 4096 || d.sid.length > 200) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve({ jwt: d.jwt, sid: d.sid, locale: typeof d.locale === 'string' ? d.locale.slice(0, 20) : undefined });
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ source: SOURCE, type: 'template-init-request' }, own);
  });
}

function emit(event: Record<string, unknown>): void {
  if (embed.hostOrigin === location.origin) window.parent.postMessage({ source: SOURCE, ...event }, location.origin);
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};
const labelled = (text: string, control: HTMLElement): HTMLLabelElement => el('label', {}, el('span', { textContent: text }), ' ', control);

const isText = (o: FabricObject): boolean => o instanceof Textbox || ['text', 'i-text', 'textbox'].includes(o.type.toLowerCase());

/** The template panel: the selected layer's field, a box for picture fields, and Save template. */
class TemplatePanel {
  readonly section = el('section', { id: 'template-mode' });
  readonly fieldset = el('fieldset', { id: 'field-tools', disabled: true });
  readonly type = el('select', { id: 'field-type' });
  readonly name = el('input', { id: 'field-name', type: 'text', maxLength: 64, pattern: FIELD_NAME.source.slice(1, -1), spellcheck: false });
  readonly required = el('input', { id: 'field-required', type: 'checkbox', checked: true });
  readonly symbology = el('select', { id: 'field-symbology' });
  readonly symbologyRow: HTMLLabelElement;
  readonly apply = el('button', { id: 'field-apply', type: 'button', textContent: t('tm.fieldApply') });
  readonly hint = el('p', { className: 'notes', id: 'field-hint' });
  readonly addBox = el('button', { id: 'add-box', type: 'button', textContent: t('tm.addBox') });
  readonly save = el('button', { id: 'save-template', type: 'button', textContent: t('tm.save') });
  readonly fields = el('ul', { id: 'template-fields', className: 'notes' });

  constructor(private readonly side: SideCanvas, name: string) {
    const h = el('h2', { id: 'h-template-mode', textContent: t('tm.heading', { name }) });
    this.section.setAttribute('aria-labelledby', h.id);
    this.type.append(...([['', t('tm.notField')], ['text', t('tm.type.text')], ['image', t('tm.type.image')], ['qr', t('tm.type.qr')], ['barcode', t('tm.type.barcode')]] as const).map(([v, l]) => el('option', { value: v, textContent: l })));
    this.symbology.append(...SYMBOLOGIES.map((s) => el('option', { value: s, textContent: s })));
    this.symbologyRow = labelled(t('tm.symbology'), this.symbology);
    this.hint.setAttribute('aria-live', 'polite');
    this.fieldset.append(
      el('legend', { textContent: t('tm.field') }),
      labelled(t('tm.fieldType'), this.type),
      labelled(t('tm.fieldName'), this.name),
      el('label', { className: 'row' }, this.required, ' ', el('span', { textContent: t('tm.required') })),
      this.symbologyRow,
      this.apply,
    );
    const fieldsHeading = el('h3', { id: 'h-template-fields', textContent: t('tm.fields') });
    this.fields.setAttribute('aria-labelledby', fieldsHeading.id);
    this.section.append(h, el('p', { className: 'notes', textContent: t('tm.help') }), this.fieldset, this.hint, this.addBox, fieldsHeading, this.fields, this.save);
    this.type.addEventListener('change', () => this.showType());
    this.apply.addEventListener('click', () => this.applyField());
    this.name.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.applyField();
    });
    this.addBox.addEventListener('click', () => this.box());
    for (const ev of ['selection:created', 'selection:updated', 'selection:cleared', 'object:added', 'object:removed', 'object:modified'] as const) side.canvas.on(ev, () => this.sync());
    this.sync();
  }

  private selected(): FieldLayer | null {
    const objs = this.side.canvas.getActiveObjects();
    return objs.length === 1 ? (objs[0] as FieldLayer) : null;
  }

  private showType(): void {
    // the page's label style would override [hidden]
    this.symbologyRow.style.display = this.type.value === 'barcode' ? '' : 'none';
    this.name.required = this.type.value !== '';
  }

  /** Shows the selected layer's field (or none), and the template's fields. */
  sync(): void {
    const o = this.selected();
    this.fieldset.disabled = !o;
    if (o) {
      const text = isText(o);
      for (const opt of this.type.options) opt.disabled = opt.value !== '' && (opt.value === 'text') !== text;
      this.type.value = o.field?.type ?? '';
      this.name.value = o.field?.name ?? '';
      this.required.checked = o.field?.required !== false;
      this.symbology.value = o.field?.symbology ?? 'code128';
    } else {
      this.type.value = '';
      this.name.value = '';
    }
    this.showType();
    const list = (this.side.canvas.getObjects() as FieldLayer[]).filter((l) => l.field);
    this.fields.replaceChildren(...(list.length ? list.map((l) => el('li', { textContent: t('tm.fieldItem', { name: l.field!.name, type: t(`tm.type.${l.field!.type}`) }) })) : [el('li', { textContent: t('tm.noFields') })]));
  }

  private applyField(): void {
    const o = this.selected();
    if (!o) return;
    const type = this.type.value as FieldType | '';
    if (!type) {
      delete o.field;
      this.side.commit();
      this.hint.textContent = t('tm.fieldCleared');
      this.sync();
      return;
    }
    const name = this.name.value.trim();
    if (!FIELD_NAME.test(name)) {
      this.hint.textContent = t('tm.badName');
      this.name.setAttribute('aria-invalid', 'true');
      this.name.focus();
      return;
    }
    const clash = (this.side.canvas.getObjects() as FieldLayer[]).find((l) => l !== o && l.field?.name === name && l.field.type !== type);
    if (clash) {
      this.hint.textContent = t('tm.clash', { name });
      return;
    }
    this.name.removeAttribute('aria-invalid');
    const field: FieldDef = { ...(o.field ?? {}), name, type, required: this.required.checked };
    if (type === 'barcode') field.symbology = this.symbology.value;
    else delete field.symbology;
    o.field = field;
    if (!o.name) o.name = name;
    this.side.commit();
    this.hint.textContent = t('tm.fieldSet', { name, type: t(`tm.type.${type}`) });
    this.sync();
  }

  /** A plain box: where a picture, QR code or barcode field goes. */
  private box(): void {
    const { safe } = this.side.layout;
    const size = Math.min(safe.width, safe.height) * 0.35;
    const r = new Rect({ left: safe.left + safe.width / 2, top: safe.top + safe.height / 2, originX: 'center', originY: 'center', width: size, height: size, fill: '#e5e7eb', stroke: '#6b7280', strokeWidth: 1 });
    (r as Layer).name = t('tm.boxName');
    this.side.canvas.add(r);
    this.side.canvas.setActiveObject(r);
    this.side.canvas.requestRenderAll();
    setStatus(t('tm.boxAdded'));
  }
}

/** Starts the editor on one template (instead of the shopper's start). */
export async function bootTemplateMode(hooks: Hooks): Promise<void> {
  const id = params.get('template') ?? '';
  document.body.dataset.mode = 'template';
  // the shopper's own steps (product, templates, order) have no place here
  for (const c of [ui.product, ui.template, ui.save]) {
    const s = c.closest('section');
    // the page's section style would override [hidden]
    if (s) s.style.display = 'none';
  }
  const init = await waitForCredential();
  setLocale(init?.locale ?? params.get('locale') ?? navigator.language);
  await action(t('tm.loading'), async () => {
    if (!init) throw new Error(t('tm.noHost'));
    if (!id) throw new Error(t('tm.noTemplate'));
    state.api.useCredential({ authorization: `Bearer ${init.jwt}`, 'x-service-store-sid': init.sid });
    const tpl = await state.api.template(id);
    if (!tpl.side_id) throw new Error(t('tm.noTemplate'));
    const side = await state.api.side(tpl.side_id);
    await hooks.start({ product: side.product_id });
    const sc = state.sides.get(side.id);
    if (!sc) throw new Error(t('tm.noTemplate'));
    hooks.selectSide(side.id);
    for (const b of ui.sides.querySelectorAll<HTMLButtonElement>('button')) if (b.dataset.sideId !== side.id) b.style.display = 'none';
    await sc.load(await readyLayers(tpl.layers), tpl.viewport_width && tpl.viewport_height ? { width: tpl.viewport_width, height: tpl.viewport_height } : null, true);
    hooks.panel.templateLocks = true;
    hooks.panel.render();
    const panel = new TemplatePanel(sc, tpl.name);
    ui.product.closest('section')?.before(panel.section);
    panel.save.addEventListener('click', () => void action(t('tm.saving'), () => save(id, sc)));
    // framed in the back office, whose own header and main are landmarks too: name these apart
    document.querySelector('header')?.setAttribute('aria-label', t('toolbar.label'));
    document.querySelector('main')?.setAttribute('aria-label', t('tm.heading', { name: tpl.name }));
    document.body.dataset.templateId = id;
    return t('tm.ready', { name: tpl.name });
  });
  emit({ type: 'template-ready', template_id: id });
}

async function save(id: string, sc: SideCanvas): Promise<string> {
  const layers = sc.layers();
  const tpl = await state.api.saveTemplate(id, { layers, viewport_width: sc.layout.viewport.width, viewport_height: sc.layout.viewport.height });
  const fields = layers.filter((l) => l.field).length;
  emit({ type: 'template-saved', template_id: tpl.id, fields, layers: layers.length });
  return t('tm.saved', { n: fields });
}
