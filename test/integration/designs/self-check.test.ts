/**
 * The self-check through the HTTP API: a print job whose file breaks its standard fails with
 * the code, page and layer in the job's error; clean PDF/X-4 and X-1a jobs complete. The
 * CMYK photo is a real 400 % JPEG (sharp), passed through into the PDF as the renderer does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { upload } from '../catalog/helpers.js';
import { cmykJpeg } from '../../unit/engines/pdf/self-check-helpers.js';
import { cardDesign, cardLayers, merged } from '../merge/helpers.js';
import { finishedJob, printApp, printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => ({ t, store } = await printApp()));
afterAll(async () => t.close());

async function pdfJob(designId: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/pdf`, headers: as.U(store), payload: body });
  expect(res.statusCode, res.body).toBe(202);
  return finishedJob(t.app, res.json().data.id, as.U(store));
}

describe('print file self-check', () => {
  it('a placed CMYK photo at 400 % ink fails the PDF/X-4 job with ink_limit_exceeded naming page and layer; the same design prints on ps_cmyk (400 %)', async () => {
    const { front } = await printProduct(t.app, store);
    const up = await upload(t.app, store, '/v1/images', await cmykJpeg([255, 255, 255, 255]));
    expect(up.statusCode, up.body).toBe(201);
    const d = await saveDesign(t.app, store, {
      side_id: front.id,
      layers: [textLayer({ text: 'Heading', fill: '#000000' }), { type: 'image', src: up.json().data.url, left: 100, top: 300, scaleX: 4, scaleY: 4 }],
    });
    const failed = await pdfJob(d.id, { pdf_standard: 'pdf_x4' });
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('ink_limit_exceeded: page 1, layers[1]: an image reaching 400 % total ink, over the 300 % limit');
    expect(failed.error_code).toBe('ink_limit_exceeded');
    expect(failed.pdf_url).toBeNull();
    const done = await pdfJob(d.id, { pdf_standard: 'pdf_x4', output_profile: 'ps_cmyk' });
    expect(done.status, done.error).toBe('completed');
    expect(done.error_code).toBeNull();
  });

  it('clean PDF/X-4 and X-1a files of a simple design complete (the self-check passes on the renderer’s output)', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, {
      side_id: front.id,
      layers: [
        { type: 'rect', left: 0, top: 0, width: 600, height: 200, fill: '#0e7490', strokeWidth: 0 },
        { type: 'rect', left: 40, top: 240, width: 260, height: 120, fill: '#dc2626', opacity: 0.5, strokeWidth: 0 },
        textLayer({ text: 'Rich black?', fill: '#000000', top: 420 }),
      ],
    });
    for (const body of [{ pdf_standard: 'pdf_x4', crop_marks: true }, { pdf_standard: 'pdf_x1a' }, { color_mode: 'rgb' }]) {
      const job = await pdfJob(d.id, body);
      expect(job.status, `${JSON.stringify(body)}: ${job.error}`).toBe('completed');
    }
  });

  it('a merge job checks every record’s PDF in its zip: the 400 % photo fails it naming the file, page and layer', async () => {
    const up = await upload(t.app, store, '/v1/images', await cmykJpeg([255, 255, 255, 255]));
    const d = await cardDesign(t.app, store, cardLayers([{ type: 'image', src: up.json().data.url, left: 250, top: 10, locked: true }]));
    const records = [{ name: 'Ada', title: 'Analyst', url: 'https://example.com/a', sku: 'A-1' }];
    const done = await merged(t.app, as.B(store), { design_id: d.id, records, output: 'zip', color_mode: 'cmyk', pdf_standard: 'pdf_x1a' });
    expect(done.status).toBe('failed');
    expect(done.error_code).toBe('ink_limit_exceeded');
    expect(done.error).toMatch(/^ink_limit_exceeded: record[^,]*\.pdf, page 1, layers\[6\]: an image reaching 400 % total ink, over the 300 % limit$/);
  });
});
