import type { Actor } from '../../../platform/http/auth.js';
import { AppError } from '../../../platform/http/errors.js';
import { FetchError, type SafeFetcher } from '../../../platform/fetch/safe-fetch.js';
import { bufferSource } from '../../../platform/http/upload-stream.js';
import type { ImageRow } from './images.repo.js';
import type { ImagesService, UploadMeta } from './images.service.js';

/**
 * An image of the store from a link (`POST /images/import`): fetched by the safe fetcher
 * (public addresses only unless FOLIO_FETCH_ALLOWLIST says otherwise; size and time capped),
 * then stored exactly as an upload of the same bytes. Named by the link's last path segment.
 */
export async function importFromLink(images: ImagesService, fetcher: SafeFetcher, actor: Actor | null, storeId: string, url: string, meta: UploadMeta): Promise<ImageRow> {
  let fetched;
  try {
    fetched = await fetcher.fetch(url);
  } catch (err) {
    if (err instanceof FetchError) throw AppError.field('url', `cannot be fetched: ${err.message}`);
    throw err;
  }
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
  const received = await images.receive(storeId, name.slice(0, 200), bufferSource(fetched.body));
  const [row] = await images.finishAll(actor, [received], () => meta);
  return row!;
}
