import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { preparedQuery, type PreparedNames } from './pg-prepared.js';

/**
 * Work that has already taken something (a charge committed, an operation row written)
 * must be able to finish, settle or give it back: it takes its database connections ahead
 * of new requests, which can still be refused with nothing taken.
 */
const lane = new AsyncLocalStorage<'priority'>();

/** Runs `work` (and everything it awaits) in the priority lane of the connection pool. */
export function withDbPriority<T>(work: () => Promise<T>): Promise<T> {
  return lane.run('priority', work);
}

export function inDbPriority(): boolean {
  return lane.getStore() === 'priority';
}

/**
 * No connection within the bounded wait. The message is pg-pool's own for the same event, so
 * `isDatabaseUnavailable` (a 503 with Retry-After) treats both alike.
 */
export class PoolWaitTimeout extends Error {
  readonly code = 'FOLIO_POOL_TIMEOUT';
  constructor(waitedMs: number, lanes: string) {
    super(`timeout exceeded when trying to connect (no connection free within ${waitedMs} ms; ${lanes})`);
  }
}

interface Waiter {
  grant(): void;
  timer: NodeJS.Timeout;
}

export interface PoolGateOptions {
  /** connections the pool may hold (permits) */
  size: number;
  /** longest wait of a request in the normal lane, ms (FOLIO_DB_POOL_WAIT_MS) */
  waitMs: number;
  /** longest wait in the priority lane, ms */
  priorityWaitMs: number;
  /** texts sent as named (prepared) statements; absent: every statement unnamed */
  prepared?: PreparedNames;
}

/**
 * A fair front for pg's pool: at most `size` connections checked out, waiters served first
 * come first served, the priority lane (`withDbPriority`) before the normal one, each with a
 * bounded wait. pg-pool's own queue is one FIFO, so a refund after a failed call queued
 * behind the burst that starved it and timed out like the rest; here it goes first.
 */
export class PoolGate implements PostgresPool {
  private inUse = 0;
  private readonly normal: Waiter[] = [];
  private readonly priority: Waiter[] = [];

  constructor(
    private readonly pool: PostgresPool,
    private readonly opts: PoolGateOptions,
  ) {}

  /** connections handed out through the gate, and callers waiting in each lane */
  stats(): { inUse: number; waiting: number; waitingPriority: number } {
    return { inUse: this.inUse, waiting: this.normal.length + this.priority.length, waitingPriority: this.priority.length };
  }

  async connect(): Promise<PostgresPoolClient> {
    await this.acquire(inDbPriority());
    let client: PostgresPoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      this.release();
      throw err;
    }
    let released = false;
    return {
      query: this.opts.prepared ? preparedQuery(client, this.opts.prepared) : (client.query.bind(client) as PostgresPoolClient['query']),
      release: () => {
        if (released) return;
        released = true;
        client.release();
        this.release();
      },
    };
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private acquire(priority: boolean): Promise<void> {
    if (this.inUse < this.opts.size && this.priority.length === 0 && (priority || this.normal.length === 0)) {
      this.inUse++;
      return Promise.resolve();
    }
    const queue = priority ? this.priority : this.normal;
    const waitMs = priority ? this.opts.priorityWaitMs : this.opts.waitMs;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const i = queue.indexOf(waiter);
          if (i >= 0) queue.splice(i, 1);
          reject(new PoolWaitTimeout(waitMs, `${this.priority.length} priority and ${this.normal.length} other waiters`));
        }, waitMs),
      };
      queue.push(waiter);
    });
  }

  private release(): void {
    const next = this.priority.shift() ?? this.normal.shift();
    // The permit passes straight to the next waiter (inUse unchanged): no newcomer overtakes it.
    if (next) next.grant();
    else this.inUse--;
  }
}
