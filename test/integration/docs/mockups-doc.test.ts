import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { project, squareToQuad, type Point } from '../../../src/engines/mockup/index.js';
import { defaultMockupFiles } from '../../../src/modules/mockups/mockups.defaults.js';
import { listeningServer, type ListeningServer } from '../sdk/server.js';

/**
 * docs/mockups.md's worked example, run as written: its ```bash blocks in order in one bash
 * session against a listening server; each block's output checked, and the images it
 * downloads looked at (the bands of the design where the template's print area is, the
 * proof's trim line where the bleed puts it).
 */
const DOC = new URL('../../../docs/mockups.md', import.meta.url);
const MARK = '@@mockups-block@@';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const CHECKS: Array<(out: string) => void> = [
  (out) => expect(out.trim()).toMatch(UUID),
  (out) => expect(JSON.parse(out)).toEqual({ width: 900, height: 600, format: 'png' }),
  (out) => expect(JSON.parse(out)).toEqual({ width: 600, height: 450 }),
  (out) => expect(JSON.parse(out)).toEqual(['completed', [1200, 1200]]),
  (out) => expect(JSON.parse(out)).toEqual({ width: 890, height: 590, format: 'png' }),
];

let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-mockups-doc-'));
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function rgbAt(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

it('runs the worked example of docs/mockups.md and gets the images it promises', async () => {
  const blocks = [...fs.readFileSync(DOC, 'utf8').matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  expect(blocks.length, 'the page and CHECKS must list the same steps').toBe(CHECKS.length);
  const script = ['set -euo pipefail', ...blocks.flatMap((b, i) => [`echo '${MARK} ${i}'`, b])].join('\n');
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['-c', script], { cwd: dir, env: { ...process.env, FOLIO: s.url }, timeout: 150_000, maxBuffer: 10 * 1024 * 1024 }, (err, out, errOut) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout: String(out), stderr: String(errOut) }),
    );
  });
  const outputs = stdout.split(new RegExp(`^${MARK} \\d+\n`, 'm')).slice(1);
  expect(code, `the page failed at step ${outputs.length}:\n${stderr}\n${outputs.at(-1) ?? ''}`).toBe(0);
  expect(outputs).toHaveLength(CHECKS.length);
  outputs.forEach((out, i) => {
    try {
      CHECKS[i]!(out);
    } catch (err) {
      throw new Error(`step ${i + 1} printed ${JSON.stringify(out)}: ${(err as Error).message}`, { cause: err });
    }
  });

  // The card mockup: the design's bands where the curated template's quad puts them, the desk around it.
  const card = defaultMockupFiles().find((d) => d.key === 'business-card')!;
  const k = 900 / card.spec.width;
  const quad = (card.spec.print_area as { corners: Point[] }).corners.map(([x, y]) => [x * k, y * k]) as [Point, Point, Point, Point];
  const m = squareToQuad(quad);
  const file = path.join(dir, 'card-mockup.png');
  const near = (px: number[], want: number[], tol: number) => px.forEach((c, i) => expect(Math.abs(c - want[i]!), `${px} vs ${want}`).toBeLessThanOrEqual(tol));
  // the template shades the card a little (multiply, up to 22/255): allow for it
  near(await rgbAt(file, ...project(m, 0.5, 0.2)), [0, 160, 0], 25);
  near(await rgbAt(file, ...project(m, 0.1, 0.8)), [224, 0, 0], 25);
  near(await rgbAt(file, ...project(m, 0.9, 0.2)), [0, 0, 224], 25);
  const desk = await rgbAt(file, 10, 10);
  expect(desk[0]).toBeGreaterThan(desk[2]! + 40); // brown wood, not the design

  // The proof: bleed box at 10 px/mm; the trim line (magenta) 2 mm in, over the red band.
  const proof = path.join(dir, 'proof.png');
  const line = await rgbAt(proof, 20, 295);
  expect(line[0]).toBeGreaterThan(200);
  expect(line[1]).toBeLessThan(80);
  expect(line[2]).toBeGreaterThan(200);
  expect((await sharp(proof).metadata()).width).toBe(890);
}, 200_000);
