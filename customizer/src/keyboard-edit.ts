/**
 * Editing existing text from the keyboard (docs/editor.md, "Keyboard"). The canvas area
 * (`#stage`) takes focus: there Tab / Shift+Tab select the side's objects one after the other
 * (past the last one Tab leaves the canvas as usual), and **Enter** on a selected text starts
 * Fabric's editing with its words selected, so typing replaces them; Escape ends it (the text
 * stays selected, focus back on the canvas) and what was typed is one undo step. The
 * **Content** field (`#text-content`) shows the selected text's words and typing there
 * changes them (one undo step when the field is left).
 */
import { Textbox, type FabricObject } from 'fabric';
import type { Layer, SideCanvas } from './side-canvas.js';

export interface KeyboardEditUi {
  stage: HTMLElement;
  content: HTMLTextAreaElement;
}

/** The one selected text the shopper may edit, if any. */
export function selectedText(side: SideCanvas | null): Textbox | null {
  const sel = side?.canvas.getActiveObjects() ?? [];
  const tb = sel.length === 1 ? sel[0] : null;
  return tb instanceof Textbox && tb.editable ? tb : null;
}

/** Starts Fabric's editing of the selected text, its words selected; false when no text is selected. */
export function editSelectedText(side: SideCanvas | null): boolean {
  const tb = selectedText(side);
  if (!side || !tb || tb.isEditing) return false;
  tb.enterEditing();
  tb.selectAll();
  side.canvas.requestRenderAll();
  return true;
}

/** Selects the next (or previous) selectable object; false past either end (Tab then moves on). */
export function selectNext(side: SideCanvas, back: boolean): boolean {
  const objects = side.canvas.getObjects().filter((o: FabricObject) => o.selectable && o.visible);
  if (objects.length === 0) return false;
  const current = side.canvas.getActiveObject();
  const i = current ? objects.indexOf(current) : back ? objects.length : -1;
  const next = objects[back ? i - 1 : i + 1];
  if (!next) return false;
  side.canvas.setActiveObject(next);
  side.canvas.requestRenderAll();
  side.canvas.fire('selection:updated', { selected: [next], deselected: [] });
  return true;
}

export class KeyboardEdit {
  /** the text the Content field is changing, and its words when the field was entered */
  private editing: { side: SideCanvas; tb: Textbox; before: string } | null = null;

  constructor(private readonly ui: KeyboardEditUi, private readonly getSide: () => SideCanvas | null, private readonly onChange: () => void) {
    ui.stage.addEventListener('keydown', (e) => {
      const side = getSide();
      if (e.key !== 'Tab' || !side || e.target !== ui.stage || e.ctrlKey || e.metaKey || e.altKey) return;
      if (selectNext(side, e.shiftKey)) {
        e.preventDefault();
        onChange();
      }
    });
    ui.content.addEventListener('focus', () => {
      const side = getSide();
      const tb = selectedText(side);
      this.editing = side && tb ? { side, tb, before: tb.text } : null;
    });
    ui.content.addEventListener('input', () => {
      const e = this.editing;
      if (!e) return;
      e.tb.set('text', ui.content.value);
      (e.tb as Layer).placeholder = false;
      e.tb.initDimensions();
      e.tb.setCoords();
      e.side.canvas.requestRenderAll();
      onChange();
    });
    // leaving the field: what was typed is one undo step
    ui.content.addEventListener('blur', () => {
      const e = this.editing;
      this.editing = null;
      if (e && e.tb.text !== e.before) e.side.commit();
    });
  }

  /** Focus back on the canvas when Fabric's editing ends (its hidden textarea had it). */
  watch(side: SideCanvas): void {
    side.canvas.on('text:editing:exited', () => {
      if (document.activeElement === document.body || document.activeElement === null || document.activeElement instanceof HTMLTextAreaElement) this.ui.stage.focus({ preventScroll: true });
    });
  }

  /** Shows the selected text's words (not while they are being typed in the field). */
  sync(): void {
    const tb = selectedText(this.getSide());
    this.ui.content.disabled = !tb;
    if (document.activeElement !== this.ui.content) this.ui.content.value = tb?.text ?? '';
  }
}
