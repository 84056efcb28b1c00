import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realEngines, type StudioEngines } from '../../../src/modules/studio/studio.engines.js';
import { as, createStore, signUp, type TestStore, type TestUser } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { multipart } from '../catalog/helpers.js';
import { listeningServer, type ListeningServer } from '../sdk/server.js';

/**
 * The paid services take Folio's own signed file links (an uploaded image's `url`) and the
 * ids of the caller's images, although the server is on 127.0.0.1, which the safe fetcher
 * refuses: no FOLIO_FETCH_ALLOWLIST here. Everything else is still refused.
 */
const PLANT = fs.readFileSync(path.resolve('test/fixtures/bgremove/eval/h01-plant-white.jpg'));

/** Face crop without the face models: records the bytes it was given and crops the middle. */
const seen: Buffer[] = [];
const engines: StudioEngines = {
  ...realEngines,
  async faceCrop(image, icpType) {
    seen.push(image);
    const meta = await sharp(image).metadata();
    const box = { x: Math.round(meta.width! / 4), y: Math.round(meta.height! / 4), w: Math.round(meta.width! / 2), h: Math.round(meta.height! / 2) };
    const original = await sharp(image).extract({ left: box.x, top: box.y, width: box.w, height: box.h }).jpeg().toBuffer();
    const medium = await sharp(original).resize({ width: 800, height: 800, fit: 'inside' }).jpeg().toBuffer();
    const m = await sharp(medium).metadata();
    return { icpType, faceBox: box, cropBox: box, padded: false, facesFound: 1, original, width: box.w, height: box.h, medium, mediumWidth: m.width!, mediumHeight: m.height!, enhanced: false };
  },
};

let s: ListeningServer;
beforeAll(async () => {
  s = await listeningServer({ workers: true, env: { FOLIO_JOB_POLL_MS: '50' }, studioEngines: engines });
}, 120_000);
afterAll(async () => {
  await s?.close();
});

interface Uploaded {
  id: string;
  url: string;
}

async function owner(): Promise<{ user: TestUser; store: TestStore; image: Uploaded }> {
  const user = await signUp(s.app);
  await s.deps.wallet.credit(user.id, 1000, 'test top-up');
  const store = await createStore(s.app, user);
  const body = multipart([
    { name: 'type', value: 'designs' },
    { name: 'file', filename: 'plant.jpg', body: PLANT, type: 'image/jpeg' },
  ]);
  // Over HTTP, as a shop would: the link in the answer is the one the user then hands on.
  const res = await fetch(`${s.url}/v1/images`, { method: 'POST', headers: { ...as.B(store), ...body.headers }, body: body.payload });
  expect(res.status, await res.clone().text()).toBe(201);
  const image = ((await res.json()) as { data: Uploaded }).data;
  expect(image.url.startsWith(`${s.url}/v1/files/`)).toBe(true);
  return { user, store, image };
}

