import type { FolioClient, ResponseOf, WaitOptions } from './client.js';
import { JobError } from './errors.js';
import { sleep } from './sleep.js';
import type { paths } from './schema.js';

type TransitionBody = NonNullable<paths['/projects/{id}/transitions']['post']['requestBody']>['content']['application/json'];
/** An order's lifecycle state (docs/orders.md). */
export type OrderState = TransitionBody['to'];
export type OrderProject = ResponseOf<'/projects/{id}/transitions', 'post'>['data'];
export type OrderTransition = ResponseOf<'/projects/{id}/history', 'get'>['data'][number];
export type OrderFile = ResponseOf<'/projects/{id}/files', 'get'>['data'][number];
export type OrderSnapshot = ResponseOf<'/projects/{id}/snapshot', 'get'>['data'];

/** Typed helpers over the order lifecycle's routes (docs/orders.md): `folio.orders.transition(id, 'received')`. */
export interface OrderHelpers {
  /** POST /projects/{id}/transitions: the project in its new state, with the states it may move to next. */
  transition(projectId: string, to: OrderState, note?: string): Promise<OrderProject>;
  /** GET /projects/{id}/history: every move, oldest first. */
  history(projectId: string): Promise<OrderTransition[]>;
  /** GET /projects/{id}/files: print files and proofs with their status and links. */
  files(projectId: string): Promise<OrderFile[]>;
  /** GET /projects/{id}/snapshot: the designs frozen when the order was received. */
  snapshot(projectId: string): Promise<OrderSnapshot>;
  /**
   * Polls the order's files with backoff until its newest print file is completed (its `url`
   * then downloads it); throws JobError when it failed or time runs out.
   */
  waitForPrintFile(projectId: string, options?: WaitOptions): Promise<OrderFile>;
}

export function orderHelpers(client: FolioClient): OrderHelpers {
  const path = (id: string) => ({ params: { path: { id } } });
  const helpers: OrderHelpers = {
    async transition(projectId, to, note) {
      return (await client.post('/projects/{id}/transitions', { ...path(projectId), body: { to, ...(note !== undefined ? { note } : {}) } })).data;
    },
    async history(projectId) {
      return (await client.get('/projects/{id}/history', path(projectId))).data;
    },
    async files(projectId) {
      return (await client.get('/projects/{id}/files', path(projectId))).data;
    },
    async snapshot(projectId) {
      return (await client.get('/projects/{id}/snapshot', path(projectId))).data;
    },
    async waitForPrintFile(projectId, opts = {}) {
      const timeout = opts.timeoutMs ?? 120_000;
      const deadline = Date.now() + timeout;
      let delay = opts.initialDelayMs ?? 250;
      for (;;) {
        const file = (await helpers.files(projectId)).filter((f) => f.kind === 'print').at(-1);
        if (file?.status === 'completed') return file;
        if (file?.status === 'failed') throw new JobError(`print file of project ${projectId} failed: ${file.error ?? 'unknown error'}`, { id: file.job_id, status: file.status, error: file.error });
        const left = deadline - Date.now();
        if (left <= 0) throw new JobError(`print file of project ${projectId} still ${file?.status ?? 'not started'} after ${timeout} ms`, { id: file?.job_id ?? '', status: file?.status ?? 'none' });
        await sleep(Math.min(delay, left), opts.signal);
        delay = Math.min(delay * 2, opts.maxDelayMs ?? 5_000);
      }
    },
  };
  return helpers;
}
