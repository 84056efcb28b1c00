/**
 * The self-check of a finished print file (PDF and merge jobs): the file is read back in a
 * sandbox thread and any violation of what it declares fails the job, the error naming the
 * code, the page and the layer (docs/print-files.md § Self-check). Never a silent
 * non-compliant file: a check that cannot finish fails the job too.
 */
import { SelfCheckUnavailable, verifyPrintFileSandboxed, type VerifyOptions, type Violation } from '../../engines/pdf/index.js';
import { JobFailure } from '../../platform/queue/registry.js';

/** How many violations the job's error lists in full; the rest are counted. */
const LISTED = 3;

/** Throws a JobFailure when the file breaks its standard; returns when it is clean. */
export async function selfCheck(file: Uint8Array, options: VerifyOptions, opts: { zip?: boolean } = {}): Promise<void> {
  let violations: Violation[];
  try {
    violations = (await verifyPrintFileSandboxed(file, options, opts)).violations;
  } catch (err) {
    if (err instanceof SelfCheckUnavailable) throw new JobFailure(`${err.code}: ${err.message}`, { code: err.code });
    throw err;
  }
  if (violations.length === 0) return;
  throw new JobFailure(selfCheckMessage(violations), { code: violations[0]!.code, violations: violations.slice(0, 50) });
}

/**
 * `<code>: <where>: <what>` for the first violations, then a count: the code leads, so the
 * job's `error` reads as a code a client can match on, and the place says what to fix.
 */
export function selfCheckMessage(violations: readonly Violation[]): string {
  const listed = violations.slice(0, LISTED).map((v) => `${v.code}: ${v.message}`);
  const more = violations.length - LISTED;
  return `${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
