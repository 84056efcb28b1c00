import { setImmediate as turn } from 'node:timers/promises';

/**
 * Lets a long loop on the serving thread give the event loop a turn once it has run for
 * `sliceMs`: drawing a 20 000-shape SVG as PDF operators takes ~150 ms, and no request may hold
 * the loop for more than 100 ms (issue 37).
 */
export class Pacer {
  private since = performance.now();
  constructor(private readonly sliceMs = 8) {}

  /** At once within a slice; after a turn of the event loop once the slice is spent. */
  async tick(): Promise<void> {
    if (performance.now() - this.since < this.sliceMs) return;
    await turn();
    this.since = performance.now();
  }
}
