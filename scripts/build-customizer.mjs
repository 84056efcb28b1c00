#!/usr/bin/env node
// Builds the browser customizer (customizer/: index.html + src/*.ts, Fabric.js) with Vite into
// dist/customizer, which the service serves at /customizer. Skips the build when the output is
// newer than every source file. Run by scripts/setup.mjs (npm start, npm test) after the
// TypeScript build (which empties dist/); `node scripts/build-customizer.mjs --force` rebuilds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = path.join(root, 'customizer');
const OUT = path.join(root, 'dist', 'customizer');
const STAMP = path.join(root, 'dist', '.customizer-stamp');

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds when dist/customizer is missing or older than customizer/ or the lock file; returns whether it built. */
export function ensureCustomizer({ force = false, log = (m) => process.stderr.write(`[setup] ${m}\n`) } = {}) {
  const srcTime = Math.max(newestMtime(SOURCES), fs.statSync(path.join(root, 'package-lock.json')).mtimeMs);
  const fresh = fs.existsSync(path.join(OUT, 'index.html')) && fs.existsSync(STAMP) && Number(fs.readFileSync(STAMP, 'utf8')) >= srcTime;
  if (fresh && !force) return false;
  log('building the customizer (vite)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--config', path.join(SOURCES, 'vite.config.mjs'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`vite build failed (exit ${res.status ?? res.signal})`);
  fs.writeFileSync(STAMP, String(srcTime));
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureCustomizer({ force: process.argv.includes('--force') });
  } catch (err) {
    process.stderr.write(`[setup] ${err.message}\n`);
    process.exit(1);
  }
}
