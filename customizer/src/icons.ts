/**
 * The editor's icons: a few outline icons of Tabler Icons (@tabler/icons, MIT licence, see
 * docs/editor.md "Interface"), inlined into the bundle at build time (Vite `?raw`): no request
 * at run time, nothing from another origin. `icon(name)` makes one (aria-hidden: the button
 * that holds it carries the accessible name); `decorate(root)` puts each element's
 * `data-icon` icon at its start.
 */
import alignCenter from '@tabler/icons/outline/align-center.svg?raw';
import alignJustified from '@tabler/icons/outline/align-justified.svg?raw';
import alignLeft from '@tabler/icons/outline/align-left.svg?raw';
import alignRight from '@tabler/icons/outline/align-right.svg?raw';
import arrowBackUp from '@tabler/icons/outline/arrow-back-up.svg?raw';
import arrowForwardUp from '@tabler/icons/outline/arrow-forward-up.svg?raw';
import bold from '@tabler/icons/outline/bold.svg?raw';
import clipboard from '@tabler/icons/outline/clipboard.svg?raw';
import copy from '@tabler/icons/outline/copy.svg?raw';
import copyPlus from '@tabler/icons/outline/copy-plus.svg?raw';
import crop from '@tabler/icons/outline/crop.svg?raw';
import cursorText from '@tabler/icons/outline/cursor-text.svg?raw';
import deviceFloppy from '@tabler/icons/outline/device-floppy.svg?raw';
import eye from '@tabler/icons/outline/eye.svg?raw';
import eyeOff from '@tabler/icons/outline/eye-off.svg?raw';
import italic from '@tabler/icons/outline/italic.svg?raw';
import layoutAlignBottom from '@tabler/icons/outline/layout-align-bottom.svg?raw';
import layoutAlignCenter from '@tabler/icons/outline/layout-align-center.svg?raw';
import layoutAlignLeft from '@tabler/icons/outline/layout-align-left.svg?raw';
import layoutAlignMiddle from '@tabler/icons/outline/layout-align-middle.svg?raw';
import layoutAlignRight from '@tabler/icons/outline/layout-align-right.svg?raw';
import layoutAlignTop from '@tabler/icons/outline/layout-align-top.svg?raw';
import distributeH from '@tabler/icons/outline/layout-distribute-vertical.svg?raw';
import distributeV from '@tabler/icons/outline/layout-distribute-horizontal.svg?raw';
import lock from '@tabler/icons/outline/lock.svg?raw';
import lockOpen from '@tabler/icons/outline/lock-open.svg?raw';
import photo from '@tabler/icons/outline/photo.svg?raw';
import plus from '@tabler/icons/outline/plus.svg?raw';
import refresh from '@tabler/icons/outline/refresh.svg?raw';
import shoppingCart from '@tabler/icons/outline/shopping-cart.svg?raw';
import stackBackward from '@tabler/icons/outline/stack-backward.svg?raw';
import stackForward from '@tabler/icons/outline/stack-forward.svg?raw';
import template from '@tabler/icons/outline/template.svg?raw';
import trash from '@tabler/icons/outline/trash.svg?raw';
import upload from '@tabler/icons/outline/upload.svg?raw';
import wand from '@tabler/icons/outline/wand.svg?raw';
import zoomReset from '@tabler/icons/outline/zoom-reset.svg?raw';

const SOURCES = {
  'align-center': alignCenter,
  'align-justified': alignJustified,
  'align-left': alignLeft,
  'align-right': alignRight,
  undo: arrowBackUp,
  redo: arrowForwardUp,
  bold,
  clipboard,
  copy,
  duplicate: copyPlus,
  crop,
  'edit-text': cursorText,
  save: deviceFloppy,
  eye,
  'eye-off': eyeOff,
  italic,
  'layout-align-bottom': layoutAlignBottom,
  'layout-align-center': layoutAlignCenter,
  'layout-align-left': layoutAlignLeft,
  'layout-align-middle': layoutAlignMiddle,
  'layout-align-right': layoutAlignRight,
  'layout-align-top': layoutAlignTop,
  'distribute-x': distributeH,
  'distribute-y': distributeV,
  lock,
  'lock-open': lockOpen,
  photo,
  plus,
  reset: refresh,
  cart: shoppingCart,
  backward: stackBackward,
  forward: stackForward,
  template,
  trash,
  upload,
  wand,
  'zoom-reset': zoomReset,
} as const;

export type IconName = keyof typeof SOURCES;

const parsed = new Map<string, SVGSVGElement>();

/** The icon as an SVG element, 1em square, drawn in the text's colour; hidden from assistive technology. */
export function icon(name: IconName): SVGSVGElement {
  let svg = parsed.get(name);
  if (!svg) {
    // no whitespace between the tags: the button's textContent stays its label's
    const doc = new DOMParser().parseFromString(SOURCES[name].replace(/>\s+</g, '><').trim(), 'image/svg+xml');
    svg = doc.documentElement as unknown as SVGSVGElement;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('class', `ico ico-${name}`);
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    parsed.set(name, svg);
  }
  return document.importNode(svg, true);
}

export const isIcon = (name: string): name is IconName => name in SOURCES;

/** Puts the icon each `[data-icon]` element names at its start (once). */
export function decorate(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-icon]')) {
    const name = el.dataset.icon ?? '';
    if (!isIcon(name) || el.querySelector(':scope > svg.ico')) continue;
    el.prepend(icon(name));
  }
}
