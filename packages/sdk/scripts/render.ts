import openapiTS, { astToString } from 'openapi-typescript';

type Doc = { paths?: Record<string, Record<string, any>>; [k: string]: unknown };

const HEADER = `/**
 * Generated from Folio's OpenAPI document (GET /v1/openapi.json) by \`npm run sdk:generate\`.
 * Do not edit: CI fails when this file and the document drift apart.
 */

`;

/**
 * The document as the SDK sees it: paths relative to /v1 (the client's base URL ends in /v1),
 * and without the illustrative examples (they name the server's public URL; types do not need them).
 */
export function sdkDocument(doc: Doc): Doc {
  const copy = structuredClone(doc);
  const paths: Record<string, Record<string, any>> = {};
  for (const [path, ops] of Object.entries(copy.paths ?? {})) {
    if (!path.startsWith('/v1/')) continue;
    for (const op of Object.values(ops)) {
      for (const p of op.parameters ?? []) delete p.example;
      for (const m of Object.values((op.requestBody?.content ?? {}) as Record<string, any>)) delete m.example;
      for (const r of Object.values((op.responses ?? {}) as Record<string, any>)) for (const m of Object.values((r.content ?? {}) as Record<string, any>)) delete m.example;
    }
    paths[path.slice('/v1'.length)] = ops;
  }
  copy.paths = paths;
  delete copy.servers;
  return copy;
}

/** packages/sdk/src/schema.d.ts for this document. */
export async function renderSchema(doc: Doc): Promise<string> {
  const ast = await openapiTS(sdkDocument(doc) as never, { silent: true, alphabetize: true });
  return HEADER + astToString(ast);
}
