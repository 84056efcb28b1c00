import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTool, withTempDir } from '../../../../src/engines/preflight/exec-tool.js';
import { analyze, deriveFixTypes } from '../../../../src/engines/preflight/index.js';
import { parsePdfFonts, parsePdfImages } from '../../../../src/engines/preflight/poppler.js';
import { FixError, applyFixes, type FixOutcome } from '../../../../src/engines/prepress/index.js';
import { fixture } from '../preflight-fixtures.js';

/** Runs a poppler tool on a buffer and returns its stdout. */
async function poppler(buf: Buffer, tool: string, ...args: string[]): Promise<string> {
  return withTempDir('folio-test', async (dir) => {
    const p = path.join(dir, 'f.pdf');
    await writeFile(p, buf);
    // pdftotext writes to stdout only when told to with a trailing "-"
    return (await runTool(tool, [...args, p, ...(tool === 'pdftotext' ? ['-'] : [])], { timeoutMs: 30_000, dir })).stdout;
  });
}

/** `pdfinfo -box` boxes per page: { 1: { MediaBox: [x0,y0,x1,y1], … } } */
async function boxes(buf: Buffer): Promise<Record<number, Record<string, number[]>>> {
  const text = await poppler(buf, 'pdfinfo', '-box', '-f', '1', '-l', '999');
  const out: Record<number, Record<string, number[]>> = {};
  for (const m of text.matchAll(/^Page\s+(\d+) (MediaBox|CropBox|BleedBox|TrimBox|ArtBox):\s+(.+)$/gm)) {
    (out[Number(m[1])] ??= {})[m[2]!] = m[3]!.trim().split(/\s+/).map(Number);
  }
  return out;
}

const B = (3 / 25.4) * 72; // 3 mm in points
const near = (a: number[] | undefined, b: number[]) => {
  expect(a).toHaveLength(4);
  a!.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 1));
};

describe('PDF add_bleed (scale to bleed)', () => {
  it('grows the page by the bleed, keeps the trim as TrimBox, sets BleedBox, and scales the content', async () => {
    const f = fixture('pdf-no-bleed.pdf');
    const out = await applyFixes(f.bytes, 'pdf', ['add_bleed'], f.spec);
    expect(out).toMatchObject({ fileType: 'pdf', mime: 'application/pdf', applied: ['add_bleed'] });
    const b = (await boxes(out.file))[1]!;
    near(b.TrimBox, [0, 0, 288, 216]);
    near(b.MediaBox, [-B, -B, 288 + B, 216 + B]);
    near(b.BleedBox, b.MediaBox!);
    const after = await analyze(out.file, f.spec);
    expect(after.issues).toEqual([]);
    expect(out.notes.join(' ')).toMatch(/scaled by up to 107\.87%/);
  });

  it('on a page that already is trim + bleed, only sets the boxes', async () => {
    const f = fixture('pdf-implicit-bleed.pdf');
    const out = await applyFixes(f.bytes, 'pdf', ['add_bleed'], f.spec);
    const b = (await boxes(out.file))[1]!;
    near(b.TrimBox, [B, B, 288 + B, 216 + B]);
    near(b.MediaBox, [0, 0, 288 + 2 * B, 216 + 2 * B]);
    expect(out.notes.join(' ')).toMatch(/already had the bleed/);
    const images = parsePdfImages(await poppler(out.file, 'pdfimages', '-list'));
    expect(images).toEqual([]);
  });

  it('costs image resolution by the scale factor (and says so)', async () => {
    const f = fixture('pdf-low-res-image.pdf');
    const spec = { ...f.spec, productProfile: { requiredDpi: 150, bleedMm: 3 } };
    const out = await applyFixes(f.bytes, 'pdf', ['add_bleed'], spec);
    const ppi = parsePdfImages(await poppler(out.file, 'pdfimages', '-list')).map((i) => i.xPpi);
    expect(ppi).toEqual([Math.round(25 / 1.0787), Math.round(200 / 1.0787)]);
  });
});

