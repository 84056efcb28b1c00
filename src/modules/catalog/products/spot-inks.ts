import { Type } from '@sinclair/typebox';
import { checkSpotPaint, spotInk } from '../../../engines/pdf/spot.js';

/** Inks a product may print at most: white, varnish, a few Pantones, die lines. */
export const MAX_SPOT_INKS = 16;

const Cmyk = Type.Array(Type.Number({ minimum: 0, maximum: 100 }), {
  minItems: 4,
  maxItems: 4,
  description: 'The alternate (what a viewer or a press without the ink shows): [c, m, y, k] in percent',
  examples: [[0, 0, 0, 0]],
});

/** One ink as sent: `cmyk` may be left out for the names RIPs know (White, CutContour, PerfCutContour). */
const SpotInkIn = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 127, description: 'The colorant name as the RIP matches it (case-sensitive): `White`, `CutContour`, `PerfCutContour`, `Varnish`, `PANTONE 185 C`…' }),
    cmyk: Type.Optional(Cmyk),
    overprint: Type.Optional(Type.Boolean({ description: 'Overprint the inks under it (always true for White and the die lines); default false' })),
  },
  { additionalProperties: false },
);

const DESCRIPTION =
  'Spot inks this product can print (white ink, a varnish, a Pantone the shop stocks), at most 16, names unique (case-sensitive, as RIPs match them). ' +
  '`White`, `CutContour` and `PerfCutContour` need no `cmyk` (0/0/0/0, 0/100/0/0; they always overprint); any other name needs its CMYK alternate. ' +
  "Stored and returned complete (`cmyk` and `overprint` filled in). Designs' spot paints (`{spot, cmyk, tint, overprint}`) already print as Separation inks whatever this list holds; the customizer's palettes will offer these.";
const EXAMPLE = [{ name: 'White' }, { name: 'PANTONE 185 C', cmyk: [0, 93, 79, 0], overprint: false }];

export const SpotInksInput = Type.Array(SpotInkIn, { maxItems: MAX_SPOT_INKS, description: DESCRIPTION, examples: [EXAMPLE] });

export const SpotInks = Type.Array(
  Type.Object({ name: Type.String(), cmyk: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }), overprint: Type.Boolean() }),
  { description: DESCRIPTION, examples: [[{ name: 'White', cmyk: [0, 0, 0, 0], overprint: true }, { name: 'PANTONE 185 C', cmyk: [0, 93, 79, 0], overprint: false }]] },
);

export interface StoredSpotInk {
  name: string;
  cmyk: [number, number, number, number];
  overprint: boolean;
}

/**
 * The product's inks by the design spot paint's rules (spot.ts: printable names, reserved PDF
 * names, known names' defaults): problems go into `errors` keyed `spot_inks.<i>.<field>` like the
 * body's schema errors; otherwise the inks come back complete, as the PDF would print them.
 */
export function normaliseSpotInks(inks: ReadonlyArray<{ name: string; cmyk?: number[]; overprint?: boolean }>, errors: Record<string, string[]>): StoredSpotInk[] {
  const out: StoredSpotInk[] = [];
  const seen = new Map<string, number>();
  for (const [i, ink] of inks.entries()) {
    const problems = checkSpotPaint({ spot: ink.name, ...(ink.cmyk !== undefined ? { cmyk: ink.cmyk } : {}), ...(ink.overprint !== undefined ? { overprint: ink.overprint } : {}) });
    for (const [k, m] of problems) (errors[`spot_inks.${i}.${k === 'spot' ? 'name' : k}`] ??= []).push(m);
    const first = seen.get(ink.name);
    if (first !== undefined) (errors[`spot_inks.${i}.name`] ??= []).push(`"${ink.name}" is already spot_inks.${first}: names must be unique`);
    else seen.set(ink.name, i);
    if (problems.length) continue;
    const resolved = spotInk({ spot: ink.name, cmyk: ink.cmyk as StoredSpotInk['cmyk'] | undefined, overprint: ink.overprint });
    // back to percent, without the float noise of /100 * 100
    out.push({ name: ink.name, cmyk: resolved.cmyk.map((c) => Math.round(c * 1e6) / 1e4) as StoredSpotInk['cmyk'], overprint: resolved.overprint });
  }
  return out;
}
