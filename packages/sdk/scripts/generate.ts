/**
 * npm run sdk:generate — builds the app in-process (embedded stack in a temp dir, nothing
 * listens), takes its OpenAPI document, writes it to packages/sdk/openapi.json and the
 * types generated from it to packages/sdk/src/schema.d.ts, and the operationId map to
 * packages/sdk/src/operations.ts (both committed; a test fails on drift).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../src/config/index.js';
import { createServer } from '../../../src/main/server.js';
import { renderOperations, renderSchema } from './render.js';

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function currentDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sdk-'));
  try {
    const config = loadConfig({ FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_WARMUP: 'false', FOLIO_PUBLIC_URL: 'https://folio.example.com' });
    const { app } = await createServer(config, {}, false);
    try {
      await app.ready();
      return app.swagger() as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const doc = await currentDocument();
fs.writeFileSync(path.join(sdkDir, 'openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
const schema = await renderSchema(doc);
const target = path.join(sdkDir, 'src', 'schema.d.ts');
const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
fs.writeFileSync(target, schema);
process.stderr.write(`[sdk] ${path.relative(process.cwd(), target)} ${before === schema ? 'unchanged' : 'updated'} (${Object.keys((doc as { paths: object }).paths).length} paths)\n`);
const opsTarget = path.join(sdkDir, 'src', 'operations.ts');
const opsBefore = fs.existsSync(opsTarget) ? fs.readFileSync(opsTarget, 'utf8') : '';
const ops = renderOperations(doc);
fs.writeFileSync(opsTarget, ops);
process.stderr.write(`[sdk] ${path.relative(process.cwd(), opsTarget)} ${opsBefore === ops ? 'unchanged' : 'updated'}\n`);
