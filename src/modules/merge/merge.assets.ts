import type { AssetResolver } from '../../engines/pdf/index.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import type { CatalogModule } from '../catalog/index.js';
import { storeAssets } from '../designs/index.js';

/** Largest image a record may name by URL. */
const MAX_RECORD_IMAGE_BYTES = 25 * 1024 * 1024;

/**
 * Images and fonts of a merge: the store's own (image ids, links this API handed out) as for
 * the PDF job; any other http(s) URL a record names is fetched through the SafeFetcher (public
 * addresses only, redirects and size capped) and must be an image or a PDF.
 */
export function mergeAssets(catalog: CatalogModule, fetcher: SafeFetcher, storeId: string): AssetResolver {
  const own = storeAssets(catalog, storeId);
  return {
    async image(ref) {
      if (ref.imageId || !ref.src) return own.image(ref);
      const mine = await catalog.images.bytesByUrl(storeId, ref.src).catch(() => null);
      if (mine) return mine.body;
      const got = await fetcher.fetch(ref.src, { maxBytes: MAX_RECORD_IMAGE_BYTES, accept: 'image/*,application/pdf' });
      if (got.status !== 200) throw new Error(`the server answered ${got.status}`);
      const type = got.contentType ?? '';
      if (!type.startsWith('image/') && type !== 'application/pdf') throw new Error(`not an image (${type || 'unknown type'})`);
      return got.body;
    },
    font: (q) => own.font!(q),
  };
}
