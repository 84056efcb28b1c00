/**
 * A pool of worker threads for CPU-heavy work on untrusted input (parsing, sanitising,
 * subsetting, planning). Each task runs off the caller's event loop under a budget: a wall
 * clock limit (the thread is terminated when it passes) and a heap limit (V8's
 * resourceLimits; a thread that exhausts it dies alone). Either way the caller gets a
 * `BudgetExceeded` naming the limit; a task that throws gets a `SandboxTaskError` carrying
 * the thrown error's name, message and code; a thread that dies otherwise (a native crash,
 * an exception thrown from a timer or `nextTick`) gets a `SandboxCrashed`. The serving
 * process never goes down with the task.
 *
 * A task is a named export of a module: `run(moduleUrl, 'fn', input)` imports the module in
 * the thread (once per thread) and calls `fn(input)`; the export must be a function of a
 * structured-clonable value returning one (or a promise of one). Use `taskModule()` to name a
 * sibling module so that it resolves from source (.ts, under tsx/vitest) and compiled (.js).
 */
import { Worker, type Transferable, type WorkerOptions } from 'node:worker_threads';
import { availableParallelism } from 'node:os';

export interface Budget {
  /** wall-clock limit of the task, queueing excluded */
  timeMs: number;
  /** heap limit of the thread (old generation), in MiB */
  memoryMb: number;
}

export class BudgetExceeded extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    /** the limit's value: ms for time, MiB for memory */
    readonly value: number,
    readonly task: string,
  ) {
    super(limit === 'time' ? `${task} did not finish within ${value} ms` : `${task} needed more than ${value} MiB of memory`);
    this.name = 'BudgetExceeded';
  }
}

/** The task threw: the original error's kind, message and code, as far as they cross a thread. */
export class SandboxTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly code: string | undefined,
    readonly task: string,
    /** plain data properties of the thrown error (numbers, strings, booleans) */
    readonly details: Record<string, string | number | boolean>,
  ) {
    super(message);
    this.name = 'SandboxTaskError';
  }
}

/** The thread died without answering (not by a budget): a native crash, an asynchronous throw. */
export class SandboxCrashed extends Error {
  constructor(
    readonly task: string,
    readonly reason: string,
  ) {
    super(`${task} crashed: ${reason}`);
    this.name = 'SandboxCrashed';
  }
}

/** The URL of a sibling task module, `.ts` when running from source and `.js` when compiled. */
export function taskModule(base: string, name: string): string {
  const ext = base.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./${name}.${ext}`, base).href;
}

interface Job {
  module: string;
  fn: string;
  input: unknown;
  transfer: Transferable[];
  budget: Budget;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  memoryMb: number;
  busy: Job | null;
  timer: NodeJS.Timeout | null;
  /** set when we end the thread ourselves (time budget, idle), so its exit is not a crash */
  ending: 'time' | 'idle' | null;
  idleTimer: NodeJS.Timeout | null;
}

export interface SandboxPoolOptions {
  /** threads at most; default: available cores − 1, between 1 and 4 */
  size?: number;
  /** an idle thread ends after this; default 30 s */
  idleMs?: number;
}

/**
 * A worker thread on `entry`, a sibling `.js` module when compiled; from source (tsx, vitest)
 * the entry is a `.ts` file, which a thread can only load after registering tsx's loader itself.
 */
export function spawnWorker(entry: URL, options: WorkerOptions = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

function spawnThread(memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(memoryMb / 8))), stackSizeMb: 4 };
  return spawnWorker(new URL(taskModule(import.meta.url, 'worker')), { resourceLimits });
}

export class SandboxPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private readonly size: number;
  private readonly idleMs: number;
  private closed = false;

  /** Whether close() was called: the pool takes no more work. */
  get isClosed(): boolean {
    return this.closed;
  }

  constructor(opts: SandboxPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.min(4, Math.max(1, availableParallelism() - 1)));
    this.idleMs = opts.idleMs ?? 30_000;
  }

  /** Runs `fn` of `module` on `input` in a thread of the pool, within `budget`. */
  run<T>(module: string, fn: string, input: unknown, budget: Budget, transfer: Transferable[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the sandbox pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ module, fn, input, transfer, budget, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Threads alive now (for tests and metrics). */
  get threads(): number {
    return this.slots.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the sandbox pool closed'));
    await Promise.all([...this.slots].map((s) => this.end(s, 'idle')));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const job = this.queue[0]!;
      let slot = [...this.slots].find((s) => !s.busy && !s.ending && s.memoryMb === job.budget.memoryMb);
      if (!slot) {
        if (this.slots.size >= this.size) {
          // retire an idle thread of another memory class to make room
          const idle = [...this.slots].find((s) => !s.busy && !s.ending);
          if (!idle) return;
          void this.end(idle, 'idle');
        }
        slot = this.spawn(job.budget.memoryMb);
      }
      this.queue.shift();
      this.start(slot, job);
    }
  }

  private spawn(memoryMb: number): Slot {
    const worker = spawnThread(memoryMb);
    const slot: Slot = { worker, memoryMb, busy: null, timer: null, ending: null, idleTimer: null };
    worker.unref();
    worker.on('message', (m: { ok: true; result: unknown } | { ok: false; error: SerializedError }) => {
      const job = slot.busy;
      if (!job) return;
      this.settle(slot);
      if (m.ok) job.resolve(m.result);
      else job.reject(new SandboxTaskError(m.error.name, m.error.message, m.error.code, taskName(job), m.error.details));
      this.idle(slot);
      this.dispatch();
    });
    let lastError: Error | null = null;
    worker.on('error', (err) => {
      lastError = err;
    });
    worker.on('exit', (code) => {
      this.slots.delete(slot);
      const job = slot.busy;
      if (job) {
        this.settle(slot);
        const oom = (lastError as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        if (slot.ending === 'time') job.reject(new BudgetExceeded('time', job.budget.timeMs, taskName(job)));
        else if (oom) job.reject(new BudgetExceeded('memory', job.budget.memoryMb, taskName(job)));
        else job.reject(new SandboxCrashed(taskName(job), lastError?.message ?? `thread exited with ${code}`));
      }
      this.dispatch();
    });
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.busy = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => void this.end(slot, 'time'), job.budget.timeMs);
    slot.worker.postMessage({ module: job.module, fn: job.fn, input: job.input }, job.transfer);
  }

  private settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.busy = null;
    slot.worker.unref();
  }

  private idle(slot: Slot): void {
    slot.idleTimer = setTimeout(() => void this.end(slot, 'idle'), this.idleMs);
    slot.idleTimer.unref();
  }

  private async end(slot: Slot, why: 'time' | 'idle'): Promise<void> {
    if (slot.ending) return;
    slot.ending = why;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    await slot.worker.terminate();
  }
}

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  details: Record<string, string | number | boolean>;
}

function taskName(job: Job): string {
  const file = job.module.slice(job.module.lastIndexOf('/') + 1).replace(/\.(ts|js)$/, '');
  return `${file}.${job.fn}`;
}

let shared: SandboxPool | null = null;

/** The process's pool, created on first use, and again on the first use after it was closed. */
export function sandbox(): SandboxPool {
  if (!shared || shared.isClosed) shared = new SandboxPool();
  return shared;
}
