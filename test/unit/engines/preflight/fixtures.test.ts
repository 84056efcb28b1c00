import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/engines/preflight/index.js';
import { FIXTURE_DIR, fixture, manifest } from '../preflight-fixtures.js';

const key = (i: { code: string; severity: string; fixType: string | null }) => `${i.code}/${i.severity}/${i.fixType ?? 'null'}`;

describe('preflight fixtures', () => {
  it('commits at least 20 fixture files, each listed once in the manifest', () => {
    const files = readdirSync(FIXTURE_DIR).filter((f) => f !== 'manifest.json' && f !== 'generate.ts');
    const listed = manifest.fixtures.map((f) => f.file);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...files].sort()).toEqual([...listed].sort());
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(listed.filter((f) => f.endsWith('.pdf')).length).toBeGreaterThanOrEqual(10);
  });

  it.each(manifest.fixtures.map((f) => [f.file, f] as const))('%s: analyze finds exactly the known issues', async (file) => {
    const f = fixture(file);
    const report = await analyze(f.bytes, f.spec);
    expect(report.issues.map(key).sort()).toEqual(f.expected.map(key).sort());
    const status = f.expected.some((e) => e.severity === 'error') ? 'failed' : f.expected.length ? 'warnings' : 'passed';
    expect(report.status).toBe(status);
    for (const issue of report.issues) {
      expect(issue.message.length).toBeGreaterThan(0);
      expect(typeof issue.details).toBe('object');
    }
  });
});

describe('issue details', () => {
  it('a low-resolution raster reports measured and required PPI', async () => {
    const f = fixture('raster-low-res-warning.jpg');
    const [issue] = (await analyze(f.bytes, f.spec)).issues;
    expect(issue?.details).toMatchObject({ effectivePpi: 120, requiredPpi: 150, requiredFrom: 'requiredDpi', widthPx: 480, heightPx: 360, basis: 'canvas' });
  });

  it('the product type supplies the minimum when requiredDpi is absent (r = 0.5 is still Poor)', async () => {
    const f = fixture('raster-low-res-product-type.jpg');
    const [issue] = (await analyze(f.bytes, f.spec)).issues;
    expect(issue?.details).toMatchObject({ effectivePpi: 50, requiredPpi: 100, requiredFrom: 'productType' });
  });

  it('without a canvas the PPI the file records is used', async () => {
    const f = fixture('raster-declared-ppi.tif');
    const r = await analyze(f.bytes, f.spec);
    expect(r.issues[0]?.details).toMatchObject({ effectivePpi: 150, requiredPpi: 300, basis: 'declared_ppi' });
  });

  it('a PDF image issue names page, image and both resolutions; the fine image is not reported', async () => {
    const f = fixture('pdf-low-res-image.pdf');
    const r = await analyze(f.bytes, f.spec);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]?.details).toMatchObject({ page: 1, image: 0, widthPx: 100, heightPx: 75, effectivePpi: 25, requiredPpi: 150 });
    expect(r.summary).toMatchObject({ kind: 'pdf', pages: 1, images: 2 });
  });

  it('page-geometry findings of identical pages are grouped with their page numbers', async () => {
    const f = fixture('pdf-prepress-all.pdf');
    const r = await analyze(f.bytes, f.spec);
    expect(r.issues.find((i) => i.code === 'MISSING_BLEED')?.details).toMatchObject({ pages: [1, 2], requiredBleedMm: 3, foundBleedMm: 0 });
    expect(r.issues.filter((i) => i.code === 'RGB_COLOR_MODE').map((i) => i.details.page)).toEqual([1, 2]);
    expect(r.issues.find((i) => i.code === 'TRANSPARENCY')?.details).toMatchObject({ page: 1, constantAlpha: [0.6] });
    expect(r.issues.find((i) => i.code === 'FONTS_NOT_EMBEDDED')?.details).toMatchObject({ font: 'Times-Roman', pages: [2] });
  });

  it('transparency kinds are told apart', async () => {
    const soft = await analyze(fixture('pdf-soft-mask.pdf').bytes, {});
    expect(soft.issues[0]?.details).toMatchObject({ imageSoftMasks: 1, softMasks: 0, blendModes: [], constantAlpha: [] });
    const blend = await analyze(fixture('pdf-blend-mode.pdf').bytes, {});
    expect(blend.issues[0]?.details).toMatchObject({ blendModes: ['Multiply'], constantAlpha: [] });
  });

  it('reads 16-bit alpha at full depth: one pixel at 92% is transparency, all at 100% is not', async () => {
    const make = async (alpha: number) => {
      const px = new Uint16Array(40 * 30 * 4).fill(65535);
      px[4 * 10 + 3] = alpha;
      return sharp(Buffer.from(px.buffer), { raw: { width: 40, height: 30, channels: 4 } }).toColourspace('rgb16').png().toBuffer();
    };
    const seen = await analyze(await make(60000), {});
    expect(seen.issues.map((i) => i.code)).toEqual(['TRANSPARENCY']);
    expect(seen.issues[0]?.details).toMatchObject({ transparentPercent: 0.08 });
    expect((await analyze(await make(65535), {})).issues).toEqual([]);
  });

  it('issues come in a stable order: by code as the spec lists them', async () => {
    const f = fixture('raster-multi.png');
    const r = await analyze(f.bytes, f.spec);
    expect(r.issues.map((i) => i.code)).toEqual(['LOW_RESOLUTION', 'MISSING_BLEED', 'RGB_COLOR_MODE', 'TRANSPARENCY']);
  });

  it('a declared type the content contradicts becomes a note; the content is checked', async () => {
    const f = fixture('raster-ok.jpg');
    const r = await analyze(f.bytes, { ...f.spec, fileType: 'png' });
    expect(r.fileType).toBe('jpeg');
    expect(r.status).toBe('passed');
    expect(r.notes.join(' ')).toMatch(/declared as png but the content is jpeg/);
  });

  it('says what it could not check for lack of a canvas, instead of passing silently', async () => {
    const r = await analyze(fixture('raster-low-res-error.png').bytes, { productProfile: { requiredDpi: 150, bleedMm: 3 } });
    expect(r.issues).toEqual([]);
    expect(r.notes).toEqual(['resolution not checked: no canvas size was given and the file records no resolution', 'bleed not checked: no canvas size was given']);
  });

  it('an unrecognised file keeps the declared type and is UNREADABLE_FILE', async () => {
    const f = fixture('not-a-print-file.txt');
    const r = await analyze(f.bytes, f.spec);
    expect(r).toMatchObject({ fileType: 'png', status: 'failed', summary: null });
    expect(r.issues[0]?.details).toMatchObject({ reason: 'unrecognised_format' });
  });
});
