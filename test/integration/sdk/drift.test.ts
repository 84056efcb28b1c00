import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderSchema } from '../../../packages/sdk/scripts/render.js';
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
