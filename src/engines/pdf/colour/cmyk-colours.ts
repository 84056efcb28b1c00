/**
 * Vector and text colours of a CMYK document. Colours are written as placeholders while the
 * pages are drawn, then every distinct colour of the document goes through the output
 * profile's ICC transform in ONE sharp call (a 1-pixel-high raw image, LittleCMS underneath),
 * and the placeholders are replaced. Neutral colours (r = g = b, black included) are printed
 * on the K plate alone: black text and hairlines stay 100 K, never a four-colour mix that
 * would mis-register.
 */
import type { PDFContext, PDFDict, PDFRef } from 'pdf-lib';
import { PDFName } from 'pdf-lib';
import sharp from 'sharp';
import type { Rgba } from '../color.js';
import type { ColourSpaceWriter } from '../content.js';
import { num } from '../content.js';
import type { OutputProfile } from './output-profiles.js';

const MARK = '\u0001';
// eslint-disable-next-line no-control-regex -- U+0001 is the placeholder's own sentinel, never in user text
const PLACEHOLDER = /\u0001(\d+)\u0001/g;

const byte = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 255);

export class CmykColours implements ColourSpaceWriter {
  readonly shadingSpace = 'DeviceCMYK';
  private readonly index = new Map<string, number>();
  private readonly rgb: number[] = [];
  private resolved: number[][] | undefined;
  private readonly patches: { dict: PDFDict; key: string; idx: number }[] = [];
  private readonly forms: { ref: PDFRef; content: string; dict: Record<string, unknown> }[] = [];

  constructor(
    private readonly profile: OutputProfile,
    readonly flattenTransparency: boolean,
  ) {}

  /** Neutral → K only, computed now; anything else → its table index. */
  private neutral(c: Rgba): number[] | undefined {
    const [r, g, b] = [byte(c.r), byte(c.g), byte(c.b)];
    return r === g && g === b ? [0, 0, 0, 1 - r / 255] : undefined;
  }

  private slot(c: Rgba): number {
    const key = `${byte(c.r)},${byte(c.g)},${byte(c.b)}`;
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.index.size;
      this.index.set(key, i);
      this.rgb.push(byte(c.r), byte(c.g), byte(c.b));
      this.resolved = undefined;
    }
    return i;
  }

  operands(c: Rgba, stroke: boolean): string {
    const op = stroke ? 'K' : 'k';
    const k = this.neutral(c);
    if (k) return `${k.map(num).join(' ')} ${op}`;
    return `${MARK}${this.slot(c)}${MARK} ${op}`;
  }

  gradientFunction(ctx: PDFContext, c0: Rgba, c1: Rgba): PDFDict {
    const dict = ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [0, 0, 0, 0], N: 1 });
    for (const [key, c] of [['C0', c0], ['C1', c1]] as const) {
      const k = this.neutral(c);
      if (k) dict.set(PDFName.of(key), ctx.obj(k));
      else this.patches.push({ dict, key, idx: this.slot(c) });
    }
    return dict;
  }

  /** Converts every colour seen so far through the profile (one sharp call) and patches the gradients. */
  async resolve(ctx: PDFContext): Promise<void> {
    const n = this.index.size;
    if (n > 0 && !this.resolved) {
      const { data } = await sharp(Buffer.from(this.rgb), { raw: { width: n, height: 1, channels: 3 } })
        .withIccProfile(this.profile.path)
        .raw()
        .toBuffer({ resolveWithObject: true });
      this.resolved = Array.from({ length: n }, (_, i) => [0, 1, 2, 3].map((k) => Math.round((data[i * 4 + k]! / 255) * 1000) / 1000));
    }
    for (const p of this.patches) p.dict.set(PDFName.of(p.key), ctx.obj(this.resolved![p.idx]!));
    this.patches.length = 0;
    for (const f of this.forms) ctx.assign(f.ref, ctx.flateStream(this.fill(f.content), f.dict as never));
    this.forms.length = 0;
  }

  /** A vector artwork's form: its object number now, its content once the colours are resolved. */
  formStream(ctx: PDFContext, content: string, dict: Record<string, unknown>): PDFRef {
    const ref = ctx.nextRef();
    this.forms.push({ ref, content, dict });
    return ref;
  }

  /** The content stream with every placeholder replaced by its CMYK operands (after resolve). */
  fill(content: string): string {
    if (!content.includes(MARK)) return content;
    const table = this.resolved;
    if (!table) throw new Error('CMYK colours were not resolved');
    return content.replace(PLACEHOLDER, (_, i: string) => table[Number(i)]!.map(num).join(' '));
  }
}
