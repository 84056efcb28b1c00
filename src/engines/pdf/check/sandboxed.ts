/**
 * The self-check off the caller's event loop: a print file of hundreds of pages and large
 * images is read in a sandbox thread under a time and heap budget. A file the check cannot
 * finish reading is reported (SelfCheckUnavailable), never passed unchecked.
 */
import { backgroundSandbox } from '../../../platform/sandbox/background.js';
import { BudgetExceeded, SandboxCrashed, SandboxTaskError, taskModule, type Budget } from '../../../platform/sandbox/pool.js';
import type { VerifyOptions, VerifyResult } from './types.js';
import type { VerifyTaskInput } from './verify-task.js';

export const SELF_CHECK_BUDGET: Budget = { timeMs: 120_000, memoryMb: 1024 };

/** The check could not run to its end (too large for its budget, the file unreadable). */
export class SelfCheckUnavailable extends Error {
  readonly code = 'self_check_failed';
  constructor(message: string) {
    super(message);
    this.name = 'SelfCheckUnavailable';
  }
}

/**
 * verifyPrintFile in the background pool (the jobs' thread); `zip`: every PDF in a zip.
 * `file` is copied, the caller keeps it.
 */
export async function verifyPrintFileSandboxed(file: Uint8Array, options: VerifyOptions, opts: { zip?: boolean; budget?: Budget } = {}): Promise<VerifyResult> {
  const budget = opts.budget ?? SELF_CHECK_BUDGET;
  const input: VerifyTaskInput = { file: new Uint8Array(file), options, ...(opts.zip ? { zip: true } : {}) };
  try {
    return await backgroundSandbox().run<VerifyResult>(taskModule(import.meta.url, 'verify-task'), 'verifyTask', input, budget, [input.file.buffer as ArrayBuffer]);
  } catch (err) {
    if (err instanceof BudgetExceeded) throw new SelfCheckUnavailable(`the self-check of the print file did not finish: ${err.message}`);
    if (err instanceof SandboxTaskError || err instanceof SandboxCrashed) throw new SelfCheckUnavailable(`the self-check could not read the print file: ${err.message}`);
    throw err;
  }
}
