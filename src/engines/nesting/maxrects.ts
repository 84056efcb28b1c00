/**
 * Rectangle nesting (MaxRects, Jylänki 2010): the free space of a bin is kept as the list of
 * maximal free rectangles; each item goes where a placement rule scores best, the free
 * rectangles it overlaps are split, and the ones contained in others are pruned.
 *
 * Units are the caller's (millimetres, points); everything is a plain number. Spacing is kept
 * between items, not at the bin's edges: each item is packed as (w + spacing) × (h + spacing)
 * into a bin grown by the same spacing, which leaves exactly `spacing` between neighbours.
 */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Heuristic = 'bottom_left' | 'best_short_side' | 'best_area' | 'contact_point';

const EPS = 1e-9;

export class MaxRectsBin {
  readonly free: Rect[];
  /** the highest item edge so far (y + h, spacing excluded): the length a roll has used */
  usedHeight = 0;
  usedArea = 0;
  readonly placed: Rect[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.free = [{ x: 0, y: 0, w: width, h: height }];
  }

  /** Best position for a w × h item (rotated too when allowed); null when it fits nowhere. */
  find(w: number, h: number, rotate: boolean, heuristic: Heuristic): { rect: Rect; rotated: boolean; score: [number, number] } | null {
    let best: { rect: Rect; rotated: boolean; score: [number, number] } | null = null;
    const orientations: Array<[number, number, boolean]> = [[w, h, false]];
    if (rotate && Math.abs(w - h) > EPS) orientations.push([h, w, true]);
    for (const f of this.free) {
      for (const [ow, oh, rotated] of orientations) {
        if (ow > f.w + EPS || oh > f.h + EPS) continue;
        const score = this.score(f, ow, oh, heuristic);
        if (!best || score[0] < best.score[0] - EPS || (Math.abs(score[0] - best.score[0]) <= EPS && score[1] < best.score[1] - EPS)) {
          best = { rect: { x: f.x, y: f.y, w: ow, h: oh }, rotated, score };
        }
      }
    }
    return best;
  }

  private score(f: Rect, w: number, h: number, heuristic: Heuristic): [number, number] {
    switch (heuristic) {
      case 'bottom_left':
        return [f.y + h, f.x];
      case 'best_short_side': {
        const dw = f.w - w;
        const dh = f.h - h;
        return [Math.min(dw, dh), Math.max(dw, dh)];
      }
      case 'best_area':
        return [f.w * f.h - w * h, Math.min(f.w - w, f.h - h)];
      case 'contact_point':
        // Maximise the perimeter touching the bin's edges and other items (negated: lower is better),
        // then keep low on the sheet.
        return [-this.contact(f.x, f.y, w, h), f.y + h];
    }
  }

  private contact(x: number, y: number, w: number, h: number): number {
    let score = 0;
    if (x <= EPS || x + w >= this.width - EPS) score += h;
    if (y <= EPS || y + h >= this.height - EPS) score += w;
    for (const p of this.placed) {
      if (Math.abs(p.x - (x + w)) <= EPS || Math.abs(p.x + p.w - x) <= EPS) score += overlap(p.y, p.y + p.h, y, y + h);
      if (Math.abs(p.y - (y + h)) <= EPS || Math.abs(p.y + p.h - y) <= EPS) score += overlap(p.x, p.x + p.w, x, x + w);
    }
    return score;
  }

  /** Takes the rectangle out of the free space. */
  place(r: Rect): void {
    const kept: Rect[] = [];
    const split: Rect[] = [];
    for (const f of this.free) {
      if (!intersects(f, r)) {
        kept.push(f);
        continue;
      }
      if (r.x > f.x + EPS) split.push({ x: f.x, y: f.y, w: r.x - f.x, h: f.h });
      if (r.x + r.w < f.x + f.w - EPS) split.push({ x: r.x + r.w, y: f.y, w: f.x + f.w - (r.x + r.w), h: f.h });
      if (r.y > f.y + EPS) split.push({ x: f.x, y: f.y, w: f.w, h: r.y - f.y });
      if (r.y + r.h < f.y + f.h - EPS) split.push({ x: f.x, y: r.y + r.h, w: f.w, h: f.y + f.h - (r.y + r.h) });
    }
    // Only the new pieces can be redundant: each lies inside a rectangle that was maximal, so
    // no surviving rectangle fits inside one of them. Drop pieces contained in another.
    const pieces = split.filter((f) => f.w > EPS && f.h > EPS);
    const fresh: Rect[] = [];
    pieces.forEach((f, i) => {
      if (kept.some((g) => contains(g, f))) return;
      // of two equal pieces keep the first
      if (pieces.some((g, j) => j !== i && contains(g, f) && (!contains(f, g) || j < i))) return;
      fresh.push(f);
    });
    this.free.length = 0;
    this.free.push(...kept, ...fresh);
    this.placed.push(r);
  }
}

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x - EPS && inner.y >= outer.y - EPS && inner.x + inner.w <= outer.x + outer.w + EPS && inner.y + inner.h <= outer.y + outer.h + EPS;
}
