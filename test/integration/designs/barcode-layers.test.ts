/**
 * `barcode` layers through the real app with the store's public token: a design holding a QR
 * code and an EAN-13 is saved, its print job's PDF holds both as vectors (no image XObject)
 * and zbarimg reads both values at 300 dpi; an EAN-13 with a wrong check digit is refused
 * with 400 naming the layer's field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../helpers/factories.js';
import type { TestApp } from '../../helpers/app.js';
import type { TestStore } from '../../helpers/factories.js';
import { pdfImages } from '../../unit/engines/pdf/helpers.js';
import { decodePages } from '../../unit/engines/vdp/helpers.js';
import { downloadLink, finishedJob, printApp, printProduct, saveDesign } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => ({ t, store } = await printApp()));
afterAll(async () => t.close());

const QR = { type: 'barcode', symbology: 'qrcode', value: 'https://example.com/p/44', left: 60, top: 60, width: 220, height: 220, fill: '#000000' };
const EAN = { type: 'barcode', symbology: 'ean13', value: '4006381333931', left: 60, top: 400, width: 360, height: 200 };

describe('barcode layers through /v1/designs', () => {
  it('saves a QR code and an EAN-13 and prints both as vectors that zbarimg reads', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [QR, EAN], viewport_width: 600, viewport_height: 848 });
    expect(d.layers).toMatchObject([{ type: 'barcode', symbology: 'qrcode', value: QR.value }, { type: 'barcode', symbology: 'ean13', value: EAN.value }]);
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.U(store));
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const pdf = await downloadLink(t.app, job.pdf_url);
    const [symbols] = await decodePages(pdf, 1, 300);
    expect(symbols).toEqual(['EAN-13:4006381333931', `QR-Code:${QR.value}`]);
    expect(await pdfImages(pdf)).toEqual([]);
  }, 120_000);

  it('refuses an EAN-13 with a wrong check digit: 400 naming layers[1].value', async () => {
    const { front } = await printProduct(t.app, store);
    const res = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: [QR, { ...EAN, value: '4006381333932' }], viewport_width: 600, viewport_height: 848 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ 'layers[1].value': ["the EAN-13's check digit is wrong: 400638133393 ends with 1"] });
  });
});
