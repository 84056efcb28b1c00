import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBgRemovalProvider, RemoveBgProvider } from '../../../../src/modules/bg-remove/remove-bg.provider.js';
import { ImageTooLargeError, InvalidImageError, ProviderError } from '../../../../src/engines/vision/segmentation/errors.js';
import { GOOD_KEY, KEYS, startFakeRemoveBg, type FakeRemoveBg } from './fake-remove-bg.js';

let server: FakeRemoveBg;
let photo: Buffer; // 240×160 JPEG
const noSleep = async (): Promise<void> => undefined;

beforeAll(async () => {
  server = await startFakeRemoveBg();
  photo = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#3a7bd5' } })
    .composite([{ input: Buffer.from('<svg width="240" height="160"><circle cx="120" cy="80" r="40" fill="#f4a261"/></svg>') }])
    .jpeg()
    .toBuffer();
});
afterAll(async () => server.close());

const provider = (apiKey: string, extra: Partial<ConstructorParameters<typeof RemoveBgProvider>[0]> = {}): RemoveBgProvider =>
  new RemoveBgProvider({ apiKey, baseUrl: server.baseUrl, sleep: noSleep, ...extra });

async function rawOf(png: Buffer): Promise<{ data: Buffer; channels: number; width: number; height: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, channels: info.channels, width: info.width, height: info.height };
}

describe('RemoveBgProvider against a local server that follows remove.bg’s contract', () => {
  it('sends the key, the file and the documented fields, and returns a validated cut-out', async () => {
    const before = server.requests.length;
    const r = await provider(GOOD_KEY).remove(photo, { subjectType: 'hair_heavy', edgeSoftness: 3 });
    const req = server.requests[before]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1.0/removebg');
    expect(req.apiKey).toBe(GOOD_KEY);
    expect(req.accept).toBe('image/png'); // application/json would ask for a base64 JSON answer
    expect(req.fields).toMatchObject({ size: 'auto', type: 'person', format: 'png' });
    expect(req.file?.contentType).toBe('image/jpeg');
    expect(req.file?.bytes.equals(photo)).toBe(true);

    expect(r).toMatchObject({ provider: 'remove.bg', mime: 'image/png', width: 240, height: 160, method: null });
    const px = await rawOf(r.png);
    expect(px.channels).toBe(4);
    expect(px.data[(80 * 240 + 120) * 4 + 3]).toBe(255); // centre kept
    expect(px.data[(2 * 240 + 2) * 4 + 3]).toBe(0); // corner removed
  });

  it('maps subject types onto remove.bg’s type field', async () => {
    const seen: string[] = [];
    for (const subjectType of ['auto', 'person', 'product', 'logo', 'text'] as const) {
      const before = server.requests.length;
      await provider(GOOD_KEY).remove(photo, { subjectType });
      seen.push(server.requests[before]!.fields.type!);
    }
    expect(seen).toEqual(['auto', 'person', 'product', 'auto', 'auto']);
  });

  it('flattens onto white itself for output_background white', async () => {
    const r = await provider(GOOD_KEY).remove(photo, { outputBackground: 'white' });
    const px = await rawOf(r.png);
    expect(px.channels).toBe(3);
    expect([...px.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    const c = (80 * 240 + 120) * 3;
    expect(px.data[c]!).toBeGreaterThan(200); // the orange disc, not white
    expect(px.data[c + 2]!).toBeLessThan(140);
  });

  it('edge_softness 0 gives a hard cut of the remote alpha', async () => {
    const r = await provider(GOOD_KEY).remove(photo, { edgeSoftness: 0 });
    const px = await rawOf(r.png);
    const values = new Set<number>();
    for (let i = 3; i < px.data.length; i += 4) values.add(px.data[i]!);
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
  });

  it('accepts a smaller answer of the same aspect ratio and scales it to the input', async () => {
    const r = await provider(KEYS.preview).remove(photo);
    expect([r.width, r.height]).toEqual([240, 160]);
    const px = await rawOf(r.png);
    expect(px.data[(80 * 240 + 120) * 4 + 3]).toBe(255);
  });

  it.each([
    [KEYS.notAnImage, /content type text\/html/],
    [KEYS.wrongAspect, /aspect ratio/],
    [KEYS.noAlpha, /no transparency/],
  ])('rejects an answer it cannot trust (%s)', async (key, why) => {
    const err = await provider(key).remove(photo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toMatch(why);
    expect((err as ProviderError).retryable).toBe(false);
  });

  it.each([
    ['bad key', 'not-a-key', 403, 'auth_failed', /rejected the API key/],
    ['no credits', KEYS.noCredits, 402, 'insufficient_credits', /no credits/],
  ])('turns %s into a ProviderError that is not retried', async (_label, key, status, code, message) => {
    const before = server.requests.length;
    const err = (await provider(key).remove(photo).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status, providerCode: code, retryable: false, provider: 'remove.bg', code: 'provider_error' });
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain(key);
    expect(server.requests.length - before).toBe(1);
  });

  it('retries a rate limit (honouring Retry-After) and a 503, then succeeds', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
    };
    const before = server.requests.length;
    await expect(provider(KEYS.rateLimitedOnce, { sleep }).remove(photo)).resolves.toMatchObject({ width: 240 });
    expect(server.requests.length - before).toBe(2);
    expect(waits).toEqual([0]); // Retry-After: 0
    await expect(provider(KEYS.serverErrorOnce, { sleep }).remove(photo)).resolves.toMatchObject({ width: 240 });
  });

  it('gives up after maxAttempts on a persistent rate limit, marked retryable', async () => {
    const before = server.requests.length;
    const err = (await provider(KEYS.rateLimited, { maxAttempts: 3 }).remove(photo).catch((e: unknown) => e)) as ProviderError;
    expect(err).toMatchObject({ status: 429, providerCode: 'rate_limit_exceeded', retryable: true });
    expect(server.requests.length - before).toBe(3);
  });

  it('times out a slow answer', async () => {
    const err = (await provider(KEYS.slow, { timeoutMs: 200, maxAttempts: 1 }).remove(photo).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 0, retryable: true });
    expect(err.message).toMatch(/did not answer in time/);
  });

  it('reports an unreachable service as retryable', async () => {
    const p = new RemoveBgProvider({ apiKey: GOOD_KEY, baseUrl: 'http://127.0.0.1:9', maxAttempts: 2, sleep: noSleep });
    await expect(p.remove(photo)).rejects.toMatchObject({ status: 0, retryable: true, message: 'remove.bg could not be reached' });
  });

  it('checks the input before spending a credit', async () => {
    const before = server.requests.length;
    await expect(provider(GOOD_KEY).remove(Buffer.from('not an image'))).rejects.toBeInstanceOf(InvalidImageError);
    await expect(provider(GOOD_KEY, { maxPixels: 1000 }).remove(photo)).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(server.requests.length).toBe(before);
  });

  it('is built from configuration by kind', () => {
    expect(createBgRemovalProvider({ kind: 'remove.bg', apiKey: 'k' }).name).toBe('remove.bg');
    expect(createBgRemovalProvider({ kind: 'local' }).name).toBe('local-u2netp');
    expect(() => new RemoveBgProvider({ apiKey: '' })).toThrow(/API key/);
  });
});
