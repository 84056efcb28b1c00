/**
 * Spot colours through the API: a design saved with White, CutContour and a named spot gives a
 * PDF (RGB and CMYK) whose Separation colour spaces and plates qpdf and Ghostscript's tiffsep
 * see; a bad spot paint is a 400 naming the field at save time.
 */
import path from 'node:path';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { tool, withPdfFile } from '../../unit/engines/pdf/helpers.js';
import { printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  await t.deps.startWorkers();
  store = await createStore(t.app);
});
afterAll(async () => t.close());

async function pdfOf(designId: string, body: Record<string, unknown>): Promise<Buffer> {
  const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/pdf`, headers: as.U(store), payload: body });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().data.id;
  const job = await waitFor(async () => {
    const r = await t.app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers: as.U(store) });
    const j = r.json().data;
    return j.status === 'completed' || j.status === 'failed' ? j : undefined;
  }, `pdf job ${id}`, 90_000, 250);
  expect(job.status, job.error).toBe('completed');
  const u = new URL(job.pdf_url);
  const dl = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(dl.statusCode).toBe(200);
  return dl.rawPayload;
}

const LAYERS = [
  { type: 'rect', left: 0, top: 0, width: 600, height: 848, fill: '#0ea5e9', strokeWidth: 0 },
  { type: 'rect', left: 100, top: 100, width: 400, height: 300, fill: { spot: 'White' }, strokeWidth: 0 },
  { type: 'rect', left: 50, top: 50, width: 500, height: 748, fill: '', stroke: { spot: 'CutContour' }, strokeWidth: 4 },
  textLayer({ top: 500, text: 'Spot gold', fill: { spot: 'Gold 871', cmyk: [20, 30, 60, 15] } }),
];

describe('spot colours in a design PDF', () => {
  it('keeps White, CutContour and a named spot as Separations with CMYK alternates and overprint, in RGB and CMYK', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: LAYERS, viewport_width: 600, viewport_height: 848 });
    // the design reads back with the spot paints as sent
    const got = await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.U(store) });
    expect(got.json().data.layers[1].fill).toEqual({ spot: 'White' });

    for (const color_mode of ['rgb', 'cmyk']) {
      const pdf = await pdfOf(d.id, { color_mode });
      const qdf = await withPdfFile(pdf, (f) => tool('qpdf', ['--qdf', '--object-streams=disable', f, '-']));
      for (const name of ['White', 'CutContour', 'Gold#20871']) {
        expect(qdf, `${color_mode}: ${name}`).toMatch(new RegExp(`/Separation\\s+/${name}\\s+/DeviceCMYK`));
      }
      expect(qdf).toMatch(/\/OP true/);
      expect(qdf).toMatch(/\/op true/);
      expect(qdf).toMatch(/\/OPM 1/);

      // one plate per ink; white ink inside the White rect, the die line on its own plate
      const inks = await withPdfFile(pdf, async (f, dir) => {
        await tool('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=tiffsep', '-r20', '-o', path.join(dir, 'p.tif'), f]);
        return (await readdir(dir)).filter((n) => n.startsWith('p(')).sort();
      });
      expect(inks).toEqual(['p(Black).tif', 'p(CutContour).tif', 'p(Cyan).tif', 'p(Gold 871).tif', 'p(Magenta).tif', 'p(White).tif', 'p(Yellow).tif']);
    }
  });

  it('refuses a spot paint it cannot print with 400 naming the field', async () => {
    const { front } = await printProduct(t.app, store);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/designs',
      headers: as.U(store),
      payload: { side_id: front.id, viewport_width: 600, viewport_height: 848, layers: [{ type: 'rect', width: 10, height: 10, fill: { spot: 'Gold' } }, { type: 'rect', stroke: { spot: 'White', tint: 3 } }] },
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect(Object.keys(error).sort()).toEqual(['layers[0].fill.cmyk', 'layers[1].stroke.tint']);
  });
});
