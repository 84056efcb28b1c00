import { Queue as BullQueue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Deliver, DueSource, JobRef, Queue, QueueLogger } from './queue.js';
import { settlesWithin } from './queue.js';

export interface BullMqOptions {
  url: string;
  /** key prefix of this deployment, e.g. `folio:`; BullMQ keys live under `<prefix>bull:` */
  prefix: string;
  /** how often the sweep re-announces due rows that no message covers */
  sweepMs: number;
  logger: QueueLogger;
  queueName?: string;
}

/**
 * The scale-out driver: BullMQ on Redis carrying `{id}` only. Every process may announce;
 * workers in any process consume. Messages are removed once handled; the jobs table keeps
 * the truth. A sweep in each consuming process re-announces rows that are due but whose
 * message was lost (a crash between commit and announce, an expired lease). Message ids are
 * `<job id>-<attempt>`, so re-announcing the same generation is a no-op.
 */
export class BullMqQueue implements Queue {
  readonly driver = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly queue: BullQueue;
  private readonly name: string;
  private readonly bullPrefix: string;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private types: readonly string[] = [];
  private closed = false;

  constructor(
    private readonly source: DueSource,
    private readonly opts: BullMqOptions,
  ) {
    this.name = opts.queueName ?? 'jobs';
    this.bullPrefix = `${opts.prefix}bull`;
    // BullMQ needs maxRetriesPerRequest: null on its connections.
    this.connection = new Redis(opts.url, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.queue = new BullQueue(this.name, { connection: this.connection, prefix: this.bullPrefix });
    this.queue.on('error', () => undefined);
  }

  async notify(job: JobRef, opts: { delayMs?: number } = {}): Promise<void> {
    try {
      await this.queue.add(
        job.type,
        { id: job.id },
        { jobId: `${job.id}-${job.attempt}`, removeOnComplete: true, removeOnFail: true, attempts: 1, ...(opts.delayMs ? { delay: opts.delayMs } : {}) },
      );
    } catch (err) {
      this.opts.logger.warn({ err, job_id: job.id }, 'announcing a job failed; the sweep will find it');
    }
  }

  async consume(deliver: Deliver, opts: { concurrency: number; types: readonly string[] }): Promise<void> {
    if (this.worker) throw new Error('queue is already consuming');
    this.types = opts.types;
    const connection = new Redis(this.opts.url, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.workerConnection = connection;
    this.worker = new Worker(
      this.name,
      async (message) => {
        await deliver((message.data as { id: string }).id);
      },
      { connection, prefix: this.bullPrefix, concurrency: Math.max(1, opts.concurrency), autorun: true },
    );
    this.worker.on('error', (err) => this.opts.logger.error({ err }, 'BullMQ worker error'));
    await this.worker.waitUntilReady();
    this.sweeper = setInterval(() => void this.sweep(), this.opts.sweepMs);
    this.sweeper.unref();
    void this.sweep();
  }

  /** Re-announces due rows; queued rows younger than one sweep are left to their own message. */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      const refs = await this.source.due(500, { queuedBefore: new Date(Date.now() - this.opts.sweepMs), types: this.types });
      for (const ref of refs) await this.notify(ref);
    } catch (err) {
      this.opts.logger.error({ err }, 'sweeping due jobs failed');
    } finally {
      this.sweeping = false;
    }
  }

  async stop(timeoutMs: number): Promise<boolean> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const worker = this.worker;
    if (!worker) return true;
    this.worker = null;
    // close() stops fetching and waits for active handlers; past the timeout, force it:
    // those jobs keep their rows and are delivered again when their lease expires.
    const closing = worker.close();
    const finished = await settlesWithin(closing, timeoutMs);
    if (!finished) await worker.close(true).catch(() => undefined);
    const connection = this.workerConnection;
    this.workerConnection = null;
    if (connection) await connection.quit().catch(() => connection.disconnect());
    return finished;
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** Messages by BullMQ state (waiting, active, delayed, prioritized, waiting-children). */
  async brokerCounts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.stop(0);
    this.closed = true;
    await this.queue.close().catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
