import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { JsonSchema } from './openapi-ops.js';

/**
 * fast-check arbitraries for hostile HTTP input: values that satisfy a JSON schema, the
 * same values mutated (wrong types, missing and extra fields, boundaries), and raw bodies
 * no schema describes (deep nesting, huge strings, broken JSON, wrong content types,
 * random multipart).
 */

export const MB = 1_048_576;

/** Strings that have broken parsers, databases, loggers and renderers before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Ω≈ç√∫˜µ≤≥÷',
  'ЁЖЗИЙ',
  '𝕿𝖍𝖊',
  '\uD800',
  '\uDFFF\uD800',
  '../../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '%E0%A4%A',
  '${jndi:ldap://127.0.0.1/x}',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '101',
  '1e309',
  '9007199254740993',
  '-9223372036854775809',
  'x'.repeat(10_000),
  'http://127.0.0.1:22/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

export const NASTY_NUMBERS = [-1, 0, 1, 100, 101, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 0.5, -0.0001, 1e308, -1e308, 5e-324];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Any JSON value, weighted towards the nasty ones. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS, true, false, null, [], {}, [null], { '': null }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

export interface IdSource {
  /** real ids seen so far (any resource kind), for uuid-shaped fields */
  ids: string[];
  /** URLs for `format: uri` and `*url` fields: safe-fetcher bait */
  urls?: string[];
  /** plausible values only (small positive numbers, plain words, no optional members): for making real objects */
  tame?: boolean;
  /** real ids for a field by its name (product_id → the products made so far) */
  idsForField?: (name: string) => string[];
}

const DEFAULT_URLS = [
  'http://127.0.0.1/a.png',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:8080/x.png',
  'https://example.test/image.png',
  'http://10.0.0.1/font.ttf',
  'ftp://example.test/x',
];

/** Values that satisfy `schema` (as far as a JSON schema can say), uuid fields preferring real ids. */
export function fromSchema(schema: JsonSchema, src: IdSource, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  // An object whose alternatives are only `required` lists (`allOf: [{anyOf: [{required:
  // ['image_url']}, {required: ['image_id']}]}]`): the first alternative's fields become
  // required, the rest of the object as it is.
  const alts = (schema.allOf as JsonSchema[] | undefined)?.[0]?.anyOf as JsonSchema[] | undefined;
  if (schema.properties && Array.isArray(alts) && (schema.allOf as JsonSchema[]).length === 1 && alts.length > 0 && alts.every((a) => Array.isArray(a?.required) && !a.properties && !a.type)) {
    const { allOf: _alternatives, ...rest } = schema;
    return fromSchema({ ...rest, required: [...((schema.required as string[] | undefined) ?? []), ...(alts[0]!.required as string[])] }, src, depth, name);
  }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && union.length > 0) return fc.oneof(...union.map((s) => fromSchema(s, src, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return fromSchema(Object.assign({}, ...schema.allOf), src, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') ?? 'null' : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, src, name);
    case 'integer': {
      let min = typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : typeof schema.exclusiveMinimum === 'number' ? Math.floor(schema.exclusiveMinimum) + 1 : -1000;
      let max = typeof schema.maximum === 'number' ? Math.floor(schema.maximum) : typeof schema.exclusiveMaximum === 'number' ? Math.ceil(schema.exclusiveMaximum) - 1 : Math.max(min, 0) + 1000;
      if (src.tame) [min, max] = [Math.max(min, 1), Math.max(Math.max(min, 1), Math.min(max, 50))];
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      let min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1e-6 : -1000;
      let max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1e-6 : min + 2000;
      if (src.tame) [min, max] = [Math.max(min, 1), Math.max(Math.max(min, 1), Math.min(max, 50))];
      return src.tame ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Math.min(schema.minItems ?? 0, 3);
      const maxLength = src.tame ? Math.max(minLength, 1) : Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      const items = schema.items ? fromSchema(schema.items, src, depth + 1, name) : hostileJson;
      return fc.array(items, { minLength, maxLength });
    }
    case 'object':
    default: {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (Object.keys(props).length === 0) {
        return type === 'object' ? fc.dictionary(fc.string({ maxLength: 8 }), hostileJson, { maxKeys: 3 }) : hostileJson;
      }
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) if (!src.tame || required.has(k)) record[k] = fromSchema(s, src, depth + 1, k);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) });
    }
  }
}

function stringFor(schema: JsonSchema, src: IdSource, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (/url$/i.test(name) && !schema.format) return fc.constantFrom(...(src.urls ?? DEFAULT_URLS));
  const named = /_ids?$|Ids?$/.test(name) ? (src.idsForField?.(name) ?? []) : [];
  if (named.length > 0) return fc.constantFrom(...named);
  if (src.tame && !schema.format && !schema.pattern) {
    return fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}$/).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  switch (schema.format) {
    case 'uuid':
      return src.ids.length > 0 && src.ids.every((s) => typeof s === 'string') ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...src.ids) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
    case 'uri':
    case 'url':
    case 'http-url':
      return fc.constantFrom(...(src.urls ?? DEFAULT_URLS));
    case 'email':
      return fc.constant(`fuzz-${randomUUID().slice(0, 8)}@example.test`);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    default:
      break;
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      /* a pattern fast-check cannot read: plain strings */
    }
  }
  const fitting = src.ids.filter((s) => typeof s === 'string' && s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  const ids = fitting.length > 0 ? [fc.constantFrom(...fitting)] : [];
  return fc.oneof(fc.string({ minLength: Math.max(minLength, 1), maxLength }).filter((s) => s.trim().length > 0 || minLength === 0), ...ids);
}

/** A value of a different JSON type than the schema's. */
export function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const t = schema?.type;
  const pool: unknown[] = [];
  if (t !== 'string') pool.push('x', '', '1', 'true', 'null');
  if (t !== 'integer' && t !== 'number') pool.push(1, -1, 0, 1.5, 1e308);
  if (t !== 'boolean') pool.push(true, false);
  if (t !== 'array') pool.push([], [1, 'a', null], [[[]]]);
  if (t !== 'object') pool.push({}, { a: 1 }, { __proto__: { polluted: true } });
  pool.push(null);
  return fc.oneof(fc.constantFrom(...pool), hostileJson);
}

