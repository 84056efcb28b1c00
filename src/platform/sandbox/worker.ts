/**
 * The thread side of `SandboxPool`: imports the task module named in each message (once per
 * thread), calls the named export with the input and posts back its result or its error.
 * Buffers and typed arrays in a result are transferred, not copied.
 */
import { parentPort } from 'node:worker_threads';
import type { SerializedError } from './pool.js';

const port = parentPort;
if (!port) throw new Error('the sandbox worker must run in a worker thread');

const modules = new Map<string, Promise<Record<string, unknown>>>();

function serialize(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), details: {} };
  const details: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(err)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') details[k] = v;
  }
  const code = (err as { code?: unknown }).code;
  return { name: err.name, message: err.message, ...(typeof code === 'string' ? { code } : {}), details };
}

function transferables(value: unknown, out: ArrayBuffer[] = [], depth = 0): ArrayBuffer[] {
  if (depth > 3 || value === null || typeof value !== 'object') return out;
  if (ArrayBuffer.isView(value)) {
    const buf = value.buffer;
    // only a buffer the view owns whole (a Buffer from the shared pool must be copied)
    if (buf instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buf.byteLength && !out.includes(buf)) out.push(buf);
    return out;
  }
  for (const v of Array.isArray(value) ? value : Object.values(value)) transferables(v, out, depth + 1);
  return out;
}

port.on('message', (msg: { module: string; fn: string; input: unknown }) => {
  void (async () => {
    try {
      let mod = modules.get(msg.module);
      if (!mod) {
        mod = import(msg.module) as Promise<Record<string, unknown>>;
        modules.set(msg.module, mod);
      }
      const fn = (await mod)[msg.fn];
      if (typeof fn !== 'function') throw new Error(`${msg.module} has no function ${msg.fn}`);
      const result: unknown = await (fn as (input: unknown) => unknown)(msg.input);
      port.postMessage({ ok: true, result }, transferables(result));
    } catch (err) {
      port.postMessage({ ok: false, error: serialize(err) });
    }
  })();
});
