import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listeningServer, type ListeningServer } from '../sdk/server.js';

/**
 * docs/quickstart.md, run as written: exactly its ```bash blocks, in order, in one bash
 * session (later blocks use the variables of earlier ones), twice in a row against the same
 * server (a reader runs it again: the second run signs in). Only the base URL comes from
 * outside, through the FOLIO variable the page itself reads; the photo is the sample the page
 * names.
 */
const DOC = new URL('../../../docs/quickstart.md', import.meta.url);
const PHOTO = new URL('../../fixtures/images/card-photo.jpg', import.meta.url);
const MARK = '@@quickstart-block@@';
const exec = promisify(execFile);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const pt = (box: string) => box.trim().split(/\s+/).map(Number);

/** What each block must print, in the page's order. */
const CHECKS: Array<(out: string) => void> = [
  (out) => expect(out.trim()).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/), // 1 sign-up: a JWT
  (out) => {
    const store = JSON.parse(out);
    expect(store.id).toMatch(UUID);
    expect(store.sid).toMatch(/^sid_/);
  },
  (out) => expect(out.trim().split(' ')).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]),
  (out) => {
    const image = JSON.parse(out);
    expect(image.id).toMatch(UUID);
    expect(image.width).toBeGreaterThan(0);
    expect(image.height).toBeGreaterThan(0);
  },
  (out) => expect(out.trim()).toMatch(UUID),
  (out) => expect(out.trim()).toMatch(UUID), // the design now names the project
  (out) => expect(JSON.parse(out)).toEqual({ project: 'Order 1042: business cards', side: false }), // ?include=project
  (out) => expect(out.trim()).toBe('304'), // If-None-Match with the design's ETag
  (out) => expect(out.trim()).toMatch(UUID),
  (out) => expect(out.trim()).toBe('completed'),
  (out) => expect(JSON.parse(out)).toEqual([]), // no warning at all: no low resolution
  (out) => {
    const [info, fonts] = out.split(/^(?=name\s+type)/m) as [string, string];
    const lines = Object.fromEntries(info.trim().split('\n').map((l) => [l.split(':')[0], l.slice(l.indexOf(':') + 1)]));
    expect(lines.Pages?.trim()).toBe('1');
    const trim = pt(lines.TrimBox!);
    const bleed = pt(lines.BleedBox!);
    const media = pt(lines.MediaBox!);
    expect(trim[2]! - trim[0]!).toBeCloseTo(252, 0); // 3.5 in
    expect(trim[3]! - trim[1]!).toBeCloseTo(144, 0); // 2 in
    expect(bleed[2]! - bleed[0]!).toBeCloseTo(252 + 18, 0); // + 1/8 in each side
    expect(media[2]! - media[0]!).toBeGreaterThan(bleed[2]! - bleed[0]!); // crop-mark slug
    // pdffonts: the text's font, every font embedded.
    const rows = fonts.trim().split('\n').slice(2);
    expect(rows.some((r) => /OpenSans/.test(r))).toBe(true);
    for (const r of rows) expect(r.split(/\s+/).slice(-5, -4)[0], r).toBe('yes');
  },
];

let s: ListeningServer;
let dir: string;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-quickstart-'));
  fs.copyFileSync(PHOTO, path.join(dir, 'photo.jpg'));
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function bashBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

interface Run {
  outputs: string[];
  /** the page's own variables, printed by the test after the last block */
  vars: { TOKEN: string; PUBLIC: string; DESIGN: string };
}

/** One run of the page in `dir`, every block's output checked; then the variables the test inspects. */
async function runPage(): Promise<Run> {
  const blocks = bashBlocks(fs.readFileSync(DOC, 'utf8'));
  expect(blocks.length, 'the page and CHECKS must list the same steps').toBe(CHECKS.length);
  const script = [
    'set -euo pipefail',
    ...blocks.flatMap((b, i) => [`echo '${MARK} ${i}'`, b]),
    `echo '${MARK} vars'`,
    'jq -n --arg TOKEN "$TOKEN" --arg PUBLIC "$PUBLIC" --arg DESIGN "$DESIGN" \'$ARGS.named\'',
  ].join('\n');
  // Asynchronously: the server runs in this process and must answer while bash waits.
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['-c', script], { cwd: dir, env: { ...process.env, FOLIO: s.url }, timeout: 120_000, maxBuffer: 10 * 1024 * 1024 }, (err, out, errOut) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout: String(out), stderr: String(errOut) }),
    );
  });
  const parts = stdout.split(new RegExp(`^${MARK} (?:\\d+|vars)\n`, 'm')).slice(1);
  expect(code, `the quickstart failed at step ${parts.length}:\n${stderr}\n${parts.at(-1) ?? ''}`).toBe(0);
  const outputs = parts.slice(0, -1);
  expect(outputs).toHaveLength(CHECKS.length);
  outputs.forEach((out, i) => {
    try {
      CHECKS[i]!(out);
    } catch (err) {
      throw new Error(`step ${i + 1} printed ${JSON.stringify(out)}: ${(err as Error).message}`, { cause: err });
    }
  });
  expect(fs.statSync(path.join(dir, 'business-card.pdf')).size).toBeGreaterThan(1000);
  return { outputs, vars: JSON.parse(parts.at(-1)!) as Run['vars'] };
}

const jwtSubject = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

