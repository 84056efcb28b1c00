/**
 * Host commands: an embedding page drives the editor over postMessage (docs/editor.md, "Host
 * commands"). The host posts `{ type: 'command', id, command, ...arguments }`; the editor runs
 * the commands one at a time, in the order they came, and answers each with
 * `{ source: 'folio-customizer', type: 'result', id, ok: true, result }` or
 * `{ ..., ok: false, error }`. Only messages from the host origin the page was given
 * (`?host=`) and from the parent window are read; anything else is ignored, as `init` is.
 * The typed client is `FolioEditor` in the SDK (packages/sdk/src/editor.ts).
 */
import { t } from './i18n/index.js';
import { setField } from './fields-form.js';
import { previewPng, saveAll } from './order.js';
import type { SideCanvas } from './side-canvas.js';
import { SOURCE } from './embed.js';
import { embed, setStatus, state } from './state.js';

export interface HostCommandDeps {
  selectProduct(id: string): Promise<void>;
  reopen(ids: { design?: string; project?: string }): Promise<string>;
  applyTemplate(key: string): Promise<string>;
  refresh(): void;
}

type Args = Record<string, unknown>;

const text = (args: Args, key: string, max = 500): string => {
  const v = args[key];
  if (typeof v !== 'string' || v.length === 0 || v.length > max) throw new Error(`"${key}" must be a string of 1 to ${max} characters`);
  return v;
};

function sideOf(args: Args): SideCanvas {
  const id = args.side;
  const side = typeof id === 'string' ? state.sides.get(id) : state.active;
  if (!side) throw new Error(typeof id === 'string' ? `no side ${id} in this product` : t('err.pickProduct'));
  return side;
}

function templateKey(id: string): string {
  for (const key of [`store:${id}`, `default:${id}`, id]) if (state.templates.has(key)) return key;
  throw new Error(`no template ${id} for this product`);
}

async function run(deps: HostCommandDeps, command: string, args: Args): Promise<unknown> {
  switch (command) {
    case 'load-product':
      await deps.selectProduct(text(args, 'product', 100));
      return { product_id: state.productId, sides: [...state.sides.values()].map((s) => ({ side_id: s.side.id, name: s.side.name })) };
    case 'load-design':
      await deps.reopen({ design: text(args, 'design', 100) });
      return { product_id: state.productId };
    case 'load-project':
      await deps.reopen({ project: text(args, 'project', 100) });
      return { product_id: state.productId, project_id: state.project?.id ?? null };
    case 'load-template':
      await deps.applyTemplate(templateKey(text(args, 'template', 100)));
      return { side_id: state.active?.side.id ?? null };
    case 'set-field': {
      const name = text(args, 'name', 100);
      if (typeof args.value !== 'string' || args.value.length > 5000) throw new Error('"value" must be a string of at most 5000 characters');
      const changed = setField(name, args.value);
      if (changed === 0) throw new Error(`no text layer has the field "${name}"`);
      return { changed };
    }
    case 'add-image': {
      const side = sideOf(args);
      const image = await state.api.importImage(text(args, 'url', 2048));
      await side.addImage(image, 0.35);
      return { image_id: image.id, side_id: side.side.id };
    }
    case 'save':
      await saveAll();
      return { designs: [...state.sides.values()].map((s) => ({ side_id: s.side.id, design_id: s.designId })) };
    case 'get-design':
      return {
        product_id: state.productId,
        project_id: state.project?.id ?? null,
        sides: [...state.sides.values()].map((s) => ({ side_id: s.side.id, name: s.side.name, design_id: s.designId, layers: s.layers(), viewport_width: s.layout.viewport.width, viewport_height: s.layout.viewport.height })),
      };
    case 'get-preview': {
      const side = sideOf(args);
      const width = args.width === undefined ? 600 : Number(args.width);
      if (!Number.isInteger(width) || width < 16 || width > 4000) throw new Error('"width" must be an integer from 16 to 4000');
      const png = await previewPng(side, width);
      if (!png) throw new Error('the side cannot be pictured (an image without CORS)');
      return { side_id: side.side.id, png };
    }
    default:
      throw new Error(`unknown command "${command}"`);
  }
}

/** Reads the host's commands from now on (after `ready`); nothing without a host origin. */
export function listenToHost(deps: HostCommandDeps, win: Window = window): void {
  const host = embed.hostOrigin;
  if (!host) return;
  let queue: Promise<void> = Promise.resolve();
  win.addEventListener('message', (e: MessageEvent) => {
    if (e.origin !== host || e.source !== win.parent) return;
    const d = e.data as { type?: unknown; id?: unknown; command?: unknown } | null;
    if (!d || typeof d !== 'object' || d.type !== 'command') return;
    const id = typeof d.id === 'string' ? d.id.slice(0, 100) : typeof d.id === 'number' && Number.isFinite(d.id) ? d.id : null;
    const reply = (body: { ok: true; result: unknown } | { ok: false; error: string }) => win.parent.postMessage({ source: SOURCE, type: 'result', id, ...body }, host);
    const command = typeof d.command === 'string' ? d.command : '';
    queue = queue.then(async () => {
      try {
        const result = await run(deps, command, d as Args);
        deps.refresh();
        reply({ ok: true, result });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        setStatus(message, true);
        reply({ ok: false, error: message });
      }
    });
  });
}
