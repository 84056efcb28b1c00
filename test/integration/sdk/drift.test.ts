import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderOperations, renderSchema } from '../../../packages/sdk/scripts/render.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const COMMITTED = new URL('../../../packages/sdk/src/schema.d.ts', import.meta.url);

it('packages/sdk/src/schema.d.ts matches the document the app serves', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  const fresh = await renderSchema(res.json());
  expect(fresh).toContain('export interface paths');
  const committed = fs.readFileSync(COMMITTED, 'utf8');
  if (fresh !== committed) {
    const a = fresh.split('\n');
    const b = committed.split('\n');
    const at = a.findIndex((line, i) => line !== b[i]);
    expect.fail(
      `The SDK's types drifted from /v1/openapi.json: run \`npm run sdk:generate\` and commit packages/sdk/src/schema.d.ts.\n` +
        `First difference at line ${at + 1}:\n  generated: ${a[at] ?? '(end)'}\n  committed: ${b[at] ?? '(end)'}`,
    );
  }
});

const OPERATIONS = new URL('../../../packages/sdk/src/operations.ts', import.meta.url);

it("packages/sdk/src/operations.ts pins every operationId of the document: none changes silently", async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  const fresh = renderOperations(doc);
  const ids = [...fresh.matchAll(/^ {2}(\w+): \{ method: '(\w+)', path: '([^']+)' \},$/gm)];
  expect(ids.length).toBeGreaterThan(150);
  expect(ids.map((m) => m[1])).toContain('listProducts');
  const committed = fs.readFileSync(OPERATIONS, 'utf8');
  const pinned = new Map([...committed.matchAll(/^ {2}(\w+): \{ method: '(\w+)', path: '([^']+)' \},$/gm)].map((m) => [`${m[2]} ${m[3]}`, m[1]]));
  const changed = ids.filter((m) => pinned.get(`${m[2]} ${m[3]}`) !== m[1]).map((m) => `${m[2]!.toUpperCase()} ${m[3]}: ${pinned.get(`${m[2]} ${m[3]}`) ?? '(new)'} → ${m[1]}`);
  expect(changed, 'operationIds differ from packages/sdk/src/operations.ts: run `npm run sdk:generate` and commit it (a renamed id breaks SDK users)').toEqual([]);
  expect(fresh).toBe(committed);
});
