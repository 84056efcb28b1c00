import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeningServer, type ListeningServer } from './server.js';

/**
 * The SDK as a shop's developer gets it: `npm pack` of packages/sdk (its prepack builds
 * dist/), `npm install` of the tarball into a fresh folder outside the repository, a
 * TypeScript script compiled there against the installed package's declarations, and run
 * with node against the real app listening on a free port.
 */
const run = promisify(execFile);
const SDK_DIR = fileURLToPath(new URL('../../../packages/sdk', import.meta.url));
const TSC = fileURLToPath(new URL('../../../node_modules/.bin/tsc', import.meta.url));
const NPM_ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' };

let s: ListeningServer;
let work: string;
let app: string;
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sdk-tarball-'));
  app = path.join(work, 'shop');
  fs.mkdirSync(app);
  s = await listeningServer();
}, 30_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const TSCONFIG = (files: string[]) =>
  JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [], strict: true, skipLibCheck: false, outDir: 'out' },
    files,
  });

// What a shop's developer writes: sign up, create a store, fill and read its catalog.
const SCRIPT = `import { accountJwt, createFolioClient, NotFoundError, operationIndex, storeKey, UnknownPathError } from '@folio/sdk';

declare const process: { argv: string[] };
const baseUrl = process.argv[2]!;
const anon = createFolioClient({ baseUrl });
const email = \`tarball-\${Date.now()}@example.test\`;
const signedUp = await anon.op('signUp', { body: { name: 'Ada Lovelace', email, password: 'Corr3ct-Horse!' } });
const account = anon.withCredential(accountJwt(signedUp.data.access_token));
const { data: store } = await account.post('/stores', { params: { query: { include: 'credentials' } }, body: { store_name: 'Tarball Prints' } });
const folio = account.withCredential(storeKey(store.sid!, store.secret!));
for (const name of ['Business card', 'Flyer', 'Poster']) await folio.op('createProduct', { body: { name } });
const page = await folio.op('listProducts', { params: { query: { limit: 2, sort: 'asc', sortBy: 'created_date', include_total: true } } });
const all = await folio.listAll('/products', { query: { limit: 2, sort: 'asc', sortBy: 'created_date' } });
const count = await folio.count('/products');
const one = await folio.op('getProduct', { params: { path: { id: all[0]!.id } } });
const side = await folio.post('/sides', { body: { product_id: one.data.id, name: 'Front', width: 3.5, height: 2 } });
const sides = await folio.count('/products/{id}/sides', { path: { id: one.data.id } });
let unknown = '';
try {
  await folio.get('/prodcts' as never);
} catch (err) {
  unknown = err instanceof UnknownPathError ? err.message : String(err);
}
let missing = 0;
try {
  await folio.op('getProduct', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
} catch (err) {
  if (err instanceof NotFoundError) missing = err.status;
}
console.log(JSON.stringify({ page: page.data.length, total: page.meta.total, next: page.links.next !== null, names: all.map((p) => p.name), count, one: one.data.name, side: side.data.name, sides, unknown, missing, operations: Object.keys(operationIndex).length }));
`;

// A typo'd path or operationId: the compiler names it instead of "Expected 2 arguments".
const TYPOS = `import { createFolioClient } from '@folio/sdk';
const folio = createFolioClient({ baseUrl: 'http://127.0.0.1:1' });
export const a = folio.get('/prodcts');
export const b = folio.post('/prodcts', { body: { name: 'x' } });
export const c = folio.op('listProdcts');
`;

it('packs, installs from the tarball into a fresh folder, compiles a script against it and runs it against a real server', async () => {
  // npm pack runs prepack, which builds dist/ with the package's own tsconfig.
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: SDK_DIR, env: NPM_ENV, maxBuffer: 16 * 1024 * 1024 });
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const tarball = path.join(work, info!.filename);
  expect(fs.existsSync(tarball)).toBe(true);
  const files = info!.files.map((f) => f.path);
  expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'dist/schema.d.ts', 'dist/operations.js']));
  expect(files.filter((f) => f.startsWith('src/') || f.startsWith('scripts/'))).toEqual([]);

  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  await run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app, env: NPM_ENV });
  const installed = JSON.parse(fs.readFileSync(path.join(app, 'node_modules/@folio/sdk/package.json'), 'utf8'));
  expect(installed.name).toBe('@folio/sdk');
  expect(installed.private).toBeUndefined();
  expect(fs.existsSync(path.join(app, 'node_modules/openapi-fetch'))).toBe(true);

  fs.writeFileSync(path.join(app, 'script.ts'), SCRIPT);
  fs.writeFileSync(path.join(app, 'tsconfig.json'), TSCONFIG(['script.ts']));
  await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: app }).catch((err: { stdout: string }) => expect.fail(`the script does not compile:\n${err.stdout}`));
  const { stdout } = await run(process.execPath, [path.join(app, 'out/script.js'), s.url], { cwd: app, timeout: 30_000 });
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(out).toMatchObject({
    page: 2,
    next: true,
    names: ['Business card', 'Flyer', 'Poster'],
    count: 3,
    total: 3,
    one: 'Business card',
    side: 'Front',
    sides: 1,
    missing: 404,
  });
  expect(out.unknown).toBe('GET /prodcts is not an operation of the Folio API; did you mean /products? Paths are relative to /v1 and keep their {placeholders}: pass values in params.path.');
  expect(out.operations).toBeGreaterThan(150);

  // The typo file does not compile, and each error names what was mistyped.
  fs.writeFileSync(path.join(app, 'typos.ts'), TYPOS);
  fs.writeFileSync(path.join(app, 'tsconfig.json'), TSCONFIG(['typos.ts']));
  const failed = await run(process.execPath, [TSC, '-p', 'tsconfig.json', '--noEmit'], { cwd: app }).then(
    () => expect.fail('a typo compiled'),
    (err: { stdout: string }) => err.stdout,
  );
  expect(failed).not.toMatch(/Expected \d arguments/);
  expect(failed).toMatch(/typos\.ts\(3,\d+\): error TS2345: Argument of type '"\/prodcts"' is not assignable/);
  expect(failed).toMatch(/typos\.ts\(4,\d+\): error TS2345: Argument of type '"\/prodcts"' is not assignable/);
  expect(failed).toMatch(/typos\.ts\(5,\d+\): error TS2345: Argument of type '"listProdcts"' is not assignable/);
}, 90_000);
