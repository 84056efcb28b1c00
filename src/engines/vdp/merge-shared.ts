/** Settings and helpers the merge, its document writer and its asset resolver share. */
import { PageSpecError, type Layer } from '../pdf/index.js';
import { n } from '../pdf/object-geometry.js';
import { findOutputProfile, installedOutputProfiles, type OutputProfile } from '../pdf/colour/output-profiles.js';
import { type PdfStandard } from '../pdf/colour/pdfx.js';
import { blackPolicy, type BlackPolicy } from '../pdf/colour/black.js';
import { MergeOptions } from './merge-types.js';

/** Image bytes kept across documents (zip output) and for records ahead, least recently used dropped first. */
export const CACHED_IMAGES = 128;

export const PRODUCER = 'Folio variable-data engine (pdf-lib)';

export interface ColourSetup {
  standard: PdfStandard;
  /** the CMYK output profile; undefined for RGB */
  profile: OutputProfile | undefined;
  /** CMYK: how 100 K prints (colour/black.ts) */
  black?: BlackPolicy;
  keepArtworkRichBlack?: boolean;
}

/** Colour mode, standard and profile as the print engine resolves them (a PDF/X file is CMYK). */
export function colourSetup(opts: MergeOptions): ColourSetup {
  const standard: PdfStandard = opts.pdfStandard ?? (opts.colorMode === 'cmyk' ? 'pdf_x4' : 'none');
  if (opts.colorMode !== 'cmyk' && standard === 'none') return { standard, profile: undefined };
  const profile = findOutputProfile(opts.outputProfile);
  if (!profile) {
    const ids = installedOutputProfiles().map((p) => p.id);
    throw new PageSpecError([{ path: 'outputProfile', message: ids.length ? `must be one of ${ids.join(', ')}` : 'no CMYK output profile is installed (Debian package libgs-common)' }]);
  }
  return { standard, profile, black: blackPolicy(opts.blackOverprint, opts.richBlack), keepArtworkRichBlack: opts.keepArtworkRichBlack === true };
}

/** Records between two flushes of their pictures into the document (single-file output). */
export const FLUSH_EVERY = 32;

/** Records ahead whose images are fetched while the current one is drawn. */
export const PREFETCH = 6;

export const round = (v: number): number => Math.round(v * 10) / 10;

/**
 * An image or code in the box of a field layer: a group with the layer's place (position,
 * origin, rotation, flips) and box, the picture centred in it at cover or contain scale.
 */
export function boxed(layer: Layer, picture: Record<string, unknown>, iw: number, ih: number, fit: 'cover' | 'contain'): Layer {
  const sx = n(layer.scaleX, 1);
  const sy = n(layer.scaleY, 1);
  const bw = n(layer.width, 0) * Math.abs(sx);
  const bh = n(layer.height, 0) * Math.abs(sy);
  const s = fit === 'cover' ? Math.max(bw / iw, bh / ih) : Math.min(bw / iw, bh / ih);
  const child: Record<string, unknown> = { ...picture, left: 0, top: 0, originX: 'center', originY: 'center', scaleX: s, scaleY: s };
  if (fit === 'cover') {
    const vw = Math.min(iw, bw / s);
    const vh = Math.min(ih, bh / s);
    Object.assign(child, { width: vw, height: vh, cropX: (iw - vw) / 2, cropY: (ih - vh) / 2 });
  } else Object.assign(child, { width: iw, height: ih });
  return {
    type: 'group',
    left: layer.left,
    top: layer.top,
    originX: layer.originX,
    originY: layer.originY,
    angle: layer.angle,
    flipX: (layer.flipX === true) !== sx < 0,
    flipY: (layer.flipY === true) !== sy < 0,
    opacity: layer.opacity,
    width: bw,
    height: bh,
    objects: [child as Layer],
  } as Layer;
}
