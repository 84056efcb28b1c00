/**
 * verifyPrintFile as a sandbox task (platform/sandbox): plain data in, plain data out. A zip
 * (merge output, one PDF per record) is opened in the thread and every PDF in it checked.
 */
import { unzipSync } from 'fflate';
import type { VerifyOptions, VerifyResult } from './types.js';
import { verifyPrintFile } from './verify.js';

export interface VerifyTaskInput {
  file: Uint8Array;
  options: VerifyOptions;
  /** the file is a zip of PDFs */
  zip?: boolean;
}

export async function verifyTask(input: VerifyTaskInput): Promise<VerifyResult> {
  if (!input.zip) return verifyPrintFile(input.file, input.options);
  const total: VerifyResult = { violations: [], pages: 0, unmeasuredImages: 0 };
  for (const [name, bytes] of Object.entries(unzipSync(input.file, { filter: (f) => f.name.toLowerCase().endsWith('.pdf') }))) {
    const r = await verifyPrintFile(bytes, input.options);
    total.pages += r.pages;
    total.unmeasuredImages += r.unmeasuredImages;
    for (const v of r.violations) total.violations.push({ ...v, file: name, message: `${name}, ${v.message}` });
  }
  return total;
}
