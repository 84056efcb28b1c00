/**
 * HarfBuzz shaping (harfbuzzjs, the same shaper Chromium uses): one run of text in one face
 * and one direction becomes glyph ids, clusters and positions. The wasm module is loaded
 * once per process when this module is imported; faces are parsed once per font identity.
 */
import * as hb from 'harfbuzzjs';

interface HbFace {
  font: hb.Font;
  upem: number;
}

const faces = new Map<string, HbFace>();
const FACE_CAP = 64;

function hbFace(id: string, bytes: Uint8Array): HbFace {
  let f = faces.get(id);
  if (!f) {
    const face = new hb.Face(new hb.Blob(bytes));
    f = { font: new hb.Font(face), upem: face.upem };
    if (faces.size >= FACE_CAP) faces.delete(faces.keys().next().value!);
    faces.set(id, f);
  }
  return f;
}

/** One shaped glyph, in visual order (left to right) as HarfBuzz returns them. */
export interface HbGlyph {
  /** glyph id in the full font */
  gid: number;
  /** index (UTF-16) in the shaped text of the first character this glyph belongs to */
  cluster: number;
  /** in em */
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/**
 * Shapes `text` as one run. `rtl` sets the direction (the bidi algorithm decides it); script
 * and language are guessed from the text as a browser does for an unlabelled run.
 */
export function shapeRun(id: string, bytes: Uint8Array, text: string, rtl: boolean): HbGlyph[] {
  const { font, upem } = hbFace(id, bytes);
  const buf = new hb.Buffer();
  buf.addText(text);
  buf.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  buf.guessSegmentProperties();
  hb.shape(font, buf);
  const infos = buf.getGlyphInfos();
  const pos = buf.getGlyphPositions();
  return infos.map((g, i) => ({
    gid: g.codepoint,
    cluster: g.cluster,
    xAdvance: pos[i]!.xAdvance / upem,
    xOffset: pos[i]!.xOffset / upem,
    yOffset: pos[i]!.yOffset / upem,
  }));
}
