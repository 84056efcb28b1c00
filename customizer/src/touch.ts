/**
 * Screens of every size: the canvas is scaled to fit the stage's width (a 390 px phone shows
 * the whole side), pinching with two fingers (or Ctrl + wheel) zooms around the fingers
 * between that fit and 4×, and on narrow screens the tools live in a bottom sheet opened
 * with its handle. One finger still drags objects (Fabric's pointer events); zoomed in, one
 * finger on empty canvas, two fingers, Space + drag or the middle button pan the view.
 */
import type { SideCanvas } from './side-canvas.js';

type Pt = { x: number; y: number };
const distance = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

/** Fits every side's canvas to the stage's width now and whenever the window changes size. */
export function fitToStage(stage: HTMLElement, sides: () => Iterable<SideCanvas>): () => void {
  const fit = () => {
    const width = stage.clientWidth;
    if (width > 0) for (const sc of sides()) sc.setDisplayWidth(width);
  };
  window.addEventListener('resize', fit);
  return fit;
}

/**
 * Two-finger pinch zoom on the stage, for the visible side; the two fingers pan as they move.
 * Zoomed in beyond the fit, one finger that starts on empty canvas pans the view (one on an
 * object still moves it). Panning only moves the viewport (SideCanvas.panBy, clamped to the
 * bleed box); the layers keep their design coordinates.
 */
export function pinchZoom(stage: HTMLElement, active: () => SideCanvas | null): void {
  let start: { dist: number; zoom: number; mid: Pt } | null = null;
  let pan: Pt | null = null;
  const mid = (a: Touch, b: Touch): Pt => ({ x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 });
  stage.addEventListener(
    'touchstart',
    (e) => {
      const sc = active();
      if (!sc) return;
      if (e.touches.length === 1 && sc.canvas.getZoom() > sc.fit * 1.001 && !sc.canvas.findTarget(e)) {
        // before Fabric sees it (capture): no selection box, the finger moves the view
        pan = { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY };
        sc.canvas.selection = false;
        return;
      }
      if (e.touches.length !== 2) return;
      e.preventDefault();
      pan = null;
      start = { dist: distance(e.touches[0]!, e.touches[1]!), zoom: sc.canvas.getZoom(), mid: mid(e.touches[0]!, e.touches[1]!) };
      // the second finger turns a drag into a pinch: no selection box, no moved object
      sc.canvas.selection = false;
      sc.canvas.discardActiveObject();
    },
    { passive: false, capture: true },
  );
  stage.addEventListener(
    'touchmove',
    (e) => {
      const sc = active();
      if (!sc) return;
      if (pan && e.touches.length === 1) {
        e.preventDefault();
        const [x, y] = [e.touches[0]!.clientX, e.touches[0]!.clientY];
        sc.panBy(x - pan.x, y - pan.y);
        pan = { x, y };
        return;
      }
      if (!start || e.touches.length !== 2) return;
      e.preventDefault();
      const [a, b] = [e.touches[0]!, e.touches[1]!];
      const rect = sc.canvas.upperCanvasEl.getBoundingClientRect();
      const target = (start.zoom * distance(a, b)) / start.dist;
      const m = mid(a, b);
      sc.zoomAt(target / sc.canvas.getZoom(), m.x - rect.left, m.y - rect.top);
      if (sc.canvas.getZoom() > sc.fit) sc.panBy(m.x - start.mid.x, m.y - start.mid.y);
      start.mid = m;
    },
    { passive: false, capture: true },
  );
  const end = (e: TouchEvent) => {
    if (e.touches.length === 0) pan = null;
    if (start && e.touches.length < 2) start = null;
    if (!pan && !start) restore();
  };
  const restore = () => {
    const sc = active();
    if (sc && !sc.canvas.selection) {
      sc.canvas.selection = true;
      sc.canvas.requestRenderAll();
    }
  };
  stage.addEventListener('touchend', end);
  stage.addEventListener('touchcancel', end);
  stage.addEventListener(
    'wheel',
    (e) => {
      const sc = active();
      if (!sc || !e.ctrlKey) return;
      e.preventDefault();
      const rect = sc.canvas.upperCanvasEl.getBoundingClientRect();
      sc.zoomAt(Math.exp(-e.deltaY / 300), e.clientX - rect.left, e.clientY - rect.top);
    },
    { passive: false },
  );
  mousePan(stage, active);
}

/** Desktop: Space + drag or a middle-button drag pans the zoomed view. */
function mousePan(stage: HTMLElement, active: () => SideCanvas | null): void {
  let space = false;
  let last: Pt | null = null;
  const typing = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  const setSpace = (on: boolean) => {
    space = on;
    const sc = active();
    if (!sc) return;
    sc.canvas.skipTargetFind = on;
    sc.canvas.selection = !on;
  };
  window.addEventListener('keydown', (e) => {
    if (e.key !== ' ' || space || typing(e.target) || active()?.canvas.getActiveObject()?.isType('textbox', 'i-text')) return;
    const sc = active();
    if (!sc || sc.canvas.getZoom() <= sc.fit * 1.001) return;
    e.preventDefault();
    setSpace(true);
  });
  window.addEventListener('keyup', (e) => {
    if (e.key === ' ' && space) setSpace(false);
  });
  stage.addEventListener(
    'pointerdown',
    (e) => {
      if (e.pointerType !== 'mouse' || !(e.button === 1 || (space && e.button === 0))) return;
      const sc = active();
      if (!sc || sc.canvas.getZoom() <= sc.fit * 1.001) return;
      e.preventDefault();
      last = { x: e.clientX, y: e.clientY };
    },
    { capture: true },
  );
  window.addEventListener('pointermove', (e) => {
    if (!last) return;
    active()?.panBy(e.clientX - last.x, e.clientY - last.y);
    last = { x: e.clientX, y: e.clientY };
  });
  window.addEventListener('pointerup', () => void (last = null));
}

/** The bottom sheet's handle opens and closes the tools (it is hidden on wide screens). */
export function bottomSheet(panel: HTMLElement, toggle: HTMLButtonElement): void {
  toggle.addEventListener('click', () => {
    const open = !panel.classList.contains('open');
    panel.classList.toggle('open', open);
    toggle.setAttribute('aria-expanded', String(open));
  });
}
