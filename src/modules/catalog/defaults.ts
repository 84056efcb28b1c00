import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { v5 as uuidv5 } from 'uuid';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { DEFAULT_FONTS } from '../../engines/pdf/fonts/default-fonts.js';
import type { CategoriesRepo } from './categories/categories.repo.js';
import type { ImagesService } from './images/images.service.js';
import type { FontsService } from './fonts/fonts.service.js';
import type { DefaultTemplatesService } from './templates/default-templates.service.js';

/**
 * The service-curated catalogue every store sees under `…/default`: categories, cliparts
 * (assets/cliparts, CC0, see assets/LICENSES.md), the default fonts (OFL-1.1) and the
 * templates of templates/default-templates.ts (CC0). Seeded at
 * start under fixed ids (uuid v5 of a name), so seeding again, or from several processes at
 * once, changes nothing.
 */
const NAMESPACE = '6f1c2a52-2b0e-4c39-9a57-2f4f3b7c9d10';
export const defaultId = (key: string) => uuidv5(key, NAMESPACE);

const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/cliparts');
const EPOCH = '2026-01-01T00:00:00.000Z';

export const DEFAULT_CATEGORIES: Array<{ key: string; name: string; type: 'product' | 'clipart' | 'template' }> = [
  { key: 'apparel', name: 'Apparel', type: 'product' },
  { key: 'cards', name: 'Business cards', type: 'product' },
  { key: 'posters', name: 'Posters', type: 'product' },
  { key: 'shapes', name: 'Shapes', type: 'clipart' },
  { key: 'symbols', name: 'Symbols', type: 'clipart' },
  { key: 'greetings', name: 'Greetings', type: 'template' },
];

const DEFAULT_CLIPARTS: Array<{ file: string; name: string; category: string }> = [
  { file: 'star.svg', name: 'Star', category: 'shapes' },
  { file: 'heart.svg', name: 'Heart', category: 'symbols' },
  { file: 'circle.svg', name: 'Circle', category: 'shapes' },
  { file: 'arrow.svg', name: 'Arrow', category: 'symbols' },
  { file: 'speech-bubble.svg', name: 'Speech bubble', category: 'symbols' },
  { file: 'badge.png', name: 'Badge', category: 'shapes' },
];

export async function seedCatalogDefaults(deps: { categories: CategoriesRepo; images: ImagesService; fonts: FontsService; defaultTemplates: DefaultTemplatesService; blobs: BlobStore }): Promise<void> {
  for (const c of DEFAULT_CATEGORIES) {
    await deps.categories.upsertDefault({ id: defaultId(`category:${c.key}`), store_id: null, name: c.name, type: c.type, parent_id: null, created_at: EPOCH, updated_at: EPOCH });
  }
  for (const c of DEFAULT_CLIPARTS) {
    const id = defaultId(`clipart:${c.file}`);
    const ext = path.extname(c.file).slice(1);
    // Blobs may be missing although the row exists (another process's blob store): write both.
    if ((await deps.images.exists(id)) && (await deps.blobs.head(`catalog/default/images/${id}/original.${ext}`))) continue;
    await deps.images.upload(null, null, {
      filename: c.file,
      body: fs.readFileSync(path.join(ASSETS, c.file)),
      type: 'cliparts',
      name: c.name,
      storages: [defaultId(`category:${c.category}`)],
      license: 'CC0-1.0 (original, see assets/LICENSES.md)',
    }, id);
  }
  const faces = DEFAULT_FONTS.reduce((n, f) => n + f.faces.length, 0);
  if ((await deps.fonts.count(null)) < faces) await deps.fonts.seedDefaults(defaultId);
  await deps.defaultTemplates.seed(defaultId);
}
