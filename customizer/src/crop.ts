/**
 * Cropping photos on the canvas (docs/editor.md, "Images").
 *
 * Side handles change the frame, never the picture: dragging ml/mr/mt/mb crops or uncrops on
 * that side by changing the image's `width`/`height` and `cropX`/`cropY` (the file's pixels
 * shown), the opposite edge staying put and the picture keeping its size and place, bounded by
 * the picture's own edges. Corner handles scale uniformly. A drag is one `object:modified`,
 * so one undo step; it fires `object:scaling` as it goes, so the resolution warning follows.
 *
 * Crop mode (the Photo section's Crop button, or a double-click on a photo): the whole photo
 * shows, ghosted at 40 % outside the frame, and dragging it (or the arrow keys, 1 px, Shift 10)
 * moves it inside the fixed frame, clamped so the frame stays on the photo. Enter, Escape, the
 * button again or a click outside the photo end it, as one undo step. The PDF engine prints
 * cropX/cropY/width/height as Fabric draws them (test/unit/engines/pdf/crop-fidelity.test.ts).
 */
import { Canvas, Control, controlsUtils, FabricImage, FabricObject, Point, type TPointerEventInfo, type TransformActionHandler, util } from 'fabric';

type Side = 'ml' | 'mr' | 'mt' | 'mb';

const naturalOf = (img: FabricImage): { width: number; height: number } => {
  const el = img.getElement() as HTMLImageElement;
  return { width: el.naturalWidth || el.width || img.width, height: el.naturalHeight || el.height || img.height };
};

/** The handler of one side handle: the far edge is the anchor; the dragged edge follows the pointer in the image's pixels. */
function cropSide(side: Side): TransformActionHandler {
  return (_e, transform, x, y) => {
    const img = transform.target as FabricImage;
    const across = side === 'ml' || side === 'mr';
    const flip = across ? img.flipX : img.flipY;
    const low = side === 'ml' || side === 'mt'; // the side of cropX/cropY
    // the anchor, in Fabric's (unflipped) origins: a flipped picture shows its low side on the right/bottom
    const farLow = low === flip;
    const ox = across ? (farLow ? 'left' : 'right') : 'center';
    const oy = across ? 'center' : farLow ? 'top' : 'bottom';
    const anchor = img.translateToOriginPoint(img.getRelativeCenterPoint(), ox, oy);
    const local = controlsUtils.getLocalPoint(transform, ox, oy, x, y);
    const reach = (farLow ? 1 : -1) * (across ? local.x : local.y);
    const scale = Math.abs(across ? img.scaleX : img.scaleY) || 1;
    const n = naturalOf(img);
    const size = across ? img.width : img.height;
    const crop = across ? img.cropX : img.cropY;
    const full = across ? n.width : n.height;
    let next: Record<string, number>;
    if (low) {
      const end = crop + size; // the picture's far edge, in its pixels, stays
      const len = Math.min(Math.max(reach / scale, 1), Math.max(end, size));
      next = across ? { width: len, cropX: Math.max(0, end - len) } : { height: len, cropY: Math.max(0, end - len) };
    } else {
      const len = Math.min(Math.max(reach / scale, 1), Math.max(full - crop, size));
      next = across ? { width: len } : { height: len };
    }
    const before = `${img.width},${img.height},${img.cropX},${img.cropY}`;
    img.set(next);
    img.setPositionByOrigin(anchor, ox, oy);
    return before !== `${img.width},${img.height},${img.cropX},${img.cropY}`;
  };
}

/** Gives a photo its crop handles (sides crop, corners scale uniformly) and crop mode on double-click; other objects are left alone. */
export function cropControls(obj: FabricObject | undefined): void {
  if (!(obj instanceof FabricImage) || (obj as { cropReady?: boolean }).cropReady) return;
  (obj as { cropReady?: boolean }).cropReady = true;
  const controls = { ...obj.controls };
  for (const side of ['ml', 'mr', 'mt', 'mb'] as const) {
    const c = controls[side];
    if (!c) continue;
    controls[side] = new Control({
      x: c.x,
      y: c.y,
      cursorStyleHandler: controlsUtils.scaleCursorStyleHandler,
      actionHandler: controlsUtils.wrapWithFireEvent('scaling', cropSide(side)),
      getActionName: () => 'crop',
    });
  }
  for (const corner of ['tl', 'tr', 'bl', 'br'] as const) {
    const c = controls[corner];
    if (c) controls[corner] = new Control({ x: c.x, y: c.y, cursorStyleHandler: controlsUtils.scaleCursorStyleHandler, actionHandler: controlsUtils.scalingEqually, getActionName: () => 'scale' });
  }
  obj.controls = controls;
  obj.on('mousedblclick', () => {
    if (obj.canvas && !obj.lockMovementX) enterCropMode(obj.canvas as Canvas, obj);
  });
}

// ---- crop mode ------------------------------------------------------------------------------

interface Mode {
  canvas: Canvas;
  img: FabricImage;
  start: string;
  saved: Partial<Record<'hasControls' | 'lockMovementX' | 'lockMovementY' | 'hoverCursor', unknown>>;
  drag: Point | null;
  off: Array<() => void>;
}

let mode: Mode | null = null;
const cropOf = (img: FabricImage): string => `${img.cropX},${img.cropY}`;
const button = (): HTMLButtonElement | null => document.getElementById('crop-mode') as HTMLButtonElement | null;

export const inCropMode = (): boolean => mode !== null;

