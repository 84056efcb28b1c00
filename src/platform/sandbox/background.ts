/**
 * The pool background jobs run their heavy steps in (imposition planning and drawing, gang
 * sheet nesting): a thread of its own, so a job that draws for half a minute never queues a
 * request's task (an SVG to sanitise, a font to parse) in the shared pool behind it.
 */
import { SandboxPool } from './pool.js';

let pool: SandboxPool | null = null;

/** The process's background pool, created on first use (one thread; jobs wait their turn). */
export function backgroundSandbox(): SandboxPool {
  pool ??= new SandboxPool({ size: 1 });
  return pool;
}
