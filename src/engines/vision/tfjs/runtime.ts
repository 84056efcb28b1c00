/**
 * The one TensorFlow.js runtime of the process: @tensorflow/tfjs on the WebAssembly backend
 * (SIMD, single thread). @tensorflow/tfjs-node cannot be installed on these machines (it
 * downloads libtensorflow), so every vision model here runs on WASM.
 *
 * Everything is loaded lazily on first use: importing this module costs nothing. The
 * packages are CommonJS and loaded with `require`, so @vladmandic/human (which requires
 * @tensorflow/tfjs-core itself) shares the very same tfjs instance and backend.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type * as Tfjs from '@tensorflow/tfjs';
import { registerFileRouter } from './model-loader.js';

export type Tf = typeof Tfjs;

export const nodeRequire = createRequire(import.meta.url);

let tfPromise: Promise<Tf> | undefined;

/** The folder of an installed package (the one holding its package.json). */
export function packageDir(name: string): string {
  let dir = path.dirname(nodeRequire.resolve(name));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === name) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package folder of ${name} not found`);
    dir = parent;
  }
}

/** Folder of the tfjs WASM binaries, as a path with a trailing separator (what setWasmPaths wants). */
export function wasmDir(): string {
  return path.dirname(nodeRequire.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
}

async function init(): Promise<Tf> {
  const tf = nodeRequire('@tensorflow/tfjs') as Tf;
  const wasm = nodeRequire('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
  // PROD drops per-op debug checks (NaN scans, shape asserts on every kernel call).
  tf.env().set('PROD', true);
  wasm.setWasmPaths(wasmDir());
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs WASM backend failed to initialise');
  await tf.ready();
  registerFileRouter(tf);
  return tf;
}

/** The initialised tfjs namespace (WASM backend active, file:// models loadable). */
export function getTf(): Promise<Tf> {
  tfPromise ??= init().catch((err: unknown) => {
    tfPromise = undefined;
    throw err;
  });
  return tfPromise;
}

/**
 * Serialises work on the shared tfjs engine. WASM runs on the main thread anyway, so this
 * costs no throughput, and it keeps stateful model wrappers from interleaving.
 */
let chain: Promise<unknown> = Promise.resolve();
export function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const run = chain.then(fn, fn);
  chain = run.catch(() => undefined);
  return run;
}
