/**
 * The units the text tools show (docs/editor.md, "Units"): font size in points as printed
 * (canvas pixels through the side's trim size in its unit: the design's viewport is the trim
 * box, `pxPerUnit` canvas pixels per mm, cm or inch), letter spacing in em. The layers keep
 * Fabric's own values (`fontSize` in design pixels, `charSpacing` in thousandths of an em, as
 * the PDF engine reads them): only the fields convert.
 */
import { UNITS_PER_INCH, type DimensionUnit, type Layout } from './geometry.js';

/** Printed points per design pixel on a side. */
export const ptPerPx = (layout: Pick<Layout, 'pxPerUnit'>, unit: DimensionUnit): number => 72 / UNITS_PER_INCH[unit] / layout.pxPerUnit;

/** A font size in design pixels as printed points, to a tenth. */
export const pxToPt = (px: number, k: number): number => Math.round(px * k * 10) / 10;

export const ptToPx = (pt: number, k: number): number => pt / k;

/** Fabric's charSpacing (thousandths of an em) as em, and back. */
export const charSpacingToEm = (cs: number): number => Math.round(cs) / 1000;
export const emToCharSpacing = (em: number): number => Math.round(em * 1000);
