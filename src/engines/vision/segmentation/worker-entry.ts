/**
 * Worker-thread side of `SegmentationThread`: runs the engine off the caller's event loop.
 * Messages in: {id, kind: 'remove', input, options, maxPixels} | {id, kind: 'warmup'}.
 * Messages out: {id, ok: true, result} | {id, ok: false, error: SerializedError}.
 */
import { parentPort } from 'node:worker_threads';
import { removeBackground, warmupEngine } from './engine.js';
import { getModel, U2NETP, type ModelSpec, type SessionOptions } from './model.js';
import type { BgRemovalOptions } from './options.js';

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  width?: number;
  height?: number;
  maxPixels?: number;
}

interface ModelChoice {
  spec?: ModelSpec;
  session?: SessionOptions;
}

export type WorkerRequest =
  | ({ id: number; kind: 'remove'; input: Uint8Array; options: BgRemovalOptions; maxPixels?: number } & ModelChoice)
  | ({ id: number; kind: 'warmup' } & ModelChoice);

function serialize(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const e = err as Error & Partial<Record<'code' | 'width' | 'height' | 'maxPixels', unknown>>;
  const out: SerializedError = { name: e.name, message: e.message };
  if (typeof e.code === 'string') out.code = e.code;
  for (const k of ['width', 'height', 'maxPixels'] as const) if (typeof e[k] === 'number') out[k] = e[k] as number;
  return out;
}

const port = parentPort;
if (!port) throw new Error('worker-entry must run in a worker thread');
port.on('message', (msg: WorkerRequest) => {
  void (async () => {
    try {
      const spec = msg.spec ?? U2NETP;
      if (msg.kind === 'warmup') {
        port.postMessage({ id: msg.id, ok: true, result: await warmupEngine(spec, msg.session) });
        return;
      }
      const model = await getModel(spec, msg.session);
      const r = await removeBackground(Buffer.from(msg.input.buffer, msg.input.byteOffset, msg.input.byteLength), msg.options, {
        model,
        ...(msg.maxPixels !== undefined && { maxPixels: msg.maxPixels }),
      });
      const png = new Uint8Array(r.png.buffer, r.png.byteOffset, r.png.byteLength).slice();
      port.postMessage(
        { id: msg.id, ok: true, result: { png, width: r.width, height: r.height, mime: r.mime, method: r.method, timings: r.timings } },
        [png.buffer],
      );
    } catch (err) {
      port.postMessage({ id: msg.id, ok: false, error: serialize(err) });
    }
  })();
});