/** A valid object with one hostile edit: a field dropped, added, or given a wrong/boundary value. */
export function mutated(schema: JsonSchema, src: IdSource): fc.Arbitrary<unknown> {
  const props = Object.keys((schema?.properties ?? {}) as Record<string, JsonSchema>);
  return fc.tuple(fromSchema(schema, src), fc.nat(), fc.integer({ min: 0, max: 3 }), hostileString, hostileJson).chain(([base, pick, op, key, value]) => {
    if (typeof base !== 'object' || base === null || Array.isArray(base) || props.length === 0) return fc.constant<unknown>(value);
    const obj = { ...(base as Record<string, unknown>) };
    const field = props[pick % props.length]!;
    const fieldSchema = (schema.properties as Record<string, JsonSchema>)[field]!;
    switch (op) {
      case 0:
        delete obj[field];
        return fc.constant<unknown>(obj);
      case 1:
        return fc.constant<unknown>({ ...obj, [key || 'extra']: value });
      case 2:
        return wrongType(fieldSchema).map((v) => ({ ...obj, [field]: v }));
      default:
        return fc.oneof(hostileJson, fc.constant(hugeString(64 * 1024))).map((v) => ({ ...obj, [field]: v }));
    }
  });
}

export function hugeString(bytes: number): string {
  return 'A'.repeat(bytes);
}

/** JSON text nested `depth` levels deep. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

export interface RawBody {
  contentType: string | null;
  payload: string | Buffer | undefined;
  /** short description for failure messages */
  label: string;
}

/** Bodies no schema describes: the request is broken before it reaches the route's logic. */
export function rawHostileBody(validJson: fc.Arbitrary<unknown>): fc.Arbitrary<RawBody> {
  const json = (label: string, payload: string): RawBody => ({ contentType: 'application/json', payload, label });
  return fc.oneof(
    fc.constantFrom<RawBody>(
      json('deep array 10000', deepJson(10_000, 'array')),
      json('deep object 10000', deepJson(10_000, 'object')),
      json('deep object 500', deepJson(500, 'object')),
      json('huge string 1MB', JSON.stringify({ name: hugeString(MB) })),
      json('huge string under limit', JSON.stringify({ name: hugeString(MB - 4096), url: 'x', designs: [] })),
      json('truncated', '{"name": "x",'),
      json('empty', ''),
      json('not json', 'hello'),
      json('json null', 'null'),
      json('json number', '1e309'),
      json('json string', '"x"'),
      json('json array', '[]'),
      json('__proto__', '{"__proto__": {"isAdmin": true}, "name": "x"}'),
      json('constructor.prototype', '{"constructor": {"prototype": {"isAdmin": true}}}'),
      json('BOM', '\uFEFF{}'),
      json('NUL', '{"name": "a\\u0000b"}'),
      json('lone surrogate', '{"name": "\\ud800"}'),
      json('duplicate keys', '{"name": "a", "name": {"x": 1}}'),
      json('many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])))),
      { contentType: 'text/plain', payload: 'name=x', label: 'text/plain' },
      { contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', label: 'xml' },
      { contentType: 'application/x-www-form-urlencoded', payload: 'name=x&name=y', label: 'form' },
      { contentType: 'multipart/form-data', payload: '--x\r\n', label: 'multipart without boundary' },
      { contentType: 'application/json; charset=utf-16', payload: '{}', label: 'json utf-16' },
      { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]), label: 'octet-stream' },
      { contentType: 'image/png', payload: Buffer.from('89504e470d0a1a0a', 'hex'), label: 'image/png' },
      { contentType: null, payload: '{"name":"x"}', label: 'no content-type' },
    ),
    validJson.map((v) => {
      const text = JSON.stringify(v) ?? 'null';
      // A number JavaScript cannot hold, in place of the first number in the text.
      return json('1e309 in place of a number', /-?\d+(\.\d+)?/.test(text) ? text.replace(/-?\d+(\.\d+)?([eE][+-]?\d+)?/, '1e309') : text);
    }),
    validJson.map((v) => ({ contentType: 'text/plain', payload: JSON.stringify(v) ?? '', label: 'valid JSON as text/plain' })),
  );
}

// ---- issue 37 (findings 1, 6): PDFs that name local files, PDFs whose page tree loops ----

/** A PDF object: its dictionary text, and stream data when it is a stream. */
interface RawObject {
  dict: string;
  stream?: Buffer;
}

