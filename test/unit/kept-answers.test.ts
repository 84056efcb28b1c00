import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptAnswers } from '../../src/platform/http/kept-answers.js';

/**
 * Whole answers kept while their version reads the same: a bare Fastify app whose routes are
 * marked as Folio's are, an actor set from a header, and a version the test moves.
 */
let app: FastifyInstance;
afterEach(async () => app?.close());

async function serve(answers: KeptAnswers, marked = true): Promise<{ runs: () => number }> {
  let runs = 0;
  app = Fastify();
  app.decorateRequest('actor', null);
  app.addHook('onRoute', (route) => {
    if ((route.config as { keepAnswer?: true } | undefined)?.keepAnswer) answers.install(route);
  });
  app.addHook('onRequest', (req, _reply, done) => {
    const store = req.headers['x-store'];
    (req as unknown as { actor: unknown }).actor = typeof store === 'string' ? { storeId: store } : { storeId: null };
    done();
  });
  const config: { keepAnswer?: true } = marked ? { keepAnswer: true } : {};
  app.get('/things', { config }, async (req) => {
    runs++;
    const q = req.query as { fail?: string; big?: string };
    if (q.fail) throw Object.assign(new Error('nope'), { statusCode: 404 });
    return { data: [{ n: runs, store: (req as unknown as { actor: { storeId: string } }).actor.storeId, pad: q.big ? 'x'.repeat(Number(q.big)) : '' }] };
  });
  app.post('/things', { config }, async () => ({ posted: ++runs }));
  await app.ready();
  return { runs: () => runs };
}

const get = (url: string, store: string | null = 's1') => app.inject({ method: 'GET', url, headers: store ? { 'x-store': store } : {} });

describe('KeptAnswers', () => {
  it('answers a repeated read with the same bytes without running the handler, until the version moves', async () => {
    let version = 'v1';
    const { runs } = await serve(new KeptAnswers(() => version, 1 << 20));
    const first = await get('/things?a=1');
    const again = await get('/things?a=1');
    expect(runs()).toBe(1);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-length']).toBe(first.headers['content-length']);
    version = 'v2';
    const moved = await get('/things?a=1');
    expect(runs()).toBe(2);
    expect(moved.json().data[0].n).toBe(2);
    expect((await get('/things?a=1')).json().data[0].n).toBe(2);
    expect(runs()).toBe(2);
    // HEAD (Fastify's, beside every GET) is not kept: headers, no body
    const head = await app.inject({ method: 'HEAD', url: '/things?a=1', headers: { 'x-store': 's1' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('keeps answers apart by store and URL, and never for a caller without a store', async () => {
    const { runs } = await serve(new KeptAnswers(() => 'v', 1 << 20));
    await get('/things');
    expect((await get('/things', 's2')).json().data[0].store).toBe('s2');
    await get('/things?x=1');
    expect(runs()).toBe(3);
    await get('/things');
    await get('/things', 's2');
    await get('/things?x=1');
    expect(runs()).toBe(3);
    await get('/things', null);
    await get('/things', null);
    expect(runs()).toBe(5);
  });

  it('keeps nothing when the version is null, the route is not marked, the answer is not a 200, or the method is not GET', async () => {
    const none = await serve(new KeptAnswers(() => null, 1 << 20));
    await get('/things');
    await get('/things');
    expect(none.runs()).toBe(2);
    await app.close();

    const unmarked = await serve(new KeptAnswers(() => 'v', 1 << 20), false);
    await get('/things');
    await get('/things');
    expect(unmarked.runs()).toBe(2);
    await app.close();

    const errors = await serve(new KeptAnswers(() => 'v', 1 << 20));
    expect((await get('/things?fail=1')).statusCode).toBe(404);
    expect((await get('/things?fail=1')).statusCode).toBe(404);
    expect(errors.runs()).toBe(2);
    await app.inject({ method: 'POST', url: '/things', headers: { 'x-store': 's1' } });
    expect((await app.inject({ method: 'POST', url: '/things', headers: { 'x-store': 's1' } })).json().posted).toBe(4);
  });

  it('keeps answers within its byte budget, the least recently used dropped first, none larger than an eighth of it', async () => {
    const answers = new KeptAnswers(() => 'v', 8 * 1024);
    const { runs } = await serve(answers);
    // each answer about 700 bytes: eleven fit in 8 KB
    for (let i = 0; i < 11; i++) await get(`/things?big=600&i=${i}`);
    expect(runs()).toBe(11);
    expect(answers.bytes).toBeLessThanOrEqual(8 * 1024);
    await get('/things?big=600&i=0'); // used: the most recent now
    expect(runs()).toBe(11);
    await get('/things?big=600&i=11'); // over the budget: i=1 goes, not i=0
    expect(answers.bytes).toBeLessThanOrEqual(8 * 1024);
    await get('/things?big=600&i=0');
    expect(runs()).toBe(12);
    await get('/things?big=600&i=1');
    expect(runs()).toBe(13);
    // over an eighth of the budget: sent, never kept
    await get('/things?big=2000');
    await get('/things?big=2000');
    expect(runs()).toBe(15);
  });

  it('keeps nothing with a budget of 0', async () => {
    const { runs } = await serve(new KeptAnswers(() => 'v', 0));
    await get('/things');
    await get('/things');
    expect(runs()).toBe(2);
  });
});
