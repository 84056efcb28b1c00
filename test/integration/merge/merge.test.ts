import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { multipart } from '../catalog/helpers.js';
import { downloadLink, finishedJob, saveDesign } from '../designs/helpers.js';
import { pdfBoxes, pdfImages } from '../../unit/engines/pdf/helpers.js';
import { pdfxFacts, qpdfJson } from '../../unit/engines/pdf/pdfx-helpers.js';
import { decodePages, pageText } from '../../unit/engines/vdp/helpers.js';
import { cardDesign, cardLayers, cardProduct, merged, postMerge, upload } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  // the test's own image server on 127.0.0.1 is reachable; every other private address is not
  t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } });
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const MM = 72 / 25.4;
const people = [
  { name: 'Ada Lovelace', title: 'Analyst', url: 'https://example.com/ada', sku: 'ADA-0001' },
  { name: 'Grace Brewster Murray Hopper', title: 'Rear Admiral', url: 'https://example.com/grace', sku: 'GRACE-0002' },
  { name: 'Alan Turing', title: 'Mathematician', url: 'https://example.com/alan', sku: 'ALAN-0003' },
];

describe('POST /v1/merge-jobs', () => {
  it('merges JSON records: a page per record with its text and codes, progress and a report', async () => {
    const d = await cardDesign(t.app, store);
    const res = await postMerge(t.app, as.B(store), { design_id: d.id, records: people });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().data;
    expect(job).toMatchObject({ type: 'merge', status: 'queued', design_id: d.id, design_ids: [d.id], output: 'pdf', on_error: 'skip', pdf_url: null, zip_url: null, report: null });
    expect(job.progress).toEqual({ current: 0, total: 3, percentage: 0 });
    const done = await finishedJob(t.app, job.id, as.B(store));
    expect(done.status, done.error).toBe('completed');
    expect(done.progress).toEqual({ current: 3, total: 3, percentage: 100 });
    expect(done.pages).toBe(3);
    expect(done.zip_url).toBeNull();
    const pdf = await downloadLink(t.app, done.pdf_url);
    expect(done.size_bytes).toBe(pdf.length);
    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(3);
    for (const b of boxes) {
      expect(b.TrimBox[2]! - b.TrimBox[0]!).toBeCloseTo(85 * MM, 1);
      expect(b.MediaBox[2]!).toBeCloseTo(89 * MM, 1);
    }
    for (const [i, p] of people.entries()) {
      const text = (await pageText(pdf, i + 1)).replace(/\s+/g, ' ');
      expect(text).toContain(p.name);
      expect(text).toContain(`Title: ${p.title}`);
      expect(text).toContain('Folio Print Co.');
    }
    expect(await decodePages(pdf, 3)).toEqual(people.map((p) => [`CODE-128:${p.sku}`, `QR-Code:${p.url}`].sort()));
    // the long name was shrunk to fit its 200 px box; the others fit as designed
    expect(done.report).toMatchObject({ records: 3, merged: 3, skipped: 0, shrunk: 1, overflowed: 0 });
    expect(done.report.details).toEqual([expect.objectContaining({ record: 2, status: 'merged', pages: [2, 2], shrunk: [{ field: 'name', from: 24, to: expect.any(Number) }], errors: [] })]);
    expect(done.report.details[0].shrunk[0].to).toBeLessThan(24);
  });

  it('reads a CSV with a BOM and ; delimiters (quoted cells keep their ;), and a multipart file part into a ZIP', async () => {
    const d = await cardDesign(t.app, store);
    const csv = '\uFEFFname;title;link;sku\r\n"Lovelace; Ada";Analyst;https://example.com/1;SKU-1\r\nBob Smith;"Chief ""Maker""";https://example.com/2;SKU-2\r\n';
    const done = await merged(t.app, as.JS(store), { design_id: d.id, csv, mapping: { url: 'link' } });
    expect(done.status, done.error).toBe('completed');
    const pdf = await downloadLink(t.app, done.pdf_url);
    expect((await pageText(pdf, 1)).replace(/\s+/g, ' ')).toContain('Lovelace; Ada');
    expect((await pageText(pdf, 2)).replace(/\s+/g, ' ')).toContain('Title: Chief "Maker"');
    expect(await decodePages(pdf, 2)).toEqual([['CODE-128:SKU-1', 'QR-Code:https://example.com/1'], ['CODE-128:SKU-2', 'QR-Code:https://example.com/2']]);

    const form = multipart([
      { name: 'design_id', value: d.id },
      { name: 'output', value: 'zip' },
      { name: 'mapping', value: JSON.stringify({ url: 'link' }) },
      { name: 'file', filename: 'people.csv', type: 'text/csv', body: Buffer.from('name,title,link,sku\nOne,A,https://e.com/1,S1\nTwo,B,https://e.com/2,S2\n') },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/merge-jobs', headers: { ...as.B(store), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(202);
    const zipJob = await finishedJob(t.app, res.json().data.id, as.B(store));
    expect(zipJob.status, zipJob.error).toBe('completed');
    expect(zipJob.pdf_url).toBeNull();
    const files = unzipSync(await downloadLink(t.app, zipJob.zip_url));
    expect(Object.keys(files).sort()).toEqual(['record-1.pdf', 'record-2.pdf']);
    expect(await pageText(files['record-2.pdf']!, 1)).toContain('Two');
    expect(await decodePages(files['record-1.pdf']!, 1)).toEqual([['CODE-128:S1', 'QR-Code:https://e.com/1']]);
  });

  it('a bad row follows on_error: skip lists it in the report, fail fails the job naming it', async () => {
    const d = await cardDesign(t.app, store);
    const csv = 'name,title,url,sku\nGood One,A,https://e.com/1,S1\nShort Row,B\nNo Sku,C,https://e.com/3,\nGood Two,D,https://e.com/4,S4\n';
    const skip = await merged(t.app, as.B(store), { design_id: d.id, csv });
    expect(skip.status, skip.error).toBe('completed');
    expect(skip.pages).toBe(2);
    expect(skip.report).toMatchObject({ records: 4, merged: 2, skipped: 2 });
    expect(skip.report.details.map((r: any) => [r.record, r.status, r.errors.map((e: any) => e.code)])).toEqual([
      [2, 'skipped', ['bad_row']],
      [3, 'skipped', ['missing_value']],
    ]);
    expect(skip.report.details[0].errors[0].message).toBe('the row has 2 columns, the header 4');
    const pdf = await downloadLink(t.app, skip.pdf_url);
    expect(await pageText(pdf, 2)).toContain('Good Two');

    const fail = await merged(t.app, as.B(store), { design_id: d.id, csv, on_error: 'fail' });
    expect(fail.status).toBe('failed');
    expect(fail.error).toBe('record 2: the row has 2 columns, the header 4 (on_error: fail)');
    expect(fail.pdf_url).toBeNull();
  });

  it('prints PDF/X-4 in CMYK like the PDF job: OutputIntent, CMYK colours, text and codes intact', async () => {
    const d = await cardDesign(t.app, store);
    const done = await merged(t.app, as.B(store), { design_id: d.id, records: people.slice(0, 2), pdf_standard: 'pdf_x4' });
    expect(done.status, done.error).toBe('completed');
    expect(done).toMatchObject({ color_mode: 'cmyk', pdf_standard: 'pdf_x4', output_profile: 'swop' });
    const pdf = await downloadLink(t.app, done.pdf_url);
    const f = await pdfxFacts(pdf);
    expect(f.header).toBe('%PDF-1.6');
    expect(f.intents).toHaveLength(1);
    expect(f.profiles[0]).toMatchObject({ n: 4, space: 'CMYK' });
    // the pages place forms (static layers once, each record's fields): their colour operators are CMYK or gray, never RGB
    const q = await qpdfJson(pdf);
    const forms = [...q.objects.values()].filter((o) => o.stream?.dict['/Subtype'] === '/Form' && o.stream.data).map((o) => Buffer.from(o.stream!.data!, 'base64').toString('latin1'));
    const ops = (re: RegExp) => forms.join('\n').split('\n').filter((l) => re.test(l)).length;
    expect(forms.length).toBeGreaterThan(2);
    expect(ops(/(^|\s)(rg|RG)$/)).toBe(0);
    expect(ops(/(^|\s)(k|K)$/)).toBeGreaterThan(0);
    expect((await pageText(pdf, 2)).replace(/\s+/g, ' ')).toContain(people[1]!.name);
    expect(await decodePages(pdf, 2)).toEqual(people.slice(0, 2).map((p) => [`CODE-128:${p.sku}`, `QR-Code:${p.url}`].sort()));
    const rgbX = await postMerge(t.app, as.B(store), { design_id: d.id, records: people, color_mode: 'rgb', pdf_standard: 'pdf_x4' });
    expect(rgbX.statusCode).toBe(400);
    expect(Object.keys(rgbX.json().error)).toEqual(['color_mode']);
  });

  it('numbers copies without a data set: {{n}} from start, by step, zero-padded', async () => {
    const { side } = await cardProduct(t.app, store);
    const d = await saveDesign(t.app, store, {
      side_id: side.id,
      layers: [
        { type: 'text', left: 20, top: 20, width: 300, text: 'Ticket No. {{n}}', fontFamily: 'Roboto', fontSize: 20, field: { name: 'number', type: 'text' } },
        { type: 'rect', left: 20, top: 80, width: 250, height: 80, fill: '#fff', strokeWidth: 0, field: { name: 'n', type: 'barcode', symbology: 'code128' } },
      ],
    }, as.B(store));
    const done = await merged(t.app, as.B(store), { design_id: d.id, numbering: { start: 98, step: 2, padding: 5, count: 3 } });
    expect(done.status, done.error).toBe('completed');
    const pdf = await downloadLink(t.app, done.pdf_url);
    const numbers = ['00098', '00100', '00102'];
    for (const [i, n] of numbers.entries()) expect(await pageText(pdf, i + 1)).toContain(`Ticket No. ${n}`);
    expect(await decodePages(pdf, 3)).toEqual(numbers.map((n) => [`CODE-128:${n}`]));
  });

  it('fills an image field from an image id of the store', async () => {
    const img = (await upload(t.app, store)).json().data;
    const d = await cardDesign(t.app, store, [
      ...cardLayers(),
      { type: 'rect', left: 250, top: 150, width: 60, height: 60, fill: '#ccc', strokeWidth: 0, field: { name: 'photo', type: 'image', fit: 'contain' } },
    ]);
    const done = await merged(t.app, as.B(store), { design_id: d.id, records: [{ ...people[0], photo: img.id }, { ...people[2], photo: '00000000-0000-4000-8000-000000000000' }] });
    expect(done.status, done.error).toBe('completed');
    expect(done.report.skipped).toBe(1);
    expect(done.report.details[0]).toMatchObject({ record: 2, status: 'skipped', errors: [{ field: 'photo', code: 'image_unavailable', message: expect.stringContaining('could not be fetched') }] });
  });

  it('fetches image fields by URL through the safe fetcher: a 404 or a private address is a bad row, never a request to it', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    const hits: string[] = [];
    const server: Server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const d = await cardDesign(t.app, store, [...cardLayers(), { type: 'rect', left: 250, top: 150, width: 60, height: 60, fill: '#ddd', strokeWidth: 0, field: { name: 'photo', type: 'image', fit: 'cover' } }]);
      const rows = [`${origin}/photo.jpg`, `${origin}/missing.jpg`, `${origin}/page.html`, 'http://169.254.169.254/latest/meta-data/'].map((photo, i) => ({ ...people[i % 3], photo }));
      const done = await merged(t.app, as.B(store), { design_id: d.id, records: rows });
      expect(done.status, done.error).toBe('completed');
      expect(done.report).toMatchObject({ merged: 1, skipped: 3 });
      expect(done.report.details.map((r: any) => [r.record, r.errors.map((e: any) => `${e.field}:${e.code}`)])).toEqual([
        [2, ['photo:image_unavailable']],
        [3, ['photo:image_unavailable']],
        [4, ['photo:image_unavailable']],
      ]);
      expect(done.report.details[1].errors[0].message).toMatch(/not an image/);
      expect(hits.sort()).toEqual(['/missing.jpg', '/page.html', '/photo.jpg']);
      const pdf = await downloadLink(t.app, done.pdf_url);
      expect(await pdfBoxes(pdf)).toHaveLength(1);
      expect((await pdfImages(pdf)).filter((i) => i.type === 'image').map((i) => [i.width, i.height])).toEqual([[300, 200]]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('answers 400 for what can be known before the job', async () => {
    const d = await cardDesign(t.app, store);
    const plain = await saveDesign(t.app, store, { side_id: (await cardProduct(t.app, store)).side.id, layers: [{ type: 'rect', width: 10, height: 10 }] }, as.B(store));
    const bad = await saveDesign(t.app, store, { side_id: (await cardProduct(t.app, store)).side.id, layers: [{ type: 'rect', width: 10, height: 10, field: { name: 'code', type: 'barcode', symbology: 'morse' } }] }, as.B(store));
    const cases: [unknown, string, RegExp][] = [
      [{ records: people }, 'design_id', /exactly one/],
      [{ design_id: d.id, project_id: d.id, records: people }, 'design_id', /exactly one/],
      [{ design_id: d.id }, 'records', /numbering.count/],
      [{ design_id: d.id, records: people, csv: 'a\n1' }, 'records', /not both/],
      [{ design_id: d.id, records: [] }, 'records', /no record/],
      [{ design_id: d.id, records: people.map(({ sku: _, ...p }) => p) }, 'mapping.sku', /no column of that name/],
      [{ design_id: d.id, records: people, mapping: { url: 'website' } }, 'mapping.url', /no column "website"/],
      [{ design_id: d.id, records: people, mapping: { nope: 'name' } }, 'mapping.nope', /no field/],
      [{ design_id: d.id, csv: 'name,title\n"unterminated,x\n' }, 'csv', /not readable as CSV/],
      [{ design_id: d.id, csv: 'name,name\na,b\n' }, 'csv', /appears twice/],
      [{ design_id: d.id, records: people, output: 'tiff' }, 'output', /pdf, zip/],
      [{ design_id: d.id, records: Array.from({ length: 10_001 }, () => ({ name: 'x' })) }, 'records', /10000/],
      [{ design_id: plain.id, records: people }, 'design_id', /no variable-data field/],
      [{ design_id: bad.id, records: [{ code: '1' }] }, `designs.${bad.id}.layers[0].field.symbology`, /code128/],
    ];
    // 10,000 records (about 2 MB of JSON) are read whole, past the service's 1 MiB default body limit
    const big = Array.from({ length: 10_000 }, (_, i) => ({ full_name: `Person number ${i} with a longer name`, role: 'Engineer', website: `https://example.com/people/${i}`, code: `SKU-${i}` }));
    expect(JSON.stringify(big).length).toBeGreaterThan(1_048_576);
    cases.push([{ design_id: d.id, records: big }, 'mapping.name', /no column of that name: map it to one of: full_name, role, website, code/]);
    for (const [payload, field, message] of cases) {
      const res = await postMerge(t.app, as.B(store), payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 120)} → ${res.body}`).toBe(400);
      const fields = res.json().error;
      expect(Object.keys(fields), res.body).toContain(field);
      expect(fields[field].join(' '), res.body).toMatch(message);
    }
  });

  it('credentials: store key, JWT + store and an API key with files:render; not the public token; other tenants 404', async () => {
    const d = await cardDesign(t.app, store);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/merge-jobs', payload: { design_id: d.id, records: people }, accepts: ['B', 'JS', 'K'] }, store);
    const render = (await storeKey(t, store, { scopes: ['files:render'] })).key;
    const reader = (await storeKey(t, store, { scopes: ['catalog:read'] })).key;
    const ok = await postMerge(t.app, asK(render), { design_id: d.id, records: people.slice(0, 1) });
    expect(ok.statusCode, ok.body).toBe(202);
    const denied = await postMerge(t.app, asK(reader), { design_id: d.id, records: people });
    expect(denied.statusCode).toBe(403);
    expect((await postMerge(t.app, as.B(other), { design_id: d.id, records: people })).statusCode).toBe(404);
    for (const headers of [as.B(other), as.JS(other)]) expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${ok.json().data.id}`, headers })).statusCode).toBe(404);
    expect((await finishedJob(t.app, ok.json().data.id, asK(render))).status).toBe('completed');
  });
});
