import fc from 'fast-check';
import type { ApiWorld, Request } from '../../helpers/api-world.js';
import { deepFreeForm, enc, fromSchema, hostileJson, hostileMultipart, hostileString, longBoundaryMultipart, mutated, productionHostileBodies, rawHostileBody, type RawBody } from '../../helpers/hostile.js';
import type { Kind, Operation } from '../../helpers/openapi-ops.js';

/**
 * Hostile requests for one operation of the OpenAPI document: credentials of a kind it
 * accepts (now and then a broken one), path ids real or not, documented query parameters
 * with boundary and garbage values plus unknown ones, and bodies that range from
 * schema-valid to no JSON at all.
 */
export interface FuzzCase {
  req: Request;
  kind: Kind | 'none';
  label: string;
}

const QUERY_NASTIES = ['-1', '0', '101', '100', '1e309', '1.5', 'abc', '', 'null', '[]', 'created_date', 'unknown_field', '-created_date', 'Zm9vYmFy', 'eyJpZCI6IngifQ', '%00', '\u0000', "'; --", 'x'.repeat(5000)];

const BROKEN_AUTH: Array<Record<string, string>> = [
  { authorization: 'Bearer ' },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Basic !!!' },
  { authorization: 'Basic ' + Buffer.from('no-colon').toString('base64') },
  { authorization: 'Negotiate abc' },
  { authorization: 'Bearer sk_live_' + 'x'.repeat(40) },
  { 'x-api-key': 'pk_live_\u0000' },
  { 'x-service-unauth-token': 'put_' + 'z'.repeat(300) },
];

function pathValue(world: ApiWorld, op: Operation, param: string): fc.Arbitrary<string> {
  const real = world.idsFor(op, param);
  const all = world.tenant.ids;
  return fc.oneof(
    ...(real.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...real).map(encodeURIComponent) }] : []),
    ...(all.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...all).map(encodeURIComponent) }] : []),
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString.map(enc).filter((s) => s.length > 0) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%00', '..', '%2e%2e%2f', '0', '-1', '1e309', 'x'.repeat(300), '%F0%9F%98', 'a%2Fb') },
  );
}

function queryString(world: ApiWorld, op: Operation): fc.Arbitrary<string> {
  const documented = op.query.map((q) =>
    fc.option(
      fc.oneof(
        { weight: 2, arbitrary: fromSchema(q.schema, world.idSource()).map((v) => String(v)) },
        { weight: 2, arbitrary: fc.constantFrom(...QUERY_NASTIES) },
        { weight: 1, arbitrary: hostileString },
      ).map((v) => `${enc(q.name)}=${enc(v)}`),
      { freq: 2 },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc.tuple(hostileString, hostileString).map(([k, v]) => `${enc(k)}=${enc(v)}`),
      fc.constantFrom('limit=1&limit=2', 'limit[]=1', 'limit[a]=1', 'cursor=%ZZ', 'include=credentials', 'include=everything', '__proto__[x]=1', 'sortBy=password_hash', '&&&', '='),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...documented), extra).map(([d, e]) => {
    const parts = [...d.filter((x): x is string => x !== null), ...e];
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

function body(world: ApiWorld, op: Operation): fc.Arbitrary<RawBody | null> {
  const src = world.idSource();
  const asJson = (label: string) => (v: unknown): RawBody => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null', label });
  const valid = op.json ? fromSchema(op.json, src) : hostileJson;
  const raw = rawHostileBody(valid);
  // Issue 18: a free-form field nested far too deep; a multipart boundary over busboy's limit.
  const deep = op.json ? deepFreeForm(op.json, src) : null;
  const longBoundary = longBoundaryMultipart(op.multipart);
  // Issue 37: a huge CSV cell, too many columns, a sheet of millions of slots, where the schema has such fields.
  const production = op.json ? productionHostileBodies(op.json, src) : null;
  if (op.json) {
    return fc.oneof(
      { weight: 3, arbitrary: valid.map(asJson('schema-valid')) },
      { weight: 4, arbitrary: mutated(op.json, src).map(asJson('mutated')) },
      { weight: 2, arbitrary: raw },
      { weight: 1, arbitrary: hostileJson.map(asJson('any JSON')) },
      { weight: 1, arbitrary: hostileMultipart(null, src) },
      ...(deep ? [{ weight: 2, arbitrary: deep }] : []),
      ...(production ? [{ weight: 2, arbitrary: production }] : []),
    );
  }
  if (op.multipart) {
    return fc.oneof({ weight: 6, arbitrary: hostileMultipart(op.multipart, src) }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: longBoundary });
  }
  // Operations that take no documented body: most calls send none; some send one anyway, and
  // POSTs without a documented body may be uploads (studio) whose parts the fuzzer guesses.
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: hostileJson.map(asJson('unexpected JSON')) },
    { weight: op.method === 'POST' ? 3 : 1, arbitrary: hostileMultipart(null, src) },
    { weight: 1, arbitrary: raw },
    { weight: op.method === 'POST' ? 2 : 1, arbitrary: longBoundary },
  );
}

export function fuzzCases(world: ApiWorld, op: Operation): fc.Arbitrary<FuzzCase> {
  const kinds = op.kinds.length > 0 ? op.kinds : (['none'] as const);
  const credential = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom<Kind | 'none'>(...kinds).map((kind) => ({ kind, headers: world.headers(kind, op) })) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_AUTH).map((headers) => ({ kind: 'none' as const, headers })) },
  );
  const extraHeaders = fc.record(
    {
      'idempotency-key': fc.oneof(fc.uuid(), hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '?'))),
      'x-request-id': fc.constantFrom('a b', '<x>', 'x'.repeat(100), 'ok-id'),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'image/png'),
      origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost'),
    },
    { requiredKeys: [] },
  );
  const params = op.pathParams.map((p) => pathValue(world, op, p).map((v) => [p, v] as const));
  return fc.tuple(credential, fc.tuple(...params), queryString(world, op), body(world, op), extraHeaders).map(([cred, ps, qs, b, extra]) => {
    let url = op.path;
    for (const [p, v] of ps) url = url.replace(`{${p}}`, v);
    const headers: Record<string, string> = { ...extra, ...cred.headers };
    if (b?.contentType) headers['content-type'] = b.contentType;
    const req: Request = { method: op.method, url: url + qs, headers, ...(b?.payload !== undefined ? { payload: b.payload } : {}) };
    const label = `${op.method} ${short(url + qs)} as ${cred.kind}${cred.kind === 'none' ? ` ${JSON.stringify(cred.headers).slice(0, 60)}` : ''}; body: ${b ? `${b.label} (${b.contentType}) ${short(String(b.payload ?? ''))}` : 'none'}`;
    return Object.assign({ req, kind: cred.kind, label }, { [fc.toStringMethod]: () => label });
  });
}

export function short(s: string, n = 300): string {
  return s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
}
