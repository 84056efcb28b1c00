import type { Deliver, DueSource, JobRef, Queue, QueueLogger } from './queue.js';
import { settlesWithin } from './queue.js';

/**
 * The embedded driver: no broker, the jobs table is the queue. A notify from this process
 * starts the job at once; a poll every `pollMs` finds what other processes wrote, retries
 * whose time has come, and jobs whose worker died (their lease expired). So it survives
 * restarts with nothing but the database.
 */
export class InProcessQueue implements Queue {
  readonly driver = 'inprocess' as const;
  private deliver: Deliver | null = null;
  private concurrency = 1;
  private types: readonly string[] = [];
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private poller: NodeJS.Timeout | null = null;
  private pumping = false;
  private again = false;
  private running = false;

  constructor(
    private readonly source: DueSource,
    private readonly opts: { pollMs: number; logger: QueueLogger },
  ) {}

  async notify(job: JobRef, opts: { delayMs?: number } = {}): Promise<void> {
    if (!this.running) return; // another process (or a later start) finds it by polling
    if (opts.delayMs && opts.delayMs > 0) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        this.pump();
      }, opts.delayMs);
      t.unref();
      this.timers.add(t);
      return;
    }
    if (!this.types.includes(job.type)) return;
    if (this.inFlight.size < this.concurrency && !this.inFlight.has(job.id)) this.start(job.id);
    else this.pump();
  }

  async consume(deliver: Deliver, opts: { concurrency: number; types: readonly string[] }): Promise<void> {
    if (this.running) throw new Error('queue is already consuming');
    this.deliver = deliver;
    this.types = opts.types;
    this.concurrency = Math.max(1, opts.concurrency);
    this.running = true;
    this.poller = setInterval(() => this.pump(), this.opts.pollMs);
    this.poller.unref();
    this.pump();
  }

  private start(id: string): void {
    const deliver = this.deliver!;
    const p = deliver(id)
      .catch((err: unknown) => this.opts.logger.error({ err, job_id: id }, 'job delivery failed'))
      .finally(() => {
        this.inFlight.delete(id);
        if (this.running) this.pump();
      });
    this.inFlight.set(id, p);
  }

  /** Fills free slots from the table; single-flight, re-run when asked again meanwhile. */
  private pump(): void {
    if (!this.running) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void (async () => {
      try {
        do {
          this.again = false;
          const free = this.concurrency - this.inFlight.size;
          if (free <= 0) break;
          const refs = await this.source.due(free + this.inFlight.size, { types: this.types });
          if (!this.running) break;
          let started = 0;
          for (const ref of refs) {
            if (started >= free || this.inFlight.size >= this.concurrency) break;
            if (this.inFlight.has(ref.id)) continue;
            this.start(ref.id);
            started++;
          }
        } while (this.again && this.running);
      } catch (err) {
        this.opts.logger.error({ err }, 'looking for due jobs failed');
      } finally {
        this.pumping = false;
      }
    })();
  }

  async stop(timeoutMs: number): Promise<boolean> {
    this.running = false;
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    return settlesWithin(Promise.allSettled([...this.inFlight.values()]), timeoutMs);
  }

  async ping(): Promise<void> {
    await this.source.due(1);
  }

  async close(): Promise<void> {
    await this.stop(0);
  }
}
