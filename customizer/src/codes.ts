/**
 * The Code tool (docs/editor.md, "Codes"): a QR code, Code 128, EAN-13, UPC-A or Data Matrix
 * from a typed value. The value is checked for its symbology before anything is added (an
 * EAN-13 is 12 or 13 digits with the right check digit…); the error shows under the field
 * and nothing changes. A selected code can be given another value or symbology; its colour
 * is the Shapes section's fill (a spot ink too). Printed as vectors by the PDF engine.
 */
import { Barcode, makeSymbol } from './barcode-object.js';
import { t } from './i18n/index.js';
import type { SideCanvas } from './side-canvas.js';
import { gtinCheckDigit, MAX_CODE_LENGTH, SYMBOLOGIES, type Symbology } from '../../src/engines/pdf/barcode-symbol.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** What is wrong with a value for a symbology, in the page's language; null when it is fine so far. */
export function codeProblem(symbology: Symbology, value: string): string | null {
  if (value.length === 0) return t('codes.errEmpty');
  if (value.length > MAX_CODE_LENGTH) return t('codes.errLong', { n: MAX_CODE_LENGTH });
  if (symbology === 'ean13' || symbology === 'upca') {
    const len = symbology === 'ean13' ? 13 : 12;
    const name = t(`codes.${symbology}`);
    if (!/^\d+$/.test(value)) return t('codes.errDigits', { name });
    if (value.length !== len && value.length !== len - 1) return t('codes.errLength', { name, a: len - 1, b: len });
    const want = gtinCheckDigit(value.slice(0, len - 1));
    if (value.length === len && Number(value[len - 1]) !== want) return t('codes.errCheck', { name, digit: want });
  }
  if (symbology === 'code128' && !/^[\x20-\x7e]+$/.test(value)) return t('codes.errAscii');
  return null;
}

export class CodeTools {
  readonly ui = {
    symbology: $<HTMLSelectElement>('code-symbology'),
    value: $<HTMLInputElement>('code-value'),
    error: $<HTMLParagraphElement>('code-error'),
    add: $<HTMLButtonElement>('add-code'),
    update: $<HTMLButtonElement>('update-code'),
  };

  constructor(private readonly getSide: () => SideCanvas | null, run: (label: string, fn: () => Promise<string | void>) => void) {
    const { ui } = this;
    ui.add.addEventListener('click', () => run(t('codes.adding'), () => this.add()));
    ui.update.addEventListener('click', () => run(t('codes.updating'), () => this.update()));
    for (const el of [ui.value, ui.symbology]) el.addEventListener('input', () => this.showError(null));
    ui.value.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      (this.selected() ? ui.update : ui.add).click();
    });
  }

  selected(): Barcode | null {
    const list = this.getSide()?.canvas.getActiveObjects() ?? [];
    return list.length === 1 && list[0] instanceof Barcode && list[0].selectable ? list[0] : null;
  }

  private showError(message: string | null): void {
    this.ui.error.hidden = !message;
    this.ui.error.textContent = message ?? '';
    this.ui.value.setAttribute('aria-invalid', String(Boolean(message)));
  }

  /** The symbology and value typed, checked; throws (and shows) what is wrong. */
  private async checked(): Promise<{ symbology: Symbology; value: string }> {
    const symbology = this.ui.symbology.value as Symbology;
    const value = this.ui.value.value.trim();
    let problem = SYMBOLOGIES.includes(symbology) ? codeProblem(symbology, value) : t('codes.errEmpty');
    if (!problem) {
      try {
        await makeSymbol(symbology, value);
      } catch (e) {
        problem = t('codes.errEncode', { message: (e as Error).message });
      }
    }
    this.showError(problem);
    if (problem) throw new Error(problem);
    return { symbology, value };
  }

  async add(): Promise<string> {
    const side = this.getSide();
    if (!side) throw new Error(t('err.pickSide'));
    const { symbology, value } = await this.checked();
    const symbol = await makeSymbol(symbology, value);
    const { safe } = side.layout;
    const square = symbology === 'qrcode' || symbology === 'datamatrix';
    const width = Math.min(safe.width, safe.height) * (square ? 0.3 : 0.45);
    const code = new Barcode({ ...side.nextPlace(), originX: 'center', originY: 'center', width, height: (width * symbol.height) / symbol.width, symbology, value, symbol });
    (code as Barcode & { name?: string }).name = t('codes.layer', { name: t(`codes.${symbology}`), value: value.length > 20 ? `${value.slice(0, 20)}…` : value });
    side.canvas.add(code);
    side.canvas.setActiveObject(code);
    side.canvas.requestRenderAll();
    return t('codes.added', { name: t(`codes.${symbology}`) });
  }

  async update(): Promise<string | void> {
    const side = this.getSide();
    const code = this.selected();
    if (!side || !code) return;
    const { symbology, value } = await this.checked();
    const symbol = await makeSymbol(symbology, value);
    side.batch(() => {
      code.set({ symbology, value, height: (code.width * symbol.height) / symbol.width });
      code.setSymbol(symbol);
      (code as Barcode & { name?: string }).name = t('codes.layer', { name: t(`codes.${symbology}`), value: value.length > 20 ? `${value.slice(0, 20)}…` : value });
      code.setCoords();
    });
    side.canvas.requestRenderAll();
    return t('codes.updated', { name: t(`codes.${symbology}`) });
  }

  /** Shows the selected code's symbology and value; Update only with a code selected. */
  sync(): void {
    const code = this.selected();
    this.ui.update.disabled = !code;
    if (!code || document.activeElement === this.ui.value) return;
    this.ui.symbology.value = code.symbology;
    this.ui.value.value = code.value;
  }
}
