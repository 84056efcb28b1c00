/**
 * The black options of a print job (issue 38): black_overprint, rich_black and
 * keep_artwork_rich_black reach the file and the job view; they are CMYK options (400 for rgb).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { pdfxFacts } from '../../unit/engines/pdf/pdfx-helpers.js';
import { downloadLink, finishedJob, printApp, printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => ({ t, store } = await printApp()));
afterAll(async () => t.close());

describe('print job black options', () => {
  it('rich_black and black_overprint reach the PDF and the job; rgb or a bad mix is a 400', async () => {
    const { front } = await printProduct(t.app, store);
    const layers = [{ type: 'rect', left: 0, top: 0, width: 600, height: 400, fill: '#000000', strokeWidth: 0 }, textLayer({ fill: '#000000' })];
    const d = await saveDesign(t.app, store, { side_id: front.id, layers });
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload });

    const res = await post({ color_mode: 'cmyk', rich_black: { c: 60, m: 40, y: 40, k: 100 } });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.U(store));
    expect(job).toMatchObject({ status: 'completed', black_overprint: true, rich_black: { c: 60, m: 40, y: 40, k: 100 }, keep_artwork_rich_black: false });
    const facts = await pdfxFacts(await downloadLink(t.app, job.pdf_url));
    // the large rect in the rich mix, the text 100 K under an overprint ExtGState
    expect(facts.content).toMatch(/0\.6 0\.4 0\.4 1 k/);
    expect(facts.content).toMatch(/\/OP\d gs[\s\S]*0 0 0 1 k/);

    const off = await post({ pdf_standard: 'pdf_x1a', black_overprint: false, keep_artwork_rich_black: true });
    expect(off.json().data).toMatchObject({ black_overprint: false, rich_black: null, keep_artwork_rich_black: true });
    const rgb = await post({ black_overprint: false });
    expect(rgb.statusCode).toBe(400);
    expect(rgb.json().error).toHaveProperty('black_overprint');
    const plain = await post({ color_mode: 'rgb' });
    expect(plain.statusCode, plain.body).toBe(202);
    expect(plain.json().data).toMatchObject({ black_overprint: null, rich_black: null, keep_artwork_rich_black: null });
    expect((await post({ color_mode: 'cmyk', rich_black: { c: 120, m: 0, y: 0, k: 100 } })).statusCode).toBe(400);
  });
});
