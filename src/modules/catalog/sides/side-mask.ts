import { Type } from '@sinclair/typebox';
import { MAX_MASK_PATH, maskProblems, maskSideOf, type SideMask } from '../../../engines/pdf/mask.js';
import type { Edges } from '../../../engines/pdf/page-geometry.js';
import { Nullable } from '../../../platform/http/resource.js';

const MASK =
  "The print area's shape when it is not the whole trim box (docs/catalog.md § Print areas of any shape): the editor clips and guides to it, the print file clips the design to it grown by the bleed and strokes it as a `CutContour` die line. Lengths in millimetres, origin at the trim box's top-left corner. null: the trim box";

const Circle = Type.Object({ shape: Type.Literal('circle', { description: 'The ellipse inscribed in the trim box (a circle on a square side)' }) }, { additionalProperties: false });
const Rounded = Type.Object(
  { shape: Type.Literal('rounded_rectangle'), radius_mm: Type.Number({ exclusiveMinimum: 0, description: "Corner radius in mm, at most half the side's shorter edge" }) },
  { additionalProperties: false },
);
const Rect = Type.Object(
  {
    shape: Type.Literal('rectangle', { description: "A part of the side, e.g. a mug's wrap area between the handle's margins" }),
    x_mm: Type.Number({ minimum: 0 }),
    y_mm: Type.Number({ minimum: 0 }),
    width_mm: Type.Number({ exclusiveMinimum: 0 }),
    height_mm: Type.Number({ exclusiveMinimum: 0 }),
  },
  { additionalProperties: false },
);
const Path = Type.Object(
  {
    shape: Type.Literal('path'),
    path: Type.String({ minLength: 1, maxLength: MAX_MASK_PATH, description: 'SVG path data (`d`) in millimetres, within the bleed box', examples: ['M 30 0 L 60 52 L 0 52 Z'] }),
    units: Type.Optional(Type.Literal('mm', { description: 'The path\'s unit: always millimetres' })),
  },
  { additionalProperties: false },
);

export const SideMaskSchema = Nullable(Type.Union([Circle, Rounded, Rect, Path], { description: MASK, examples: [{ shape: 'circle' }, { shape: 'rounded_rectangle', radius_mm: 4 }] }));

/** Problems of a side's mask for its geometry into `errors` under `mask.<field>`. */
export function checkMask(doc: { mask?: unknown; width: number; height: number; bleed: Edges; dimension_unit?: string }, unit: string, errors: Record<string, string[]>): void {
  const mask = doc.mask as SideMask | null | undefined;
  if (!mask) return;
  for (const [f, m] of maskProblems(mask, maskSideOf({ ...doc, dimension_unit: unit }))) (errors[`mask.${f}`] ??= []).push(m);
}
