/**
 * Autosave (docs/editor.md, "Autosave"): 2 s after the last change the sides that changed are
 * saved with the same save as **Save designs** (order.ts `saveSide`: `POST /designs` the first
 * time, `PUT /designs/{id}` after), a small live indicator says "Unsaved changes", "Saving…"
 * or "Saved", and the page's address gets the saved work (`?project=` when the designs
 * belong to a project, else one `design=` per saved side), so a reload opens it again. While
 * a change is not saved yet, leaving the page asks first (`beforeunload`).
 *
 * Embedded in a shop (with `host`), nothing is saved on its own: there every save stores a
 * picture of the side and tells the host (`saved`), which belongs to the shopper's own Save,
 * Preview and Order; the leave-page guard applies there too.
 */
import { t } from './i18n/index.js';
import { isDirty, saveSide } from './order.js';
import type { SideCanvas } from './side-canvas.js';

export type SaveState = '' | 'unsaved' | 'saving' | 'saved' | 'error';

export interface AutosaveDeps {
  indicator: HTMLElement;
  sides: () => Iterable<SideCanvas>;
  project: () => { id: string } | null;
  /** false: changes are tracked (indicator, leave-page guard) but not saved on their own */
  enabled: boolean;
  delay?: number;
}

export class Autosave {
  state: SaveState = '';
  private seen = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: AutosaveDeps) {
    window.addEventListener('beforeunload', (e) => {
      if (!this.unsaved()) return;
      e.preventDefault();
      // older browsers show the dialog only with a returnValue
      e.returnValue = '';
    });
  }

  /** Changes since the sides were opened (each side counts its recorded changes). */
  private version(): number {
    let v = 0;
    for (const sc of this.deps.sides()) v += sc.changes;
    return v;
  }

  /** Whether leaving now would lose work: a change not saved yet, or a save under way. */
  unsaved(): boolean {
    return this.timer !== null || this.running !== null || [...this.deps.sides()].some((sc) => sc.changes > 0 && isDirty(sc));
  }

  /** Called on every refresh of the page: a new change (re)starts the countdown. */
  notice(): void {
    const v = this.version();
    if (v === this.seen) return;
    this.seen = v;
    if (!this.deps.enabled) return;
    if (v === 0) return this.show('');
    this.show('unsaved');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.deps.delay ?? 2000);
  }

  /** Saves every side changed since it was opened or saved; then the page's address names the work. */
  async flush(): Promise<void> {
    if (this.running) await this.running;
    const seen = this.seen;
    this.running = (async () => {
      const todo = [...this.deps.sides()].filter((sc) => sc.changes > 0 && isDirty(sc));
      if (todo.length) this.show('saving');
      try {
        for (const sc of todo) await saveSide(sc);
        this.rememberInUrl();
        // a change made while saving waits for its own countdown
        this.show(this.version() === seen ? 'saved' : 'unsaved');
      } catch (err) {
        this.show('error', (err as Error).message);
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  /** `?project=<id>`, or `design=<id>` per saved side: what reopens the work (docs/editor.md, "Query parameters"). */
  private rememberInUrl(): void {
    const url = new URL(location.href);
    url.searchParams.delete('design');
    url.searchParams.delete('project');
    const project = this.deps.project();
    if (project) url.searchParams.set('project', project.id);
    else for (const sc of this.deps.sides()) if (sc.designId) url.searchParams.append('design', sc.designId);
    if (url.href !== location.href) history.replaceState(history.state, '', url);
  }

  private show(state: SaveState, message = ''): void {
    this.state = state;
    const el = this.deps.indicator;
    el.dataset.state = state;
    el.textContent = state === '' ? '' : state === 'error' ? t('save.failed', { message }) : t(`save.${state}`);
  }
}
