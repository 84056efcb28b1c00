/**
 * Vector and text colours of a CMYK document. Colours are written as placeholders while the
 * pages are drawn, then every distinct colour of the document goes through the output
 * profile's ICC transform in ONE sharp call (a 1-pixel-high raw image, LittleCMS underneath),
 * and the placeholders are replaced. Neutral colours (r = g = b, black included) are printed
 * on the K plate alone: black text and hairlines stay 100 K, never a four-colour mix that
 * would mis-register. How 100 % black prints beyond that (overprint, rich black) is
 * `black.ts`'s policy, applied by ContentBuilder.
 *
 * Gradients are blended as the design blends them, in sRGB (browsers, Fabric): sampled every
 * 1/GRADIENT_SAMPLES of the domain, each sample converted with the other colours, written as a
 * stitching function of linear pieces. Interpolating converted stops in CMYK instead shifts the
 * hue mid-gradient (red → blue went through a greyed purple).
 */
import type { PDFContext, PDFDict, PDFRef } from 'pdf-lib';
import { PDFName } from 'pdf-lib';
import sharp from 'sharp';
import type { Rgba } from './css-colour.js';
import type { ColourSpaceWriter, GradientStop } from '../content.js';
import { num, stitch } from '../content.js';
import type { BlackPolicy } from './black.js';
import type { OutputProfile } from './output-profiles.js';

/** Gradient samples over the whole 0..1 domain (a stop-to-stop piece gets its share, at least 2). */
export const GRADIENT_SAMPLES = 32;

const MARK = '\u0001';
// eslint-disable-next-line no-control-regex -- U+0001 is the placeholder's own sentinel, never in user text
const PLACEHOLDER = /\u0001(\d+)\u0001/g;

const byte = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 255);

/**
 * sRGB colours (r, g, b bytes, one after another) through the profile's ICC transform in one
 * sharp call (a raw image one colour per pixel, LittleCMS underneath): CMYK 0..1 each, to 1/1000.
 */
export async function rgbToCmyk(profile: OutputProfile, rgb: readonly number[]): Promise<number[][]> {
  const n = rgb.length / 3;
  if (n === 0) return [];
  // rows of at most 4096 colours (libvips caps an image's width); the tail is padded
  const width = Math.min(n, 4096);
  const height = Math.ceil(n / width);
  const pixels = Buffer.alloc(width * height * 3);
  pixels.set(rgb);
  const { data } = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .withIccProfile(profile.path)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Array.from({ length: n }, (_, i) => [0, 1, 2, 3].map((k) => Math.round((data[i * 4 + k]! / 255) * 1000) / 1000));
}

export class CmykColours implements ColourSpaceWriter {
  readonly shadingSpace = 'DeviceCMYK';
  private readonly index = new Map<string, number>();
  private readonly rgb: number[] = [];
  private resolved: number[][] | undefined;
  private readonly patches: { dict: PDFDict; key: string; idx: number }[] = [];
  private readonly forms: { ref: PDFRef; content: string; dict: Record<string, unknown> }[] = [];

  constructor(
    private readonly profile: OutputProfile,
    readonly black?: BlackPolicy,
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

  /** A linear piece from c0 to c1 in DeviceCMYK, its non-neutral ends patched at resolve. */
  private piece(ctx: PDFContext, c0: Rgba, c1: Rgba): PDFDict {
    const dict = ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [0, 0, 0, 0], N: 1 });
    for (const [key, c] of [['C0', c0], ['C1', c1]] as const) {
      const k = this.neutral(c);
      if (k) dict.set(PDFName.of(key), ctx.obj(k));
      else this.patches.push({ dict, key, idx: this.slot(c) });
    }
    return dict;
  }

  gradientFunction(ctx: PDFContext, stops: readonly GradientStop[]): PDFDict {
    const pieces: { from: number; to: number; fn: PDFDict }[] = [];
    for (let i = 0; i + 1 < stops.length; i++) {
      const [s0, s1] = [stops[i]!, stops[i + 1]!];
      // neutral to neutral stays on K, which is linear in the grey: one piece is exact
      const n = this.neutral(s0.color) && this.neutral(s1.color) ? 1 : Math.max(2, Math.ceil((s1.offset - s0.offset) * GRADIENT_SAMPLES));
      const at = (j: number): Rgba => {
        const t = j / n;
        const mix = (a: number, b: number): number => a + t * (b - a);
        return { r: mix(s0.color.r, s1.color.r), g: mix(s0.color.g, s1.color.g), b: mix(s0.color.b, s1.color.b), a: 1 };
      };
      for (let j = 0; j < n; j++) {
        const from = s0.offset + ((s1.offset - s0.offset) * j) / n;
        const to = j + 1 === n ? s1.offset : s0.offset + ((s1.offset - s0.offset) * (j + 1)) / n;
        pieces.push({ from, to, fn: this.piece(ctx, at(j), at(j + 1)) });
      }
    }
    return stitch(ctx, pieces);
  }

  /** Converts every colour seen so far through the profile (one sharp call) and patches the gradients. */
  async resolve(ctx: PDFContext): Promise<void> {
    const n = this.index.size;
    if (n > 0 && !this.resolved) {
      this.resolved = await rgbToCmyk(this.profile, this.rgb);
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
