/** CSS colour strings as Fabric.js and the canvas accept them, parsed to sRGB 0..1 plus alpha. */
import type { SpotInk } from '../spot.js';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
  /** a spot ink (spot.ts): r, g, b are then its alternate, for what cannot paint a spot */
  spot?: SpotInk;
}

// CSS Color Module Level 4 named colours (hex without '#').
const NAMED = Object.fromEntries(
  (
    'aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc bisque:ffe4c4 ' +
    'black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a burlywood:deb887 cadetblue:5f9ea0 ' +
    'chartreuse:7fff00 chocolate:d2691e coral:ff7f50 cornflowerblue:6495ed cornsilk:fff8dc crimson:dc143c cyan:00ffff ' +
    'darkblue:00008b darkcyan:008b8b darkgoldenrod:b8860b darkgray:a9a9a9 darkgreen:006400 darkgrey:a9a9a9 ' +
    'darkkhaki:bdb76b darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc darkred:8b0000 ' +
    'darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f darkslategrey:2f4f4f ' +
    'darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff dimgray:696969 dimgrey:696969 ' +
    'dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 forestgreen:228b22 fuchsia:ff00ff gainsboro:dcdcdc ' +
    'ghostwhite:f8f8ff gold:ffd700 goldenrod:daa520 gray:808080 green:008000 greenyellow:adff2f grey:808080 ' +
    'honeydew:f0fff0 hotpink:ff69b4 indianred:cd5c5c indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa ' +
    'lavenderblush:fff0f5 lawngreen:7cfc00 lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080 lightcyan:e0ffff ' +
    'lightgoldenrodyellow:fafad2 lightgray:d3d3d3 lightgreen:90ee90 lightgrey:d3d3d3 lightpink:ffb6c1 ' +
    'lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa lightslategray:778899 lightslategrey:778899 ' +
    'lightsteelblue:b0c4de lightyellow:ffffe0 lime:00ff00 limegreen:32cd32 linen:faf0e6 magenta:ff00ff maroon:800000 ' +
    'mediumaquamarine:66cdaa mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371 ' +
    'mediumslateblue:7b68ee mediumspringgreen:00fa9a mediumturquoise:48d1cc mediumvioletred:c71585 ' +
    'midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 navajowhite:ffdead navy:000080 ' +
    'oldlace:fdf5e6 olive:808000 olivedrab:6b8e23 orange:ffa500 orangered:ff4500 orchid:da70d6 palegoldenrod:eee8aa ' +
    'palegreen:98fb98 paleturquoise:afeeee palevioletred:db7093 papayawhip:ffefd5 peachpuff:ffdab9 peru:cd853f ' +
    'pink:ffc0cb plum:dda0dd powderblue:b0e0e6 purple:800080 rebeccapurple:663399 red:ff0000 rosybrown:bc8f8f ' +
    'royalblue:4169e1 saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 seagreen:2e8b57 seashell:fff5ee ' +
    'sienna:a0522d silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd slategray:708090 slategrey:708090 snow:fffafa ' +
    'springgreen:00ff7f steelblue:4682b4 tan:d2b48c teal:008080 thistle:d8bfd8 tomato:ff6347 turquoise:40e0d0 ' +
    'violet:ee82ee wheat:f5deb3 white:ffffff whitesmoke:f5f5f5 yellow:ffff00 yellowgreen:9acd32'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

function channel(token: string, max: number): number {
  return token.endsWith('%') ? parseFloat(token) / 100 : parseFloat(token) / max;
}

function alphaOf(token: string | undefined): number {
  if (token === undefined) return 1;
  return clamp01(token.endsWith('%') ? parseFloat(token) / 100 : parseFloat(token));
}

function hue(token: string): number {
  const v = parseFloat(token);
  if (token.endsWith('rad')) return (v * 180) / Math.PI;
  if (token.endsWith('turn')) return v * 360;
  return v;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  h = (((h % 360) + 360) % 360) / 360;
  if (s === 0) return [l, l, l];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const f = (t: number): number => {
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [f(h + 1 / 3), f(h), f(h - 1 / 3)];
}

function fromHex(hex: string): Rgba | undefined {
  if (!/^[0-9a-f]+$/i.test(hex)) return undefined;
  let h = hex;
  if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
  if (h.length !== 6 && h.length !== 8) return undefined;
  const n = (i: number): number => parseInt(h.slice(i, i + 2), 16) / 255;
  return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) : 1 };
}

/**
 * Parses a CSS colour. Returns null for "no paint" (null, '', 'none', 'transparent'),
 * undefined for a string that is not a colour.
 */
export function parseColor(input: unknown): Rgba | null | undefined {
  if (input === null || input === undefined) return null;
  if (typeof input !== 'string') return undefined;
  const s = input.trim().toLowerCase();
  if (s === '' || s === 'none' || s === 'transparent') return null;
  if (s.startsWith('#')) return fromHex(s.slice(1));
  const named = NAMED[s];
  if (named) return fromHex(named);
  const m = /^(rgba?|hsla?)\(\s*([^)]*)\)$/.exec(s);
  if (!m) return undefined;
  const fn = m[1]!;
  const args = m[2]!.split(/\s*[,/]\s*|\s+/).filter((t) => t.length > 0);
  if (args.length < 3 || args.length > 4) return undefined;
  if (args.some((t) => Number.isNaN(parseFloat(t)))) return undefined;
  if (fn.startsWith('rgb')) {
    return {
      r: clamp01(channel(args[0]!, 255)),
      g: clamp01(channel(args[1]!, 255)),
      b: clamp01(channel(args[2]!, 255)),
      a: alphaOf(args[3]),
    };
  }
  const [r, g, b] = hslToRgb(hue(args[0]!), clamp01(parseFloat(args[1]!) / 100), clamp01(parseFloat(args[2]!) / 100));
  return { r, g, b, a: alphaOf(args[3]) };
}
