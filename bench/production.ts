/**
 * Production benchmark (issue 21), variable data: 1,000 business-card records merged into one
 * PDF by the variable-data engine (target ≤ 10 s), against a baseline measured in the same run
 * on the same data:
 *   - plain pdf-lib drawing the same 1,000 pages with its own API (the same static band and
 *     logo, the same four lines of text in the same embedded fonts, the same QR codes as one
 *     path each from the same `qrcode` matrices), fonts and logo embedded once: no layout, no
 *     shaping, no fitting, no design model. It is not a hard floor: it redraws the static
 *     layers on every page and compresses with pdf-lib's JavaScript deflate, where the engine
 *     places one form per static run and compresses with node's zlib, so the engine can beat it;
 * and, for scale, the per-page cost of the print engine rendering each record as its own
 * design (renderPdf of the same records, 250 of them), which is what a merge without static
 * forms and shared resources would cost.
 *
 * Imposition and gang-sheet items live in bench/imposition.ts.
 *
 *   npx tsx bench/production.ts [--records N] [--iterations N]
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { matchDefaultFont, readDefaultFont, renderPdf, type AssetResolver, type PageSpec } from '../src/engines/pdf/index.js';
import { barcodeSvg, mergeRecords, type MergeRecord } from '../src/engines/vdp/index.js';

const arg = (name: string, d: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const RECORDS = arg('--records', 1000);
const ITER = arg('--iterations', 2);
const TARGET_MS = 10_000;

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'Tim', 'Radia', 'John'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'Berners-Lee', 'Perlman', 'McCarthy-Wolfeschlegelstein'];
const TITLES = ['Analyst', 'Rear Admiral', 'Mathematician', 'Professor of Computing Science', 'Engineer', 'Author', 'Director of Software Engineering'];

function records(n: number): Record<string, string>[] {
  return Array.from({ length: n }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    return {
      name: `${first} ${last}`,
      title: TITLES[i % TITLES.length]!,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      phone: `+1 (555) 01${String(i).padStart(4, '0')}`,
      url: `https://example.com/people/${i + 1}`,
    };
  });
}

const W = 340;
const H = 220;
const card = (layers: unknown[]): PageSpec => ({
  width: 85, height: 55, dimensionUnit: 'mm', bleed: { top: 2, right: 2, bottom: 2, left: 2 }, dpi: 300,
  viewportWidth: W, viewportHeight: H, background: { color: '#ffffff' }, layers,
});

const staticLayers = [
  { type: 'rect', left: 0, top: 0, width: W, height: 34, fill: '#1d4ed8', strokeWidth: 0, locked: true },
  { type: 'image', left: 290, top: 3, width: 112, height: 112, scaleX: 0.25, scaleY: 0.25, src: 'logo.png', locked: true },
  { type: 'text', left: 20, top: 8, text: 'FOLIO PRINT CO.', fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 14, fill: '#ffffff', charSpacing: 80, locked: true },
  { type: 'line', x1: 20, y1: 118, x2: 220, y2: 118, left: 20, top: 118, stroke: '#94a3b8', strokeWidth: 1, locked: true },
];
const fieldLayers = [
  { type: 'text', left: 20, top: 52, width: 210, height: 28, text: 'Full Name', fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 24, fill: '#0f172a', field: { name: 'name', type: 'text', fit: 'shrink', min_font_size: 10 } },
  { type: 'text', left: 20, top: 86, width: 210, height: 18, text: 'Title', fontFamily: 'Lora', fontStyle: 'italic', fontSize: 14, fill: '#334155', field: { name: 'title', type: 'text', fit: 'shrink', min_font_size: 8 } },
  { type: 'text', left: 20, top: 130, width: 210, height: 16, text: 'email', fontFamily: 'Roboto', fontSize: 12, fill: '#0f172a', field: { name: 'email', type: 'text' } },
  { type: 'text', left: 20, top: 150, width: 210, height: 16, text: 'phone', fontFamily: 'Roboto', fontSize: 12, fill: '#0f172a', field: { name: 'phone', type: 'text' } },
  { type: 'rect', left: 246, top: 120, width: 84, height: 84, fill: '#ffffff', strokeWidth: 0, field: { name: 'url', type: 'qr' } },
];

async function assets(): Promise<AssetResolver> {
  const logo = await sharp({ create: { width: 112, height: 112, channels: 3, background: '#f59e0b' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="112" height="112"><circle cx="56" cy="56" r="40" fill="#1e293b"/></svg>') }])
    .png()
    .toBuffer();
  return {
    async image(ref) {
      if (ref.src === 'logo.png') return logo;
      throw new Error('no such image');
    },
  };
}

/** The baseline: plain pdf-lib, fonts and logo embedded once, everything placed at fixed positions on every page. */
async function plainPdfLib(rows: Record<string, string>[], logoBytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = async (family: string, weight: number, style: 'normal' | 'italic') => readDefaultFont(matchDefaultFont(family, weight, style)!.path);
  const bold = await doc.embedFont(await bytes('Roboto', 700, 'normal'), { subset: true });
  const regular = await doc.embedFont(await bytes('Roboto', 400, 'normal'), { subset: true });
  const italic = await doc.embedFont(await bytes('Lora', 400, 'italic'), { subset: true });
  const logo = await doc.embedPng(logoBytes);
  const k = 72 / 25.4;
  const pw = 89 * k;
  const ph = 59 * k;
  const s = (85 * k) / W; // points per design px
  const x = (px: number) => 2 * k + px * s;
  const y = (py: number) => ph - 2 * k - py * s;
  for (const r of rows) {
    const page = doc.addPage([pw, ph]);
    page.drawRectangle({ x: 0, y: y(34), width: pw, height: 34 * s + 2 * k, color: rgb(0.11, 0.31, 0.85) });
    page.drawImage(logo, { x: x(290), y: y(31), width: 28 * s, height: 28 * s });
    page.drawText('FOLIO PRINT CO.', { x: x(20), y: y(22), size: 14 * s, font: bold, color: rgb(1, 1, 1) });
    page.drawLine({ start: { x: x(20), y: y(118) }, end: { x: x(220), y: y(118) }, thickness: s, color: rgb(0.58, 0.64, 0.72) });
    page.drawText(r.name!, { x: x(20), y: y(74), size: 24 * s, font: bold });
    page.drawText(r.title!, { x: x(20), y: y(100), size: 14 * s, font: italic });
    page.drawText(r.email!, { x: x(20), y: y(142), size: 12 * s, font: regular });
    page.drawText(r.phone!, { x: x(20), y: y(162), size: 12 * s, font: regular });
    // the QR code as one filled path (a rectangle per run of dark modules), as the engine draws it
    const qr = QRCode.create(r.url!, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let row = 0; row < n; row++) {
      let col = 0;
      while (col < n) {
        if (!qr.modules.data[row * n + col]) {
          col++;
          continue;
        }
        const start = col;
        while (col < n && qr.modules.data[row * n + col]) col++;
        d += `M${start + 4} ${row + 4}H${col + 4}V${row + 5}H${start + 4}Z`;
      }
    }
    page.drawSvgPath(d, { x: x(246), y: y(120), scale: (84 * s) / (n + 8), color: rgb(0, 0, 0), borderWidth: 0 });
  }
  return doc.save({ useObjectStreams: true });
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; out: T }> {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, out };
}

