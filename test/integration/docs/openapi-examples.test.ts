import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => t.close());

type Op = { requestBody?: any; responses: Record<string, any>; parameters?: any[] };
function operations(): Array<[string, Op]> {
  const out: Array<[string, Op]> = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Op>>)) {
    for (const [method, op] of Object.entries(ops)) out.push([`${method.toUpperCase()} ${path}`, op]);
  }
  return out;
}

/** Validates an example against its schema, with the document's components reachable for $ref. */
function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  return (schema: unknown, value: unknown) => {
    const rewritten = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'));
    const validate = ajv.compile(rewritten);
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}

describe('the OpenAPI document served at /v1/openapi.json', () => {
  it('has an example request (for a body) and an example 2xx response for every operation, each valid against its schema', () => {
    const check = validator();
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let bodies = 0;
    for (const [name, op] of ops) {
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, any>)) {
        bodies++;
        if (media.example === undefined) problems.push(`${name}: no request example for ${type}`);
        else if (type === 'application/json') {
          const err = check(media.schema, media.example);
          if (err) problems.push(`${name}: request example does not fit its schema: ${err}`);
        }
      }
      const ok = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
      if (ok.length === 0) problems.push(`${name}: no 2xx response`);
      for (const [status, res] of ok) {
        const media = Object.entries((res.content ?? {}) as Record<string, any>);
        if (media.length === 0) problems.push(`${name}: ${status} has no content`);
        for (const [type, m] of media) {
          if (m.example === undefined) problems.push(`${name}: ${status} ${type} has no example`);
          else if (type === 'application/json' && m.schema) {
            const err = check(m.schema, m.example);
            if (err) problems.push(`${name}: ${status} example does not fit its schema: ${err}`);
          }
        }
      }
      for (const [status, res] of Object.entries(op.responses).filter(([s]) => /^[45]/.test(s))) {
        for (const m of Object.values((res.content ?? {}) as Record<string, any>)) if (m.example === undefined) problems.push(`${name}: ${status} has no example`);
      }
      for (const p of op.parameters ?? []) {
        // `example`, or named `examples` (from the schema's own list), each fitting the schema
        const values = p.example !== undefined ? [p.example] : Object.values((p.examples ?? {}) as Record<string, { value: unknown }>).map((e) => e.value);
        if (values.length === 0) problems.push(`${name}: parameter ${p.name} has no example`);
        for (const v of p.schema ? values : []) {
          const err = check(p.schema, v);
          if (err) problems.push(`${name}: parameter ${p.name} example ${JSON.stringify(v)} does not fit its schema: ${err}`);
        }
      }
    }
    expect(bodies).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('uses realistic values, not placeholders', () => {
    const signUp = doc.paths['/v1/account'].post;
    const req = signUp.requestBody.content['application/json'].example;
    expect(req.email).toMatch(/^[^@\s]+@[^@\s]+\.\w+$/);
    expect(req.password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^\w]).{8,}$/);
    const created = signUp.responses['201'].content['application/json'].example;
    expect(created.data.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created.message).toBe('Created successfully');
    const list = doc.paths['/v1/products'].get.responses['200'].content['application/json'].example;
    expect(list.links.next).toMatch(/^https?:\/\/.+\/v1\/products\?.*cursor=/);
    expect(list.message).toBe('Retrieved successfully');
    expect(new URL(list.data[0].product_image.url).protocol).toMatch(/^https?:$/);
    // Error examples are the envelopes the service sends.
    expect(signUp.responses['400'].content['application/json'].example.message).toBe('Invalid input');
    expect(doc.paths['/v1/stores'].get.responses['401'].content['application/json'].example.error.code).toBe('unauthenticated');
  });

  it('explains every credential scheme', () => {
    const schemes = doc.components.securitySchemes as Record<string, { description?: string }>;
    expect(Object.keys(schemes).length).toBeGreaterThanOrEqual(6);
    for (const [name, scheme] of Object.entries(schemes)) {
      expect(scheme.description, name).toBeTypeOf('string');
      expect(scheme.description!.length, name).toBeGreaterThan(80);
      // The overview names each scheme, so a reader can find it from the table.
      expect(doc.info.description, name).toContain(`\`${name}\``);
    }
    expect(schemes.storeBasic!.description).toMatch(/sid.*secret/);
    expect(schemes.unauthToken!.description).toMatch(/browser/i);
    expect(schemes.accountJwt!.description).toMatch(/signIn/);
    expect(schemes.storeSid!.description).toMatch(/Bearer/);
    expect(schemes.apiKey!.description).toMatch(/sk_live_.*pk_live_.*sk_acc_live_/s);
  });
});
