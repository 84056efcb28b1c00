import { describe, expect, it } from 'vitest';
import { Metrics } from '../../src/platform/metrics/metrics.js';
import { httpObserver } from '../../src/platform/metrics/http.js';
import { inferenceTimer } from '../../src/platform/metrics/inference.js';
import { timedEngines, type StudioEngines } from '../../src/modules/studio/studio.engines.js';
import { serviceOf } from '../../src/modules/wallet/wallet.metrics.js';
import { parseExposition } from '../helpers/prometheus.js';

const scrape = async (m: Metrics) => parseExposition(await m.scrape());

describe('Metrics', () => {
  it('gives every instance its own registry (two apps in one process never share series)', async () => {
    const a = new Metrics({ enabled: true, defaultMetrics: false });
    const b = new Metrics({ enabled: true, defaultMetrics: false });
    a.counter('x_total', 'x', ['k']).inc({ k: 'v' }, 3);
    b.counter('x_total', 'x', ['k']).inc({ k: 'v' });
    expect((await scrape(a)).value('x_total', { k: 'v' })).toBe(3);
    expect((await scrape(b)).value('x_total', { k: 'v' })).toBe(1);
  });

  it('gives the same instrument when asked twice by name (two apps built over the same deps)', async () => {
    const m = new Metrics({ enabled: true, defaultMetrics: false });
    m.counter('x_total', 'x', ['k']).inc({ k: 'v' });
    m.counter('x_total', 'x', ['k']).inc({ k: 'v' });
    m.gauge('g', 'g', [], (set) => set({}, 1));
    m.gauge('g', 'g', [], (set) => set({}, 2));
    const s = await scrape(m);
    expect(s.value('x_total', { k: 'v' })).toBe(2);
    expect(s.value('g')).toBe(1);
  });

  it('when disabled, instruments are no-ops and a scrape is empty', async () => {
    const m = new Metrics({ enabled: false });
    m.counter('x_total', 'x', ['k']).inc({ k: 'v' });
    m.histogram('h_seconds', 'h', ['k'], [1]).observe({ k: 'v' }, 1);
    m.gauge('g', 'g', [], (set) => set({}, 1));
    expect((await m.scrape()).trim()).toBe('');
  });

  it('a scrape-time gauge that fails or overruns drops its series from that scrape (0 without labels), and the scrape still answers', async () => {
    const errors: string[] = [];
    const m = new Metrics({ enabled: true, defaultMetrics: false, collectTimeoutMs: 50, onCollectError: (name) => errors.push(name) });
    let n = 0;
    m.gauge('good', 'g', ['k'], (set) => set({ k: 'a' }, ++n));
    m.gauge('broken', 'g', ['k'], (set) => {
      set({ k: 'a' }, 5);
      throw new Error('database down');
    });
    m.gauge('slow', 'g', ['k'], (set) => new Promise((resolve) => setTimeout(resolve, 1000).unref()).then(() => set({ k: 'a' }, 1)));
    m.gauge('up', 'g', [], () => {
      throw new Error('unreachable');
    });
    const s = await scrape(m);
    expect(s.value('good', { k: 'a' })).toBe(1);
    expect(s.find('broken')).toEqual([]);
    expect(s.find('slow')).toEqual([]);
    expect(s.value('up')).toBe(0);
    expect(errors.sort()).toEqual(['broken', 'slow', 'up']);
    expect((await scrape(m)).value('good', { k: 'a' })).toBe(2);
  });

  it('labels HTTP requests by route pattern, and unmatched ones as such', async () => {
    const m = new Metrics({ enabled: true, defaultMetrics: false });
    const observe = httpObserver(m);
    observe('GET', '/v1/products/:id', 200, 0.003);
    observe('GET', '/v1/products/:id', 200, 0.2);
    observe('GET', undefined, 404, 0.001);
    const s = await scrape(m);
    expect(s.value('http_request_duration_seconds_count', { method: 'GET', route: '/v1/products/:id', status_code: '200' })).toBe(2);
    expect(s.value('http_request_duration_seconds_bucket', { method: 'GET', route: '/v1/products/:id', status_code: '200', le: '0.005' })).toBe(1);
    expect(s.value('http_request_duration_seconds_sum', { method: 'GET', route: '/v1/products/:id', status_code: '200' })).toBeCloseTo(0.203);
    expect(s.value('http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
  });
});

describe('model inference latency', () => {
  it('times the studio engines by model and outcome, passing results and errors through', async () => {
    const m = new Metrics({ enabled: true, defaultMetrics: false });
    const fake: StudioEngines = {
      faceCrop: async () => {
        throw new Error('no face');
      },
      embed: async () => new Float32Array([1, 2]),
      match: async () => ({ status: 'unmatched' }) as never,
      qrSheet: async () => ({}) as never,
      embeddingModel: 'fake-model',
    };
    const engines = timedEngines(fake, inferenceTimer(m));
    expect(engines.embeddingModel).toBe('fake-model');
    expect(await engines.embed(Buffer.alloc(1))).toEqual(new Float32Array([1, 2]));
    await expect(engines.faceCrop(Buffer.alloc(1), 'school', { enhance: true })).rejects.toThrow('no face');
    await engines.qrSheet({} as never);
    const s = await scrape(m);
    expect(s.value('folio_model_inference_seconds_count', { model: 'face_embedding', outcome: 'ok' })).toBe(1);
    expect(s.value('folio_model_inference_seconds_count', { model: 'face_crop_enhance', outcome: 'error' })).toBe(1);
    expect(s.find('folio_model_inference_seconds_count')).toHaveLength(2);
  });
});

describe('wallet service label', () => {
  it('is the reference up to its first colon, or "other" for anything unexpected', () => {
    expect(serviceOf('bg-remove:0190a')).toBe('bg-remove');
    expect(serviceOf('studio.face-crop:12')).toBe('studio.face-crop');
    expect(serviceOf('signup_grant')).toBe('signup_grant');
    expect(serviceOf(null)).toBe('other');
    expect(serviceOf('Weird Value:1')).toBe('other');
  });
});
