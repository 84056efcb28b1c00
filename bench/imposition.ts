/**
 * Imposition and gang-sheet benchmark, in one run:
 *   1. 10-up imposition (2 × 5 on SRA3, cut and stack, all printer's marks) of a 1,000-page PDF
 *      of business cards rendered by Folio's own PDF engine (text in an embedded font on a
 *      colour background), target <= 5 s. Baselines measured in the same run on the same file:
 *        - floor: pdf-lib copying the 1,000 pages into a new document and saving it;
 *        - stock: pdf-lib's own embedPages + drawPage for the same 10-up layout.
 *   2. The gang packer (MaxRects, best of 4 rules × 4 orderings) against a simple shelf packer
 *      on a fixed mix of 40 designs (bench/fixtures/gang-mix.ts) on a 22 in DTF roll,
 *      target >= 85 % utilisation and better than the shelf packer.
 *
 *   npx tsx bench/imposition.ts [--pages N] [--runs N]
 */
import { PDFDocument } from 'pdf-lib';
import { impose, type ImposeOptions } from '../src/engines/imposition/index.js';
import { nest, shelfPack } from '../src/engines/nesting/index.js';
import { renderPdf, type AssetResolver, type PageSpec } from '../src/engines/pdf/index.js';
import { GANG_MIX } from './fixtures/gang-mix.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const PAGES = arg('--pages', 1000);
const RUNS = arg('--runs', 3);
const MM = 72 / 25.4;

const noAssets: AssetResolver = {
  image: async () => {
    throw new Error('no images in this bench');
  },
};

