export { verifyPrintFile, rulesOf } from './verify.js';
export { verifyPrintFileSandboxed, SelfCheckUnavailable, SELF_CHECK_BUDGET } from './sandboxed.js';
export { VIOLATION_CODES } from './types.js';
export type { Violation, ViolationCode, VerifyOptions, VerifyResult } from './types.js';