describe('PDF full_prepress', () => {
  let out: FixOutcome;
  const f = fixture('pdf-prepress-all.pdf');
  beforeAll(async () => {
    const before = await analyze(f.bytes, f.spec);
    const fixes = deriveFixTypes(before.issues, 'pdf');
    expect(fixes).toEqual(['full_prepress', 'add_bleed']);
    out = await applyFixes(f.bytes, 'pdf', fixes, f.spec);
  });

  it('leaves none of the issues its fixes target', async () => {
    const after = await analyze(out.file, f.spec);
    const codes = after.issues.map((i) => i.code);
    for (const code of ['FONTS_NOT_EMBEDDED', 'RGB_COLOR_MODE', 'TRANSPARENCY', 'MISSING_BLEED']) expect(codes).not.toContain(code);
    // scale-to-bleed lowers the 150 PPI JPEG to 139 PPI: a warning, not something these fixes target
    expect(after.issues.map((i) => `${i.code}/${i.severity}`)).toEqual(['LOW_RESOLUTION/warning']);
    expect(out.applied).toEqual(['full_prepress', 'add_bleed']);
  });

  it('embeds every font (pdffonts)', async () => {
    const fonts = parsePdfFonts(await poppler(out.file, 'pdffonts'));
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((x) => x.embedded)).toBe(true);
    expect(fonts.map((x) => x.name.replace(/^[A-Z]{6}\+/, ''))).toContain('Times-Roman');
  });

  it('is PDF 1.3 with CMYK images only', async () => {
    expect(out.file.subarray(0, 8).toString('latin1')).toBe('%PDF-1.3');
    const images = parsePdfImages(await poppler(out.file, 'pdfimages', '-list')).filter((i) => i.type === 'image');
    expect(images.every((i) => i.color === 'cmyk')).toBe(true);
  });

  it('downsamples the 600 PPI image to 300, and leaves the images that need no change untouched', async () => {
    const before = parsePdfImages(await poppler(f.bytes, 'pdfimages', '-list')).filter((i) => i.page === 2);
    const after = parsePdfImages(await poppler(out.file, 'pdfimages', '-list')).filter((i) => i.page === 2);
    const scale = 1.0787; // add_bleed ran after
    const byEnc = (rows: typeof before, enc: string, w: number) => rows.find((r) => r.encoding === enc && r.width === w);
    expect(byEnc(before, 'image', 600)).toMatchObject({ height: 450, xPpi: 600 });
    expect(byEnc(after, 'image', 300)).toMatchObject({ height: 225, xPpi: Math.round(300 / scale) });
    // the CMYK JPEG passes through byte for byte
    const jpegs = async (buf: Buffer) =>
      withTempDir('folio-test', async (dir) => {
        await writeFile(path.join(dir, 'f.pdf'), buf);
        await runTool('pdfimages', ['-j', '-f', '2', '-l', '2', path.join(dir, 'f.pdf'), path.join(dir, 'img')], { timeoutMs: 30_000, dir });
        const { readdir, readFile } = await import('node:fs/promises');
        const names = (await readdir(dir)).filter((n) => n.endsWith('.jpg'));
        return Promise.all(names.map(async (n) => (await readFile(path.join(dir, n))).toString('base64')));
      });
    const [jb, ja] = await Promise.all([jpegs(f.bytes), jpegs(out.file)]);
    expect(jb).toHaveLength(1);
    expect(ja).toHaveLength(1);
    // pdfimages may add trailing padding; the JPEG data itself is identical
    expect(Buffer.from(ja[0]!, 'base64').subarray(0, Buffer.from(jb[0]!, 'base64').length - 2)).toEqual(Buffer.from(jb[0]!, 'base64').subarray(0, -2));
    // the lossless CMYK image keeps its size and stays lossless
    expect(byEnc(after, 'image', 200)).toMatchObject({ height: 150, color: 'cmyk' });
  });

  it('flattens the page with transparency into one image and keeps page 2 vector', async () => {
    const after = parsePdfImages(await poppler(out.file, 'pdfimages', '-list')).filter((i) => i.type === 'image');
    expect(after.filter((i) => i.page === 1)).toMatchObject([{ width: 1200, height: 900 }]); // 4×3 in at 300 PPI
    expect(after.filter((i) => i.page === 2)).toHaveLength(3);
    const text = await poppler(out.file, 'pdftotext', '-f', '2', '-l', '2');
    expect(text).toContain('Prepress');
  });
});

