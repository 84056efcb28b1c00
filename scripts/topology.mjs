#!/usr/bin/env node
// A scale-out topology on this machine: N `folio serve` processes and M `folio worker`
// processes from the compiled build (dist/), sharing one PostgreSQL database, one Redis and
// one S3-compatible store (s3rver), as docs/deployment.md describes.
//
// Isolation from anything else running on the same servers:
//   - PostgreSQL: a fresh database (dropped by stop()), reached through a TCP proxy of its
//     own (node:net), so a test can cut PostgreSQL off and restore it without touching the
//     real server;
//   - Redis: a redis-server process of its own on a free port (restartable);
//   - S3: an s3rver of its own over a temporary directory.
//
//   node scripts/topology.mjs [--apis 2] [--workers 2]       start, print the addresses, run until Ctrl-C
//
// As a module: `const topo = await startTopology({...}); …; await topo.stop();`
// Base PostgreSQL server: TOPOLOGY_DATABASE_URL, TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cliJs = path.join(root, 'dist', 'main', 'cli.js');

/** A free TCP port on 127.0.0.1 (the OS picks it; another process could take it before us, rarely). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function newestTs(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Compiles dist/ when it is missing or older than src/ (as test/integration/cli.test.ts does). */
export function ensureBuilt() {
  if (fs.existsSync(cliJs) && fs.statSync(cliJs).mtimeMs >= newestTs(path.join(root, 'src'))) return false;
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
  return true;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, check, timeoutMs = 20_000, everyMs = 50) {
  const started = Date.now();
  let last;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
    await sleep(everyMs);
  }
}

// ---- PostgreSQL: a fresh database behind a proxy we can cut ----------------------------------

