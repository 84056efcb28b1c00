import type { JobStatusFlow } from '../../platform/queue/registry.js';

/**
 * The status vocabularies of interface § States and transitions. A service declares its
 * job kind with one of these, so the API shows exactly the interface's statuses.
 */

/** Background removal: created as processing (150 tokens deducted); processing → completed | failed (refunded). */
export const BG_REMOVE_FLOW: JobStatusFlow = { created: 'processing', completed: 'completed', failed: 'failed' };

/** AI fix: created as analyzing; analyzing → applying (job progress); applying → completed | failed (refunded). */
export const AI_FIX_FLOW: JobStatusFlow = { created: 'analyzing', stages: ['applying'], completed: 'completed', failed: 'failed' };

/** Studio batch: created as queued (tokens up front); queued → running when a worker takes it; running → completed | failed. */
export const STUDIO_BATCH_FLOW: JobStatusFlow = { created: 'queued', started: 'running', completed: 'completed', failed: 'failed' };

/**
 * The free production kinds (print-ready PDF, merge, imposition, gang sheet, mockup): created
 * as queued; queued → processing when a worker takes it; processing → completed | failed (nothing to refund).
 */
export const QUEUED_FLOW: JobStatusFlow = { created: 'queued', started: 'processing', completed: 'completed', failed: 'failed' };

/** Webhook delivery (internal, no public view): pending → sending → delivered | failed. */
export const WEBHOOK_DELIVERY_FLOW: JobStatusFlow = { created: 'pending', started: 'sending', completed: 'delivered', failed: 'failed' };

/** Delivery of a print file to a store's target (hot folder, SFTP, S3): pending → sending → delivered | failed. */
export const DELIVERY_FLOW: JobStatusFlow = { created: 'pending', started: 'sending', completed: 'delivered', failed: 'failed' };
