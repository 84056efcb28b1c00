/**
 * Matching real second photos: the same person photographed years apart (official US
 * portraits, public domain; test/fixtures/faces/README.md) matches at Folio's default
 * threshold, and different people stay below it, as a match job would classify them (on the
 * calibrated match score it reports).
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedFace, EMBEDDING_DIMENSIONS, warmupFaces } from '../../../../src/engines/vision/faces/detector.js';
import { classifySimilarity, DEFAULT_MATCH_THRESHOLD, matchEmbedding, matchImage, matchScore, REVIEW_BAND } from '../../../../src/engines/vision/matching.js';
import { face } from './fixtures.js';

/** Two photos each, years apart. */
const PEOPLE = {
  obama: ['obama-2012.jpg', 'obama-2005.jpg'],
  biden: ['biden-2013.jpg', 'biden-senate.jpg'],
} as const;
/** One photo each of people who are neither. */
const OTHERS = ['pd-jarman.jpg', 'pd-amy-klobuchar.jpg', 'pd-cory-booker.jpg', 'pd-edward-markey.jpg', 'pd-margaret-hassan.jpg', 'pd-richard-blumenthal.jpg', 'pd-ron-kind.jpg'];

const embeddings = new Map<string, Float32Array>();
const sim = (a: string, b: string) => matchScore(embeddings.get(a)!, embeddings.get(b)!);

beforeAll(async () => {
  await warmupFaces();
  for (const name of [...PEOPLE.obama, ...PEOPLE.biden, ...OTHERS]) embeddings.set(name, (await embedFace(face(name))).embedding);
}, 120_000);

describe('the same person years apart', () => {
  it('embeds every portrait as a 128-d descriptor', () => {
    for (const e of embeddings.values()) expect(e.length).toBe(EMBEDDING_DIMENSIONS);
  });

  it.each(Object.entries(PEOPLE))('%s: the two photos match at the default threshold', (_who, [a, b]) => {
    expect(sim(a, b)).toBeGreaterThanOrEqual(DEFAULT_MATCH_THRESHOLD);
    expect(classifySimilarity(sim(a, b))).toBe('matched');
  });

  it('different people are below the default threshold, every pair of the eleven portraits', () => {
    const all = [...embeddings.keys()];
    const person = (f: string) => Object.entries(PEOPLE).find(([, fs]) => (fs as readonly string[]).includes(f))?.[0] ?? f;
    let pairs = 0;
    for (const a of all) {
      for (const b of all) {
        if (a >= b || person(a) === person(b)) continue;
        pairs++;
        expect(sim(a, b), `${a} vs ${b}`).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
      }
    }
    expect(pairs).toBe(53);
  });

  it('as a match job: each later photo finds its person among nine references; the others have none', () => {
    const refs = [PEOPLE.obama[0], PEOPLE.biden[0], ...OTHERS].map((f) => ({ subjectId: f, embedding: embeddings.get(f)! }));
    expect(matchEmbedding(embeddings.get(PEOPLE.obama[1])!, refs)).toMatchObject({ status: 'matched', subjectId: PEOPLE.obama[0] });
    expect(matchEmbedding(embeddings.get(PEOPLE.biden[1])!, refs)).toMatchObject({ status: 'matched', subjectId: PEOPLE.biden[0] });
    // Obama's 2005 photo with only the others as references: never matched to a stranger.
    const strangers = refs.filter((r) => OTHERS.includes(r.subjectId));
    expect(matchEmbedding(embeddings.get(PEOPLE.obama[1])!, strangers).status).not.toBe('matched');
    expect(matchEmbedding(embeddings.get(PEOPLE.biden[1])!, strangers).status).not.toBe('matched');
  });
});

describe('generated variations of the later photo still match the earlier one', () => {
  const variants: Record<string, (img: Buffer) => Promise<Buffer>> = {
    mirrored: (img) => sharp(img).flop().toBuffer(),
    'darkened by 30 %': (img) => sharp(img).modulate({ brightness: 0.7 }).toBuffer(),
    'brightened by 25 %': (img) => sharp(img).modulate({ brightness: 1.25 }).toBuffer(),
    'cropped to the head and shoulders, enlarged 2×': async (img) => {
      const { width, height } = await sharp(img).metadata();
      const w = Math.round(width! * 0.8);
      const h = Math.round(height! * 0.75);
      return sharp(img).extract({ left: Math.round((width! - w) / 2), top: 0, width: w, height: h }).resize(w * 2).jpeg({ quality: 80 }).toBuffer();
    },
    'greyscale JPEG q60': (img) => sharp(img).greyscale().jpeg({ quality: 60 }).toBuffer(),
  };

  // A variation moves the score by less than the review band: Obama's pair (raw 0.92, well
  // above the threshold) stays matched; Biden's (raw 0.85, near the threshold) may drop to
  // needs_review but keeps him as the candidate.
  for (const [who, [earlier, later]] of Object.entries(PEOPLE)) {
    for (const [label, make] of Object.entries(variants)) {
      it(`${who}: ${later} ${label}`, async () => {
        const refs = [earlier, ...OTHERS].map((f) => ({ subjectId: f, embedding: embeddings.get(f)! }));
        const res = await matchImage(await make(face(later)), refs);
        expect(res).toMatchObject({ subjectId: earlier });
        if (res.status === 'failed') throw new Error(res.reason);
        expect(Math.abs(res.similarity - sim(earlier, later))).toBeLessThan(REVIEW_BAND);
        expect(who === 'obama' ? ['matched'] : ['matched', 'needs_review']).toContain(res.status);
      });
    }
  }

  it('a stranger against a single unrelated reference is unmatched', async () => {
    const res = await matchImage(face('pd-amy-klobuchar.jpg'), [{ subjectId: 'obama', embedding: embeddings.get(PEOPLE.obama[0])! }]);
    expect(res).toMatchObject({ status: 'unmatched', subjectId: null });
  });
});