/** A PDF written by hand, objects numbered from 1 in order, object 1 the catalog; a true xref. */
export function rawPdf(objects: RawObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(offset);
    const body = o.stream
      ? Buffer.concat([Buffer.from(`${i + 1} 0 obj\n${o.dict.replace(/>>\s*$/, ` /Length ${o.stream.length} >>`)}\nstream\n`, 'latin1'), o.stream, Buffer.from('\nendstream\nendobj\n', 'latin1')])
      : Buffer.from(`${i + 1} 0 obj\n${o.dict}\nendobj\n`, 'latin1');
    parts.push(body);
    offset += body.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** `s` as a PDF literal string. */
const pdfString = (s: string): string => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
/** `s` as a PDF name (delimiters and other irregular characters as #xx). */
const pdfName = (s: string): string => `/${[...Buffer.from(s, 'utf8')].map((b) => (b > 0x20 && b < 0x7f && !'()<>[]{}/%#'.includes(String.fromCharCode(b)) ? String.fromCharCode(b) : `#${b.toString(16).padStart(2, '0')}`)).join('')}`;

/** A one-page PDF (200 × 100 pt) drawing `content`, with `resources`; `extra` objects from number 5 on (`catalogExtra`, `pageExtra` go in those dictionaries). */
function onePage(o: { content?: string; resources?: string; catalogExtra?: string; pageExtra?: string; extra?: RawObject[] } = {}): Buffer {
  return rawPdf([
    { dict: `<< /Type /Catalog /Pages 2 0 R ${o.catalogExtra ?? ''} >>` },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << ${o.resources ?? ''} >> ${o.pageExtra ?? ''} >>` },
    { dict: '<< >>', stream: Buffer.from(o.content ?? '0 0 1 rg 10 10 180 80 re f', 'latin1') },
    ...(o.extra ?? []),
  ]);
}

export interface HostilePdf {
  name: string;
  bytes: Buffer;
  /** what Folio does with it: refuses the upload (422), or takes it with the mechanism stripped */
  upload: 'refused' | 'stripped';
}

/** Levels of ".." tried by the CMap-name case (Ghostscript resolves too many as no file at all). */
const CLIMB_DEPTHS = [3, 4, 5, 6, 7, 8, 9];

/** The side of the image a canary file is drawn into: 64 × 64 CMYK samples, 16 384 bytes. */
export const CANARY_IMAGE_SIDE = 64;

/**
 * PDF artwork naming the file `target` by every mechanism the PDF format has for it (finding 1
 * of issue 37): an external image stream (/F a path, and /F a file specification), an
 * external font program, a font and a CMap named like a path, /Launch (open action and page
 * action), /GoToR, /GoToE, /ImportData and /SubmitForm actions on a link, an embedded-files
 * name tree and an associated file. The image is DeviceCMYK, 8 bits, CANARY_IMAGE_SIDE square,
 * so a file read into it survives a CMYK conversion byte for byte.
 */
export function hostilePdfs(target: string): HostilePdf[] {
  const side = CANARY_IMAGE_SIDE;
  const image = (f: string): RawObject => ({ dict: `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceCMYK /BitsPerComponent 8 /F ${f} >>`, stream: Buffer.alloc(0) });
  const drawImage = { content: `q ${side} 0 0 ${side} 10 10 cm /Im0 Do Q`, resources: '/XObject << /Im0 5 0 R >>' };
  const filespec = `<< /Type /Filespec /F ${pdfString(target)} /UF ${pdfString(target)} >>`;
  const text = (font: string) => ({ content: `BT /F1 24 Tf 10 40 Td ${font} Tj ET 0 0 1 rg 150 10 40 80 re f`, resources: '/Font << /F1 5 0 R >>' });
  const link = (action: string): string => `/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 200 100] /A ${action} >>]`;
  return [
    { name: 'external image stream (/F a path)', upload: 'refused', bytes: onePage({ ...drawImage, extra: [image(pdfString(target))] }) },
    { name: 'external image stream (/F a file specification)', upload: 'refused', bytes: onePage({ ...drawImage, extra: [image(filespec)] }) },
    {
      name: 'external font program (/FontFile2 with /F)',
      upload: 'refused',
      bytes: onePage({
        ...text('(Hello)'),
        extra: [
          { dict: '<< /Type /Font /Subtype /TrueType /BaseFont /Canary /FirstChar 32 /LastChar 126 /FontDescriptor 6 0 R >>' },
          { dict: '<< /Type /FontDescriptor /FontName /Canary /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>' },
          { dict: `<< /Length1 0 /F ${pdfString(target)} >>`, stream: Buffer.alloc(0) },
        ],
      }),
    },
    { name: 'font named by a path (/BaseFont)', upload: 'stripped', bytes: onePage({ ...text('(Hello)'), extra: [{ dict: `<< /Type /Font /Subtype /Type1 /BaseFont ${pdfName(target)} >>` }] }) },
    {
      // Ghostscript joins a CMap name to each of its resource directories ("…/Resource/Init/CMap/" + name)
      // and resolves "..": one font per depth, as that directory's depth varies between installations
      name: 'CMap named by a path that climbs out of the resource directories (/Encoding)',
      upload: 'stripped',
      bytes: onePage({
        content: `BT ${CLIMB_DEPTHS.map((_, i) => `/F${i} 24 Tf 10 40 Td <0001> Tj`).join(' ')} ET 0 0 1 rg 150 10 40 80 re f`,
        resources: `/Font << ${CLIMB_DEPTHS.map((_, i) => `/F${i} ${6 + i} 0 R`).join(' ')} >>`,
        extra: [
          { dict: '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /Canary /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>' },
          ...CLIMB_DEPTHS.map((d) => ({ dict: `<< /Type /Font /Subtype /Type0 /BaseFont /Canary /Encoding ${pdfName(`/${'../'.repeat(d)}${target.replace(/^\/+/, '')}`)} /DescendantFonts [5 0 R] >>` })),
        ],
      }),
    },
    {
      name: '/Launch (document open action, page open action)',
      upload: 'stripped',
      bytes: onePage({ catalogExtra: `/OpenAction << /S /Launch /F ${pdfString(target)} >>`, pageExtra: `/AA << /O << /S /Launch /F ${filespec} /Win << /F ${pdfString(target)} >> >> >>` }),
    },
    { name: '/GoToR link', upload: 'stripped', bytes: onePage({ pageExtra: link(`<< /S /GoToR /F ${filespec} /D [0 /Fit] >>`) }) },
    { name: '/GoToE link', upload: 'stripped', bytes: onePage({ pageExtra: link(`<< /S /GoToE /F ${filespec} /D [0 /Fit] /T << /R /C /N (a) >> >>`) }) },
    { name: '/ImportData and /SubmitForm (chained by /Next)', upload: 'stripped', bytes: onePage({ pageExtra: link(`<< /S /ImportData /F ${filespec} /Next << /S /SubmitForm /F << /FS /URL /F ${pdfString(`file://${target}`)} >> >> >>`) }) },
    {
      name: 'embedded files name tree and an associated file (/EmbeddedFiles, /AF)',
      upload: 'stripped',
      bytes: onePage({ catalogExtra: `/Names << /EmbeddedFiles << /Names [(canary) 5 0 R] >> >> /AF [5 0 R]`, pageExtra: '/AF [5 0 R]', extra: [{ dict: filespec }] }),
    },
  ];
}

/**
 * PDFs whose page tree loops (finding 6 of issue 37): pdf-lib recursed on them until its stack
 * overflowed, so a proof was a 500, a PDF job failed three times and a merge failed whole,
 * while poppler (upload thumbnails) drew them without complaint.
 */
export function loopedPdfs(): Array<{ name: string; bytes: Buffer }> {
  const tree = (pages: string, page: string, more: RawObject[] = []) =>
    rawPdf([
      { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dict: pages },
      { dict: `<< /Type /Page ${page} /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << >> >>` },
      { dict: '<< >>', stream: Buffer.from('0 0 1 rg 10 10 180 80 re f', 'latin1') },
      ...more,
    ]);
  return [
    { name: "a page's /Parent is the page itself", bytes: tree('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '/Parent 3 0 R') },
    { name: 'the root /Pages has a /Parent (the page)', bytes: tree('<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 3 0 R >>', '/Parent 2 0 R') },
    { name: '/Kids lists its own node', bytes: tree('<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>', '/Parent 2 0 R') },
    { name: "a page's /Parent is another /Pages node whose /Parent is the page", bytes: tree('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '/Parent 5 0 R', [{ dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 3 0 R >>' }]) },
  ];
}

// ---- multipart -------------------------------------------------------------------------

/** A small real PNG (the catalog fixtures' logo). */
export const TINY_PNG = fs.readFileSync(new URL('../fixtures/images/logo.png', import.meta.url));

/** Names of an operation's file parts: `format: binary` properties, and arrays of them (files[]). */
export function binaryParts(schema: JsonSchema | null): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props)
    .filter(([, s]) => s.format === 'binary' || s.items?.format === 'binary')
    .map(([k]) => k);
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: string | Buffer;
}

export function multipartBody(parts: Part[], boundary = `----fuzz${randomUUID().replace(/-/g, '')}`, opts: { close?: boolean } = {}): RawBody {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks), label: `multipart [${parts.map((p) => p.name).join(', ')}]` };
}

const fileBytes: fc.Arbitrary<{ data: Buffer; label: string }> = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((a) => ({ data: Buffer.from(a), label: 'random bytes' })),
  fc.constant({ data: TINY_PNG, label: '1x1 png' }),
  fc.constant({ data: TINY_PNG.subarray(0, 40), label: 'truncated png' }),
  fc.constant({ data: Buffer.concat([TINY_PNG.subarray(0, 33), Buffer.alloc(64, 0xff)]), label: 'png header + garbage' }),
  fc.constant({ data: Buffer.alloc(0), label: 'empty file' }),
  fc.constant({ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><image href="http://169.254.169.254/"/></svg>'), label: 'hostile svg' }),
  fc.constant({ data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), label: 'broken pdf' }),
  fc.constant({ data: Buffer.from('wOFF0000garbage'), label: 'fake woff' }),
  // issue 37: fonts that broke fontkit (built when first drawn: the base font is read below)
  fc.constant(null).chain(() => fc.constantFrom(...hostileFontList())).map((h) => ({ data: h.data, label: h.label })),
  fc.constant({ data: Buffer.alloc(2 * MB, 0x41), label: '2 MB of A' }),
  // issue 37: PDFs naming a local file by each mechanism, and PDFs whose page tree loops
  fc.constantFrom(...hostilePdfs('/etc/passwd'), ...loopedPdfs()).map((p) => ({ data: p.bytes, label: `pdf: ${p.name}` })),
  // built when sampled (the generators are defined below)
  fc.nat().map((i) => {
    const all = hostileSvgs();
    const s = all[i % all.length]!;
    return { data: s.data, label: s.label };
  }),
);

/** Multipart forms for an operation: its own part names (file parts with random bytes), wrong names, extra and duplicate parts. */
export function hostileMultipart(schema: JsonSchema | null, src: IdSource): fc.Arbitrary<RawBody> {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const fileNames = binaryParts(schema);
  const names = [...new Set([...fileNames, 'file', 'file[]', 'files'])];
  const fieldEntries = Object.entries(props).filter(([k]) => !fileNames.includes(k));
  const part: fc.Arbitrary<Part> = fc.oneof(
    fc.tuple(fc.constantFrom(...names), fileBytes, fc.constantFrom('a.png', 'x.jpg', '../../evil.svg', '', 'ü\u0000.ttf', 'f.pdf'), fc.constantFrom('image/png', 'application/octet-stream', 'text/html', 'image/svg+xml')).map(
      ([name, f, filename, contentType]) => ({ name, filename, contentType, data: f.data }),
    ),
    ...(fieldEntries.length > 0
      ? [fc.constantFrom(...fieldEntries).chain(([name, s]) => fc.oneof(fromSchema(s, src), hostileJson).map((v) => ({ name, data: typeof v === 'string' ? v : JSON.stringify(v) ?? '' })))]
      : []),
    fc.tuple(hostileString, hostileString).map(([name, data]) => ({ name: name.replace(/["\r\n]/g, '') || 'x', data })),
    fileBytes.map((f) => ({ name: 'unexpected_file', filename: 'u.bin', data: f.data })),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.array(part, { minLength: 0, maxLength: 4 }), fc.integer({ min: 0, max: 5 })).map(([parts, n]) => multipartBody(parts, undefined, { close: n !== 0 })) },
    { weight: 1, arbitrary: fc.constant<RawBody>({ contentType: 'multipart/form-data; boundary=abc', payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot closed', label: 'multipart unterminated' }) },
    { weight: 1, arbitrary: fc.constant<RawBody>({ contentType: 'multipart/form-data; boundary=abc', payload: 'garbage with no boundary at all', label: 'multipart garbage' }) },
  );
}

/** A string safe to put in a URL (lone surrogates made well-formed first). */
export function enc(s: string): string {
  return encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

// ---- Issue 18 (items 4, 5): scheme tricks in every URL-like field, foreign ids in every reference field

/** Links that are not http(s) or only look like it: each must be refused where a link is shown or fetched. */
export const SCHEME_TRICKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://shop.example/%0Aalert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_FLUSHALL',
  'ftp://example.test/x.png',
  'vbscript:msgbox(1)',
  'http:\\\\evil.example\\x.png',
  'https:evil.example/x.png',
  'https://user:pass@evil.example/x.png',
  '//evil.example/x.png',
];

/** A field that carries a link: format uri/url/http-url (also inside a nullable union), or a name ending in url. */
export function isUrlField(name: string, schema: JsonSchema): boolean {
  const formats = [schema, ...((schema?.anyOf ?? schema?.oneOf ?? []) as JsonSchema[])].map((s) => s?.format);
  return /url$/i.test(name) || formats.some((f) => f === 'uri' || f === 'url' || f === 'http-url');
}

/** A field that names another object by id: `*_id`, `*_ids`, `*Id`, `*Ids`. */
export function isReferenceField(name: string): boolean {
  return /_ids?$|[a-z]Ids?$/.test(name);
}

/**
 * Variants of `schema`, each with exactly one field matched by `pick` (at any depth: nested
 * objects, array items, one branch of a union) replaced by `replace(name, schema)` and made
 * required along its path, so `fromSchema` of a variant yields an otherwise valid body that
 * carries the hostile value. Design and template `layers` get one layer from `layer(...)`.
 */
export function withHostileField(
  schema: JsonSchema,
  pick: (name: string, s: JsonSchema) => boolean,
  replace: (name: string, s: JsonSchema) => JsonSchema,
  layer?: JsonSchema,
  depth = 0,
): Array<{ field: string; schema: JsonSchema }> {
  if (!schema || typeof schema !== 'object' || depth > 6) return [];
  const out: Array<{ field: string; schema: JsonSchema }> = [];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && !schema.properties) {
    const key = schema.anyOf ? 'anyOf' : 'oneOf';
    union.forEach((alt) => {
      for (const v of withHostileField(alt, pick, replace, layer, depth + 1)) out.push({ field: v.field, schema: { ...schema, [key]: [v.schema] } });
    });
    return out;
  }
  if (schema.type === 'array' && schema.items) {
    for (const v of withHostileField(schema.items as JsonSchema, pick, replace, layer, depth + 1)) {
      out.push({ field: `0${v.field ? `.${v.field}` : ''}`, schema: { ...schema, items: v.schema, minItems: Math.max(1, schema.minItems ?? 0), maxItems: 1 } });
    }
    return out;
  }
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const put = (k: string, s: JsonSchema, field: string) =>
    out.push({ field, schema: { ...schema, properties: { ...props, [k]: s }, required: [...new Set([...required, k])] } });
  for (const [k, s] of Object.entries(props)) {
    if (k === 'layers' && layer && (s?.type === 'array' || Array.isArray(s?.anyOf))) put(k, { type: 'array', items: layer, minItems: 1, maxItems: 1 }, 'layers.0');
    else if (pick(k, s)) put(k, replace(k, s), k);
    else for (const v of withHostileField(s, pick, replace, layer, depth + 1)) put(k, v.schema, `${k}.${v.field}`);
  }
  return out;
}

/** One variant per URL-like field of `schema`, the field set to a scheme trick. */
export function schemeTrickVariants(schema: JsonSchema): Array<{ field: string; schema: JsonSchema }> {
  const tricks: JsonSchema = { enum: SCHEME_TRICKS };
  return withHostileField(schema, isUrlField, (_n, s) => (s?.type === 'array' ? { type: 'array', items: tricks, minItems: 1, maxItems: 1 } : tricks), {
    type: 'object',
    properties: { type: { const: 'image' }, src: tricks },
    required: ['type', 'src'],
  });
}

/** One variant per reference field of `schema`, the field set to an id the caller cannot see. */
export function foreignIdVariants(schema: JsonSchema, foreign: { strings: string[]; integers: number[] }): Array<{ field: string; schema: JsonSchema }> {
  const strings: JsonSchema = { enum: [...foreign.strings, 'not-a-uuid', randomUUID(), '00000000-0000-0000-0000-000000000000'] };
  const integers: JsonSchema = { enum: [...foreign.integers, 2147483647] };
  const one = (s: JsonSchema): JsonSchema => {
    const types = [s?.type, ...((s?.anyOf ?? []) as JsonSchema[]).map((x) => x?.type)];
    return types.includes('integer') ? integers : strings;
  };
  return withHostileField(schema, isReferenceField, (_n, s) => (s?.type === 'array' ? { type: 'array', items: one(s.items as JsonSchema), minItems: 1, maxItems: 1 } : one(s)), {
    type: 'object',
    properties: { type: { const: 'image' }, image_id: strings },
    required: ['type', 'image_id'],
  });
}

// ---- issue 18: long multipart boundaries, deep free-form JSON --------------------------

/**
 * Multipart bodies whose boundary is longer than RFC 2046's 70 characters and than busboy's
 * 252 (its search refuses a longer needle: the studio routes answered that with a 500), with
 * parts that would otherwise be a valid upload.
 */
export function longBoundaryMultipart(schema: JsonSchema | null): fc.Arbitrary<RawBody> {
  const fileNames = binaryParts(schema);
  const names = [...new Set([...fileNames, 'file', 'file[]'])];
  return fc.tuple(fc.constantFrom(71, 252, 253, 257, 300, 1000, 5000), fc.constantFrom('b', '-', '0', "'()+_,-./:=?"), fc.subarray(names, { minLength: 1 })).map(([length, ch, parts]) => {
    const boundary = ch.repeat(Math.ceil(length / ch.length)).slice(0, length);
    const body = multipartBody(
      [{ name: 'icp_type', data: 'school' }, ...parts.map((name) => ({ name, filename: 'a.png', contentType: 'image/png', data: TINY_PNG }))],
      boundary,
    );
    return { ...body, label: `multipart, ${length}-character boundary` };
  });
}

/** Where a schema leaves a value free-form (no type, or an object or array with no member schema): the paths to them, array items as index 0. */
export function freeFormPaths(schema: JsonSchema, depth = 0): Array<Array<string | number>> {
  return freeForms(schema, depth).map((f) => f.path);
}

interface FreeForm {
  path: Array<string | number>;
  /** the container the schema asks for there, if it says */
  kind: 'array' | 'object' | null;
}

function freeForms(schema: JsonSchema, depth = 0): FreeForm[] {
  if (!schema || typeof schema !== 'object' || depth > 6) return [];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.flatMap((s) => freeForms(s, depth + 1));
  if (isFreeForm(schema)) return [{ path: [], kind: schema.type === 'array' || schema.type === 'object' ? schema.type : null }];
  const out: FreeForm[] = [];
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    for (const f of freeForms(s, depth + 1)) out.push({ ...f, path: [k, ...f.path] });
  }
  if (schema.items && typeof schema.items === 'object') for (const f of freeForms(schema.items, depth + 1)) out.push({ ...f, path: [0, ...f.path] });
  return out;
}

function isFreeForm(s: JsonSchema): boolean {
  if ('const' in s || s.enum || s.anyOf || s.oneOf || s.allOf) return false;
  if (s.type === undefined) return true;
  if (s.type === 'object') return Object.keys((s.properties ?? {}) as object).length === 0;
  if (s.type === 'array') return !s.items || (typeof s.items === 'object' && isFreeForm(s.items) && s.items.type === undefined);
  return false;
}

const DEEP_MARK = '__folio_fuzz_deep__';

/**
 * Bodies that satisfy `schema` except that one free-form field holds JSON nested 65 to 20 000
 * levels deep (as text: JSON.stringify itself overflows the stack at a few thousand). Before
 * issue 18, a template's layers 2 500 deep or a product's metadata 5 000 deep reached
 * JSON.stringify in the route and came back as a RangeError 500. Null when the schema has no
 * free-form field.
 */
export function deepFreeForm(schema: JsonSchema, src: IdSource): fc.Arbitrary<RawBody> | null {
  const forms = freeForms(schema).filter((f) => f.path.length > 0);
  if (forms.length === 0) return null;
  // The container the schema asks for (so the value passes the schema but for its depth), now and then the other one.
  const shaped = fc.constantFrom(...forms).chain((f) => fc.tuple(fc.constant(f.path), fc.oneof({ weight: 3, arbitrary: fc.constant(f.kind ?? 'array') }, { weight: 1, arbitrary: fc.constantFrom<'array' | 'object'>('array', 'object') })));
  return fc.tuple(fromSchema(schema, { ...src, tame: true }), shaped, fc.constantFrom(65, 100, 2_500, 5_000, 20_000)).map(([base, [path, kind], depth]) => {
    const root = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
    let at: Record<string | number, unknown> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i]!;
      const next = path[i + 1]!;
      const existing = at[seg];
      const copy = Array.isArray(existing) ? [...existing] : existing && typeof existing === 'object' ? { ...existing } : typeof next === 'number' ? [] : {};
      at[seg] = copy;
      at = copy as Record<string | number, unknown>;
    }
    at[path[path.length - 1]!] = DEEP_MARK;
    const text = JSON.stringify(root).replace(`"${DEEP_MARK}"`, deepJson(depth, kind));
    return { contentType: 'application/json', payload: text, label: `${path.join('.')} nested ${depth} deep (${kind})` };
  });
}

// ---- issue 37: malformed fonts ------------------------------------------------------------

/** A font file some renderer step cannot survive, and what an upload must answer for it (after issue 37). */
export interface HostileFont {
  label: string;
  data: Buffer;
  /** 422 damaged, 413 declares more than FONT_MAX_SFNT_BYTES unpacked */
  status: 413 | 422;
}

const requireFont = createRequire(import.meta.url);
/** Roboto Regular (Apache-2.0, @expo-google-fonts/roboto): a TrueType font with composite glyphs (`:` is one). */
export const ROBOTO_TTF = fs.readFileSync(requireFont.resolve('@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf'));
/** DejaVu Sans (fonts/, Bitstream Vera licence). */
export const DEJAVU_TTF = fs.readFileSync(new URL('../../fonts/DejaVuSans.ttf', import.meta.url));

/** An sfnt's table directory: tag → where its entry is, and the table's offset and length. */
export function sfntTables(font: Buffer): Record<string, { entry: number; offset: number; length: number }> {
  const out: Record<string, { entry: number; offset: number; length: number }> = {};
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const e = 12 + 16 * i;
    out[font.toString('latin1', e, e + 4)] = { entry: e, offset: font.readUInt32BE(e + 8), length: font.readUInt32BE(e + 12) };
  }
  return out;
}

/** Offsets of each glyph in glyf (numGlyphs + 1 of them), read through loca. */
function locaOffsets(font: Buffer): number[] {
  const t = sfntTables(font);
  const n = font.readUInt16BE(t.maxp!.offset + 4);
  const long = font.readInt16BE(t.head!.offset + 50) === 1;
  return Array.from({ length: n + 1 }, (_, g) => (long ? font.readUInt32BE(t.loca!.offset + 4 * g) : font.readUInt16BE(t.loca!.offset + 2 * g) * 2));
}

/**
 * A copy of a TrueType font whose first composite glyph's first component is `component`
 * (a function of the glyph count and the composite's own id): the glyph id and the copy.
 */
export function withComponent(font: Buffer, component: (numGlyphs: number, gid: number) => number): { gid: number; data: Buffer } {
  const t = sfntTables(font);
  const offsets = locaOffsets(font);
  const data = Buffer.from(font);
  for (let gid = 0; gid < offsets.length - 1; gid++) {
    const at = t.glyf!.offset + offsets[gid]!;
    if (offsets[gid + 1]! > offsets[gid]! && data.readInt16BE(at) < 0) {
      // header (10 bytes), then the first component: flags, glyphIndex
      data.writeUInt16BE(component(offsets.length - 1, gid), at + 12);
      return { gid, data };
    }
  }
  throw new Error('the font has no composite glyph');
}

/** The font with one table's directory entry changed (`field`: offset or length). */
function withTableEntry(font: Buffer, tag: string, field: 'offset' | 'length', value: number): Buffer {
  const data = Buffer.from(font);
  data.writeUInt32BE(value >>> 0, sfntTables(font)[tag]!.entry + (field === 'offset' ? 8 : 12));
  return data;
}

/** The font packed as WOFF 1.0 (each table zlib-compressed where that is smaller), optionally changed after packing. */
export function toWoff(font: Buffer, change?: (tag: string, packed: Buffer) => Buffer, declared?: (tag: string, length: number) => number): Buffer {
  const tables = Object.entries(sfntTables(font)).sort(([a], [b]) => (a < b ? -1 : 1));
  const dirEnd = 44 + 20 * tables.length;
  const head = Buffer.alloc(dirEnd);
  const bodies: Buffer[] = [];
  let at = dirEnd;
  tables.forEach(([tag, t], i) => {
    const orig = font.subarray(t.offset, t.offset + t.length);
    const z = zlib.deflateSync(orig);
    let packed = z.length < orig.length ? z : orig;
    if (change) packed = change(tag, packed);
    const e = 44 + 20 * i;
    head.write(tag, e, 'latin1');
    head.writeUInt32BE(at, e + 4);
    head.writeUInt32BE(packed.length, e + 8);
    head.writeUInt32BE(declared ? declared(tag, t.length) : t.length, e + 12);
    head.writeUInt32BE(font.readUInt32BE(t.entry + 4), e + 16);
    const padded = Buffer.alloc((packed.length + 3) & ~3);
    packed.copy(padded);
    bodies.push(padded);
    at += padded.length;
  });
  head.write('wOFF', 0, 'latin1');
  font.copy(head, 4, 0, 4); // flavor
  head.writeUInt32BE(at, 8);
  head.writeUInt16BE(tables.length, 12);
  head.writeUInt32BE(tables.reduce((n, [, t]) => n + ((t.length + 3) & ~3), 12 + 16 * tables.length), 16);
  head.writeUInt16BE(1, 20);
  return Buffer.concat([head, ...bodies]);
}

/** A WOFF2 header (flavor TrueType) declaring `totalSfntSize`, then garbage where its table directory should be. */
function woff2Garbage(totalSfntSize: number): Buffer {
  const b = Buffer.alloc(256, 0xa5);
  b.write('wOF2', 0, 'latin1');
  b.writeUInt32BE(0x00010000, 4);
  b.writeUInt32BE(b.length, 8);
  b.writeUInt16BE(0xffff, 12); // numTables
  b.writeUInt16BE(0, 14);
  b.writeUInt32BE(totalSfntSize >>> 0, 16);
  b.writeUInt32BE(200, 20); // totalCompressedSize
  return b;
}

/** Flips one byte in every `every` from `start` on, the same bytes each run. */
function flipBytes(font: Buffer, every: number, start: number): Buffer {
  const data = Buffer.from(font);
  let seed = 0x3710;
  for (let i = start; i + every <= data.length; i += every) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    const at = i + (seed % every);
    data[at] = data[at]! ^ 0xff;
  }
  return data;
}

let defaultHostileFonts: HostileFont[] | null = null;
/** hostileFonts() of Roboto, built once (the fuzzers' file parts draw from it). */
function hostileFontList(): HostileFont[] {
  defaultHostileFonts ??= hostileFonts();
  return defaultHostileFonts;
}

/**
 * Malformed fonts from a good TrueType one (Roboto unless given): each breaks a different
 * fontkit step the renderer takes (the table directory, cmap, loca/glyf, composite glyphs,
 * WOFF/WOFF2 unpacking). Before issue 37 each gave a 500 on upload, or was stored and later
 * crashed the process when a design using it was printed (composite glyph past the table).
 */
export function hostileFonts(base: Buffer = ROBOTO_TTF): HostileFont[] {
  const t = sfntTables(base);
  return [
    { label: 'TTF truncated to half', data: base.subarray(0, base.length >> 1), status: 422 },
    { label: 'TTF cut inside its table directory', data: base.subarray(0, 40), status: 422 },
    { label: 'TTF whose cmap offset points past the end', data: withTableEntry(base, 'cmap', 'offset', base.length + 4096), status: 422 },
    { label: 'TTF whose glyf length runs past the end', data: withTableEntry(base, 'glyf', 'length', base.length * 2), status: 422 },
    { label: 'TTF whose hhea offset is garbage', data: withTableEntry(base, 'hhea', 'offset', 0xfffffff0), status: 422 },
    {
      label: 'TTF whose loca is out of order',
      data: (() => {
        const d = Buffer.from(base);
        const long = d.readInt16BE(t.head!.offset + 50) === 1;
        // glyph 2 starts after the end of the glyph table
        if (long) d.writeUInt32BE(t.glyf!.length + 400, t.loca!.offset + 8);
        else d.writeUInt16BE(Math.min(0xffff, (t.glyf!.length + 400) >> 1), t.loca!.offset + 4);
        return d;
      })(),
      status: 422,
    },
    { label: 'TTF with a byte flipped in every 61', data: flipBytes(base, 61, 12 + 16 * base.readUInt16BE(4)), status: 422 },
    { label: 'composite glyph whose component is the glyph count (one past the last)', data: withComponent(base, (n) => n).data, status: 422 },
    { label: 'composite glyph whose component is glyph 65535', data: withComponent(base, () => 0xffff).data, status: 422 },
    { label: 'composite glyph that contains itself', data: withComponent(base, (_, gid) => gid).data, status: 422 },
    { label: 'WOFF whose compressed glyf is garbage', data: toWoff(base, (tag, packed) => (tag === 'glyf' ? flipBytes(packed, 7, 2) : packed)), status: 422 },
    { label: 'WOFF declaring 1 GiB for its glyf table', data: toWoff(base, undefined, (tag, n) => (tag === 'glyf' ? 1 << 30 : n)), status: 413 },
    { label: 'WOFF2 with a garbage table directory', data: woff2Garbage(base.length), status: 422 },
    { label: 'WOFF2 declaring 4 GB unpacked', data: woff2Garbage(0xfffffff0), status: 413 },
  ];
}

// ---- issue 37 (finding 4): SVGs that made the sanitiser and the cascade freeze the server ----

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

/** `depth` nested groups around one rect (15 000: 76 s of a blocked server; 5 000: a stack overflow 500). */
export function deepSvg(depth: number): Buffer {
  return Buffer.from(`<svg ${SVG_NS} width="10" height="10">${'<g>'.repeat(depth)}<rect width="1" height="1"/>${'</g>'.repeat(depth)}</svg>`);
}

/** `elements` sibling rects. */
export function wideSvg(elements: number): Buffer {
  return Buffer.from(`<svg ${SVG_NS} width="10" height="10">${'<rect width="1" height="1"/>'.repeat(elements)}</svg>`);
}

/**
 * `rules` structural rules (`rect:nth-child(k)`) over `elements` rects in a 20-column grid of
 * 10 px cells, every rule painting red: each rule is tried on each rect, so the cascade's work
 * is rules × elements (1 000 × 1 000: an 11.7 s proof, a 28.7 s mockup with the server blocked).
 * `sibling` rules (each painting every rect from the k-th on) add a sibling combinator, which
 * `Element.matches` answers by walking the siblings, and theirs.
 */
export function cssHeavySvg(rules: number, elements: number, opts: { sibling?: boolean } = {}): Buffer {
  const sel = (k: number) => (opts.sibling ? `*:not(:nth-child(2n+1)) ~ rect:nth-child(n+${k})` : `rect:nth-child(${k})`);
  const css = Array.from({ length: rules }, (_, i) => `${sel((i % elements) + 1)} { fill: #ff0000 }`).join('\n');
  const cols = 20;
  const rows = Math.ceil(elements / cols);
  const rects = Array.from({ length: elements }, (_, i) => `<rect x="${(i % cols) * 10}" y="${Math.floor(i / cols) * 10}" width="10" height="10"/>`).join('');
  return Buffer.from(`<svg ${SVG_NS} width="${cols * 10}" height="${rows * 10}" viewBox="0 0 ${cols * 10} ${rows * 10}"><style>${css}</style>${rects}</svg>`);
}

/** One `<style>` of `bytes` characters (a comment, so the sheet itself is empty). */
export function hugeStyleSvg(bytes: number): Buffer {
  return Buffer.from(`<svg ${SVG_NS} width="10" height="10"><style>/*${'x'.repeat(Math.max(0, bytes - 4))}*/</style><rect width="1" height="1"/></svg>`);
}

export interface HostileSvg {
  label: string;
  data: Buffer;
  /** the limit of docs/limits.md ("SVG artwork") the answer must name */
  limit: string;
}

/**
 * SVGs over each limit of docs/limits.md "SVG artwork", as an upload route meets them: each
 * must be refused (422 naming the limit, or 415 where the route takes no SVG) within seconds,
 * never a 5xx, and without blocking the server.
 */
export function hostileSvgs(): HostileSvg[] {
  return (builtSvgs ??= [
    { label: 'svg nested 15000 deep', data: deepSvg(15_000), limit: 'MAX_SVG_DEPTH' },
    { label: 'svg nested 5000 deep', data: deepSvg(5_000), limit: 'MAX_SVG_DEPTH' },
    {
      // after an HTML tag the parser leaves SVG content, and there <g/> does not close: 5 000 deep in the DOM
      label: 'svg nested 5000 deep by self-closing tags after an HTML breakout',
      data: Buffer.from(`<svg ${SVG_NS} width="10" height="10"><p></p>${'<g/>'.repeat(5_000)}</svg>`),
      limit: 'MAX_SVG_DEPTH',
    },
    { label: 'svg of 31000 elements', data: wideSvg(31_000), limit: 'MAX_SVG_ACCEPTED_ELEMENTS' },
    { label: 'svg with 1000 :nth-child rules x 1000 rects', data: cssHeavySvg(1_000, 1_000), limit: 'MAX_SVG_SELECTOR_MATCHES' },
    { label: 'svg with 6000 selectors', data: cssHeavySvg(6_000, 10), limit: 'MAX_SVG_CSS_SELECTORS' },
    { label: 'svg with 300 KiB of style', data: hugeStyleSvg(300 * 1024), limit: 'MAX_SVG_STYLE_BYTES' },
  ]);
}
let builtSvgs: HostileSvg[] | undefined;

// ---- issue 37: production inputs that once froze or killed the process -----------------

/**
 * A merge CSV whose first data row holds one cell of `chars` characters (words of one letter,
 * so text fitting has thousands of words to break): 100,000 once held the event loop 24.6 s,
 * as no CSV cell had the JSON cells' cap.
 */
export function csvWithHugeCell(chars: number, columns: string[] = ['name', 'title', 'url', 'sku']): string {
  const cell = 'W '.repeat(Math.ceil(chars / 2)).slice(0, chars);
  const plain = (c: string, i: number) => `${c}-${i}`;
  return `${columns.join(',')}\n"${cell}",${columns.slice(1).map((c) => plain(c, 1)).join(',')}\n${columns.map((c) => plain(c, 2)).join(',')}\n`;
}

/** `n` merge records with the card fields (name, title, url, sku): a run long enough to have held the event loop for seconds. */
export function manyMergeRecords(n: number): Array<Record<string, string>> {
  return Array.from({ length: n }, (_, i) => ({ name: `Person number ${i + 1} with a longer name`, title: 'Engineer', url: `https://example.com/people/${i + 1}`, sku: `SKU-${i + 1}` }));
}

/**
 * An imposition body that asks for millions of slots: an item of `itemMm` (the source's own
 * size, made by the caller) on a sheet of `sheetMm` a side with no margins or gutter. A 1 mm
 * item on a 2,000 mm sheet once planned 4,000,000 slots in the request (6.9 s) and grew the
 * job to 5.5 GB until the process died, on every restart.
 */
export function hugeSheetImposition(source: { design_ids: string[] } | { pdf_job_id: string }, sheetMm = 2000): Record<string, unknown> {
  return { ...source, sheet: { width: sheetMm, height: sheetMm, unit: 'mm' }, margins: 0, gutter: 0, bleed: 'trim', marks: { crop: false, registration: false, color_bar: false, slug: false } };
}

/**
 * Issue 37 bodies for an operation, chosen by the fields its JSON schema has, so a route added
 * later with the same fields inherits them: a `csv` string gets a 100,000-character cell or a
 * header past the column cap; `records` a cell one over the cap or more keys than a data set
 * has columns; a `sheet` a 2,000 mm sheet with no margins or gutter (millions of slots for a
 * small item). Otherwise valid (tame values, a real id for `design_id`/`design_ids`); null
 * when the schema has none of these fields.
 */
export function productionHostileBodies(schema: JsonSchema | null, src: IdSource): fc.Arbitrary<RawBody> | null {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const designs = src.idsForField?.('design_id') ?? [];
  const edits: Array<[string, Record<string, unknown>]> = [];
  if (props.csv?.type === 'string') {
    edits.push(['csv with a 100,000-character cell', { csv: csvWithHugeCell(100_000) }]);
    edits.push(['csv of 201 columns', { csv: `${Array.from({ length: 201 }, (_, i) => `c${i}`).join(',')}\n${'1,'.repeat(200)}1\n` }]);
  }
  if (props.records?.type === 'array') {
    edits.push(['records with a cell over 10,000 characters', { records: [{ name: 'W '.repeat(5_001) }] }]);
    edits.push(['records naming 201 keys', { records: Array.from({ length: 201 }, (_, i) => ({ name: 'x', [`k${i}`]: 'v' })) }]);
  }
  if (props.sheet) edits.push(['a 2,000 mm sheet, no margins or gutter', { sheet: { width: 2000, height: 2000, unit: 'mm' }, margins: 0, gutter: 0, spacing: 0, bleed: 'trim' }]);
  if (edits.length === 0 || !schema) return null;
  return fc.tuple(fromSchema(schema, { ...src, tame: true }), fc.constantFrom(...edits)).map(([b, [label, edit]]) => {
    const body: Record<string, unknown> = typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...(b as Record<string, unknown>) } : {};
    // one data set, one source, one sheet: a real design, so the request reaches the limits
    for (const k of ['records', 'csv', 'project_id', 'pdf_job_id', 'roll']) delete body[k];
    if (designs.length > 0) {
      if (props.design_id) body.design_id = designs[0];
      if (props.design_ids) body.design_ids = designs.slice(0, 1);
    }
    for (const [k, v] of Object.entries(edit)) if (k in props) body[k] = v;
    return { contentType: 'application/json', payload: JSON.stringify(body), label };
  });
}
