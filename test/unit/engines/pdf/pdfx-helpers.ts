/**
 * Reads a PDF back with independent tools to check PDF/X structure and colour: qpdf --json
 * (objects, trailer, decoded streams), Ghostscript renders and a mean ΔE76 between renders.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { tool, withPdfFile } from './helpers.js';

type Json = unknown;
type Obj = Record<string, Json>;

export interface QpdfDoc {
  pdfVersion: string;
  trailer: Obj;
  objects: Map<string, { value?: Json; stream?: { dict: Obj; data?: string } }>;
  /** follows "n 0 R" references */
  resolve(v: Json): Json;
}

export async function qpdfJson(pdf: Uint8Array): Promise<QpdfDoc> {
  const out = await withPdfFile(pdf, (f) => tool('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=generalized', f]));
  const [meta, objs] = JSON.parse(out).qpdf as [Obj, Record<string, { value?: Json; stream?: { dict: Obj; data?: string } }>];
  const objects = new Map<string, { value?: Json; stream?: { dict: Obj; data?: string } }>();
  for (const [k, v] of Object.entries(objs)) if (k.startsWith('obj:')) objects.set(k.slice(4), v);
  const resolve = (v: Json): Json => {
    if (typeof v === 'string' && /^\d+ \d+ R$/.test(v)) {
      const o = objects.get(v);
      return o?.value ?? o?.stream?.dict ?? null;
    }
    return v;
  };
  return { pdfVersion: String(meta.pdfversion), trailer: (objs.trailer!.value ?? {}) as Obj, objects, resolve };
}

/** Everything a PDF/X check looks at, as plain values. */
export async function pdfxFacts(pdf: Uint8Array) {
  const q = await qpdfJson(pdf);
  const info = q.resolve(q.trailer['/Info']) as Obj;
  const catalog = q.resolve(q.trailer['/Root']) as Obj;
  const intents = ((q.resolve(catalog['/OutputIntents']) as Json[]) ?? []).map((i) => q.resolve(i) as Obj);
  const profiles = intents.map((i) => {
    const s = q.objects.get(String(i['/DestOutputProfile']))?.stream;
    const icc = s?.data ? Buffer.from(s.data, 'base64') : Buffer.alloc(0);
    return { n: s?.dict['/N'], bytes: icc.length, space: icc.subarray(16, 20).toString('latin1'), cls: icc.subarray(12, 16).toString('latin1') };
  });
  // every dictionary, direct ones nested inside others included
  const dicts: Obj[] = [];
  const walk = (v: Json): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      dicts.push(v as Obj);
      Object.values(v as Obj).forEach(walk);
    }
  };
  for (const o of q.objects.values()) walk(o.value ?? o.stream?.dict);
  const streams = [...q.objects.values()].filter((o) => o.stream);
  const content = streams
    .filter((o) => !o.stream!.dict['/Subtype'] && !o.stream!.dict['/Type'] && o.stream!.data)
    .map((o) => Buffer.from(o.stream!.data!, 'base64').toString('latin1'))
    .join('\n');
  const ops = (re: RegExp) => content.split('\n').filter((l) => re.test(l)).length;
  const metadata = streams.find((o) => o.stream!.dict['/Type'] === '/Metadata');
  return {
    pdfVersion: q.pdfVersion,
    header: Buffer.from(pdf.subarray(0, 8)).toString('latin1'),
    id: q.trailer['/ID'] as string[] | undefined,
    encrypted: q.trailer['/Encrypt'] !== undefined,
    info,
    intents,
    profiles,
    xmp: metadata?.stream?.data ? Buffer.from(metadata.stream.data, 'base64').toString('utf8') : '',
    pages: dicts.filter((d) => d['/Type'] === '/Page'),
    /** image XObjects with a soft mask */
    smasks: dicts.filter((d) => d['/Subtype'] === '/Image' && d['/SMask'] !== undefined).length,
    /** ExtGStates with alpha below 1, a soft mask or a blend mode other than Normal */
    transparentGStates: dicts.filter((d) => (d['/Type'] === '/ExtGState' || d['/ca'] !== undefined || d['/CA'] !== undefined)
      && ((d['/ca'] as number) < 1 || (d['/CA'] as number) < 1 || (d['/SMask'] !== undefined && d['/SMask'] !== '/None') || (d['/BM'] !== undefined && d['/BM'] !== '/Normal'))).length,
    transparencyGroups: dicts.filter((d) => (q.resolve(d['/Group']) as Obj | undefined)?.['/S'] === '/Transparency').length,
    /** colour spaces named by images and shadings */
    spaces: new Set(dicts.filter((d) => d['/ColorSpace'] !== undefined && d['/Subtype'] !== undefined || d['/ShadingType'] !== undefined).filter((d) => !(d['/Subtype'] === '/Image' && dicts.some((o) => o['/SMask'] !== undefined && q.resolve(o['/SMask']) === d))).map((d) => JSON.stringify(q.resolve(d['/ColorSpace'])))),
    /** content-stream colour operators */
    rgbOps: ops(/(^|\s)(rg|RG)$/),
    grayOps: ops(/(^|\s)(g|G)$/),
    cmykOps: ops(/(^|\s)(k|K)$/),
    content,
  };
}

