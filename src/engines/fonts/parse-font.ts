import { sniffType } from '../../platform/fetch/sniff.js';
import { BudgetExceeded, SandboxCrashed, SandboxTaskError, sandbox, taskModule, type Budget } from '../../platform/sandbox/pool.js';
import { declaredSfntSize, FONT_CHECK_MEMORY_MB, FONT_CHECK_TIME_MS, FONT_MAX_SFNT_BYTES, fontFacts, openFont, type FontFacts } from './font-check.js';

export { FONT_CHECK_MEMORY_MB, FONT_CHECK_TIME_MS, FONT_MAX_SFNT_BYTES, FONT_MAX_COMPONENT_DEPTH, FONT_LAYOUT_SAMPLE } from './font-check.js';

/** Font files: TTF, OTF, WOFF, WOFF2 parsed with fontkit for family, style, weight and coverage. */
export const FONT_TYPES: Record<string, string> = {
  'font/ttf': 'ttf',
  'font/otf': 'otf',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
};

/** The bytes are not a font of an accepted type. */
export class NotAFont extends Error {}

/** A font file, but damaged or unusable for print files: `part` names what failed. */
export class FontRejected extends Error {
  readonly code = 'font_invalid';
  constructor(
    message: string,
    readonly part: string,
  ) {
    super(message);
    this.name = 'FontRejected';
  }
}

/** Checking the font needed more than its budget (FONT_CHECK_TIME_MS / FONT_CHECK_MEMORY_MB). */
export class FontTooComplex extends Error {
  readonly code = 'font_too_complex';
  constructor(
    readonly limit: 'time' | 'memory' | 'size',
    readonly value: number,
    message: string,
  ) {
    super(message);
    this.name = 'FontTooComplex';
  }
}

export interface ParsedFont extends FontFacts {
  type: string;
}

const CHECK_TASK = taskModule(import.meta.url, 'font-check');

async function fontType(body: Uint8Array): Promise<string> {
  const sniffed = await sniffType(body);
  const type = sniffed ? FONT_TYPES[sniffed.mime] : undefined;
  if (!type) throw new NotAFont('The file is not a TTF, OTF, WOFF or WOFF2 font');
  return type;
}

/**
 * An uploaded (untrusted) font, checked the way the renderer will use it (see font-check.ts)
 * in a sandbox thread under FONT_CHECK_TIME_MS and FONT_CHECK_MEMORY_MB. Throws NotAFont (not
 * a font type), FontRejected (damaged: the part that failed) or FontTooComplex (a budget).
 * `budget` replaces the documented one (tests).
 */
export async function parseFont(body: Uint8Array, budget: Budget = { timeMs: FONT_CHECK_TIME_MS, memoryMb: FONT_CHECK_MEMORY_MB }): Promise<ParsedFont> {
  const type = await fontType(body);
  const declared = declaredSfntSize(body);
  if (declared !== null && declared > FONT_MAX_SFNT_BYTES) {
    throw new FontTooComplex('size', FONT_MAX_SFNT_BYTES, `The font declares ${declared} bytes unpacked; at most ${FONT_MAX_SFNT_BYTES} are accepted (FONT_MAX_SFNT_BYTES)`);
  }
  // a copy the thread may own: the caller's Buffer may be a slice of a shared pool
  const bytes = new Uint8Array(body);
  try {
    const facts = await sandbox().run<FontFacts>(CHECK_TASK, 'checkFont', { bytes }, budget, [bytes.buffer]);
    return { type, ...facts };
  } catch (err) {
    if (err instanceof SandboxTaskError && err.errorName === 'FontInvalid') throw new FontRejected(`The font file is damaged or unusable: ${err.message}`, String(err.details.part ?? ''));
    if (err instanceof SandboxTaskError || err instanceof SandboxCrashed) throw new FontRejected(`The font file is damaged or unusable: reading it failed (${err.message.slice(0, 200)})`, 'parser');
    if (err instanceof BudgetExceeded) {
      throw new FontTooComplex(
        err.limit,
        err.value,
        err.limit === 'time'
          ? `Checking the font took longer than ${err.value} ms (FONT_CHECK_TIME_MS); the font is refused`
          : `Checking the font needed more than ${err.value} MiB of memory (FONT_CHECK_MEMORY_MB); the font is refused`,
      );
    }
    throw err;
  }
}

/** Catalogue facts of a font Folio ships (trusted bytes: read in place, not checked). */
export async function describeFont(body: Uint8Array): Promise<ParsedFont> {
  const type = await fontType(body);
  return { type, ...fontFacts(openFont(body)) };
}
