/**
 * A QR code or barcode on the canvas: a Fabric class registered as `barcode`, saved as the
 * print engine's `barcode` layer (`{type: 'barcode', symbology, value, fill, width, height, …}`,
 * docs/print-files.md). It draws the symbol of src/engines/pdf/barcode-symbol.ts, the one the
 * PDF prints, stretched over its width × height. The encoders (bwip-js, qrcode: over a
 * megabyte) are fetched the first time a code is made or opened, not with the editor.
 */
import { FabricObject, classRegistry, type TOptions, type FabricObjectProps } from 'fabric';
import { encodeSymbol, type CodeSymbol, type Encoders, type Symbology } from '../../src/engines/pdf/barcode-symbol.js';

let encoders: Promise<Encoders> | null = null;

/** bwip-js and qrcode's browser builds, loaded once, on demand. */
export function loadEncoders(): Promise<Encoders> {
  encoders ??= Promise.all([import('bwip-js/browser'), import('qrcode')]).then(([bwip, qr]) => {
    const b = (bwip as unknown as { default?: { toSVG: Encoders['toSVG'] }; toSVG?: Encoders['toSVG'] });
    const q = (qr as unknown as { default?: { create: Encoders['qrCreate'] }; create?: Encoders['qrCreate'] });
    const toSVG = b.toSVG ?? b.default!.toSVG;
    const create = q.create ?? q.default!.create;
    return { toSVG: (o) => toSVG(o), qrCreate: (v, o) => create(v, o) };
  });
  return encoders;
}

/** The symbol of `value`; rejects with the encoder's message when it cannot be encoded. */
export async function makeSymbol(symbology: Symbology, value: string): Promise<CodeSymbol> {
  return encodeSymbol(symbology, value, await loadEncoders());
}

interface BarcodeProps extends FabricObjectProps {
  symbology: Symbology;
  value: string;
}

export class Barcode extends FabricObject {
  static type = 'barcode';
  static cacheProperties = [...FabricObject.cacheProperties, 'symbology', 'value'];
  declare symbology: Symbology;
  declare value: string;
  /** what is drawn: set with the value (setCode) */
  symbol: CodeSymbol | null = null;
  private outlines: Path2D[] = [];

  constructor(options: TOptions<BarcodeProps> & { symbol?: CodeSymbol }) {
    const { symbol, ...rest } = options;
    super({ fill: '#000000', ...rest, strokeWidth: 0, stroke: null });
    if (symbol) this.setSymbol(symbol);
    // a code keeps its proportions: corner handles only
    this.setControlsVisibility({ ml: false, mr: false, mt: false, mb: false });
    this.lockSkewingX = true;
    this.lockSkewingY = true;
  }

  setSymbol(symbol: CodeSymbol): void {
    this.symbol = symbol;
    this.outlines = symbol.paths.map((d) => new Path2D(d));
    this.dirty = true;
  }

  _render(ctx: CanvasRenderingContext2D): void {
    const s = this.symbol;
    if (!s || !s.width || !s.height || typeof this.fill !== 'string') return;
    ctx.save();
    ctx.translate(-this.width / 2, -this.height / 2);
    ctx.scale(this.width / s.width, this.height / s.height);
    ctx.fillStyle = this.fill;
    ctx.beginPath();
    for (const [x, y, w, h] of s.rects) ctx.rect(x, y, w, h);
    ctx.fill();
    for (const p of this.outlines) ctx.fill(p);
    ctx.restore();
  }

  toObject(propertiesToInclude: unknown[] = []): ReturnType<FabricObject['toObject']> {
    return { ...super.toObject(propertiesToInclude as never[]), symbology: this.symbology, value: this.value };
  }

  static async fromObject(object: Record<string, unknown>): Promise<Barcode> {
    const { type: _type, ...rest } = object;
    const symbology = rest.symbology as Symbology;
    const value = String(rest.value ?? '');
    const symbol = await makeSymbol(symbology, value);
    return new Barcode({ ...(rest as TOptions<BarcodeProps>), symbology, value, symbol });
  }
}

classRegistry.setClass(Barcode, 'barcode');
