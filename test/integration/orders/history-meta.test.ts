import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { printApp } from '../designs/helpers.js';
import { createOrder, moveTo } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  ({ t, store } = await printApp());
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const history = (id: string, s: TestStore = store) => t.app.inject({ method: 'GET', url: `/v1/projects/${id}/history`, headers: as.B(s) });

describe('GET /projects/{id}/history meta', () => {
  it('names the current state and the moves allowed from it, as POST …/transitions would', async () => {
    const order = await createOrder(t.app, store, { name: 'Meta' });
    const fresh = history(order.id);
    expect((await fresh).statusCode).toBe(200);
    expect((await fresh).json()).toMatchObject({ data: [], meta: { state: 'draft', allowed_transitions: ['received', 'on_hold', 'cancelled'] } });

    const held = await moveTo(t.app, store, order.id, 'on_hold', 'waiting');
    const h = (await history(order.id)).json();
    expect(h.meta).toEqual({ state: 'on_hold', allowed_transitions: held.allowed_transitions });
    expect(h.meta.allowed_transitions).toEqual(['draft', 'received', 'cancelled']);
    expect(h.data).toMatchObject([{ from: 'draft', to: 'on_hold', note: 'waiting' }]);

    await moveTo(t.app, store, order.id, 'cancelled');
    expect((await history(order.id)).json().meta).toEqual({ state: 'cancelled', allowed_transitions: [] });
    // another store's order is 404
    expect((await history(order.id, other)).statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const schema = JSON.stringify((doc.paths['/v1/projects/{id}/history'] ?? doc.paths['/projects/{id}/history']).get.responses['200']);
    expect(schema).toContain('allowed_transitions');
  });
});