function card(i: number): PageSpec {
  return {
    width: 85, height: 55, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, dpi: 300,
    viewportWidth: 340, viewportHeight: 220, background: { color: i % 2 ? '#0f172a' : '#1d4ed8' },
    layers: [
      { type: 'textbox', left: 20, top: 24, width: 300, text: `Employee ${String(i + 1).padStart(4, '0')}`, fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 22, fill: '#ffffff' },
      { type: 'textbox', left: 20, top: 60, width: 300, text: 'Production Manager · Acme Prints', fontFamily: 'Roboto', fontSize: 13, fill: '#e2e8f0' },
      { type: 'text', left: 20, top: 180, text: `+44 20 7946 ${String(1000 + i).slice(-4)}`, fontFamily: 'Roboto Mono', fontSize: 12, fill: '#fde047' },
    ],
  };
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const OPTS: ImposeOptions = {
  sheet: { width: 320 * MM, height: 450 * MM, orientation: 'portrait' },
  margins: { top: 10 * MM, right: 10 * MM, bottom: 10 * MM, left: 10 * MM },
  gutter: { x: 6 * MM, y: 6 * MM },
  layout: { rows: 5, cols: 2 },
  rotate: false,
  sides: 'simplex',
  bleed: 'keep',
  order: 'cut_and_stack',
};

async function stockPdfLib(source: Uint8Array): Promise<Uint8Array> {
  const src = await PDFDocument.load(source);
  const out = await PDFDocument.create();
  const pages = src.getPages();
  const embedded = await out.embedPages(pages, pages.map((p) => {
    const b = p.getBleedBox();
    return { left: b.x, bottom: b.y, right: b.x + b.width, top: b.y + b.height };
  }));
  const sheets = Math.ceil(pages.length / 10);
  for (let s = 0; s < sheets; s++) {
    const sheet = out.addPage([320 * MM, 450 * MM]);
    for (let k = 0; k < 10; k++) {
      const e = embedded[k * sheets + s];
      if (!e) continue;
      const c = k % 2;
      const r = Math.floor(k / 2);
      sheet.drawPage(e, { x: (70 + c * 91) * MM, y: (60 + (4 - r) * 61) * MM });
    }
  }
  return out.save();
}

async function copyFloor(source: Uint8Array): Promise<Uint8Array> {
  const src = await PDFDocument.load(source);
  const out = await PDFDocument.create();
  for (const p of await out.copyPages(src, src.getPageIndices())) out.addPage(p);
  return out.save();
}

async function main() {
  console.log(`Imposition bench: ${PAGES}-page source, median of ${RUNS} runs (provisional: shared 2-core machine)\n`);
  const t0 = performance.now();
  // The engine renders at most 500 pages a file: render in parts and join them (as a print shop's 1,000-page file would be).
  const joined = await PDFDocument.create();
  for (let start = 0; start < PAGES; start += 500) {
    const part = await PDFDocument.load((await renderPdf(Array.from({ length: Math.min(500, PAGES - start) }, (_, i) => card(start + i)), noAssets, { cropMarks: false })).pdf);
    for (const p of await joined.copyPages(part, part.getPageIndices())) joined.addPage(p);
  }
  const source = await joined.save();
  console.log(`source: ${PAGES} business cards rendered by the PDF engine in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${(source.length / 1024).toFixed(0)} KiB`);

  let outBytes = 0;
  let sheets = 0;
  const imposeMs = await median(async () => {
    const r = await impose(source, OPTS, { marks: { cropMarks: true, registrationMarks: true, colorBar: true, slug: { jobName: 'Bench cards', date: '2026-11-24' } } });
    outBytes = r.pdf.length;
    sheets = r.plan.sheets;
  });
  let stockBytes = 0;
  const stockMs = await median(async () => void (stockBytes = (await stockPdfLib(source)).length));
  const floorMs = await median(() => copyFloor(source));
  console.log('\n1. 10-up imposition (2 × 5 on SRA3, cut and stack, crop/registration marks, colour bar, slug)');
  console.log(`   Folio impose:          ${(imposeMs / 1000).toFixed(2)} s  → ${sheets} sheets, ${(outBytes / 1024).toFixed(0)} KiB   target <= 5 s: ${imposeMs <= 5000 ? 'PASS' : 'FAIL'}`);
  console.log(`   pdf-lib embedPages:    ${(stockMs / 1000).toFixed(2)} s  → ${(stockBytes / 1024).toFixed(0)} KiB (no marks)   ratio ${(imposeMs / stockMs).toFixed(2)}×, size ${(outBytes / stockBytes).toFixed(2)}×`);
  console.log(`   pdf-lib copy (floor):  ${(floorMs / 1000).toFixed(2)} s                     ratio ${(imposeMs / floorMs).toFixed(2)}×`);

  const roll = { width: 22 * 25.4 - 10, spacing: 3, rotate: true };
  let packed = nest(GANG_MIX, roll);
  const nestMs = await median(async () => void (packed = nest(GANG_MIX, roll)));
  const shelf = shelfPack(GANG_MIX, roll);
  const copies = GANG_MIX.reduce((a, d) => a + d.quantity, 0);
  console.log(`\n2. Gang sheet: 40 designs, ${copies} copies, 22 in roll (5 mm margins), 3 mm spacing, rotation allowed`);
  console.log(`   MaxRects (${packed.strategy}): utilisation ${(packed.utilisation * 100).toFixed(1)} %, length ${(packed.lengthUsed / 10).toFixed(1)} cm, ${nestMs.toFixed(0)} ms   target >= 85 %: ${packed.utilisation >= 0.85 ? 'PASS' : 'FAIL'}`);
  console.log(`   shelf packer:           utilisation ${(shelf.utilisation * 100).toFixed(1)} %, length ${(shelf.lengthUsed / 10).toFixed(1)} cm`);
  console.log(`   ratio: ${(packed.utilisation / shelf.utilisation).toFixed(3)}× the shelf packer's utilisation, ${((1 - packed.lengthUsed / shelf.lengthUsed) * 100).toFixed(1)} % less film   better: ${packed.utilisation > shelf.utilisation ? 'PASS' : 'FAIL'}`);
}

await main();
