import { jobKind } from '../../platform/queue/registry.js';
import type { ImageFormat } from '../../engines/mockup/index.js';
import { QUEUED_FLOW } from '../jobs/flows.js';

export interface MockupPayload {
  design_id: string | null;
  project_id: string | null;
  design_ids: string[];
  template_ids: string[];
  width: number;
  format: ImageFormat;
}

export interface MockupItem {
  design_id: string;
  template_id: string;
  key: string;
  width: number;
  height: number;
}

export interface MockupResult {
  items: MockupItem[];
}

export const MOCKUP_KIND = jobKind<MockupPayload, MockupResult>({ type: 'mockup', statuses: QUEUED_FLOW, refundOnFailure: false, maxAttempts: 3 });

/** Designs × templates one request may ask for. */
export const MAX_MOCKUPS = 100;
/** A single mockup up to this width answers at once (200); wider, or several, is a job (202). */
export const SYNC_MAX_WIDTH = 1000;
