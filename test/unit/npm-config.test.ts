import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };

/** The environment npm would hand a dependency's install script, without any onnxruntime switch of the caller's. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/onnxruntime/i.test(k)) delete env[k];
  return env;
}

describe('npm set-up: no warnings, and nothing downloaded from outside the npm registry', () => {
  it('npm reads the project .npmrc without an "Unknown project config" warning', () => {
    const res = spawnSync('npm', ['config', 'list'], { cwd: ROOT, encoding: 'utf8', env: cleanEnv() });
    expect(res.status).toBe(0);
    expect(res.stderr).not.toMatch(/Unknown project config/);
    expect(fs.readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).not.toMatch(/onnxruntime/);
  });

  it('package.json denies onnxruntime-node its install script (npm 11 allowScripts)', () => {
    expect(pkg.allowScripts?.['onnxruntime-node']).toBe(false);
    const out = execFileSync('npm', ['install-scripts', 'ls'], { cwd: ROOT, encoding: 'utf8', env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).not.toMatch(/onnxruntime-node@/);
  });

  it("setup.mjs's npm install environment makes onnxruntime-node's install script skip its downloads", async () => {
    const { npmInstallEnv } = (await import(path.join(ROOT, 'scripts', 'setup.mjs'))) as { npmInstallEnv: (e: NodeJS.ProcessEnv) => NodeJS.ProcessEnv };
    const ort = path.dirname(createRequire(import.meta.url).resolve('onnxruntime-node/package.json'));
    const cuda = path.join(ort, 'bin', 'napi-v6', 'linux', 'x64', 'libonnxruntime_providers_cuda.so');
    const before = fs.existsSync(cuda);
    // Run the script as npm runs a dependency's postinstall (not a local install of the
    // package itself); any download would go to a closed proxy port and fail the script.
    const env: NodeJS.ProcessEnv = { ...npmInstallEnv(cleanEnv()), GLOBAL_AGENT_HTTPS_PROXY: 'http://127.0.0.1:9', GLOBAL_AGENT_HTTP_PROXY: 'http://127.0.0.1:9' };
    delete env.npm_config_local_prefix;
    delete env.npm_package_json;
    const res = spawnSync(process.execPath, [path.join(ort, 'script', 'install.js')], { cwd: ort, env, encoding: 'utf8', timeout: 20_000 });
    expect(res.status, res.stderr).toBe(0);
    expect(`${res.stdout}${res.stderr}`).not.toMatch(/download/i);
    expect(fs.existsSync(cuda)).toBe(before);
  });
});
