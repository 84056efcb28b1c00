/**
 * Limits of an SVG document, enforced before any DOM is built for it (docs/limits.md,
 * "SVG artwork"). A document nested thousands deep, or a sheet of structural selectors over
 * thousands of elements, made the sanitiser and the cascade work for minutes on the serving
 * thread (issue 37). Two checks share these limits:
 *
 * - `scanSvg` (svg-scan.ts): one linear pass over the text counting elements, nesting depth,
 *   `<style>` text, selectors and the element tests the selectors will take.
 * - `checkSvgDom`: the same limits on the DOM itself, exactly, in the sandbox thread that
 *   parsed it, before the sanitiser or the cascade walks it.
 */
import { BudgetExceeded, SandboxTaskError } from '../../platform/sandbox/pool.js';
import { asciiLower, type KeyCounts, sheetWork } from './svg-css.js';

/** Deepest element nesting accepted (libxml2's own default ceiling; drawing programs stay far below it). */
export const MAX_SVG_DEPTH = 256;
/** Elements accepted in one document (above MAX_SVG_ELEMENTS, 20 000, the print engine rasterises it). */
export const MAX_SVG_ACCEPTED_ELEMENTS = 30_000;
/** Text of all `<style>` elements together, in UTF-16 code units (≈ bytes for CSS). */
export const MAX_SVG_STYLE_BYTES = 256 * 1024;
/** Selectors in all style sheets together (each selector of a comma list counts). */
export const MAX_SVG_CSS_SELECTORS = 5_000;
/**
 * Element tests the cascade may make: over every selector, the elements that can match it
 * (those carrying its id, class or tag; every element for a selector with no key, or one
 * needing a pass over the document: sibling combinators, `:not(…)`, `:has(…)`).
 */
export const MAX_SVG_SELECTOR_MATCHES = 250_000;
/** Time and heap of one SVG task (sanitising, reading for vector drawing) in the sandbox pool. */
export const SVG_TASK_BUDGET = { timeMs: 20_000, memoryMb: 768 } as const;

export type SvgLimit = 'MAX_SVG_DEPTH' | 'MAX_SVG_ACCEPTED_ELEMENTS' | 'MAX_SVG_STYLE_BYTES' | 'MAX_SVG_CSS_SELECTORS' | 'MAX_SVG_SELECTOR_MATCHES' | 'SVG_TASK_TIME_MS' | 'SVG_TASK_MEMORY_MB';

const WHAT: Record<SvgLimit, (value: number, max: number) => string> = {
  MAX_SVG_DEPTH: (_v, max) => `elements nested more than ${max} levels deep`,
  MAX_SVG_ACCEPTED_ELEMENTS: (_v, max) => `more than ${max} elements`,
  MAX_SVG_STYLE_BYTES: (v) => `${v} characters of <style> text`,
  MAX_SVG_CSS_SELECTORS: (v) => `${v} CSS selectors`,
  MAX_SVG_SELECTOR_MATCHES: (v) => `CSS selectors that need ${v} element tests`,
  SVG_TASK_TIME_MS: (_v, max) => `content that takes longer than ${max} ms to process`,
  SVG_TASK_MEMORY_MB: (_v, max) => `content that needs more than ${max} MiB of memory to process`,
};

/** An SVG over one of the limits above. `value` is what was counted (where counting stopped at the limit, limit + 1). */
export class SvgLimitExceeded extends Error {
  readonly code = 'svg_limit_exceeded';
  constructor(
    readonly limit: SvgLimit,
    readonly value: number,
    readonly max: number,
  ) {
    super(`The SVG has ${WHAT[limit](value, max)}: over the limit ${limit} = ${max}`);
    this.name = 'SvgLimitExceeded';
  }
}

/** The sheet limits on counts made by the pre-scan or on the DOM. */
export function checkSheetCounts(scan: { styleBytes: number; selectors: number; selectorMatches: number }): void {
  if (scan.styleBytes > MAX_SVG_STYLE_BYTES) throw new SvgLimitExceeded('MAX_SVG_STYLE_BYTES', scan.styleBytes, MAX_SVG_STYLE_BYTES);
  if (scan.selectors > MAX_SVG_CSS_SELECTORS) throw new SvgLimitExceeded('MAX_SVG_CSS_SELECTORS', scan.selectors, MAX_SVG_CSS_SELECTORS);
  if (scan.selectorMatches > MAX_SVG_SELECTOR_MATCHES) throw new SvgLimitExceeded('MAX_SVG_SELECTOR_MATCHES', scan.selectorMatches, MAX_SVG_SELECTOR_MATCHES);
}

