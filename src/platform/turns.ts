/**
 * Long CPU-bound loops on the serving thread (a merge of 10,000 records, an imposition of
 * thousands of slots) give the event loop back between steps: `await turns.check()` in the loop
 * yields a macrotask (setImmediate, so pending I/O and timers run first) once the current slice
 * has run `sliceMs`. Awaiting a promise is not enough: resolved promises run as microtasks
 * and never let a request in.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The default slice: well under the 100 ms any request may wait behind background work. */
export const TURN_SLICE_MS = 20;

export class Turns {
  private last = performance.now();
  /** times the loop gave way (tests) */
  yields = 0;

  constructor(private readonly sliceMs = TURN_SLICE_MS) {}

  /** Yields when the slice is spent; cheap otherwise (one clock read). */
  async check(): Promise<void> {
    if (performance.now() - this.last < this.sliceMs) return;
    await nextTurn();
    this.yields++;
    this.last = performance.now();
  }
}
