/**
 * A typed client for the Folio editor (the customizer) embedded in an <iframe>: its events and
 * the host commands it answers over postMessage (docs/editor.md, "Embedding" and "Host
 * commands"). Browser-only; no dependency.
 *
 * ```ts
 * const editor = new FolioEditor(iframe, { origin: 'https://print.example.com', init: { token: 'put_…', product: id } });
 * await editor.ready;
 * await editor.setField('name', 'Ada Lovelace');
 * const { designs } = await editor.save();
 * ```
 */

export interface EditorInit {
  token?: string;
  product?: string;
  locale?: string;
  design?: string;
  project?: string;
  spots?: Array<{ spot: string; cmyk?: [number, number, number, number]; tint?: number }>;
}

export interface SavedSideRef {
  side_id: string;
  design_id: string;
  preview_url?: string;
}

/** What the editor tells its host, by `type`. */
export interface EditorEvents {
  'init-request': Record<string, never>;
  ready: { locale: string };
  saved: { designs: SavedSideRef[] };
  'project-created': { project_id: string; name: string };
  'pdf-ready': { project_id: string; job_id: string; pdf_url: string; pages: number; warnings: Array<{ code: string; page: number; message: string }> };
  error: { message: string };
}

export interface DesignSide {
  side_id: string;
  name: string;
  design_id: string | null;
  /** Fabric object JSON, as `POST /designs` takes it */
  layers: Array<Record<string, unknown>>;
  viewport_width: number;
  viewport_height: number;
}

/** Each host command: its arguments and what it answers. */
export interface EditorCommands {
  'load-product': { args: { product: string }; result: { product_id: string; sides: Array<{ side_id: string; name: string }> } };
  'load-design': { args: { design: string }; result: { product_id: string } };
  'load-project': { args: { project: string }; result: { product_id: string; project_id: string | null } };
  'load-template': { args: { template: string }; result: { side_id: string | null } };
  'set-field': { args: { name: string; value: string }; result: { changed: number } };
  'add-image': { args: { url: string; side?: string }; result: { image_id: string; side_id: string } };
  save: { args: Record<string, never>; result: { designs: Array<{ side_id: string; design_id: string }> } };
  'get-design': { args: Record<string, never>; result: { product_id: string | null; project_id: string | null; sides: DesignSide[] } };
  'get-preview': { args: { side?: string; width?: number }; result: { side_id: string; png: Blob } };
}

/** A command the editor refused or could not do: its message, as the editor's status line shows it. */
export class EditorCommandError extends Error {
  constructor(
    readonly command: keyof EditorCommands,
    message: string,
  ) {
    super(message);
    this.name = 'EditorCommandError';
  }
}

export interface FolioEditorOptions {
  /** the editor's origin (the Folio server's): messages from any other origin are ignored */
  origin: string;
  /** answered to the editor's `init-request` (pages opened with `embed=wait`) */
  init?: EditorInit;
  /** how long a command may take before its promise rejects (default 60 s) */
  timeoutMs?: number;
  /** the host window (default `window`) */
  window?: Window;
}

const SOURCE = 'folio-customizer';

export class FolioEditor {
  /** resolves with the editor's `ready` event */
  readonly ready: Promise<EditorEvents['ready']>;
  private readonly win: Window;
  private readonly origin: string;
  private readonly timeoutMs: number;
  private readonly listeners = new Map<keyof EditorEvents, Set<(e: never) => void>>();
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; command: keyof EditorCommands; timer: ReturnType<typeof setTimeout> }>();
  private seq = 0;
  private readonly onMessage: (e: MessageEvent) => void;

  constructor(
    private readonly frame: HTMLIFrameElement,
    opts: FolioEditorOptions,
  ) {
    this.win = opts.window ?? window;
    this.origin = new URL(opts.origin).origin;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.ready = new Promise((resolve) => this.once('ready', resolve));
    this.onMessage = (e: MessageEvent) => {
      if (e.origin !== this.origin || e.source !== this.frame.contentWindow) return;
      const d = e.data as ({ source?: unknown; type?: unknown; id?: unknown; ok?: unknown; result?: unknown; error?: unknown } & Record<string, unknown>) | null;
      if (!d || d.source !== SOURCE || typeof d.type !== 'string') return;
      if (d.type === 'result') return this.settle(d);
      if (d.type === 'init-request' && opts.init) this.post({ type: 'init', ...opts.init });
      for (const fn of this.listeners.get(d.type as keyof EditorEvents) ?? []) (fn as (e: unknown) => void)(d);
    };
    this.win.addEventListener('message', this.onMessage);
  }

  /** Calls `fn` on each event of this type; returns the function that stops it. */
  on<K extends keyof EditorEvents>(type: K, fn: (event: EditorEvents[K] & { type: K }) => void): () => void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(fn as (e: never) => void);
    this.listeners.set(type, set);
    return () => set.delete(fn as (e: never) => void);
  }

  once<K extends keyof EditorEvents>(type: K, fn: (event: EditorEvents[K] & { type: K }) => void): void {
    const off = this.on(type, (e) => {
      off();
      fn(e);
    });
  }

  /** Sends one command; resolves with its result, rejects with `EditorCommandError`. */
  command<K extends keyof EditorCommands>(command: K, args: EditorCommands[K]['args']): Promise<EditorCommands[K]['result']> {
    const id = `c${++this.seq}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EditorCommandError(command, `no answer to ${command} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, command, timer });
      this.post({ ...args, type: 'command', id, command });
    });
  }

  loadProduct = (product: string) => this.command('load-product', { product });
  loadDesign = (design: string) => this.command('load-design', { design });
  loadProject = (project: string) => this.command('load-project', { project });
  loadTemplate = (template: string) => this.command('load-template', { template });
  setField = (name: string, value: string) => this.command('set-field', { name, value });
  addImage = (url: string, side?: string) => this.command('add-image', side ? { url, side } : { url });
  save = () => this.command('save', {});
  getDesign = () => this.command('get-design', {});
  getPreview = (opts: { side?: string; width?: number } = {}) => this.command('get-preview', opts);

  /** Stops listening; commands still waiting reject. */
  destroy(): void {
    this.win.removeEventListener('message', this.onMessage);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new EditorCommandError(p.command, 'the editor client was destroyed'));
      this.pending.delete(id);
    }
  }

  private post(message: Record<string, unknown>): void {
    this.frame.contentWindow?.postMessage(message, this.origin);
  }

  private settle(d: { id?: unknown; ok?: unknown; result?: unknown; error?: unknown }): void {
    const p = typeof d.id === 'string' ? this.pending.get(d.id) : undefined;
    if (!p) return;
    this.pending.delete(d.id as string);
    clearTimeout(p.timer);
    if (d.ok === true) p.resolve(d.result);
    else p.reject(new EditorCommandError(p.command, typeof d.error === 'string' ? d.error : 'the editor could not do it'));
  }
}