/** Counts of a DOM (element order, keys) for the limit check and the cascade's candidate lists. */
export class SvgDomIndex implements KeyCounts {
  /** every element of the subtree, root first, in document order */
  readonly all: Element[] = [];
  readonly byTag = new Map<string, Element[]>();
  readonly byClass = new Map<string, Element[]>();
  readonly byId = new Map<string, Element[]>();
  depth = 0;

  /** `roots` are level 1 (for a whole parsed body: its children, in order) */
  constructor(roots: readonly Element[]) {
    // iterative, so a deep document cannot overflow the stack here
    const todo: Element[] = [...roots].reverse();
    const levels: number[] = todo.map(() => 1);
    while (todo.length) {
      const el = todo.pop()!;
      const level = levels.pop()!;
      if (level > this.depth) this.depth = level;
      if (level > MAX_SVG_DEPTH) throw new SvgLimitExceeded('MAX_SVG_DEPTH', level, MAX_SVG_DEPTH);
      this.all.push(el);
      if (this.all.length > MAX_SVG_ACCEPTED_ELEMENTS) throw new SvgLimitExceeded('MAX_SVG_ACCEPTED_ELEMENTS', this.all.length, MAX_SVG_ACCEPTED_ELEMENTS);
      push(this.byTag, asciiLower(el.localName), el);
      const cls = el.getAttribute('class');
      if (cls) for (const c of new Set(asciiLower(cls).split(/[ \t\n\f\r]+/))) if (c) push(this.byClass, c, el);
      const id = el.getAttribute('id');
      if (id) push(this.byId, asciiLower(id), el);
      // children pushed last-first, so they pop in document order
      for (let c = el.lastElementChild; c; c = c.previousElementSibling) {
        todo.push(c);
        levels.push(level + 1);
      }
    }
  }

  get elements(): number {
    return this.all.length;
  }
  tag = (n: string) => this.byTag.get(n)?.length ?? 0;
  cls = (n: string) => this.byClass.get(n)?.length ?? 0;
  id = (n: string) => this.byId.get(n)?.length ?? 0;
}
const push = (m: Map<string, Element[]>, k: string, el: Element) => {
  const list = m.get(k);
  if (list) list.push(el);
  else m.set(k, [el]);
};

/** The `<style>` texts of a DOM subtree (what the cascade reads). */
export function styleTexts(index: SvgDomIndex): string[] {
  return (index.byTag.get('style') ?? []).map((st) => st.textContent ?? '');
}

/**
 * The limits on a parsed document, exactly (run where it was parsed: a sandbox thread):
 * depth, elements, style text, selectors and element tests. Returns the index, which the
 * cascade reuses.
 */
export function checkSvgDom(roots: readonly Element[]): SvgDomIndex {
  const index = new SvgDomIndex(roots);
  const sheets = styleTexts(index);
  const styleBytes = sheets.reduce((a, t) => a + t.length, 0);
  if (styleBytes > MAX_SVG_STYLE_BYTES) throw new SvgLimitExceeded('MAX_SVG_STYLE_BYTES', styleBytes, MAX_SVG_STYLE_BYTES);
  const work = sheetWork(sheets, index);
  checkSheetCounts({ styleBytes, selectors: work.selectors, selectorMatches: work.matches });
  return index;
}

/** An SVG the parser gave up on in the sandbox (a stack overflow, an internal error): unreadable, not ours. */
export class SvgUnreadable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SvgUnreadable';
  }
}

/**
 * What an SVG task's failure in the sandbox means here: the limit it passed (SvgLimitExceeded,
 * also for the task's time and memory budget), an error of `known` kind rebuilt from its name,
 * SvgUnreadable for any other error the task threw, and the pool's own failures unchanged.
 */
export function fromSvgTask(err: unknown, known: Record<string, (message: string) => Error> = {}): unknown {
  if (err instanceof BudgetExceeded) {
    return err.limit === 'time' ? new SvgLimitExceeded('SVG_TASK_TIME_MS', err.value, err.value) : new SvgLimitExceeded('SVG_TASK_MEMORY_MB', err.value, err.value);
  }
  if (!(err instanceof SandboxTaskError)) return err;
  if (err.errorName === 'SvgLimitExceeded') return new SvgLimitExceeded(err.details.limit as SvgLimit, Number(err.details.value), Number(err.details.max));
  const make = known[err.errorName];
  if (make) return make(err.message);
  return new SvgUnreadable(`the SVG cannot be read (${err.errorName}: ${err.message.slice(0, 120)})`);
}
