import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, type TestStore } from '../../helpers/factories.js';
import { needs } from '../../helpers/requirements.js';
import { waitFor } from '../../helpers/wait.js';
import { validateXml } from '../../helpers/xmllint.js';
import { createProduct, createSide } from '../catalog/helpers.js';
import { saveDesign, textLayer } from '../designs/helpers.js';
import { createTarget, deliveryWorld, store as newStore, type DeliveryWorld } from '../delivery/world.js';
import { createOrder, moveTo } from './helpers.js';

const gate = needs('xmllint');
let w: DeliveryWorld;
let s: TestStore;
beforeAll(async () => {
  w = await deliveryWorld();
  s = await newStore(w);
});
afterAll(async () => w?.close());

it.skipIf(gate.skip)(`a paid order reaches the press: its print file and a valid JDF naming its quantity and trim land in the hot folder, logged and reported${gate.note}`, async () => {
  const dir = fs.mkdtempSync(path.join(w.root, 'press-'));
  await createTarget(w, s, { name: 'Press', type: 'hot_folder', path: dir, ticket: 'jdf' });
  const product = await createProduct(w.t.app, s, { name: 'Business card', dimension_unit: 'mm', media: '350gsm silk' });
  const side = await createSide(w.t.app, s, product.id, { name: 'Front', width: 85, height: 55, bleed: { top: 3, right: 3, bottom: 3, left: 3 } });
  const order = await createOrder(w.t.app, s, { name: 'Cards', quantity: 250, external_ref: { source: 'shop', order_id: '9001', line_item_id: '3' } });
  await saveDesign(w.t.app, s, { side_id: side.id, project_id: order.id, layers: [textLayer({ text: 'Ada Lovelace', fontSize: 20 })] });
  await moveTo(w.t.app, s, order.id, 'received', 'paid');

  const delivered = await waitFor(
    async () => {
      const list = (await w.t.app.inject({ method: 'GET', url: `/v1/deliveries?project_id=${order.id}`, headers: as.B(s) })).json().data;
      return list[0]?.status === 'delivered' ? list[0] : undefined;
    },
    'the print file delivered',
    60_000,
    200,
  );
  const name = `${order.code}-3-business-card-250x`;
  expect(delivered).toMatchObject({ project_id: order.id, kind: 'print_files', file_name: `${name}.pdf` });
  expect(fs.readdirSync(dir).sort()).toEqual([`${name}.jdf`, `${name}.pdf`]);
  // the PDF is the order's print file: a PDF/X-4 with the card's trim, the text frozen at receipt
  const pdf = path.join(dir, `${name}.pdf`);
  const info = execFileSync('pdfinfo', ['-box', pdf]).toString();
  expect(info).toMatch(/PDF subtype:\s+PDF\/X-4/);
  const trim = /TrimBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info)!.slice(1).map(Number);
  expect(((trim[2]! - trim[0]!) / 72) * 25.4).toBeCloseTo(85, 1);
  expect(execFileSync('pdftotext', [pdf, '-']).toString()).toContain('Ada Lovelace');
  // the ticket validates against the shipped JDF subset and names the order's facts
  const jdf = fs.readFileSync(path.join(dir, `${name}.jdf`), 'utf8');
  const valid = validateXml(jdf, new URL('../../../src/engines/jdf/jdf-subset.xsd', import.meta.url));
  expect(valid.ok, valid.out).toBe(true);
  expect(jdf).toContain(`JobID="${order.code}"`);
  expect(jdf).toMatch(/Amount="250"/);
  expect(jdf).toMatch(/FinishedDimensions[^>]*Actual="240\.9\d* 155\.9\d* 0"/);
  expect(jdf).toContain(`URL="${name}.pdf"`);
  expect(jdf).toContain('350gsm silk');
}, 120_000);
