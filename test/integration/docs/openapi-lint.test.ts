import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveOperationId } from '../../../src/platform/http/operation-ids.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const run = promisify(execFile);
const REDOCLY = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let t: TestApp;
let doc: any;
let tmp: string;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lint-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function operations(d: any): Array<{ method: string; path: string; op: any }> {
  const out: Array<{ method: string; path: string; op: any }> = [];
  for (const [p, ops] of Object.entries(d.paths as Record<string, Record<string, any>>)) {
    for (const [m, op] of Object.entries(ops)) if (METHODS.includes(m)) out.push({ method: m, path: p, op });
  }
  return out;
}

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

/** `redocly lint` with its recommended ruleset on a document; the JSON report. */
async function lint(document: unknown): Promise<LintReport> {
  const file = path.join(tmp, `openapi-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(document));
  // Exit status 1 means problems were found: the report says which, so read it either way.
  const { stdout } = await run(REDOCLY, ['lint', file, '--extends=recommended', '--format=json', '--max-problems=10000'], {
    cwd: tmp, // no redocly.yaml there: the recommended rules as they ship
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string }) => {
    if (!err.stdout) throw new Error(`redocly did not run: ${err.stderr}`);
    return { stdout: err.stdout };
  });
  // Redocly prints a Node.js deprecation banner on stderr; the report is the JSON on stdout.
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as LintReport;
}

describe('/v1/openapi.json under redocly lint (recommended rules)', () => {
  it('has no errors and no warnings', async () => {
    const report = await lint(doc);
    const summary = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(summary).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('the linter does find problems: a document with a broken example and no operationId fails', async () => {
    const broken = structuredClone(doc);
    const op = broken.paths['/v1/products'].get;
    delete op.operationId;
    op.responses['200'].content['application/json'].example = { data: 'not a list' };
    broken.paths['/v1/files/{*}'] = { get: { ...broken.paths['/v1/files/{path}'].get, operationId: 'getFileAgain' } };
    const report = await lint(broken);
    const rules = new Set(report.problems.map((p) => p.ruleId));
    expect(rules).toContain('operation-operationId');
    expect(rules).toContain('no-invalid-media-type-examples');
    expect(rules).toContain('path-parameters-defined');
    expect(report.totals.errors).toBeGreaterThan(0);
  }, 60_000);
});

describe('operationIds', () => {
  it('every operation has one: unique, camelCase, and the derivation of its method and path', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(150);
    const ids = ops.map((o) => o.op.operationId as string);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path: p, op } of ops) {
      const canonical = op['x-alias-of'] as string | undefined;
      const expected = canonical ? `${deriveOperationId(method, canonical.split(' ')[1]!)}ViaAlias` : deriveOperationId(method, p);
      expect(op.operationId, `${method.toUpperCase()} ${p}`).toBe(expected);
    }
    const byRoute = Object.fromEntries(ops.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.op.operationId]));
    expect(byRoute).toMatchObject({
      'GET /v1/products': 'listProducts',
      'POST /v1/products': 'createProduct',
      'GET /v1/products/{id}': 'getProduct',
      'POST /v1/designs': 'createDesign',
      'GET /v1/jobs/{id}': 'getJob',
      'GET /v1/products/count': 'countProducts',
      'DELETE /v1/products/batch': 'batchDeleteProducts',
      'GET /v1/products/{id}/sides': 'listProductSides',
      'POST /v1/webhooks/{id}/rotate-secret': 'rotateWebhookSecret',
      'GET /v1/cliparts/default': 'listDefaultCliparts',
      'GET /v1/files/{path}': 'getFile',
      'POST /v1/account/signIn': 'signIn',
    });
  });
});

describe('multipart operations', () => {
  it('each documents its form: the file parts as binary and its text fields', () => {
    const forms = operations(doc).filter(({ op }) => op.requestBody?.content?.['multipart/form-data']);
    expect(forms.map((f) => `${f.method} ${f.path}`)).toEqual(expect.arrayContaining(['post /v1/images', 'post /v1/services/studio/face-crop/upload', 'post /v1/services/studio/agencies/{agencyId}/jobs/{jobId}/files']));
    for (const { method, path: p, op } of forms) {
      const schema = op.requestBody.content['multipart/form-data'].schema;
      const props = Object.values((schema?.properties ?? {}) as Record<string, any>);
      const binary = props.filter((v) => v.format === 'binary' || v.items?.format === 'binary');
      expect(binary.length, `${method} ${p} documents no file part`).toBeGreaterThan(0);
    }
    const faceCrop = doc.paths['/v1/services/studio/face-crop/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(faceCrop.required).toEqual(expect.arrayContaining(['file[]', 'icp_type']));
  });
});

describe('the wildcard file route', () => {
  it('is documented with a named path parameter and still serves a signed link', async () => {
    expect(doc.paths['/v1/files/{*}']).toBeUndefined();
    const op = doc.paths['/v1/files/{path}'].get;
    expect(op.parameters.filter((p: any) => p.in === 'path')).toEqual([expect.objectContaining({ name: 'path', required: true })]);
    // The route itself is unchanged: a key with slashes reaches it (an unsigned one is refused, not 404).
    const res = await t.app.inject({ method: 'GET', url: '/v1/files/stores/abc/images/front.png' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});

describe('alias routes', () => {
  it('stay in the document, served, each marked with the operation it is an alias of', async () => {
    const aliases = operations(doc).filter((o) => o.op['x-alias-of']);
    expect(aliases.length).toBeGreaterThanOrEqual(14);
    for (const { method, path: p, op } of aliases) {
      expect(p.startsWith('/v1/project/') || p === '/v1/project').toBe(true);
      const [m, canonical] = (op['x-alias-of'] as string).split(' ');
      expect(m).toBe(method.toUpperCase());
      const target = doc.paths[canonical!]?.[method];
      expect(target, `${method} ${p} → ${canonical}`).toBeDefined();
      expect(target['x-alias-of']).toBeUndefined();
      expect(op.summary).toBe(`Alias of ${m} ${canonical}`);
      expect(op.description).toContain(`\`${target.operationId}\``);
      expect(op.deprecated).toBeUndefined();
    }
    // Served, and the same collection: what one creates the other reads.
    expect(t.app.hasRoute({ method: 'GET', url: '/v1/project/:id' })).toBe(true);
  });

  it('are listed once on the reference page: folded into their canonical operation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    const paths = Object.keys(page.paths);
    expect(paths.filter((p) => p === '/v1/project' || p.startsWith('/v1/project/'))).toEqual([]);
    expect(page.paths['/v1/projects/{id}'].get.description).toContain('Also served at `GET /v1/project/{id}`');
    expect(page.paths['/v1/projects'].post.description).toContain('Also served at `POST /v1/project`');
    // Everything else is on the page as in the document.
    const rest = operations(doc).filter((o) => !o.op['x-alias-of']).length;
    expect(operations(page).length).toBe(rest);
    // The served document keeps the aliases (the inventory tests need every served route in it).
    expect(doc.paths['/v1/project/{id}']).toBeDefined();
  });
});

