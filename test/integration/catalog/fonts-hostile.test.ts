import fontkit from '@pdf-lib/fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { DEJAVU_TTF, hostileFonts, ROBOTO_TTF, sfntTables, withComponent } from '../../helpers/hostile.js';
import { finishedJob, printProduct, saveDesign } from '../designs/helpers.js';
import { multipart } from './helpers.js';

/**
 * Issue 37, findings 2 and 7: malformed fonts. Each is refused at upload (422 naming what
 * failed, 413 past the declared-size limit), never a 500; a damaged font already stored
 * fails its renders with a 422 / a failed job naming the font and never takes the process
 * down; the parsed-font cache is keyed by the font's bytes, not its family.
 */
let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  await t.deps.startWorkers();
  store = await createStore(t.app);
});
afterAll(() => t.close());

const uploadFont = (s: TestStore, body: Buffer, name: string) => {
  const m = multipart([{ name: 'file', filename: 'f.ttf', body }, { name: 'name', value: name }]);
  return t.app.inject({ method: 'POST', url: '/v1/fonts/upload', payload: m.payload, headers: { ...as.B(s), ...m.headers } });
};

/**
 * A font as one stored before uploads were checked: a good font goes through the upload,
 * then the stored bytes are replaced by `damaged` (what the blob store now holds for it).
 */
async function storeUncheckedFont(s: TestStore, name: string, good: Buffer, damaged: Buffer): Promise<string> {
  const res = await uploadFont(s, good, name);
  expect(res.statusCode, res.body).toBe(201);
  const font = res.json().data;
  await t.deps.blobs.put(`catalog/${s.id}/fonts/${font.id}.${font.type}`, damaged, { contentType: `font/${font.type}` });
  return font.id;
}

/** A design on an A5 side with one text layer in `fontFamily`, saved with the public token. */
async function textDesign(s: TestStore, fontFamily: string, text = 'Hello: world') {
  const { front } = await printProduct(t.app, s);
  return saveDesign(t.app, s, { side_id: front.id, layers: [{ type: 'textbox', left: 40, top: 60, width: 500, text, fontFamily, fontSize: 40, fill: '#000000' }] });
}

const proof = (s: TestStore, designId: string) => t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/proof`, headers: as.U(s), payload: { width: 300 } });

describe('malformed fonts at upload (finding 7)', () => {
  it('each is refused with 422 (or 413 past FONT_MAX_SFNT_BYTES) in the error envelope, never a 500, and nothing is stored', async () => {
    const s = await createStore(t.app);
    const seen: string[] = [];
    for (const h of hostileFonts()) {
      const res = await uploadFont(s, h.data, 'Hostile');
      seen.push(`${h.label}: ${res.statusCode}`);
      expect(res.statusCode, `${h.label}: ${res.body}`).toBe(h.status);
      expect(envelopeProblem(res), h.label).toBeNull();
      if (h.status === 422) expect(res.json().errors.file[0], h.label).toMatch(/^The font file is damaged or unusable: /);
    }
    expect(seen.length).toBeGreaterThanOrEqual(12);
    expect((await t.app.inject({ method: 'GET', url: '/v1/fonts/count', headers: as.B(s) })).json().data.count).toBe(0);
  });
});

describe('a font whose composite glyph points past its glyph table (finding 2)', () => {
  const broken = withComponent(ROBOTO_TTF, (numGlyphs) => numGlyphs);

  it('is refused at upload with the store key (422 naming the glyph), so no design can name it', async () => {
    // the designs below draw the damaged glyph (`:`)
    expect((fontkit.create(ROBOTO_TTF) as unknown as { glyphForCodePoint(c: number): { id: number } }).glyphForCodePoint(0x3a).id).toBe(broken.gid);
    const res = await uploadFont(store, broken.data, 'Brand Composite');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.file[0]).toContain(`composite glyph ${broken.gid} uses glyph 1326, past the font's 1326 glyphs`);
    const { front } = await printProduct(t.app, store);
    const save = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, layers: [{ type: 'text', text: 'a:b', fontFamily: 'Brand Composite' }] } });
    expect(save.statusCode, save.body).toBe(400);
  });

  it('stored before the check: the proof (public token) is a 422 naming the font, the PDF job fails with that error, and the server keeps serving', async () => {
    await storeUncheckedFont(store, 'Brand Legacy', ROBOTO_TTF, broken.data);
    const d = await textDesign(store, 'Brand Legacy');
    const p = await proof(store, d.id);
    expect(p.statusCode, p.body).toBe(422);
    expect(envelopeProblem(p)).toBeNull();
    expect(p.json().message).toMatch(/font "Brand Legacy": the font file is damaged or unusable \(subsetting its glyphs/);
    const job = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} });
    expect(job.statusCode, job.body).toBe(202);
    const done = await finishedJob(t.app, job.json().data.id, as.B(store));
    expect(done.status).toBe('failed');
    expect(JSON.stringify(done)).toMatch(/font \\"Brand Legacy\\": the font file is damaged or unusable/);
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
  });
});

describe('the parsed-font cache (finding 7)', () => {
  it('is keyed by the bytes: a corrupt "DejaVu Sans" does not break a good "DejaVu Sans" uploaded later under another name', async () => {
    const s = await createStore(t.app);
    // the corrupt one: its cmap lies past the end of the file (fontkit opens it; reading it throws)
    const corrupt = Buffer.from(DEJAVU_TTF);
    corrupt.writeUInt32BE(corrupt.length + 4096, sfntTables(corrupt).cmap!.entry + 8);
    await storeUncheckedFont(s, 'Brand A', DEJAVU_TTF, corrupt);
    const a = await proof(s, (await textDesign(s, 'Brand A')).id);
    const good = await uploadFont(s, DEJAVU_TTF, 'Brand B');
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data.family).toBe('DejaVu Sans');
    const b = await proof(s, (await textDesign(s, 'Brand B')).id);
    // before: [500, 500], the good font parsed from the corrupt one's cache entry (same family, weight and style)
    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([422, 200]);
    expect(a.json().message).toContain('font "Brand A"');
  });
});