const api = (user: TestUser, method: string, url: string, payload?: unknown) =>
  fetch(`${s.url}/v1${url}`, {
    method,
    headers: { ...as.J(user), ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
const balance = async (user: TestUser) => (await api(user, 'GET', '/account/wallet')).body.data.balance as number;

async function finished(user: TestUser, jobId: string): Promise<Record<string, any>> {
  return waitFor(
    async () => {
      const job = (await api(user, 'GET', `/services/bg-remove/${jobId}`)).body;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    `bg-remove job ${jobId}`,
    90_000,
    100,
  );
}

/** The link with one part changed. */
function alter(link: string, param: string, value: string | ((v: string) => string)): string {
  const u = new URL(link);
  u.searchParams.set(param, typeof value === 'function' ? value(u.searchParams.get(param)!) : value);
  return u.toString();
}
const flip = (sig: string) => `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;

describe('background removal of an image uploaded to Folio', () => {
  it("takes the image's own signed link: charged 150 tokens, the cut-out made from the uploaded bytes", async () => {
    const { user, image } = await owner();
    const before = await balance(user);
    const res = await api(user, 'POST', '/services/bg-remove', { image_url: image.url });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.tokens_deducted).toBe(150);
    expect(await balance(user)).toBe(before - 150);
    const job = await finished(user, res.body.job_id);
    expect(job.status, job.error_message).toBe('completed');
    const out = await fetch(job.output_url);
    expect(out.status).toBe(200);
    const meta = await sharp(Buffer.from(await out.arrayBuffer())).metadata();
    const src = await sharp(PLANT).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', src.width, src.height]);
    expect(await balance(user)).toBe(before - 150);
  });

  it('takes the id of an image of one of its stores instead of a URL', async () => {
    const { user, image } = await owner();
    const before = await balance(user);
    const res = await api(user, 'POST', '/services/bg-remove', { image_id: image.id, output_background: 'white' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await finished(user, res.body.job_id);
    expect(job.status, job.error_message).toBe('completed');
    expect(await balance(user)).toBe(before - 150);
  });

  it('an altered, expired or incomplete Folio link is a 400 naming image_url, and nothing is charged', async () => {
    const { user, image } = await owner();
    const before = await balance(user);
    const key = new URL(image.url).pathname.replace('/v1/files/', '');
    const expired = await s.deps.blobs.url(decodeURIComponent(key), { ttlSeconds: -60 });
    const bad = [
      [alter(image.url, 'sig', flip), /not valid/],
      [alter(image.url, 'expires', (v) => String(Number(v) + 3600)), /not valid/],
      [image.url.replace(/\/original\./, '/other.'), /not valid/],
      [image.url.split('?')[0]!, /not valid/],
      [expired, /expired/],
    ] as const;
    for (const [url, message] of bad) {
      const res = await api(user, 'POST', '/services/bg-remove', { image_url: url });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
      expect(JSON.stringify(res.body)).toMatch(/image_url/);
    }
    expect(await balance(user)).toBe(before);
    // A correctly signed link to a file that is gone is refused too.
    await s.deps.blobs.delete(decodeURIComponent(key));
    const gone = await api(user, 'POST', '/services/bg-remove', { image_url: image.url });
    expect(gone.status).toBe(400);
    expect(JSON.stringify(gone.body)).toMatch(/no longer exists/);
    expect(await balance(user)).toBe(before);
  });

  it("another account's image id is 404 and nothing is charged; an unknown one too", async () => {
    const { image } = await owner();
    const { user } = await owner();
    const before = await balance(user);
    for (const id of [image.id, '01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await api(user, 'POST', '/services/bg-remove', { image_id: id });
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    }
    const both = await api(user, 'POST', '/services/bg-remove', { image_id: image.id, image_url: image.url });
    expect(both.status).toBe(400);
    const none = await api(user, 'POST', '/services/bg-remove', {});
    expect(none.status).toBe(400);
    expect(await balance(user)).toBe(before);
  });

  it('any other URL still goes through the safe fetcher: a loopback URL, even on our own origin, fails the job and is refunded', async () => {
    const { user, image } = await owner();
    const before = await balance(user);
    const others = [
      `${s.url}/v1/health`, // our origin, not a file link
      image.url.replace('127.0.0.1', 'localhost'), // a file link under another origin
      `http://127.0.0.1:9/v1/files/x.png?expires=1&sig=x`,
    ];
    for (const url of others) {
      const res = await api(user, 'POST', '/services/bg-remove', { image_url: url });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const job = await finished(user, res.body.job_id);
      expect(job.status).toBe('failed');
      expect(job.error_message).toMatch(/could not fetch image_url: .*(loopback|not fetched)/);
    }
    expect(await balance(user)).toBe(before);
  });
});

describe('preflight checks and face crop take Folio links too', () => {
  it('preflight: a Folio link is checked from the blob store; an altered one is 400', async () => {
    const { user, image } = await owner();
    const ok = await api(user, 'POST', '/services/preflight/checks', { designId: 'card-1', fileUrl: image.url });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({ reportId: expect.any(String) });
    const bad = await api(user, 'POST', '/services/preflight/checks', { designId: 'card-1', fileUrl: alter(image.url, 'sig', flip) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/fileUrl/);
    const loopback = await api(user, 'POST', '/services/preflight/checks', { designId: 'card-1', fileUrl: `${s.url}/v1/health` });
    expect(loopback.status).toBe(400);
    expect(JSON.stringify(loopback.body)).toMatch(/not reachable/);
  });

  it('face crop: the link or the image id reaches the engine as the uploaded bytes; bad ones cost nothing', async () => {
    const { user, image } = await owner();
    const before = await balance(user);
    seen.length = 0;
    for (const input of [{ image_url: image.url }, { image_urls: [image.url] }, { image_id: image.id }]) {
      const res = await api(user, 'POST', '/services/studio/face-crop', { ...input, icp_type: 'school' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results[0]).toMatchObject({ status: 'completed' });
    }
    expect(seen).toHaveLength(3);
    for (const b of seen) expect(b.equals(PLANT)).toBe(true);
    const charged = before - (await balance(user));
    expect(charged).toBeGreaterThan(0);

    const { image: theirs } = await owner();
    const other = await api(user, 'POST', '/services/studio/face-crop', { image_id: theirs.id, icp_type: 'school' });
    expect(other.status).toBe(404);
    const altered = await api(user, 'POST', '/services/studio/face-crop', { image_urls: [image.url, alter(image.url, 'sig', flip)], icp_type: 'school' });
    expect(altered.status).toBe(400);
    expect(JSON.stringify(altered.body)).toMatch(/image_urls/);
    expect(before - (await balance(user))).toBe(charged);
  });
});
