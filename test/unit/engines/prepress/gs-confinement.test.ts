/**
 * Issue 37, finding 1: a PDF naming a file (an external image stream, an external font
 * program, a font or CMap named like a path) made Ghostscript open that file even with
 * -dSAFER, because SAFER lets gs read its temp dir, the shared /tmp; the bytes came back as
 * pixels of the print file. Both runners (the CMYK pass, prepress fixes) now run gs confined to
 * a private dir (TMPDIR, --permit-file-read). Proved here on raw hostile files (not neutralised
 * first, as an engine caller could pass): strace shows no open of the canary files, and no
 * piece of them is in the output.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPdfToCmyk } from '../../../../src/engines/prepress/ghostscript.js';
import { runGhostscript } from '../../../../src/engines/prepress/gs-runner.js';
import { canaryPiecesInPdf, stracedGs, writeCanary, type Canary } from '../../../helpers/canary.js';
import { hostilePdfs } from '../../../helpers/hostile.js';

let work: string;
let canaries: Canary[];
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'folio-gs-confine-'));
  // one canary directly in the system temp dir, one in a data dir there (tests keep theirs in /tmp)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-data-'));
  canaries = [await writeCanary(tmpdir()), await writeCanary(dataDir, 'secrets.json')];
});
afterAll(async () => {
  for (const c of canaries ?? []) await rm(c.path, { force: true });
  if (canaries?.[1]) await rm(path.dirname(canaries[1].path), { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** The hostile cases Ghostscript itself reads a file for (the others name files only viewers open). */
const READ_BY_GS = /external|font|CMap/;

describe('Ghostscript runs confined to its private dir', () => {
  it('strace is installed (the check below needs it; it is never skipped)', () => {
    expect(existsSync('/usr/bin/strace'), 'install strace (Debian package strace): the confinement test runs gs under it').toBe(true);
  });

  it('no hostile PDF makes either runner open a canary file, and no byte of one reaches the output', async () => {
    const opened: string[] = [];
    const leaked: string[] = [];
    const untraced: string[] = [];
    let runs = 0;
    for (const [ci, canary] of canaries.entries()) {
      const cases = hostilePdfs(canary.path).filter((h) => ci === 0 || READ_BY_GS.test(h.name));
      for (const h of cases) {
        for (const runner of ['cmyk', 'prepress'] as const) {
          if (runner === 'prepress' && !READ_BY_GS.test(h.name)) continue;
          const dir = await mkdtemp(path.join(work, 'run-'));
          const { gsPath, log } = await stracedGs(dir);
          const out = await (runner === 'cmyk' ? convertPdfToCmyk(h.bytes, { gsPath }) : runGhostscript(h.bytes, { args: ['-sDEVICE=pdfwrite'], gsPath })).catch(() => null);
          const trace = await readFile(log, 'utf8').catch(() => '');
          runs++;
          // the trace saw gs open its input: strace worked (and the runner ran the gs it was given)
          if (!/in\.pdf/.test(trace)) untraced.push(`${runner}: ${h.name}`);
          if (trace.includes(canary.path)) opened.push(`${runner}: ${h.name} (${path.basename(canary.path)})`);
          if (out && (await canaryPiecesInPdf(out, canary)) > 0) leaked.push(`${runner}: ${h.name} (${path.basename(canary.path)})`);
        }
      }
    }
    expect(runs).toBeGreaterThanOrEqual(20);
    expect(opened).toEqual([]);
    expect(leaked).toEqual([]);
    expect(untraced).toEqual([]);
  }, 120_000);
});
