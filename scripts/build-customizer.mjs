#!/usr/bin/env node
// Builds the service's two browser apps with Vite: the customizer (customizer/: index.html +
// src/*.ts, Fabric.js) into dist/customizer, served at /customizer, and the back office
// (admin/: React + Mantine) into dist/admin, served at /admin. Each is skipped when its
// output is newer than every source file of it (and the lock file). Run by scripts/setup.mjs
// (npm start, npm test) after the TypeScript build (which empties dist/);
// `node scripts/build-customizer.mjs --force` rebuilds both (`--only admin` one of them).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The apps: their source folder, output folder and stamp; the admin also imports the SDK's sources. */
const APPS = {
  customizer: { sources: [path.join(root, 'customizer')], out: path.join(root, 'dist', 'customizer') },
  admin: { sources: [path.join(root, 'admin'), path.join(root, 'packages', 'sdk', 'src')], out: path.join(root, 'dist', 'admin') },
};

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Builds app `name` when its output is missing or older than its sources; returns whether it built. */
export function ensureApp(name, { force = false, log = (m) => process.stderr.write(`[setup] ${m}\n`) } = {}) {
  const app = APPS[name];
  if (!app) throw new Error(`unknown app ${name}`);
  const stamp = path.join(root, 'dist', `.${name}-stamp`);
  const srcTime = Math.max(...app.sources.map(newestMtime), fs.statSync(path.join(root, 'package-lock.json')).mtimeMs);
  const fresh = fs.existsSync(path.join(app.out, 'index.html')) && fs.existsSync(stamp) && Number(fs.readFileSync(stamp, 'utf8')) >= srcTime;
  if (fresh && !force) return false;
  log(`building the ${name} (vite)…`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--config', path.join(root, name, 'vite.config.mjs'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`vite build of the ${name} failed (exit ${res.status ?? res.signal})`);
  fs.writeFileSync(stamp, String(srcTime));
  return true;
}

/** The customizer (kept by name: tests and setup call it). */
export function ensureCustomizer(opts = {}) {
  return ensureApp('customizer', opts);
}

/** The back office. */
export function ensureAdmin(opts = {}) {
  return ensureApp('admin', opts);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
    for (const name of Object.keys(APPS)) if (!only || only === name) ensureApp(name, { force: process.argv.includes('--force') });
  } catch (err) {
    process.stderr.write(`[setup] ${err.message}\n`);
    process.exit(1);
  }
}