/** Moves the photo by (dx, dy) design pixels on the canvas inside its fixed frame. */
export function movePhoto(img: FabricImage, dx: number, dy: number): void {
  const local = util.rotateVector(new Point(dx, dy), util.degreesToRadians(-img.angle));
  const n = naturalOf(img);
  const sx = (img.flipX ? -1 : 1) * (Math.abs(img.scaleX) || 1);
  const sy = (img.flipY ? -1 : 1) * (Math.abs(img.scaleY) || 1);
  img.set({
    cropX: Math.min(Math.max(img.cropX - local.x / sx, 0), Math.max(0, n.width - img.width)),
    cropY: Math.min(Math.max(img.cropY - local.y / sy, 0), Math.max(0, n.height - img.height)),
  });
}

/** Draws the whole photo at 40 % over the canvas, in the photo's place (inside the frame it is the same picture). */
function ghost(m: Mode, ctx: CanvasRenderingContext2D): void {
  const { img, canvas } = m;
  // Fabric fires after:render for its top canvas too (on a hover), which a later render of the
  // picture does not clear: a ghost drawn there stayed behind where the photo was before a move
  if (ctx !== canvas.getContext()) return;
  const n = naturalOf(img);
  ctx.save();
  ctx.transform(...(canvas.viewportTransform as [number, number, number, number, number, number]));
  ctx.transform(...(img.calcTransformMatrix() as [number, number, number, number, number, number]));
  ctx.globalAlpha = 0.4;
  ctx.drawImage(img.getElement() as CanvasImageSource, -img.width / 2 - img.cropX, -img.height / 2 - img.cropY, n.width, n.height);
  ctx.globalAlpha = 1;
  ctx.setLineDash([6, 4]);
  ctx.lineWidth = 1 / (Math.abs(img.scaleX) * canvas.getZoom());
  ctx.strokeStyle = '#2563eb';
  ctx.strokeRect(-img.width / 2, -img.height / 2, img.width, img.height);
  ctx.restore();
}

export function enterCropMode(canvas: Canvas, img: FabricImage): void {
  if (mode?.img === img) return;
  exitCropMode();
  const m: Mode = { canvas, img, start: cropOf(img), saved: { hasControls: img.hasControls, lockMovementX: img.lockMovementX, lockMovementY: img.lockMovementY, hoverCursor: img.hoverCursor }, drag: null, off: [] };
  mode = m;
  canvas.setActiveObject(img);
  img.set({ hasControls: false, lockMovementX: true, lockMovementY: true, hoverCursor: 'move' });
  const on = <K extends 'mouse:down' | 'mouse:move' | 'mouse:up'>(ev: K, fn: (o: TPointerEventInfo) => void): void => {
    m.off.push(canvas.on(ev, fn as never));
  };
  on('mouse:down', (o) => {
    if (o.target !== img) return exitCropMode();
    m.drag = o.scenePoint;
  });
  on('mouse:move', (o) => {
    if (!m.drag) return;
    movePhoto(img, o.scenePoint.x - m.drag.x, o.scenePoint.y - m.drag.y);
    m.drag = o.scenePoint;
    canvas.requestRenderAll();
  });
  on('mouse:up', () => void (m.drag = null));
  m.off.push(canvas.on('after:render', ({ ctx }) => ghost(m, ctx as CanvasRenderingContext2D)));
  m.off.push(canvas.on('selection:cleared', () => exitCropMode()));
  m.off.push(canvas.on('selection:updated', () => exitCropMode()));
  button()?.setAttribute('aria-pressed', 'true');
  canvas.requestRenderAll();
}

/** Ends crop mode; a moved photo is one undo step (`object:modified`). */
export function exitCropMode(): void {
  const m = mode;
  if (!m) return;
  mode = null;
  m.off.forEach((off) => off());
  m.img.set(m.saved);
  button()?.setAttribute('aria-pressed', 'false');
  if (cropOf(m.img) !== m.start) m.canvas.fire('object:modified', { target: m.img });
  m.canvas.requestRenderAll();
}

/**
 * The Crop button (toggles crop mode for the selected photo) and crop mode's keys, taken
 * before the editor's own (arrows would move the frame, Escape would drop the selection).
 */
export function wireCrop(active: () => { canvas: Canvas; img: FabricImage | null } | null): void {
  button()?.addEventListener('click', () => {
    if (mode) return exitCropMode();
    const a = active();
    if (a?.img) enterCropMode(a.canvas, a.img);
  });
  // a click or tap anywhere outside the canvas ends it too (but the Crop buttons, the Tools' and the selection toolbar's, and the phone's Tools sheet handle that uncovers the canvas)
  document.addEventListener(
    'pointerdown',
    (e) => {
      if (mode && e.target instanceof Element && e.target !== mode.canvas.upperCanvasEl && !e.target.closest('#crop-mode, #sheet-toggle, #selection-toolbar [data-action="crop"]')) exitCropMode();
    },
    true,
  );
  window.addEventListener(
    'keydown',
    (e) => {
      if (!mode || e.defaultPrevented || (e.target instanceof HTMLElement && e.target.matches('input, textarea, select, [contenteditable=true]'))) return;
      const step = e.shiftKey ? 10 : 1;
      const d = ({ ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] } as Record<string, [number, number]>)[e.key];
      if (d) {
        movePhoto(mode.img, d[0], d[1]);
        mode.canvas.requestRenderAll();
      } else if (e.key === 'Enter' || e.key === 'Escape') exitCropMode();
      else {
        // a shortcut (undo, copy…) acts on the crop as made: crop mode ends first, as one step
        if (e.ctrlKey || e.metaKey) exitCropMode();
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
}
