/**
 * The template's fields as a form: a shopper who only fills in a name and a phone number types
 * them beside the canvas instead of on it. The fields are the text layers' variable-data
 * `field` ({name, type: 'text', label?}) of every side; typing into a field's input types into
 * each of its layers (placeholders replaced; one undo step per pause in typing). The host
 * command `set-field` (host-commands.ts) uses the same `setField`.
 */
import { Textbox } from 'fabric';
import type { SideCanvas } from './side-canvas.js';
import { state } from './state.js';

/** The sides' layers that carry the variable-data field `name` (a template's `field: {name}`). */
export function fieldLayers(name: string): Array<{ side: SideCanvas; obj: Textbox }> {
  const out: Array<{ side: SideCanvas; obj: Textbox }> = [];
  for (const side of state.sides.values()) {
    for (const obj of side.canvas.getObjects()) {
      const field = (obj as { field?: { name?: unknown } }).field;
      if (obj instanceof Textbox && field && field.name === name) out.push({ side, obj });
    }
  }
  return out;
}

/** Types `value` into every text layer of the field, one undo step per side; the number changed. */
export function setField(name: string, value: string): number {
  const found = fieldLayers(name);
  for (const side of new Set(found.map((f) => f.side))) {
    side.batch(() => {
      for (const { obj } of found.filter((f) => f.side === side)) {
        obj.set('text', value);
        (obj as { placeholder?: boolean }).placeholder = false;
        obj.initDimensions();
        obj.setCoords();
      }
    });
    side.canvas.requestRenderAll();
  }
  return found.length;
}

/** A field's label: its own `label`, else its name in words ("phone_number" → "Phone number"). */
export function fieldLabel(field: { name: string; label?: unknown }): string {
  if (typeof field.label === 'string' && field.label.trim()) return field.label.trim();
  const words = field.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields of the sides' text layers, in the order they first appear (front before back, bottom to top). */
export function textFields(): Array<{ name: string; label: string; value: string; placeholder: boolean }> {
  const out = new Map<string, { name: string; label: string; value: string; placeholder: boolean }>();
  for (const side of state.sides.values()) {
    for (const obj of side.canvas.getObjects()) {
      const field = (obj as { field?: { name?: unknown; label?: unknown; type?: unknown } }).field;
      if (!(obj instanceof Textbox) || !field || typeof field.name !== 'string' || out.has(field.name)) continue;
      const placeholder = Boolean((obj as { placeholder?: boolean }).placeholder);
      out.set(field.name, { name: field.name, label: fieldLabel({ name: field.name, label: field.label }), value: obj.text, placeholder });
    }
  }
  return [...out.values()];
}

export class FieldsForm {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** what was last shown: refresh() runs on every drag step, the form only when a field changed */
  private shown = '';

  constructor(
    private readonly section: HTMLElement,
    private readonly list: HTMLElement,
    private readonly onChange: () => void,
  ) {}

  /** Shows the fields of what is on the sides now; leaves the input being typed in alone. */
  render(): void {
    const fields = textFields();
    const key = JSON.stringify(fields);
    if (key === this.shown) return;
    this.shown = key;
    this.section.hidden = fields.length === 0;
    const inputs = new Map([...this.list.querySelectorAll<HTMLInputElement>('input[data-field]')].map((i) => [i.dataset.field!, i]));
    const rows: HTMLElement[] = [];
    for (const f of fields) {
      let input = inputs.get(f.name);
      let row = input?.closest('label') as HTMLElement | null;
      if (!input || !row) {
        row = document.createElement('label');
        const span = document.createElement('span');
        input = document.createElement('input');
        input.type = 'text';
        input.dataset.field = f.name;
        input.maxLength = 500;
        input.autocomplete = 'off';
        const field = input;
        input.addEventListener('input', () => this.typed(field));
        input.addEventListener('change', () => this.flush(field));
        row.append(span, ' ', input);
      }
      row.querySelector('span')!.textContent = f.label;
      if (document.activeElement !== input) {
        input.value = f.placeholder ? '' : f.value;
        input.placeholder = f.placeholder ? f.value : '';
      }
      rows.push(row);
    }
    this.list.replaceChildren(...rows);
  }

  private typed(input: HTMLInputElement): void {
    const name = input.dataset.field!;
    clearTimeout(this.timers.get(name));
    this.timers.set(name, setTimeout(() => this.flush(input), 400));
  }

  private flush(input: HTMLInputElement): void {
    const name = input.dataset.field!;
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
    const now = fieldLayers(name);
    if (now.length === 0 || now.every(({ obj }) => obj.text === input.value && !(obj as { placeholder?: boolean }).placeholder)) return;
    setField(name, input.value);
    this.onChange();
  }
}
