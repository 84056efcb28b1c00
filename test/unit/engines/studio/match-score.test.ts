/**
 * The calibrated match score: raw similarity 1 − d²/2 mapped so that the operating point
 * chosen on the curve is the contract's default 0.85 and its review band is 0.10.
 */
import { describe, expect, it } from 'vitest';
import {
  calibratedScore,
  classifySimilarity,
  DEFAULT_MATCH_THRESHOLD,
  descriptorSimilarity,
  matchEmbedding,
  matchScore,
  RAW_MATCH_THRESHOLD,
  RAW_REVIEW_BAND,
  rawForScore,
  REVIEW_BAND,
  SCORE_KNOTS,
} from '../../../../src/engines/vision/matching.js';

describe('calibrated match score', () => {
  it('has the knots 0 → 0, raw band start → 0.75, raw threshold → 0.85, 1 → 1, derived from the raw operating point', () => {
    expect(RAW_MATCH_THRESHOLD).toBe(0.83);
    expect(RAW_REVIEW_BAND).toBe(0.05);
    expect(SCORE_KNOTS).toEqual([
      [0, 0],
      [0.78, 0.75],
      [0.83, 0.85],
      [1, 1],
    ]);
    for (const [raw, score] of SCORE_KNOTS) {
      expect(calibratedScore(raw), `raw ${raw}`).toBe(score);
      expect(rawForScore(score), `score ${score}`).toBe(raw);
    }
    expect(calibratedScore(RAW_MATCH_THRESHOLD)).toBe(DEFAULT_MATCH_THRESHOLD);
    expect(calibratedScore(RAW_MATCH_THRESHOLD - RAW_REVIEW_BAND)).toBeCloseTo(DEFAULT_MATCH_THRESHOLD - REVIEW_BAND, 12);
  });

  it('is linear between knots and clamps outside 0-1', () => {
    expect(calibratedScore(0.39)).toBeCloseTo(0.375, 12); // half-way to (0.78, 0.75)
    expect(calibratedScore(0.805)).toBeCloseTo(0.8, 12); // half-way through the band
    expect(calibratedScore(0.915)).toBeCloseTo(0.925, 12);
    expect(calibratedScore(-1)).toBe(0); // opposite descriptors: 1 − 4/2
    expect(calibratedScore(-0.2)).toBe(0);
    expect(calibratedScore(1.3)).toBe(1);
    expect(calibratedScore(Number.NaN)).toBe(0);
    expect(rawForScore(0.8)).toBeCloseTo(0.805, 12);
    expect(rawForScore(-0.5)).toBe(0);
    expect(rawForScore(2)).toBe(1);
  });

  it('is strictly increasing on 0-1 and the inverse of rawForScore', () => {
    let prev = -Infinity;
    for (let i = 0; i <= 10_000; i++) {
      const raw = i / 10_000;
      const s = calibratedScore(raw);
      expect(s).toBeGreaterThan(prev);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
      expect(rawForScore(s)).toBeCloseTo(raw, 12);
      prev = s;
    }
  });

  it('classifies at the contract default exactly as the raw operating point and band chosen on the curve', () => {
    const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
    const rawStatus = (raw: number) => (raw >= RAW_MATCH_THRESHOLD ? 'matched' : round4(raw) >= round4(RAW_MATCH_THRESHOLD - RAW_REVIEW_BAND) ? 'needs_review' : 'unmatched');
    for (let i = 0; i <= 10_000; i++) {
      const raw = i / 10_000;
      expect(classifySimilarity(round4(calibratedScore(raw))), `raw ${raw}`).toBe(rawStatus(raw));
    }
  });

  it('is what a match job reports: the score of the best reference, from 1 − d²/2', () => {
    const v = (...xs: number[]) => Float32Array.from(xs);
    const file = v(0.8, 0.6, 0);
    const refs = [
      { subjectId: 'a', embedding: v(1, 0, 0) },
      { subjectId: 'b', embedding: v(0, 1, 0) },
    ];
    expect(descriptorSimilarity(file, refs[0]!.embedding)).toBeCloseTo(0.8, 6); // float32 descriptors
    expect(matchScore(file, refs[0]!.embedding)).toBeCloseTo(0.79, 6);
    expect(matchEmbedding(file, refs)).toEqual({ status: 'needs_review', subjectId: 'a', similarity: 0.79 });
  });
});
