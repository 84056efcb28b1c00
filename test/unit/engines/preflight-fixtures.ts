import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FixtureEntry } from '../../fixtures/preflight/generate.js';

export const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/preflight');

export const manifest: { fixtures: FixtureEntry[] } = JSON.parse(readFileSync(path.join(FIXTURE_DIR, 'manifest.json'), 'utf8'));

/** A committed fixture with its spec and expected issues. */
export function fixture(file: string): FixtureEntry & { bytes: Buffer } {
  const entry = manifest.fixtures.find((f) => f.file === file);
  if (!entry) throw new Error(`fixture ${file} is not in manifest.json`);
  return { ...entry, bytes: readFileSync(path.join(FIXTURE_DIR, file)) };
}
