/**
 * Text no font can draw: a print job (POST /designs/{id}/pdf) and a merge job (POST
 * /merge-jobs) fail by default, naming the page, the layer and the character; with
 * `allow_missing_glyphs: true` they complete with the MISSING_GLYPHS warning. U+10FFFD
 * (private use, plane 16) is in none of the shipped fonts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { cardDesign, merged } from '../merge/helpers.js';
import { finishedJob, printApp, printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => ({ t, store } = await printApp()));
afterAll(async () => t.close());

const NO_GLYPH = '\u{10FFFD}';

async function printJob(designId: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/pdf`, headers: as.U(store), payload: body });
  expect(res.statusCode, res.body).toBe(202);
  return { queued: res.json().data, done: await finishedJob(t.app, res.json().data.id, as.U(store)) };
}

describe('a character no font has', () => {
  it('fails the print job by default (naming page, layer and character); allow_missing_glyphs prints it with the warning', async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, {
      side_id: front.id, viewport_width: 600, viewport_height: 848,
      layers: [textLayer({ text: 'Tamil தமிழ் prints' }), textLayer({ top: 200, text: `Logo ${NO_GLYPH} here` })],
    });
    const strict = await printJob(d.id, {});
    expect(strict.queued.allow_missing_glyphs).toBe(false);
    expect(strict.done.status).toBe('failed');
    expect(strict.done.error).toBe(`page 1, layers[1]: no font has "${NO_GLYPH}" (U+10FFFD)`);
    expect(strict.done.error_code).toBe('missing_glyphs');
    expect(strict.done.pdf_url).toBeNull();

    const allowed = await printJob(d.id, { allow_missing_glyphs: true });
    expect(allowed.done).toMatchObject({ status: 'completed', allow_missing_glyphs: true });
    expect(allowed.done.warnings).toEqual([expect.objectContaining({ code: 'MISSING_GLYPHS', page: 1, layer: 'layers[1]', details: { characters: [NO_GLYPH] } })]);
  });

  it('fails the merge job by default when a record brings the character; allow_missing_glyphs merges it with the warning', async () => {
    const d = await cardDesign(t.app, store, [{ type: 'text', left: 20, top: 50, text: 'Name', fontFamily: 'Roboto', fontSize: 20, field: { name: 'name', type: 'text' } }]);
    const records = [{ name: 'Ada' }, { name: `Grace ${NO_GLYPH}` }];
    const strict = await merged(t.app, as.B(store), { design_id: d.id, records });
    expect(strict).toMatchObject({ status: 'failed', allow_missing_glyphs: false, pdf_url: null });
    expect(strict.error_code).toBe('missing_glyphs');
    expect(strict.error).toMatch(/^page 2, sides\[0\]\.layers\[0\]: no font has ".*" \(U\+10FFFD\)$/u);

    const allowed = await merged(t.app, as.B(store), { design_id: d.id, records, allow_missing_glyphs: true });
    expect(allowed).toMatchObject({ status: 'completed', allow_missing_glyphs: true, pages: 2 });
    expect(allowed.warnings.map((w: { code: string }) => w.code)).toContain('MISSING_GLYPHS');
  });
});
