/**
 * The engine on its own worker thread. Its JavaScript stages (guided filter, keying, edge
 * colours) hold an event loop for ~0.1–0.3 s per 1024² image, ~0.5 s at 2048²; where the API
 * and the job workers share a process (the embedded deployment) that would stall requests,
 * so the local provider runs jobs here by default. One thread per process, created on first
 * use, holding its own model session; it does not keep the process alive while idle.
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker, taskModule } from '../../../platform/sandbox/pool.js';
import type { EngineWarmupReport, SegmentationMethod } from './engine.js';
import { ImageTooLargeError, InvalidImageError, ModelError, SegmentationError } from './errors.js';
import type { ModelSpec, SessionOptions } from './model.js';
import type { BgRemovalOptions } from './options.js';
import type { SerializedError, WorkerRequest } from './worker-entry.js';

export interface ThreadResult {
  png: Buffer;
  width: number;
  height: number;
  mime: 'image/png';
  method: SegmentationMethod;
  timings: Record<string, number>;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class SegmentationThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly model: { spec?: ModelSpec; session?: SessionOptions };

  constructor(model: { spec?: ModelSpec; session?: SessionOptions } = {}) {
    this.model = model;
  }

  remove(input: Buffer, options: BgRemovalOptions, maxPixels?: number): Promise<ThreadResult> {
    // a copy: the caller's Buffer may be a view into a shared pool and must stay usable
    const bytes = new Uint8Array(input);
    return this.call<{ png: Uint8Array } & Omit<ThreadResult, 'png'>>(
      { kind: 'remove', input: bytes, options, ...this.model, ...(maxPixels !== undefined && { maxPixels }) },
      [bytes.buffer],
    ).then((r) => ({ ...r, png: Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength) }));
  }

  warmup(): Promise<EngineWarmupReport> {
    return this.call<EngineWarmupReport>({ kind: 'warmup', ...this.model }, []);
  }

  /**
   * Lets calls in flight (a warm-up, a job) finish, up to `graceMs`, then ends the thread:
   * terminating it in the middle of an onnxruntime call aborts the whole process.
   */
  async close(graceMs = 10_000): Promise<void> {
    if (this.inflight.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.inflight]),
        new Promise((r) => (timer = setTimeout(r, graceMs))),
      ]);
      clearTimeout(timer);
    }
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private readonly inflight = new Set<Promise<unknown>>();

  private call<T>(msg: WithoutId<WorkerRequest>, transfer: ArrayBuffer[]): Promise<T> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const call = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...msg, id } as WorkerRequest, transfer);
    });
    this.inflight.add(call);
    const done = () => void this.inflight.delete(call);
    call.then(done, done);
    return call;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = spawn();
    w.unref();
    w.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: SerializedError }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) w.unref();
      if (m.ok) p.resolve(m.result);
      else p.reject(deserialize(m.error!));
    });
    const failAll = (err: Error): void => {
      if (this.worker === w) this.worker = null;
      for (const p of this.pending.values()) p.reject(new ModelError('segmentation thread failed', { cause: err }));
      this.pending.clear();
    };
    w.on('error', failAll);
    w.on('exit', (code) => {
      if (this.pending.size) failAll(new Error(`segmentation thread exited with ${code}`));
      else if (this.worker === w) this.worker = null;
    });
    this.worker = w;
    return w;
  }
}

/** The engine's entry on a thread of its own (from source or compiled: `spawnWorker`). */
function spawn(): Worker {
  return spawnWorker(new URL(taskModule(import.meta.url, 'worker-entry')));
}

function deserialize(e: SerializedError): Error {
  switch (e.code) {
    case 'invalid_image':
      return new InvalidImageError(e.message);
    case 'image_too_large':
      return new ImageTooLargeError(e.width ?? 0, e.height ?? 0, e.maxPixels ?? 0);
    case 'model_error':
      return new ModelError(e.message);
    case 'provider_error':
      return new SegmentationError('provider_error', e.message);
    default: {
      // not an engine error (a bug, a bad option): keep its kind, it is not the image's fault
      const err = e.name === 'RangeError' ? new RangeError(e.message) : new Error(e.message);
      if (e.name !== 'RangeError') err.name = e.name;
      return err;
    }
  }
}