/** The saved photo layer: one scale on both axes, covering the side's bleed box (1125 × 675 from -37.5). */
async function checkPhotoLayer(run: Run): Promise<void> {
  const res = await fetch(`${s.url}/v1/designs/${run.vars.DESIGN}`, { headers: { 'x-service-unauth-token': run.vars.PUBLIC } });
  expect(res.status).toBe(200);
  const layers = ((await res.json()) as { data: { layers: Array<Record<string, number | string>> } }).data.layers;
  const photo = layers.find((l) => l.type === 'image')!;
  const n = (k: string) => Number(photo[k]);
  const [left, top, width, height, scaleX, scaleY] = [n('left'), n('top'), n('width'), n('height'), n('scaleX'), n('scaleY')];
  expect(scaleX).toBe(scaleY);
  expect(left).toBeLessThanOrEqual(-37.5);
  expect(top).toBeLessThanOrEqual(-37.5);
  expect(left + width * scaleX).toBeGreaterThanOrEqual(1050 + 37.5);
  expect(top + height * scaleY).toBeGreaterThanOrEqual(600 + 37.5);
  // centred: as much cut on the left as on the right, on the top as on the bottom
  expect(left + 37.5).toBeCloseTo(1050 + 37.5 - (left + width * scaleX), 6);
  expect(top + 37.5).toBeCloseTo(600 + 37.5 - (top + height * scaleY), 6);
}

/** Renders the PDF and looks at the strip between the TrimBox and the BleedBox: no white anywhere in it. */
async function checkBleedStrip(pdf: string): Promise<void> {
  const { stdout } = await exec('pdfinfo', ['-box', pdf]);
  const box = (name: string) => pt(stdout.match(new RegExp(`^${name}:(.*)$`, 'm'))![1]!);
  const media = box('MediaBox');
  const bleed = box('BleedBox');
  const trim = box('TrimBox');
  const dpi = 150;
  const png = path.join(dir, 'render');
  await exec('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', pdf, png]);
  const { data, info } = await sharp(`${png}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // PDF y grows upwards from the MediaBox's bottom; the raster's y grows downwards from its top.
  const px = (x: number) => Math.round(((x - media[0]!) * dpi) / 72);
  const py = (y: number) => Math.round(((media[3]! - y) * dpi) / 72);
  const [bx0, bx1, by0, by1] = [px(bleed[0]!), px(bleed[2]!), py(bleed[3]!), py(bleed[1]!)];
  const [tx0, tx1, ty0, ty1] = [px(trim[0]!), px(trim[2]!), py(trim[3]!), py(trim[1]!)];
  let inStrip = 0;
  const white: string[] = [];
  // one pixel inside the bleed box's edge, so antialiasing at the clip does not count
  for (let y = by0 + 1; y < by1 - 1; y++) {
    for (let x = bx0 + 1; x < bx1 - 1; x++) {
      if (x >= tx0 && x < tx1 && y >= ty0 && y < ty1) continue;
      inStrip++;
      const o = (y * info.width + x) * info.channels;
      if (data[o]! > 235 && data[o + 1]! > 235 && data[o + 2]! > 235) white.push(`${x},${y}`);
    }
  }
  expect(inStrip).toBeGreaterThan(1000);
  expect(white.slice(0, 10), `${white.length} white pixels in the bleed strip`).toEqual([]);
  // and the slug outside the bleed box is paper white, so the check can see white at all
  const o = (2 * info.width + 2) * info.channels;
  expect([data[o], data[o + 1], data[o + 2]]).toEqual([255, 255, 255]);
}

it('runs every command of docs/quickstart.md twice in a row against the same server and gets the answers it promises', async () => {
  const first = await runPage();
  await checkPhotoLayer(first);
  await checkBleedStrip(path.join(dir, 'business-card.pdf'));

  // Again, as a reader who runs the page a second time: sign-up is refused, the page signs in.
  const second = await runPage();
  expect(jwtSubject(second.vars.TOKEN)).toBe(jwtSubject(first.vars.TOKEN));
  expect(second.vars.DESIGN).not.toBe(first.vars.DESIGN);
  await checkPhotoLayer(second);
  await checkBleedStrip(path.join(dir, 'business-card.pdf'));
}, 300_000);

/** README.md's "Try it" block: the ```bash block right after the line that starts with "Try it". */
function readmeTryIt(): string {
  const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const m = readme.match(/^Try it[^\n]*\n\n```bash\n([\s\S]*?)^```$/m);
  expect(m, 'README.md has a "Try it" bash block').not.toBeNull();
  return m![1]!;
}

it("runs README's Try-it block twice in a row: TOKEN is set (sign-up, then sign-in) and the store is created", async () => {
  const script = ['set -euo pipefail', readmeTryIt()].join('\n');
  // The same email as the quickstart's: whichever runs first signs up, the rest sign in.
  for (let run = 0; run < 2; run++) {
    const { stdout } = await exec('bash', ['-c', script], { cwd: dir, env: { ...process.env, FOLIO: s.url }, timeout: 60_000 });
    const [health, store] = stdout.trim().split('\n');
    expect(JSON.parse(health!)).toMatchObject({ status: expect.any(String) });
    expect(JSON.parse(store!).data).toMatchObject({ sid: expect.stringMatching(/^sid_/), unauth_token: expect.any(String) });
  }
}, 120_000);
