/**
 * Background-removal quality on the committed evaluation set (test/fixtures/bgremove/eval):
 * mean IoU (alpha ≥ 0.5) and mean absolute alpha error per subject type.
 *
 *   npx tsx bench/bg-remove-eval.ts                 subject_type = the item's own type
 *   npx tsx bench/bg-remove-eval.ts --auto          subject_type = auto for every item
 *   npx tsx bench/bg-remove-eval.ts --softness 0    another edge_softness (default 3)
 *   npx tsx bench/bg-remove-eval.ts --high-detail   high_detail_mode on
 *   npx tsx bench/bg-remove-eval.ts --verbose       one line per image
 *   npx tsx bench/bg-remove-eval.ts --holdout       the held-out set (never used for tuning)
 *   npx tsx bench/bg-remove-eval.ts --model m.json  an operator's model (FOLIO_BG_MODEL) instead of u2netp
 *   npx tsx bench/bg-remove-eval.ts --scale 2       images and true alpha enlarged 2× (1024 px),
 *                                                   which exercises the full-resolution paths
 */
import sharp from 'sharp';
import { decodeImage } from '../src/engines/vision/segmentation/decode.js';
import { segmentImage } from '../src/engines/vision/segmentation/engine.js';
import { readModelDescription } from '../src/engines/vision/segmentation/model-description.js';
import { getModel, releaseModels, U2NETP } from '../src/engines/vision/segmentation/model.js';
import { resolveOptions, type SubjectType } from '../src/engines/vision/segmentation/options.js';
import { HOLDOUT_DIR, loadItem, mean, readManifest, score } from '../test/fixtures/bgremove/evaluate.js';

const args = process.argv.slice(2);
const auto = args.includes('--auto');
const verbose = args.includes('--verbose');
const highDetail = args.includes('--high-detail');
const holdout = args.includes('--holdout');
const softIdx = args.indexOf('--softness');
const softness = softIdx >= 0 ? Number(args[softIdx + 1]) : 3;
const scaleIdx = args.indexOf('--scale');
const scale = scaleIdx >= 0 ? Number(args[scaleIdx + 1]) : 1;

const TARGETS: Record<string, number> = { person: 0.85, product: 0.9, logo: 0.9, text: 0.9 };

const modelIdx = args.indexOf('--model');
const model = await getModel(modelIdx >= 0 ? readModelDescription(String(args[modelIdx + 1])) : U2NETP);
interface Row { iou: number[]; mae: number[]; edge: number[]; methods: Map<string, number> }
const rows = new Map<string, Row>();
const t0 = performance.now();
for (const entry of readManifest(holdout ? HOLDOUT_DIR : undefined)) {
  const item = await loadItem(entry);
  if (scale !== 1) {
    // enlarge the image and its true alpha with the same kernel: for a subject and backdrop
    // of flat colour, lanczos(α·F + (1−α)·B) = lanczos(α)·F + (1−lanczos(α))·B exactly
    const w = Math.round(entry.width * scale);
    const h = Math.round(entry.height * scale);
    item.bytes = await sharp(item.bytes).resize(w, h, { kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer();
    const t = Buffer.from(Uint8Array.from(item.truth, (v) => Math.round(v * 255)));
    const big = await sharp(t, { raw: { width: entry.width, height: entry.height, channels: 1 } })
      .resize(w, h, { kernel: 'lanczos3' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    item.truth = Float32Array.from(big, (v) => v / 255);
  }
  const opts = resolveOptions({
    subjectType: auto ? 'auto' : (entry.subject_type as SubjectType),
    edgeSoftness: softness,
    highDetailMode: highDetail,
  });
  const img = await decodeImage(item.bytes);
  const { seg, alpha } = await segmentImage(img, opts, model);
  const s = score(alpha, item.truth, img.width);
  const row: Row = rows.get(entry.subject_type) ?? { iou: [], mae: [], edge: [], methods: new Map() };
  row.iou.push(s.iou);
  row.mae.push(s.mae);
  row.edge.push(s.edgeMae);
  row.methods.set(seg.method, (row.methods.get(seg.method) ?? 0) + 1);
  rows.set(entry.subject_type, row);
  if (verbose) {
    const d = seg.decision;
    console.log(
      `${entry.id.padEnd(28)} IoU ${s.iou.toFixed(3)}  MAE ${s.mae.toFixed(4)}  edge ${s.edgeMae.toFixed(3)}  ${seg.method.padEnd(16)} flat ${d.flatness.toFixed(2)} model ${d.modelScore.toFixed(3)} key ${d.keyScore?.toFixed(3) ?? '-'}${d.person ? `  +person (agreement ${d.personAgreement?.toFixed(2)})` : ''}`,
    );
  }
}
const seconds = (performance.now() - t0) / 1000;

console.log(`\n${holdout ? 'held-out set' : 'evaluation set'}${scale !== 1 ? ` at ${scale}×` : ''}; subject_type: ${auto ? 'auto' : 'per item'}, edge_softness ${softness}, high_detail_mode ${highDetail}`);
console.log('subject      n   mean IoU  min IoU  mean |Δα|  edge |Δα|  target  methods');
let failed = false;
for (const [subject, r] of [...rows].sort()) {
  const target = TARGETS[subject];
  const m = mean(r.iou);
  const ok = target === undefined ? '   -  ' : m >= target ? `≥${target} ✓` : `≥${target} ✗`;
  if (target !== undefined && m < target) failed = true;
  const methods = [...r.methods].map(([k, v]) => `${k}×${v}`).join(' ');
  console.log(
    `${subject.padEnd(11)} ${String(r.iou.length).padStart(2)}   ${m.toFixed(3)}     ${Math.min(...r.iou).toFixed(3)}    ${mean(r.mae).toFixed(4)}    ${mean(r.edge).toFixed(4)}    ${ok}  ${methods}`,
  );
}
console.log(`${rows.size} subject types, ${[...rows.values()].reduce((a, r) => a + r.iou.length, 0)} images, ${seconds.toFixed(1)} s`);
await releaseModels();
process.exitCode = failed ? 1 : 0;
