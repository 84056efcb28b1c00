/**
 * Issue 37: PDF artwork is untrusted input.
 *
 * Finding 1: a PDF naming a file (an external image stream, a font program in another file, a
 * font or CMap named like a path, /Launch, /GoToR, file specifications) made Ghostscript read
 * that file into a CMYK print. Canary files of random bytes in the system temp dir and in the
 * instance's data dir: upload each mechanism with the public token (refused, or stored with
 * the mechanism stripped), and print and proof artwork stored before this check (its blob
 * replaced behind the API's back): no byte of a canary in any output.
 *
 * Finding 6: a PDF whose page tree loops passed upload and design save, then was a 500 on
 * proof, a PDF job failed after three attempts and a merge failed whole. Now: refused at
 * upload (422 naming the loop); one stored before that is a 422 on proof, a PDF job failed on
 * its first attempt naming the loop, and a skipped record in a merge.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { canaryPiecesIn, canaryPiecesInPdf, writeCanary, type Canary } from '../../helpers/canary.js';
import { CANARY_IMAGE_SIDE, hostilePdfs, loopedPdfs } from '../../helpers/hostile.js';
import { storeOn } from '../api-keys/helpers.js';
import { upload } from '../catalog/helpers.js';
import { downloadLink, finishedJob, printProduct, saveDesign } from '../designs/helpers.js';
import { cardDesign, cardLayers, merged } from '../merge/helpers.js';
import { makeArtworkPdf } from '../../unit/engines/pdf/artwork-helpers.js';

let t: TestApp;
let store: TestStore;
let canaries: Canary[];
beforeAll(async () => {
  // retries in milliseconds, so a job the old code retried fails (and this test with it) quickly
  t = await buildTestApp({ jobRetryBaseMs: 10 });
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
  canaries = [await writeCanary(tmpdir()), await writeCanary(t.dataDir, 'secrets-canary.json')];
});
afterAll(async () => {
  for (const c of canaries ?? []) await rm(c.path, { force: true });
  await t.close();
});

/** A clean PDF artwork uploaded, and a function that replaces its stored file (as an upload from before this check would be). */
async function storedArtwork(): Promise<{ id: string; replace: (bytes: Buffer) => Promise<void> }> {
  const res = await upload(t.app, store, '/v1/images', Buffer.from(await makeArtworkPdf()), [], as.U(store));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  const key = (await t.deps.catalog.images.get(store.id, id)).blob_key;
  return { id, replace: async (bytes) => void (await t.deps.blobs.put(key, bytes, { contentType: 'application/pdf' })) };
}

async function print(designId: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/pdf`, headers: as.U(store), payload });
  expect(res.statusCode, res.body).toBe(202);
  return finishedJob(t.app, res.json().data.id, as.U(store));
}

function proof(designId: string, width: number) {
  return t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/proof`, headers: as.U(store), payload: { width } });
}

/** The proof image's pixels, raw. */
async function proofPixels(url: string): Promise<Buffer> {
  return sharp(await downloadLink(t.app, url)).raw().toBuffer();
}

/** Each mechanism once, naming the temp-dir and the data-dir canary in turn. */
function eachMechanism() {
  return hostilePdfs(canaries[0]!.path).map((_, i) => ({ ...hostilePdfs(canaries[i % 2]!.path)[i]!, canary: canaries[i % 2]! }));
}

