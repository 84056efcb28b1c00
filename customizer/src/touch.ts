/**
 * Screens of every size: the canvas is scaled to fit the stage's width (a 390 px phone shows
 * the whole side), pinching with two fingers (or Ctrl + wheel) zooms around the fingers
 * between that fit and 4×, and on narrow screens the tools live in a bottom sheet opened
 * with its handle. One finger still drags objects (Fabric's pointer events).
 */
import type { SideCanvas } from './side-canvas.js';

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

/** Two-finger pinch zoom on the stage, for the visible side. */
export function pinchZoom(stage: HTMLElement, active: () => SideCanvas | null): void {
  let start: { dist: number; zoom: number } | null = null;
  stage.addEventListener(
    'touchstart',
    (e) => {
      const sc = active();
      if (!sc || e.touches.length !== 2) return;
      e.preventDefault();
      start = { dist: distance(e.touches[0]!, e.touches[1]!), zoom: sc.canvas.getZoom() };
      // the second finger turns a drag into a pinch: no selection box, no moved object
      sc.canvas.selection = false;
      sc.canvas.discardActiveObject();
    },
    { passive: false },
  );
  stage.addEventListener(
    'touchmove',
    (e) => {
      const sc = active();
      if (!sc || !start || e.touches.length !== 2) return;
      e.preventDefault();
      const [a, b] = [e.touches[0]!, e.touches[1]!];
      const rect = sc.canvas.upperCanvasEl.getBoundingClientRect();
      const target = (start.zoom * distance(a, b)) / start.dist;
      sc.zoomAt(target / sc.canvas.getZoom(), (a.clientX + b.clientX) / 2 - rect.left, (a.clientY + b.clientY) / 2 - rect.top);
    },
    { passive: false },
  );
  const end = (e: TouchEvent) => {
    if (!start || e.touches.length >= 2) return;
    start = null;
    const sc = active();
    if (sc) {
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
}

/** The bottom sheet's handle opens and closes the tools (it is hidden on wide screens). */
export function bottomSheet(panel: HTMLElement, toggle: HTMLButtonElement): void {
  toggle.addEventListener('click', () => {
    const open = !panel.classList.contains('open');
    panel.classList.toggle('open', open);
    toggle.setAttribute('aria-expanded', String(open));
  });
}