/**
 * Ghostscript render (png16m) of one page; DeviceCMYK is shown through `cmykProfile` (an ICC
 * file: the output profile the file was separated for), else Ghostscript's default CMYK profile.
 */
export async function gsRender(pdf: Uint8Array, dpi: number, page = 1, cmykProfile?: string): Promise<{ width: number; height: number; data: Buffer }> {
  return withPdfFile(pdf, async (file, dir) => {
    const out = path.join(dir, 'gs.png');
    const profile = cmykProfile ? [`--permit-file-read=${cmykProfile}`, `-sDefaultCMYKProfile=${cmykProfile}`] : [];
    await tool('gs', ['-q', '-dSAFER', ...profile, '-dBATCH', '-dNOPAUSE', '-sDEVICE=png16m', `-r${dpi}`, `-dFirstPage=${page}`, `-dLastPage=${page}`, '-dTextAlphaBits=4', '-dGraphicsAlphaBits=4', `-sOutputFile=${out}`, file]);
    const { data, info } = await sharp(await readFile(out)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data };
  });
}

/** sRGB (0..255) to CIE Lab (D65). */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** Mean and 95th-percentile ΔE76 between two same-size RGB renders. */
export function deltaE(a: { width: number; height: number; data: Buffer }, b: { width: number; height: number; data: Buffer }): { mean: number; p95: number } {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`render sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  const n = a.width * a.height;
  const d = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const p = srgbToLab(a.data[i * 3]!, a.data[i * 3 + 1]!, a.data[i * 3 + 2]!);
    const q = srgbToLab(b.data[i * 3]!, b.data[i * 3 + 1]!, b.data[i * 3 + 2]!);
    d[i] = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    sum += d[i]!;
  }
  d.sort();
  return { mean: sum / n, p95: d[Math.floor(n * 0.95)]! };
}

export interface Plates {
  /** the plates Ghostscript separated (Cyan, Magenta, Yellow, Black and each spot ink), in its order */
  names: string[];
  /** ink (0 none .. 1 full) of a plate at a point (pt from the MediaBox's top-left) */
  ink(name: string, xPt: number, yPt: number): number;
  /** the most ink of a plate anywhere in a box (pt from the MediaBox's top-left) */
  maxInk(name: string, box: { x0: number; y0: number; x1: number; y1: number }): number;
}

/** A plate as Ghostscript's tiffsep writes it: 8-bit, 0 = full ink, 255 = none. */
export interface RawPlate { data: Buffer; width: number; height: number; channels: number }

/** Ghostscript's tiffsep separation of one page at `dpi`: every plate (process and spot inks) by name. */
export async function separate(pdf: Uint8Array, dpi: number, page = 1, extra: readonly string[] = []): Promise<Map<string, RawPlate>> {
  return withPdfFile(pdf, async (file, dir) => {
    await tool('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=tiffsep', ...extra, `-r${dpi}`, `-dFirstPage=${page}`, `-dLastPage=${page}`, '-o', path.join(dir, 'p.tif'), file]);
    const plates = new Map<string, RawPlate>();
    for (const f of await readdir(dir)) {
      const name = /^p\((.+)\)\.tif$/.exec(f)?.[1];
      if (!name) continue;
      const { data, info } = await sharp(path.join(dir, f)).raw().toBuffer({ resolveWithObject: true });
      plates.set(name, { data, width: info.width, height: info.height, channels: info.channels });
    }
    return plates;
  });
}

/** Ghostscript's tiffsep separations of one page: one plate per process and spot ink. */
export async function gsPlates(pdf: Uint8Array, dpi: number, page = 1): Promise<Plates> {
  const plates = await separate(pdf, dpi, page);
  const s = dpi / 72;
  // tiffsep plates are 0 = full ink, 255 = none
  const at = (name: string, x: number, y: number): number => {
    const p = plates.get(name);
    if (!p) throw new Error(`no ${name} plate (plates: ${[...plates.keys()].join(', ')})`);
    if (x < 0 || y < 0 || x >= p.width || y >= p.height) return 0;
    return 1 - p.data[(y * p.width + x) * p.channels]! / 255;
  };
  return {
    names: [...plates.keys()],
    ink: (name, x, y) => at(name, Math.round(x * s), Math.round(y * s)),
    maxInk(name, b) {
      let m = 0;
      for (let y = Math.floor(b.y0 * s); y <= Math.ceil(b.y1 * s); y++) for (let x = Math.floor(b.x0 * s); x <= Math.ceil(b.x1 * s); x++) m = Math.max(m, at(name, x, y));
      return m;
    },
  };
}

/** The profile description of ICC bytes: the `desc` tag (ICC v2 textDescription or v4 multiLocalizedUnicode). */
export function iccDescription(icc: Buffer): string {
  const count = icc.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (icc.subarray(at, at + 4).toString('latin1') !== 'desc') continue;
    const off = icc.readUInt32BE(at + 4);
    const type = icc.subarray(off, off + 4).toString('latin1');
    if (type === 'desc') return icc.subarray(off + 12, off + 12 + icc.readUInt32BE(off + 8)).toString('latin1').replace(/\0+$/, '');
    if (type === 'mluc') {
      const [len, start] = [icc.readUInt32BE(off + 20), icc.readUInt32BE(off + 24)];
      return icc.subarray(off + start, off + start + len).swap16().toString('utf16le');
    }
  }
  return '';
}
