/**
 * The curated templates every store lists under `GET /templates/template-default`: original
 * work made for Folio and dedicated to the public domain (CC0-1.0). Layers are Fabric.js JSON
 * (the design vocabulary of decisions § Designs) in `viewport_width × viewport_height` pixels
 * mapped onto `print_size`; text uses only the default fonts (OFL-1.1, `GET /fonts/default`)
 * and shapes, so a template renders with nothing but what the service ships.
 */
export interface DefaultTemplate {
  key: string;
  name: string;
  note: string;
  print_size: { width: number; height: number; dimension_unit: 'mm' };
  viewport_width: number;
  viewport_height: number;
  layers: Array<Record<string, unknown>>;
}

export const DEFAULT_TEMPLATE_LICENSE = 'CC0-1.0 (original, made for Folio)';

const text = (t: string, o: Record<string, unknown>) => ({ type: 'textbox', text: t, fontFamily: 'Open Sans', fontSize: 24, fill: '#1f2933', textAlign: 'left', ...o });

export const DEFAULT_TEMPLATES: DefaultTemplate[] = [
  {
    key: 'business-card-front',
    name: 'Business card (front)',
    note: 'A 85 × 55 mm card front: name, role and contact lines beside a colour band.',
    print_size: { width: 85, height: 55, dimension_unit: 'mm' },
    viewport_width: 850,
    viewport_height: 550,
    layers: [
      { type: 'rect', left: 0, top: 0, width: 850, height: 550, fill: '#ffffff' },
      { type: 'rect', left: 0, top: 0, width: 240, height: 550, fill: '#0b6e4f' },
      { type: 'circle', left: 60, top: 60, radius: 60, fill: '#f2c14e' },
      text('Alex Example', { left: 290, top: 90, width: 520, fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 52 }),
      text('Design lead', { left: 290, top: 160, width: 520, fontSize: 28, fill: '#0b6e4f' }),
      { type: 'line', x1: 0, y1: 0, x2: 500, y2: 0, left: 290, top: 230, stroke: '#c3cdd6', strokeWidth: 2 },
      text('+1 555 0100\nalex@example.com\nexample.com', { left: 290, top: 270, width: 520, fontFamily: 'Roboto Mono', fontSize: 24, lineHeight: 1.4 }),
    ],
  },
  {
    key: 'flyer-a5',
    name: 'Flyer (A5)',
    note: 'A 148 × 210 mm portrait flyer: headline, date banner and body copy.',
    print_size: { width: 148, height: 210, dimension_unit: 'mm' },
    viewport_width: 1480,
    viewport_height: 2100,
    layers: [
      { type: 'rect', left: 0, top: 0, width: 1480, height: 2100, fill: '#fdf6e3' },
      { type: 'rect', left: 0, top: 0, width: 1480, height: 760, fill: '#264653' },
      { type: 'path', path: 'M 0 760 L 1480 620 L 1480 760 Z', fill: '#e76f51' },
      text('Summer Market', { left: 120, top: 220, width: 1240, fontFamily: 'Lora', fontWeight: 'bold', fontSize: 150, fill: '#fdf6e3', textAlign: 'center' }),
      text('Local food, music and makers', { left: 120, top: 460, width: 1240, fontSize: 64, fill: '#e9c46a', textAlign: 'center' }),
      { type: 'rect', left: 240, top: 900, width: 1000, height: 180, rx: 24, ry: 24, fill: '#e76f51' },
      text('Saturday 12 July · 10:00–18:00', { left: 260, top: 950, width: 960, fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 60, fill: '#ffffff', textAlign: 'center' }),
      text('Join us in the old square for a day of stalls, workshops and live sets. Free entry, everyone welcome.', { left: 200, top: 1240, width: 1080, fontSize: 56, lineHeight: 1.35, textAlign: 'center' }),
      text('example.com/market', { left: 200, top: 1880, width: 1080, fontFamily: 'Roboto Mono', fontSize: 48, fill: '#264653', textAlign: 'center' }),
    ],
  },
  {
    key: 'sticker-round',
    name: 'Round sticker',
    note: 'A 76 mm round sticker: a ring, a greeting in script and a small caption.',
    print_size: { width: 76, height: 76, dimension_unit: 'mm' },
    viewport_width: 760,
    viewport_height: 760,
    layers: [
      { type: 'circle', left: 0, top: 0, radius: 380, fill: '#ff7f50' },
      { type: 'circle', left: 40, top: 40, radius: 340, fill: null, stroke: '#ffffff', strokeWidth: 12, strokeDashArray: [28, 18] },
      text('Hello!', { left: 80, top: 250, width: 600, fontFamily: 'Pacifico', fontSize: 150, fill: '#ffffff', textAlign: 'center' }),
      text('MADE WITH CARE', { left: 80, top: 500, width: 600, fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 40, fill: '#fff3e0', textAlign: 'center', charSpacing: 200 }),
    ],
  },
  {
    key: 'thank-you-card',
    name: 'Thank-you card',
    note: 'A 148 × 105 mm landscape card: a heart, a script line and a short message.',
    print_size: { width: 148, height: 105, dimension_unit: 'mm' },
    viewport_width: 1480,
    viewport_height: 1050,
    layers: [
      { type: 'rect', left: 0, top: 0, width: 1480, height: 1050, fill: '#fff8f0' },
      { type: 'path', left: 640, top: 120, path: 'M 100 180 C 20 120 0 60 40 25 C 75 -5 100 20 100 45 C 100 20 125 -5 160 25 C 200 60 180 120 100 180 Z', fill: '#d62839', scaleX: 1, scaleY: 1 },
      text('Thank you', { left: 140, top: 380, width: 1200, fontFamily: 'Pacifico', fontSize: 170, fill: '#3d405b', textAlign: 'center' }),
      text('for being part of our story', { left: 140, top: 680, width: 1200, fontFamily: 'Lora', fontStyle: 'italic', fontSize: 64, fill: '#3d405b', textAlign: 'center' }),
    ],
  },
];