describe('PDF fixes, one at a time', () => {
  it.each([
    ['pdf-font-not-embedded.pdf', ['full_prepress'], 'FONTS_NOT_EMBEDDED'],
    ['pdf-soft-mask.pdf', ['full_prepress'], 'TRANSPARENCY'],
    ['pdf-constant-alpha.pdf', ['full_prepress'], 'TRANSPARENCY'],
    ['pdf-blend-mode.pdf', ['full_prepress'], 'TRANSPARENCY'],
    ['pdf-rgb-vector.pdf', ['convert_color_mode'], 'RGB_COLOR_MODE'],
    ['pdf-rgb-image.pdf', ['convert_color_mode'], 'RGB_COLOR_MODE'],
    ['pdf-rgb-in-form.pdf', ['convert_color_mode'], 'RGB_COLOR_MODE'],
  ])('%s: %s removes %s', async (file, fixes, code) => {
    const f = fixture(file);
    const out = await applyFixes(f.bytes, 'pdf', fixes, f.spec);
    expect(out.applied).toEqual(fixes);
    const after = await analyze(out.file, f.spec);
    expect(after.issues.map((i) => i.code)).not.toContain(code);
    expect(after.status).toBe('passed');
  });

  it('convert_color_mode alone keeps transparency and does not downsample', async () => {
    const f = fixture('pdf-constant-alpha.pdf');
    const out = await applyFixes(f.bytes, 'pdf', ['convert_color_mode'], { ...f.spec, productProfile: { requiredColorMode: 'cmyk' } });
    const after = await analyze(out.file, { productProfile: { requiredColorMode: 'cmyk' } });
    expect(after.issues.map((i) => i.code)).toEqual(['TRANSPARENCY']);
  });
});

describe('PDF fix errors', () => {
  it('refuses raster fixes, and add_bleed without a bleed', async () => {
    const f = fixture('pdf-no-bleed.pdf');
    await expect(applyFixes(f.bytes, 'pdf', ['upscale_resolution_2x'], f.spec)).rejects.toMatchObject({ code: 'not_applicable' });
    await expect(applyFixes(f.bytes, 'pdf', ['add_bleed'], { canvasWidthInches: 4, canvasHeightInches: 3 })).rejects.toMatchObject({ code: 'missing_spec' });
    await expect(applyFixes(f.bytes, 'jpeg', ['add_bleed'], f.spec)).rejects.toMatchObject({ code: 'unreadable' });
  });

  it('a damaged PDF fails the Ghostscript pass with a FixError', async () => {
    const f = fixture('pdf-broken.pdf');
    const err = await applyFixes(f.bytes, 'pdf', ['full_prepress'], f.spec).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FixError);
    expect((err as FixError).code).toBe('tool_failed');
  });

  it('an add_bleed result that pdf-lib rewrote passes qpdf --check with the same page count', async () => {
    const f = fixture('pdf-prepress-all.pdf');
    const out = await applyFixes(f.bytes, 'pdf', ['add_bleed'], f.spec);
    const doc = await PDFDocument.load(out.file);
    expect(doc.getPageCount()).toBe(2);
    expect(await poppler(out.file, 'qpdf', '--check')).toMatch(/No syntax or stream encoding errors/);
    expect(Object.keys(await boxes(out.file))).toEqual(['1', '2']);
  });
});
