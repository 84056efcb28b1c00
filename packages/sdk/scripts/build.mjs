/**
 * Builds dist/ from src/: a clean compile with this package's own tsconfig, then the generated
 * types (src/schema.d.ts, which tsc does not copy). Run by `npm pack` (prepack) and
 * `npm run sdk:build` at the repository root. TypeScript comes from this package's or an
 * enclosing folder's node_modules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit' });
fs.copyFileSync(path.join(root, 'src', 'schema.d.ts'), path.join(root, 'dist', 'schema.d.ts'));
process.stderr.write(`[sdk] built ${path.relative(process.cwd(), path.join(root, 'dist')) || 'dist'}\n`);