describe('the API reference page at /v1/docs', () => {
  it("carries Folio's name, logo and icon from local files, not the framework's", async () => {
    let res = await t.app.inject({ method: 'GET', url: '/v1/docs' });
    for (let i = 0; i < 3 && res.statusCode >= 300 && res.statusCode < 400; i++) {
      res = await t.app.inject({ method: 'GET', url: new URL(String(res.headers.location), 'http://folio.test/v1/docs').pathname });
    }
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<title>Folio API reference<\/title>/);
    expect(html).not.toMatch(/<title>[^<]*Swagger/i);
    expect(html).not.toMatch(/favicon-(16|32)x\d+\.png/);
    const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(html);
    expect(icon).not.toBeNull();
    expect(html).not.toMatch(/https?:\/\//); // nothing from a CDN
    const iconRes = await t.app.inject({ method: 'GET', url: new URL(icon![1]!, 'http://folio.test/v1/docs/').pathname });
    expect(iconRes.statusCode).toBe(200);
    expect(iconRes.body).toBe(fs.readFileSync(new URL('../../../assets/brand/folio-favicon.svg', import.meta.url), 'utf8'));
    // The top bar's logo is ours (the initializer swaps the framework's for it).
    const init = await t.app.inject({ method: 'GET', url: '/v1/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const logo = Buffer.from(fs.readFileSync(new URL('../../../assets/brand/folio-logo.svg', import.meta.url))).toString('base64');
    expect(init.body).toContain(`data:image/svg+xml;base64,${logo}`);
    expect(Buffer.from(logo, 'base64').toString()).toContain('Folio');
  });
});