async function main(): Promise<void> {
  const rows = records(RECORDS);
  const recs: MergeRecord[] = rows.map((values, i) => ({ record: i + 1, values: { ...values, n: String(i + 1) } }));
  const resolver = await assets();
  const logo = await resolver.image({ src: 'logo.png' });
  const side = card([...staticLayers, ...fieldLayers]);
  console.log(`variable data: ${RECORDS} business cards (85 × 55 mm, 2 mm bleed; 4 text fields with shrink-to-fit, a QR code, static band, logo and rule), best of ${ITER}`);
  // warm-up: font parsing, module loading
  await mergeRecords([side], recs.slice(0, 20), resolver, { output: 'pdf', onError: 'fail' });
  await plainPdfLib(rows.slice(0, 20), logo);

  let best = Infinity;
  let bestFloor = Infinity;
  let last: Awaited<ReturnType<typeof mergeRecords>> | null = null;
  for (let i = 0; i < ITER; i++) {
    const m = await time(() => mergeRecords([side], recs, resolver, { output: 'pdf', onError: 'fail' }));
    best = Math.min(best, m.ms);
    last = m.out;
    const f = await time(() => plainPdfLib(rows, logo));
    bestFloor = Math.min(bestFloor, f.ms);
  }
  const shrunk = last!.records.filter((r) => r.shrunk.length).length;
  console.log(`  merge engine            ${(best / 1000).toFixed(2)} s  (${(best / RECORDS).toFixed(2)} ms/record, ${last!.pages} pages, ${(last!.file.length / 1024).toFixed(0)} KiB, ${shrunk} records shrunk to fit)`);
  console.log(`  baseline: plain pdf-lib ${(bestFloor / 1000).toFixed(2)} s  (${(bestFloor / RECORDS).toFixed(2)} ms/record)`);
  console.log(`  ratio merge / baseline  ${(best / bestFloor).toFixed(2)}×`);

  // for scale: the print engine rendering records as separate designs (no shared static forms)
  const naiveN = Math.min(250, RECORDS);
  const codes = new Map<string, Uint8Array>();
  const pages: PageSpec[] = rows.slice(0, naiveN).map((r, i) => {
    codes.set(`qr-${i}.svg`, Buffer.from(barcodeSvg({ type: 'qr' }, r.url!)));
    const text = fieldLayers.filter((l) => l.field.type === 'text').map(({ field, ...l }) => ({ ...l, text: r[field.name] }));
    return card([...staticLayers, ...text, { type: 'image', left: 246, top: 120, width: 84, height: 84, src: `qr-${i}.svg` }]);
  });
  const withCodes: AssetResolver = { image: async (ref) => codes.get(ref.src ?? '') ?? resolver.image(ref) };
  const naive = await time(() => renderPdf(pages, withCodes));
  const naivePer = naive.ms / naiveN;
  console.log(`  print engine per design ${naivePer.toFixed(2)} ms/page (${naiveN} records as designs, QR as SVG images, no fitting): ${(naivePer / (best / RECORDS)).toFixed(2)}× the merge's per-record time`);
  console.log(`  target ≤ ${TARGET_MS / 1000} s for 1,000 records: ${RECORDS === 1000 ? (best <= TARGET_MS ? 'met' : 'NOT met') : `n/a (${RECORDS} records)`}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
