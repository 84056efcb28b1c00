// The real Medusa server for the e2e tests: a fresh PostgreSQL database (a copy of one that
// `medusa db:migrate` and the seed, e2e/app/seed.js, made), then `medusa start` with the Folio plugin's options from the
// environment. Children are started in their own process group and stopped by their pid.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
export const APP_DIR = path.resolve(here, '..', 'app');
export const PLUGIN_DIR = path.resolve(here, '..', '..');
const MEDUSA_BIN = path.join(PLUGIN_DIR, 'node_modules', '.bin', 'medusa');
export const PG_URL = process.env.MEDUSA_E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function dbUrl(name) {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Runs a medusa CLI command in the app folder; resolves with its output, rejects with it. */
function medusa(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(MEDUSA_BIN, args, { cwd: APP_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`medusa ${args.join(' ')} exited ${code}:\n${out.slice(-4000)}`))));
  });
}

const TEMPLATE = 'folio_medusa_e2e_template';

/** What the template database was made from: the installed packages, the seed, the config. */
function templateVersion() {
  const h = createHash('sha256');
  for (const f of [path.join(PLUGIN_DIR, 'package-lock.json'), path.join(APP_DIR, 'seed.js'), path.join(APP_DIR, 'medusa-config.js')]) h.update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated, seeded database to copy: made once (migrations and seed take half a minute) and
 * kept with its version and the seed's output in the database comment, so the second test
 * file, and the next run, copy it (CREATE DATABASE … TEMPLATE) instead.
 */
async function template(client) {
  const version = templateVersion();
  const { rows } = await client.query('SELECT shobj_description(oid, $2) AS c FROM pg_database WHERE datname = $1', [TEMPLATE, 'pg_database']);
  const comment = rows[0]?.c ? JSON.parse(rows[0].c) : null;
  if (comment?.version === version) return comment.seed;
  await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${TEMPLATE}"`);
  await medusa(['db:migrate'], { DATABASE_URL: dbUrl(TEMPLATE) });
  const seedOut = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-medusa-seed-')), 'seed.json');
  await medusa(['exec', './seed.js'], { DATABASE_URL: dbUrl(TEMPLATE), SEED_OUT: seedOut });
  const seed = JSON.parse(fs.readFileSync(seedOut, 'utf8'));
  fs.rmSync(path.dirname(seedOut), { recursive: true, force: true });
  const text = JSON.stringify({ version, seed }).replaceAll("'", "''");
  await client.query(`COMMENT ON DATABASE "${TEMPLATE}" IS '${text}'`);
  return seed;
}

/** A fresh database for one test file, migrated and seeded: its URL and what the seed made. */
export async function prepareMedusa(dbName) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const seed = await template(client);
    await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${dbName}" TEMPLATE "${TEMPLATE}"`);
    return { databaseUrl: dbUrl(dbName), seed };
  } finally {
    await client.end();
  }
}

async function waitFor(url, child, logs, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`medusa start exited ${child.exitCode}:\n${logs().slice(-4000)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Medusa did not answer ${url} within ${timeoutMs} ms:\n${logs().slice(-4000)}`);
}

/** `medusa start` on the port, the plugin configured with folio: {url, integrationId, webhookSecret}. */
export async function startMedusa({ databaseUrl, port, folio }) {
  let out = '';
  const child = spawn(MEDUSA_BIN, ['start', '--port', String(port)], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      FOLIO_URL: folio.url,
      FOLIO_INTEGRATION_ID: folio.integrationId,
      FOLIO_WEBHOOK_SECRET: folio.webhookSecret,
      MEDUSA_DISABLE_TELEMETRY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // the whole log goes to a file too ($MEDUSA_E2E_LOG, default in the temp folder) for a failed run
  const logFile = process.env.MEDUSA_E2E_LOG ?? path.join(os.tmpdir(), `folio-medusa-e2e-${port}.log`);
  const file = fs.createWriteStream(logFile);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (c) => {
      out = (out + c).slice(-200_000);
      file.write(c);
    });
  }
  const logs = () => out;
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, child, logs, 90_000);
  return {
    url,
    logs,
    logFile,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      const t = setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** Admin API with the secret API key, as Folio calls it (HTTP Basic, key as the user name). */
export function adminFetch(medusaUrl, secretKey) {
  const auth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  return async (method, p, body) => {
    const res = await fetch(`${medusaUrl}${p}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}
