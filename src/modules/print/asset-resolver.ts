import type { AssetResolver } from '../../engines/pdf/index.js';
import type { CatalogModule } from '../catalog/index.js';

/**
 * Images and fonts of one store for the PDF engine: image layers by `image_id` or by the
 * `src` link this API handed out; fonts the store registered (CSS face matching), else the
 * default catalogue. Anything else is unavailable (the engine names the layer).
 */
export function storeAssets(catalog: CatalogModule, storeId: string): AssetResolver {
  return {
    async image(ref) {
      const found = ref.imageId ? await catalog.images.bytes(storeId, ref.imageId).catch(() => null) : ref.src ? await catalog.images.bytesByUrl(storeId, ref.src) : null;
      if (!found) throw new Error('not an image of this store');
      return found.body;
    },
    async font(q) {
      const f = await catalog.fonts.fontBytes(storeId, q.family, q.weight, q.style);
      return f ? { bytes: f.bytes, weight: f.weight, style: f.style } : null;
    },
  };
}
