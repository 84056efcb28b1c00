import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC, renderConfigurationDoc } from '../../scripts/gen-config-docs.js';
import { loadConfig } from '../../src/config/index.js';
import { SETTINGS, setting } from '../../src/config/settings.js';

/** Every variable name loadConfig asks the environment for, whatever the values. */
function namesRead(env: Record<string, string>): Set<string> {
  const seen = new Set<string>();
  const proxy = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') seen.add(key);
      return target[key as string];
    },
  });
  try {
    loadConfig(proxy, '/tmp');
  } catch {
    // an invalid combination still reads its variables
  }
  return seen;
}

const ROW = /^\| `([A-Z][A-Z0-9_]*)` \|/gm;
const rows = (md: string) => [...md.matchAll(ROW)].map((m) => m[1]!);

describe('docs/configuration.md', () => {
  it('is the render of src/config/settings.ts (run `npm run docs:config` after changing a setting)', () => {
    expect(fs.readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(renderConfigurationDoc());
  });

  it('has exactly one row for every declared variable', () => {
    const names = rows(fs.readFileSync(CONFIGURATION_DOC, 'utf8'));
    expect([...names].sort()).toEqual(SETTINGS.map((s) => s.name).sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('declares every variable loadConfig reads, and loadConfig reads every declared one', () => {
    // the empty environment, and one that reaches the branches behind S3, Redis and remove.bg
    const read = new Set([
      ...namesRead({}),
      ...namesRead({ STORAGE_URL: 's3://bucket-name/p', REDIS_URL: 'redis://127.0.0.1:6379', FOLIO_BG_PROVIDER: 'remove.bg', FOLIO_METRICS_PORT: '9464' }),
    ]);
    for (const name of read) expect(() => setting(name), name).not.toThrow();
    const declared = SETTINGS.filter((s) => !s.external).map((s) => s.name);
    expect([...read].sort()).toEqual(declared.sort());
  });

  it('no other page describes a variable in a table of its own (they link to configuration.md)', () => {
    const pages = ['README.md', ...fs.readdirSync(new URL('../../docs/', import.meta.url)).filter((f) => f.endsWith('.md') && f !== 'configuration.md').map((f) => `docs/${f}`)];
    const declared = new Set(SETTINGS.map((s) => s.name));
    const repeated = pages.flatMap((p) => rows(fs.readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8')).filter((n) => declared.has(n)).map((n) => `${p}: ${n}`));
    expect(repeated).toEqual([]);
  });
});

describe('settings.ts', () => {
  it('gives every integer its bounds and its literal default inside them', () => {
    for (const s of SETTINGS.filter((x) => x.type === 'integer')) {
      expect(s.range, s.name).toBeDefined();
      if (typeof s.default === 'number') {
        expect(s.default, s.name).toBeGreaterThanOrEqual(s.range![0]);
        expect(s.default, s.name).toBeLessThanOrEqual(s.range![1]);
      }
    }
  });

  it('describes every variable and documents a default for each one without a literal', () => {
    for (const s of SETTINGS) {
      expect(s.description.length, s.name).toBeGreaterThan(10);
      if (s.default === null) expect(s.defaultText, s.name).toBeDefined();
    }
  });
});
