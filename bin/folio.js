#!/usr/bin/env node
// The `folio` command. Runs the compiled CLI; `npm start` / `npm run build` produce dist/.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(realpathSync(fileURLToPath(import.meta.url))), '..');
const entry = join(root, 'dist', 'main', 'cli.js');
if (!existsSync(entry)) {
  process.stderr.write('folio is not built yet: run `npm run build` (or `npm start`) in the checkout first\n');
  process.exit(1);
}
const { main } = await import(pathToFileURL(entry).href);
const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
