import type { BgRemovalProvider } from '../../engines/vision/providers.js';
import { SegmentationError } from '../../engines/vision/segmentation/errors.js';
import type { OutputBackground, SubjectType } from '../../engines/vision/segmentation/options.js';
import { BG_REMOVE_FLOW } from '../jobs/flows.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { FetchError } from '../../platform/fetch/safe-fetch.js';
import type { ImageRef, ImageSources } from '../catalog/image-sources.js';
import { bind, JobFailure, jobKind, type JobBinding } from '../../platform/queue/registry.js';
import { untimed, type InferenceTimer } from '../../platform/metrics/inference.js';
import type { ImagesService } from '../catalog/images/images.service.js';

export interface BgRemovePayload {
  /** as the caller sent it; null when they named an image by id */
  image_url: string | null;
  /** where the bytes are read from (absent in jobs created before it existed: image_url, fetched) */
  source?: ImageRef;
  subject_type: SubjectType;
  edge_softness: number;
  high_detail_mode: boolean;
  output_background: OutputBackground;
  /** the provider named in the creation answer */
  provider: string;
  /**
   * From the editor (`POST /images/{id}/remove-background`): the cut-out is also kept as an
   * image of this store (id = the job's id), named `name`; `source_id` is the image it was
   * cut from. Absent for the account's own jobs.
   */
  store_image?: { store_id: string; source_id: string; name: string };
}

export interface BgRemoveResult {
  output_key: string;
  width: number;
  height: number;
  provider: string;
  method: string | null;
  /** the catalog image made of the cut-out (payload.store_image) */
  image_id?: string;
}

/** 150 tokens per image (interface § Limits), refunded when the job fails. */
export const BG_REMOVE_COST = 150;
export const BG_REMOVE_KIND = jobKind<BgRemovePayload, BgRemoveResult>({ type: 'bg-remove', statuses: BG_REMOVE_FLOW, refundOnFailure: true });

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function outputKey(accountId: string, jobId: string): string {
  return `bg-remove/${accountId}/${jobId}.png`;
}

/**
 * The job: read the image (a blob of Folio's own directly, any other URL through the safe
 * fetcher), check it is a JPEG, PNG or WebP by its bytes, cut it out with the configured
 * provider, keep the PNG. A failure of the input or the engine fails the job at once
 * (refunded by the job engine); anything else is retried.
 */
export function bgRemoveJob(deps: { sources: ImageSources; blobs: BlobStore; provider: BgRemovalProvider; time?: InferenceTimer; images?: ImagesService }): JobBinding {
  const time = deps.time ?? untimed;
  return bind(BG_REMOVE_KIND, async (ctx) => {
    const key = outputKey(ctx.accountId, ctx.id);
    // A re-delivered job whose output was already stored finishes without redoing the work.
    const done = ctx.progress as Partial<BgRemoveResult> | null;
    if (done?.output_key && (await deps.blobs.head(done.output_key))) return done as BgRemoveResult;

    const source = ctx.payload.source ?? { url: ctx.payload.image_url! };
    const what = 'url' in source ? 'image_url' : ctx.payload.image_url === null ? 'image_id' : 'image_url (a Folio file)';
    let image: Buffer;
    try {
      const fetched = await deps.sources.load(source, { signal: ctx.signal });
      if (!fetched.contentType || !ACCEPTED.has(fetched.contentType)) {
        throw new JobFailure(`${what} is not a JPEG, PNG or WebP image (found ${fetched.contentType ?? 'unknown content'})`);
      }
      image = fetched.body;
    } catch (err) {
      if (err instanceof FetchError) throw new JobFailure(`could not fetch ${what}: ${err.message}`, { code: err.code });
      throw err;
    }

    let out;
    try {
      out = await time(`segmentation:${deps.provider.name}`, () =>
        deps.provider.remove(image, {
          subjectType: ctx.payload.subject_type,
          edgeSoftness: ctx.payload.edge_softness,
          highDetailMode: ctx.payload.high_detail_mode,
          outputBackground: ctx.payload.output_background,
        }),
      );
    } catch (err) {
      if (err instanceof SegmentationError) throw new JobFailure(err.message, { code: err.code });
      throw err;
    }
    await deps.blobs.put(key, out.png, { contentType: 'image/png' });
    const result: BgRemoveResult = { output_key: key, width: out.width, height: out.height, provider: out.provider, method: out.method };
    const target = ctx.payload.store_image;
    if (target && deps.images) {
      // Stored like an upload of the PNG, under the job's id: a re-delivered job finds it.
      if (!(await deps.images.exists(ctx.id))) await deps.images.upload(null, target.store_id, { filename: target.name, body: out.png, type: 'designs' }, ctx.id);
      result.image_id = ctx.id;
    }
    await ctx.saveProgress(result);
    return result;
  });
}
