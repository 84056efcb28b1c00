import { bind, JobFailure, type JobBinding } from '../../platform/queue/registry.js';
import { AppError } from '../../platform/http/errors.js';
import { MOCKUP_KIND, type MockupItem } from './mockups.kinds.js';
import type { MockupsService } from './mockups.service.js';

/**
 * Renders every design of the job on every template, saving progress after each image so a
 * retried job starts where it stopped. A design or template gone, or one the engines refuse,
 * fails the job at once; anything else (the blob store, pdftocairo) is retried.
 */
export function mockupJob(service: () => MockupsService): JobBinding {
  return bind(MOCKUP_KIND, async (ctx) => {
    const storeId = ctx.storeId;
    if (!storeId) throw new JobFailure('a mockup job belongs to a store');
    const done = ((ctx.progress as { items?: MockupItem[] } | null)?.items ?? []).filter((i) => i && typeof i.key === 'string');
    try {
      return await service().runJob(storeId, ctx.payload, done, (items) => ctx.saveProgress({ items }));
    } catch (err) {
      if (err instanceof AppError && (err.code === 'unprocessable' || err.code === 'not_found')) throw new JobFailure(err.message);
      throw err;
    }
  });
}
