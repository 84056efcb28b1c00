import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { v5 as uuidv5 } from 'uuid';
import { LAYER_NAMES, checkSpec, type LayerName, type MockupSpec } from '../../engines/mockup/index.js';
import type { Db } from '../../platform/db/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { MockupsRepo } from './mockups.repo.js';

/**
 * The curated mockup templates every store lists under `/mockup-templates/default`: the
 * folders of assets/mockups (3D scenes rendered by scripts/mockups/render-scenes.ts, CC0).
 * Seeded at start under fixed ids (uuid v5 of the folder name); the layers' blob keys carry a hash of
 * the files, so a changed asset is stored anew and mockups made from the old one are not reused.
 */
const NAMESPACE = '2c0f9f3e-7a51-4f0b-8b0e-5d8f5c1e9a42';
export const defaultMockupId = (key: string) => uuidv5(`mockup-template:${key}`, NAMESPACE);
export const MOCKUP_ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/mockups');
const EPOCH = '2026-01-01T00:00:00.000Z';
const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

export interface DefaultMockupFile {
  key: string;
  name: string;
  description: string;
  license: string;
  spec: MockupSpec;
  layers: Partial<Record<LayerName, string>>;
}

export function defaultMockupFiles(dir = MOCKUP_ASSETS): DefaultMockupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'template.json')))
    .map((e) => JSON.parse(fs.readFileSync(path.join(dir, e.name, 'template.json'), 'utf8')) as DefaultMockupFile)
    .sort((a, b) => a.key.localeCompare(b.key));
}

interface PreparedDefault {
  id: string;
  t: DefaultMockupFile;
  files: Array<{ name: LayerName; key: string; body: Buffer; mime: string; width: number | undefined; height: number | undefined }>;
}

/** The curated templates read, checked, hashed and measured once per process (the files do not change while it runs). */
const prepared = new Map<string, Promise<PreparedDefault[]>>();

function prepareDefaults(dir: string): Promise<PreparedDefault[]> {
  let p = prepared.get(dir);
  if (!p) {
    p = Promise.all(
      defaultMockupFiles(dir).map(async (t) => {
        const issues = checkSpec(t.spec);
        if (issues.length) throw new Error(`assets/mockups/${t.key}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
        const id = defaultMockupId(t.key);
        const raw = LAYER_NAMES.filter((n) => t.layers[n]).map((n) => ({ name: n, file: t.layers[n]!, body: fs.readFileSync(path.join(dir, t.key, t.layers[n]!)) }));
        const hash = createHash('sha256');
        for (const f of raw) hash.update(f.name).update(f.body);
        hash.update(JSON.stringify(t.spec));
        const version = hash.digest('hex').slice(0, 16);
        const files = await Promise.all(
          raw.map(async (f) => {
            const mime = MIME[path.extname(f.file).toLowerCase()];
            if (!mime) throw new Error(`assets/mockups/${t.key}/${f.file}: not a PNG, JPEG or WebP`);
            const meta = await sharp(f.body).metadata();
            return { name: f.name, key: `mockups/templates/default/${id}/${version}/${f.file}`, body: f.body, mime, width: meta.width, height: meta.height };
          }),
        );
        return { id, t, files };
      }),
    );
    // a failure is reported at every start, not cached
    p.catch(() => prepared.delete(dir));
    prepared.set(dir, p);
  }
  return p;
}

export async function seedDefaultMockups(deps: { db: Db; blobs: BlobStore }, dir = MOCKUP_ASSETS): Promise<void> {
  const repo = new MockupsRepo(deps.db);
  for (const { id, t, files } of await prepareDefaults(dir)) {
    const layers: Record<string, unknown> = {};
    for (const f of files) {
      // blobs may be missing although the row exists (another process's blob store): write both
      if (!(await deps.blobs.head(f.key))) await deps.blobs.put(f.key, f.body, { contentType: f.mime });
      layers[f.name] = { key: f.key, mime_type: f.mime, width: f.width, height: f.height, size_bytes: f.body.length };
    }
    await repo.upsertDefault({ id, store_id: null, name: t.name, description: t.description, spec: JSON.stringify(t.spec), layers: JSON.stringify(layers), license: t.license, created_at: EPOCH, updated_at: EPOCH });
  }
}
