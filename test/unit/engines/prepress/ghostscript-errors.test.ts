import { describe, expect, it } from 'vitest';
import { GhostscriptError, runGhostscript as runGs, CMYK_PDFWRITE_ARGS } from '../../../../src/engines/prepress/ghostscript.js';
import { runGhostscript } from '../../../../src/engines/prepress/gs-runner.js';
import { ToolError, toolDiagnostic } from '../../../../src/engines/preflight/exec-tool.js';
import { needs } from '../../../helpers/requirements.js';

/**
 * Issue 18 item 7: Ghostscript ends a failed run with "GPL Ghostscript 10.00.0: Unrecoverable
 * error"; the error text a client reads (a job's error) must not name the version. The whole
 * stderr stays on the error, for the logs.
 */
const gsGate = needs('gs');
const BROKEN = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ngarbage\n');
const VERSION = /ghostscript\s+\d|\d+\.\d+\.\d+/i;

describe('tool errors name no version', () => {
  it('toolDiagnostic drops banner lines and keeps what is wrong with the file', () => {
    const stderr = 'Error: /rangecheck in --runpdf--\nOperand stack:\n\nGPL Ghostscript 10.00.0: Unrecoverable error, exit code 1\n';
    expect(toolDiagnostic(stderr)).toBe('Error: /rangecheck in --runpdf-- | Operand stack:');
    expect(toolDiagnostic('Artifex Ghostscript 9.56.1 (2022-04-04)\nCopyright (C) 2022 Artifex Software, Inc.\n')).toBe('');
  });

  it.skipIf(gsGate.skip)(`a failed Ghostscript run (both runners): the message has no version, the stderr keeps it for logs${gsGate.note}`, async () => {
    const err1 = await runGs(['-dPDFSTOPONERROR', ...CMYK_PDFWRITE_ARGS], BROKEN).catch((e: unknown) => e);
    expect(err1).toBeInstanceOf(GhostscriptError);
    expect((err1 as GhostscriptError).message).toMatch(/^Ghostscript exited with 1/);
    expect((err1 as GhostscriptError).message).not.toMatch(VERSION);
    expect((err1 as GhostscriptError).stderr).toMatch(VERSION);

    const err2 = await runGhostscript(BROKEN, { args: ['-sDEVICE=pdfwrite'] }).catch((e: unknown) => e);
    expect(err2).toBeInstanceOf(ToolError);
    expect((err2 as ToolError).message).not.toMatch(VERSION);
    expect((err2 as ToolError).stderr).toMatch(VERSION);
  });
});