async function pgExec(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A TCP proxy in front of PostgreSQL. `cut()` drops every open connection and refuses new
 * ones (as a dead or unreachable server looks to a client); `restore()` forwards again.
 */
export async function startTcpProxy(targetHost, targetPort) {
  const pairs = new Set();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });
  return {
    port,
    get connections() {
      return pairs.size;
    },
    get cutOff() {
      return refusing;
    },
    cut() {
      refusing = true;
      for (const { client, upstream } of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise((resolve) => {
        refusing = true;
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

// ---- Redis: a server of our own --------------------------------------------------------------

async function startRedis(port, dir, logFile) {
  const redisBin = process.env.TOPOLOGY_REDIS_SERVER ?? 'redis-server';
  let child = null;
  const ping = () =>
    new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      let got = '';
      s.setTimeout(500, () => s.destroy());
      s.on('error', () => resolve(false));
      s.on('data', (d) => {
        got += d;
        if (got.includes('PONG')) {
          s.end();
          resolve(true);
        }
      });
      s.on('close', () => resolve(got.includes('PONG')));
      s.write('PING\r\n');
    });
  const start = async () => {
    const log = fs.openSync(logFile, 'a');
    child = spawn(redisBin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    const spawned = child;
    const failed = new Promise((_, reject) => {
      spawned.once('error', (err) => reject(new Error(`${redisBin} could not start: ${err.message}`)));
      spawned.once('exit', (code) => reject(new Error(`${redisBin} exited with ${code} (see ${logFile})`)));
    });
    failed.catch(() => undefined);
    await Promise.race([until('redis-server to answer PING', ping, 10_000), failed]);
  };
  const stop = async (signal = 'SIGTERM') => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid ?? null;
    },
    start,
    stop,
    /** Stop (the data is lost: no persistence, like a fresh Redis) and start again on the same port. */
    async restart(downMs = 0) {
      await stop();
      if (downMs > 0) await sleep(downMs);
      await start();
    },
  };
}

// ---- S3: s3rver ------------------------------------------------------------------------------

async function startS3(dir) {
  const { default: S3rver } = await import('s3rver');
  const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const info = await server.run();
  const endpoint = `http://127.0.0.1:${info.port}`;
  const bucket = 'folio-topology';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    storageUrl: `s3://S3RVER:S3RVER@${bucket}/blobs?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    close: () => server.close(),
  };
}

// ---- Folio processes -------------------------------------------------------------------------

function spawnFolio(args, env, logFile) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [cliJs, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', log] });
  fs.closeSync(log);
  return child;
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child, signal = 'SIGTERM', timeoutMs = 15_000) {
  if (!child || exited(child)) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await done;
  clearTimeout(t);
}

/**
 * Starts the topology. Options:
 *   apis, workers          process counts (2 and 2)
 *   env                    extra environment for every Folio process (FOLIO_JOB_LEASE_MS, FOLIO_PLANS_FILE, …)
 *   workerConcurrency      FOLIO_WORKER_CONCURRENCY of each worker (default 4)
 *   baseDatabaseUrl        the PostgreSQL server to create the database on
 *   log                    function(line) for progress lines (default: none)
 */
export async function startTopology(opts = {}) {
  const apisWanted = opts.apis ?? 2;
  const workersWanted = opts.workers ?? 2;
  const say = opts.log ?? (() => undefined);
  const baseDatabaseUrl = opts.baseDatabaseUrl ?? process.env.TOPOLOGY_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-topology-'));
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir);
  const cleanups = [];
  const children = { apis: [], workers: [] };

  const stop = async () => {
    await Promise.all([...children.apis, ...children.workers].map((p) => stopChild(p?.child)));
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    if (!opts.keepDir) fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (ensureBuilt()) say('built dist/');
    // PostgreSQL: a database of our own, through the proxy.
    const base = new URL(baseDatabaseUrl);
    const dbName = `folio_topo_${Date.now()}_${randomBytes(4).toString('hex')}`;
    await pgExec(baseDatabaseUrl, `create database ${dbName}`);
    cleanups.push(() => pgExec(baseDatabaseUrl, `drop database if exists ${dbName} with (force)`));
    const direct = new URL(baseDatabaseUrl);
    direct.pathname = `/${dbName}`;
    const proxy = await startTcpProxy(base.hostname, Number(base.port || 5432));
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);

    const redisDir = path.join(dir, 'redis');
    fs.mkdirSync(redisDir);
    const redis = await startRedis(await freePort(), redisDir, path.join(logDir, 'redis.log'));
    cleanups.push(() => redis.stop());

    const s3Dir = path.join(dir, 's3');
    fs.mkdirSync(s3Dir);
    const s3 = await startS3(s3Dir);
    cleanups.push(() => s3.close());

    // Every process: the same database, Redis, store and secrets; its own (empty) data dir.
    const shared = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      DATABASE_URL: viaProxy.toString(),
      REDIS_URL: redis.url,
      FOLIO_REDIS_PREFIX: 'folio:',
      STORAGE_URL: s3.storageUrl,
      FOLIO_JWT_SECRET: randomBytes(32).toString('hex'),
      FOLIO_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      FOLIO_SIGNING_KEY: randomBytes(32).toString('hex'),
      FOLIO_SCRYPT_COST: '10',
      FOLIO_WARMUP: 'false',
      FOLIO_FETCH_ALLOWLIST: '127.0.0.1',
      FOLIO_WORKER_CONCURRENCY: String(opts.workerConcurrency ?? 4),
      FOLIO_SHUTDOWN_TIMEOUT_MS: '5000',
      ...opts.env,
    };
    const dataDir = (name) => {
      const d = path.join(dir, 'data', name);
      fs.mkdirSync(d, { recursive: true });
      return d;
    };

    // Migrations run once, before any process starts (they would also run under a lock at each start).
    // Asynchronously: the proxy in this process must keep forwarding meanwhile.
    await promisify(execFile)(process.execPath, [cliJs, 'migrate', '--json'], { cwd: root, env: { ...shared, FOLIO_DATA_DIR: dataDir('migrate'), LOG_LEVEL: 'warn' }, timeout: 60_000 });

    const apiPorts = [];
    for (let i = 0; i < apisWanted; i++) apiPorts.push(await freePort());

    const startApi = async (i) => {
      const port = apiPorts[i];
      const env = { ...shared, HOST: '127.0.0.1', PORT: String(port), FOLIO_PUBLIC_URL: `http://127.0.0.1:${port}`, FOLIO_DATA_DIR: dataDir(`api-${i}`), LOG_LEVEL: opts.apiLogLevel ?? 'warn' };
      const child = spawnFolio(['serve'], env, path.join(logDir, `api-${i}.log`));
      const url = await new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`api-${i} did not start (see ${logDir}/api-${i}.log)`)), 60_000);
        child.stdout.on('data', (d) => {
          out += d;
          const m = /listening on (\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`api-${i} exited (${code ?? signal}) before listening: ${tail(path.join(logDir, `api-${i}.log`))}`));
        });
      });
      child.stdout.resume();
      children.apis[i] = { child, url, port };
      return children.apis[i];
    };

    const startWorker = async (i) => {
      const logFile = path.join(logDir, `worker-${i}.log`);
      const env = { ...shared, FOLIO_DATA_DIR: dataDir(`worker-${i}`), LOG_LEVEL: 'info' };
      const before = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      const child = spawnFolio(['worker'], env, logFile);
      child.stdout.resume();
      const gone = new Promise((_, reject) => child.once('exit', (code, signal) => reject(new Error(`worker-${i} exited (${code ?? signal}) before running: ${tail(logFile)}`))));
      gone.catch(() => undefined);
      await Promise.race([
        until(`worker-${i} to run`, () => fs.readFileSync(logFile, 'utf8').slice(before).includes('folio worker is running'), 60_000, 100),
        gone,
      ]);
      children.workers[i] = { child, pid: child.pid };
      return children.workers[i];
    };

    say(`starting ${apisWanted} API and ${workersWanted} worker processes`);
    await Promise.all([...apiPorts.map((_, i) => startApi(i)), ...Array.from({ length: workersWanted }, (_, i) => startWorker(i))]);

    return {
      dir,
      logDir,
      env: shared,
      /** the database directly (not through the proxy): for test assertions */
      databaseUrl: direct.toString(),
      databaseName: dbName,
      proxy,
      redis,
      s3,
      get apis() {
        return children.apis.map((a) => ({ url: a.url, port: a.port, pid: a.child.pid, alive: !exited(a.child) }));
      },
      get workers() {
        return children.workers.map((w) => ({ pid: w.child.pid, alive: !exited(w.child), child: w.child }));
      },
      /** the base URLs (…/v1) of the API processes */
      get urls() {
        return children.apis.map((a) => `${a.url}/v1`);
      },
      startApi,
      startWorker,
      /** signal a worker and wait for it to exit */
      async killWorker(i, signal = 'SIGKILL') {
        await stopChild(children.workers[i]?.child, signal);
      },
      async killApi(i, signal = 'SIGTERM') {
        await stopChild(children.apis[i]?.child, signal);
      },
      log: (name) => tail(path.join(logDir, `${name}.log`), 1_000_000),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

function tail(file, n = 3000) {
  try {
    const s = fs.readFileSync(file, 'utf8');
    return s.slice(-n);
  } catch {
    return '';
  }
}

// ---- CLI -------------------------------------------------------------------------------------

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isEntry) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const topo = await startTopology({ apis: arg('--apis', 2), workers: arg('--workers', 2), log: (l) => process.stderr.write(`[topology] ${l}\n`), keepDir: process.argv.includes('--keep') });
  process.stdout.write(
    `${JSON.stringify({ apis: topo.urls, workers: topo.workers.map((w) => w.pid), database: topo.databaseUrl, proxy_port: topo.proxy.port, redis: topo.redis.url, s3: topo.s3.endpoint, logs: topo.logDir }, null, 2)}\n`,
  );
  process.stderr.write('[topology] running; Ctrl-C stops it and drops the database\n');
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    topo.stop().then(() => process.exit(0), (err) => {
      process.stderr.write(`${err}\n`);
      process.exit(1);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