describe('finding 1: a PDF artwork naming a local file', () => {
  it('upload (public token): an external stream is refused (422, named); every other mechanism is stored, and its thumbnails hold no byte of the file', async () => {
    for (const { canary, ...h } of eachMechanism()) {
      const res = await upload(t.app, store, '/v1/images', h.bytes, [], as.U(store));
      if (h.upload === 'refused') {
        expect(res.statusCode, `${h.name}: ${res.body}`).toBe(422);
        expect(res.json().message, h.name).toMatch(/^The PDF is refused: the PDF takes stream data from an outside file \(external stream/);
        continue;
      }
      expect(res.statusCode, `${h.name}: ${res.body}`).toBe(201);
      const thumbs = res.json().data.thumbnails as Record<string, string | null>;
      for (const url of Object.values(thumbs)) if (url) expect(canaryPiecesIn(await sharp(await downloadLink(t.app, url)).raw().toBuffer(), canary), h.name).toBe(0);
    }
  }, 60_000);

  it('stored before the check: a CMYK print and a proof hold no byte of the file; an external stream fails the job and the proof naming it', async () => {
    const { front } = await printProduct(t.app, store);
    // every output is checked for both canaries
    const cases = eachMechanism();
    const arts = await Promise.all(cases.map(() => storedArtwork()));
    const layer = (id: string, i: number) => ({ type: 'image', image_id: id, left: 10 + (i % 4) * 140, top: 10 + Math.floor(i / 4) * 140, scaleX: CANARY_IMAGE_SIDE / 50, scaleY: CANARY_IMAGE_SIDE / 50 });
    const refusedIdx = cases.flatMap((h, i) => (h.upload === 'refused' ? [i] : []));
    // one design per artwork that must be refused (a job stops at the first); the stripped ones together
    const single = await Promise.all(refusedIdx.map((i) => saveDesign(t.app, store, { side_id: front.id, layers: [layer(arts[i]!.id, 0)] })));
    const stripped = await saveDesign(t.app, store, { side_id: front.id, layers: cases.flatMap((h, i) => (h.upload === 'stripped' ? [layer(arts[i]!.id, i)] : [])) });
    for (const [i, h] of cases.entries()) await arts[i]!.replace(h.bytes);
    const pieces = async (what: 'pdf' | 'png', url: string) => {
      const out = what === 'pdf' ? await downloadLink(t.app, url) : await proofPixels(url);
      let n = 0;
      for (const c of canaries) n += what === 'pdf' ? await canaryPiecesInPdf(out, c) : canaryPiecesIn(out, c);
      return n;
    };
    for (const [n, i] of refusedIdx.entries()) {
      const name = cases[i]!.name;
      const job = await print(single[n].id, { color_mode: 'cmyk' });
      if (job.status === 'completed') expect(await pieces('pdf', job.pdf_url), `${name}: canary in the print`).toBe(0);
      expect(job.status, name).toBe('failed');
      expect(job.error, name).toMatch(/outside file \(external stream/);
      const p = await proof(single[n].id, 400);
      if (p.statusCode === 200) expect(await pieces('png', p.json().data.url), `${name}: canary in the proof`).toBe(0);
      expect(p.statusCode, `${name}: ${p.body}`).toBe(422);
      expect(p.json().message, name).toMatch(/external stream/);
    }
    const job = await print(stripped.id, { color_mode: 'cmyk' });
    expect(job.status, job.error).toBe('completed');
    expect(await pieces('pdf', job.pdf_url)).toBe(0);
    const p = await proof(stripped.id, 400);
    expect(p.statusCode, p.body).toBe(200);
    expect(await pieces('png', p.json().data.url)).toBe(0);
  }, 120_000);
});

describe('finding 6: a PDF whose page tree loops', () => {
  it('is refused at upload with the public token: 422 naming the loop, nothing stored', async () => {
    for (const l of loopedPdfs()) {
      const res = await upload(t.app, store, '/v1/images', l.bytes, [], as.U(store));
      expect(res.statusCode, `${l.name}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/^The PDF is refused: the PDF page tree is cyclic/), errors: { file: [expect.stringMatching(/cyclic/)] } });
    }
  });

  it('stored before that: a proof is a 422, a PDF job fails on its first attempt naming the loop, a merge skips its record', async () => {
    const { front } = await printProduct(t.app, store);
    const art = await storedArtwork();
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [{ type: 'image', image_id: art.id, left: 10, top: 10 }] });
    const good = await storedArtwork();
    const card = await cardDesign(t.app, store, [...cardLayers(), { type: 'rect', left: 250, top: 150, width: 60, height: 60, fill: '#ccc', strokeWidth: 0, field: { name: 'art', type: 'image', fit: 'contain' } }]);
    for (const [i, l] of loopedPdfs().entries()) {
      await art.replace(l.bytes);
      const p = await proof(d.id, 300 + i);
      expect(p.statusCode, `${l.name}: ${p.body}`).toBe(422);
      expect(p.json().message, l.name).toMatch(/page tree is cyclic/);

      // RGB: the artwork itself is embedded (before, pdf-lib overflowed its stack on the loop: 3 attempts, then failed)
      const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${d.id}/pdf`, headers: as.U(store), payload: {} });
      expect(res.statusCode, res.body).toBe(202);
      const job = await finishedJob(t.app, res.json().data.id, as.U(store));
      expect(job.status, l.name).toBe('failed');
      expect(job.error, l.name).toMatch(/page tree is cyclic/);
      expect((await t.deps.jobs.byId(res.json().data.id))?.attempts, l.name).toBe(1);

      const m = await merged(t.app, as.B(store), { design_id: card.id, records: [{ name: 'Ada', title: 'A', url: 'https://example.com/a', sku: 'A-1', art: good.id }, { name: 'Bob', title: 'B', url: 'https://example.com/b', sku: 'B-2', art: art.id }] });
      expect(m.status, `${l.name}: ${m.error}`).toBe('completed');
      expect(m.report, l.name).toMatchObject({ records: 2, merged: 1, skipped: 1 });
      expect(m.report.details[0], l.name).toMatchObject({ record: 2, status: 'skipped', errors: [{ field: 'art', code: 'image_unavailable', message: expect.stringMatching(/page tree is cyclic/) }] });
    }
  }, 120_000);
});
