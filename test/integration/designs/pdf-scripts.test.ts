/**
 * Every script through the API: a design with Hebrew (direction rtl), Arabic (lam-alef) and
 * Devanagari text layers is saved, printed by POST /designs/{id}/pdf, and the file read back
 * with poppler: no MISSING_GLYPHS or UNSUPPORTED_FEATURE warnings, every font embedded, the
 * text extracted in logical order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { storeOn } from '../api-keys/helpers.js';
import { pdfFonts, pdfText } from '../../unit/engines/pdf/helpers.js';
import { printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
});
afterAll(async () => t.close());

const lines = (s: string) => s.split('\n').map((l) => l.replace(/[\u202A-\u202E\u200E\u200F\f]/g, '').trim()).filter(Boolean);

describe('print-ready PDF with right-to-left and complex scripts', () => {
  it('Hebrew (rtl), Arabic and Devanagari print shaped, with embedded fonts, and extract in logical order', async () => {
    const { front } = await printProduct(t.app, store);
    const hebrew = 'שלום עולם';
    const arabic = 'لا إله إلا الله';
    const hindi = 'क्षत्रिय किताब';
    const d = await saveDesign(t.app, store, {
      side_id: front.id,
      viewport_width: 600,
      viewport_height: 848,
      layers: [
        textLayer({ text: hebrew, fontFamily: 'Roboto', direction: 'rtl', textAlign: 'right', top: 100 }),
        textLayer({ text: arabic, fontFamily: 'Open Sans', top: 300 }),
        textLayer({ text: hindi, fontFamily: 'Roboto', top: 500 }),
      ],
    });
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id;
    const done = await waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers: as.U(store) });
      const job = r.json().data;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    }, `pdf job ${id}`, 90_000, 250);
    expect(done.status, done.error).toBe('completed');
    expect(done.warnings.filter((w: { code: string }) => ['MISSING_GLYPHS', 'UNSUPPORTED_FEATURE', 'FONT_FALLBACK'].includes(w.code))).toEqual([]);
    const u = new URL(done.pdf_url);
    const file = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(file.statusCode).toBe(200);
    const pdf = file.rawPayload;
    const fonts = await pdfFonts(pdf);
    expect(fonts.every((f) => f.emb && f.uni)).toBe(true);
    // Roboto and Open Sans have no Hebrew, Arabic or Devanagari: the shipped fallbacks draw them
    const names = fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toEqual(expect.arrayContaining(['DejaVuSans', 'NotoSansDevanagari-Regular']));
    expect(lines(await pdfText(pdf))).toEqual([hebrew, arabic, hindi]);
  });
});
