import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGeometry, qrPayload, renderQrSheet, MAX_PAYLOAD_BYTES, QrSheetInputError, type QrLayout, type QrSubject } from '../../../../src/engines/qr/card-sheet.js';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-qr-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Renders every page with poppler (pdftoppm) and decodes every QR with zbar (zbarimg). */
async function decodeAll(pdf: Buffer, name: string, dpi = 150): Promise<string[][]> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, path.join(dir, name)]);
  const pages = (await readdir(dir)).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png')).sort();
  const out: string[][] = [];
  for (const page of pages) {
    // zbarimg exits 4 when a page has no code; stdout lists "QR-Code:<payload>" per code.
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', path.join(dir, page)]).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
    out.push(stdout.split('\n').filter(Boolean).sort());
  }
  return out;
}

interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Word boxes as poppler reads them (points, origin top-left). */
async function words(pdf: Buffer, name: string): Promise<Word[]> {
  const file = path.join(dir, `${name}-words.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  const result: Word[] = [];
  let page = -1;
  for (const line of stdout.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) result.push({ page, xMin: +m[1]!, yMin: +m[2]!, xMax: +m[3]!, yMax: +m[4]!, text: m[5]! });
  }
  return result;
}

const JOB = 'job-2024-spring';
const SUBJECTS: QrSubject[] = [
  { studentId: 'S-0001', name: 'Ana Lima', className: 'Grade 3B' },
  { studentId: 'S-0002', name: 'Maximilian Alexander Fitzgerald-Worthington-Montgomery III', className: 'Kindergarten Afternoon Session, Room 12' },
  { studentId: 'S-0003', name: '李小龍', className: '三年级二班' },
  { studentId: 'S-0004', name: 'محمد عبد الله', className: 'الصف الثالث' },
  { studentId: 'S-0005', name: 'Екатерина Александровна Смирнова-Воскресенская' },
  { studentId: 'S-0006', name: '김민준' },
  { studentId: 'S-0007', name: 'สมชาย ใจดี' },
  { studentId: 'S-0008', name: 'अर्जुन शर्मा' },
  { studentId: 'S-0009', name: 'Zoë Ñúñez-Øster' },
  { studentId: '10', name: 'Short' },
  { studentId: 'A-very-long-student-identifier-0000000011', name: 'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegeundsorgfaltigkeitbeschutzenvonangreifendurchihrraubgierigfeinde' },
];
const PER_PAGE: Record<QrLayout, number> = { single: 1, '4up': 4, '9up': 9 };

async function logo(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 120, channels: 4, background: { r: 20, g: 60, b: 160, alpha: 1 } } }).png().toBuffer();
}

describe.each(['single', '4up', '9up'] as const)('%s layout', (layout) => {
  let sheet: Awaited<ReturnType<typeof renderQrSheet>>;
  beforeAll(async () => {
    sheet = await renderQrSheet({ jobId: JOB, subjects: SUBJECTS, layout, schoolName: 'Springfield Elementary School of the Performing Arts', logo: await logo() });
  }, 60_000);

  it('decodes every QR with zbarimg to <job_id>:<student_id>, page by page in order', async () => {
    const perPage = PER_PAGE[layout];
    expect(sheet.pages).toBe(Math.ceil(SUBJECTS.length / perPage));
    const decoded = await decodeAll(sheet.pdf, layout);
    expect(decoded).toHaveLength(sheet.pages);
    decoded.forEach((codes, p) => {
      const expected = SUBJECTS.slice(p * perPage, (p + 1) * perPage).map((s) => qrPayload(JOB, s.studentId)).sort();
      expect(codes).toEqual(expected);
    });
  }, 60_000);

  it('keeps every word inside its card, clear of the cut lines', async () => {
    const geo = cardGeometry(layout);
    const all = await words(sheet.pdf, layout);
    expect(all.length).toBeGreaterThan(SUBJECTS.length * 3);
    for (const w of all) {
      const cell = geo.cells.find((c) => {
        const top = geo.pageH - c.y - c.h;
        return w.xMin >= c.x && w.xMax <= c.x + c.w && w.yMin >= top && w.yMax <= top + c.h;
      });
      expect(cell, `"${w.text}" on page ${w.page + 1} crosses a cut line`).toBeDefined();
      const top = geo.pageH - cell!.y - cell!.h;
      // Inside the safe inset (poppler's boxes use the font bbox, so allow 2 pt).
      expect(w.xMin).toBeGreaterThan(cell!.x + geo.inset - 2);
      expect(w.xMax).toBeLessThan(cell!.x + cell!.w - geo.inset + 2);
      expect(w.yMin).toBeGreaterThan(top + geo.inset - 2);
      expect(w.yMax).toBeLessThan(top + cell!.h - geo.inset + 2);
    }
  }, 60_000);

  it('prints names as real text in every script (extractable, no missing glyphs)', async () => {
    expect(sheet.missingCharacters).toEqual([]);
    const { stdout } = await run('pdftotext', ['-raw', path.join(dir, `${layout}-words.pdf`), '-'], { maxBuffer: 64 * 1024 * 1024 });
    const flat = stdout.replace(/\s+/g, '');
    for (const s of SUBJECTS) {
      // eslint-disable-next-line no-misleading-character-class -- script ranges, tested one code point at a time
      if (/[\u0600-\u06ff\u0900-\u097f]/.test(s.name)) {
        // Arabic and Devanagari come back in visual glyph order: check the characters.
        for (const ch of s.name.replace(/\s+/g, '')) expect(flat).toContain(ch);
      } else {
        expect(flat).toContain(s.name.replace(/\s+/g, ''));
      }
    }
    expect(stdout).toContain('Springfield');
  });

  it('draws the glyphs of CJK, Hangul and Arabic names (ink inside their word boxes)', async () => {
    const dpi = 150;
    const k = dpi / 72;
    const boxes = await words(sheet.pdf, `${layout}-ink`);
    for (const name of ['李小龍', '김민준', 'محمد', 'Lima']) {
      // poppler reports right-to-left words in visual (reversed) order.
      const w = boxes.find((b) => b.text === name || b.text === [...name].reverse().join(''));
      expect(w, name).toBeDefined();
      const png = path.join(dir, `${layout}-ink-${w!.page + 1}`);
      await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', '-f', String(w!.page + 1), '-l', String(w!.page + 1), path.join(dir, `${layout}-ink-words.pdf`), png]);
      const left = Math.floor(w!.xMin * k);
      const top = Math.floor(w!.yMin * k);
      const { data } = await sharp(`${png}.png`)
        .extract({ left, top, width: Math.ceil(w!.xMax * k) - left, height: Math.ceil(w!.yMax * k) - top })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const dark = data.filter((v) => v < 128).length / data.length;
      // Correct glyphs cover 10–40% of their word box; a broken subset leaves it near empty.
      expect(dark, name).toBeGreaterThan(0.1);
    }
  }, 60_000);
});

it('decodes the longest accepted payload on the smallest (9-up) cards', async () => {
  const jobId = '0190f4c2-7d1e-7aa0-9b9e-3f2a1c5d6e7f';
  const subjects = Array.from({ length: 9 }, (_, i) => ({ studentId: `${i}`.padStart(MAX_PAYLOAD_BYTES - jobId.length - 1, 'x'), name: `Student ${i}` }));
  expect(Buffer.byteLength(qrPayload(jobId, subjects[0]!.studentId))).toBe(MAX_PAYLOAD_BYTES);
  const sheet = await renderQrSheet({ jobId, subjects, layout: '9up' });
  expect(await decodeAll(sheet.pdf, 'longest')).toEqual([subjects.map((s) => qrPayload(jobId, s.studentId)).sort()]);
}, 60_000);

describe('card geometry', () => {
  it.each(['single', '4up', '9up'] as const)('%s: equal cells tile the page inside the margin', (layout) => {
    for (const size of ['letter', 'a4'] as const) {
      const g = cardGeometry(layout, size);
      expect(g.cells).toHaveLength(PER_PAGE[layout]);
      for (const c of g.cells) {
        expect(c.w).toBeCloseTo(g.cellW);
        expect(c.h).toBeCloseTo(g.cellH);
      }
      const xs = g.cells.map((c) => c.x);
      expect(Math.min(...xs)).toBeCloseTo(36);
      expect(Math.max(...g.cells.map((c) => c.x + c.w))).toBeCloseTo(g.pageW - 36);
      expect(Math.max(...g.cells.map((c) => c.y + c.h))).toBeCloseTo(g.pageH - 36);
    }
  });
});

describe('renderQrSheet options and input', () => {
  it('prints on A4 when asked, US Letter otherwise', async () => {
    const a4 = await renderQrSheet({ jobId: 'j', subjects: SUBJECTS.slice(0, 2), pageSize: 'a4' });
    const letter = await renderQrSheet({ jobId: 'j', subjects: SUBJECTS.slice(0, 2) });
    await writeFile(path.join(dir, 'a4.pdf'), a4.pdf);
    await writeFile(path.join(dir, 'letter.pdf'), letter.pdf);
    expect((await run('pdfinfo', [path.join(dir, 'a4.pdf')])).stdout).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    expect((await run('pdfinfo', [path.join(dir, 'letter.pdf')])).stdout).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect((await decodeAll(a4.pdf, 'a4')).flat()).toEqual(['j:S-0001', 'j:S-0002']);
  });

  it('accepts a JPEG logo and rejects bytes that are no image', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#c00' } }).jpeg().toBuffer();
    await expect(renderQrSheet({ jobId: 'j', subjects: SUBJECTS.slice(0, 1), logo: jpeg })).resolves.toMatchObject({ pages: 1 });
    await expect(renderQrSheet({ jobId: 'j', subjects: SUBJECTS.slice(0, 1), logo: Buffer.from('nope') })).rejects.toBeInstanceOf(QrSheetInputError);
  });

  it('validates subjects, layout and payload length', async () => {
    const bad = (o: Partial<Parameters<typeof renderQrSheet>[0]>) =>
      expect(renderQrSheet({ jobId: 'j', subjects: SUBJECTS.slice(0, 1), ...o })).rejects.toBeInstanceOf(QrSheetInputError);
    await bad({ subjects: [] });
    await bad({ subjects: Array.from({ length: 2001 }, (_, i) => ({ studentId: String(i), name: 'n' })) });
    await bad({ layout: '6up' as QrLayout });
    await bad({ jobId: '' });
    await bad({ subjects: [{ studentId: '', name: 'x' }] });
    await bad({ subjects: [{ studentId: '1', name: '  ' }] });
    await bad({ subjects: [{ studentId: 'x'.repeat(200), name: 'n' }] });
  });
});
