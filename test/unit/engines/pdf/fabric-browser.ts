/**
 * Renders designs with the customizer's own engine, Fabric.js 6, in headless Debian Chromium
 * (playwright-core). Fabric's browser bundle is injected from node_modules; the default fonts
 * are loaded from the same files the PDF embeds (FontFace from data URLs), with the
 * customizer's path-bidi patch (customizer/src/path-bidi.ts); fixture images are
 * served as data URLs. Nothing is fetched from the network.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_FONTS, defaultFontPath } from '../../../../src/engines/pdf/index.js';
import { FIXTURES } from './helpers.js';
import { CHROMIUM_PATH } from '../../../helpers/requirements.js';
import { installPathBidi } from '../../../../customizer/src/path-bidi.js';

export { CHROMIUM_PATH };
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];
const FABRIC_BUNDLE = path.resolve(FIXTURES, '../../node_modules/fabric/dist/index.min.js');
const FONT_DIR = path.resolve(FIXTURES, '../../fonts');
const HEBREW_RANGE = 'U+0590-05FF, U+FB1D-FB4F';
const BIDI_BUNDLE = path.resolve(FIXTURES, '../../node_modules/bidi-js/dist/bidi.min.js');

export interface FabricRenderRequest {
  layers: unknown[];
  viewportWidth: number;
  viewportHeight: number;
  /** output pixel size */
  width: number;
  height: number;
  background?: string;
  /** SVG path data in viewport pixels: the canvas's clipPath (a shaped side's print area, as the editor clips it) */
  clipPath?: string;
}

export class FabricBrowser {
  private constructor(private readonly browser: Browser, private readonly page: Page) {}

  static async launch(): Promise<FabricBrowser> {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    await page.setContent('<!doctype html><html><body style="margin:0"><canvas id="c"></canvas></body></html>');
    // esbuild (tsx, vitest) wraps named functions in __name(); functions sent to the page need it
    await page.addScriptTag({ content: 'window.__name = (f) => f;' });
    await page.addScriptTag({ path: FABRIC_BUNDLE });
    // the customizer's one change to Fabric's drawing: right-to-left text on a path in visual order
    await page.addScriptTag({ path: BIDI_BUNDLE });
    await page.addScriptTag({ content: `const folioBidi = bidi_js(); (${installPathBidi.toString()})(fabric.FabricText, (t, d) => folioBidi.getEmbeddingLevels(t, d).levels);` });
    const faces: { family: string; weight: number; style: string; data: string; range?: string }[] = [];
    for (const fam of DEFAULT_FONTS) {
      for (const face of fam.faces) {
        const bytes = await readFile(defaultFontPath(fam, face));
        faces.push({ family: fam.family, weight: face.weight, style: face.style, data: `data:font/ttf;base64,${bytes.toString('base64')}` });
      }
    }
    // Hebrew from the engine's script fallback (DejaVu Sans, Bold from 600), as a face beside each of a
    // family's faces (same weight and style, limited to Hebrew), as the customizer adds it
    const dejavu: Record<string, string> = {};
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) dejavu[file] = `data:font/ttf;base64,${(await readFile(path.join(FONT_DIR, file))).toString('base64')}`;
    for (const fam of DEFAULT_FONTS) {
      for (const face of fam.faces) {
        faces.push({ family: fam.family, weight: face.weight, style: face.style, data: dejavu[face.weight >= 600 ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf']!, range: HEBREW_RANGE });
      }
    }
    await page.evaluate(async (list) => {
      for (const f of list) {
        const ff = new FontFace(f.family, `url(${f.data})`, { weight: String(f.weight), style: f.style, ...(f.range ? { unicodeRange: f.range } : {}) });
        await ff.load();
        document.fonts.add(ff);
      }
      const w = window as unknown as { fabric: { FabricObject: { ownDefaults: Record<string, unknown> } } };
      // draw straight onto the canvas, not through per-object cache bitmaps
      w.fabric.FabricObject.ownDefaults.objectCaching = false;
    }, faces);
    return new FabricBrowser(browser, page);
  }

  /** PNG of the design rendered by Fabric at width × height pixels. */
  async render(req: FabricRenderRequest): Promise<Buffer> {
    const images = new Map<string, string>();
    const collect = (objs: unknown[]): void => {
      for (const o of objs as Record<string, unknown>[]) {
        if (typeof o.src === 'string') images.set(o.src, '');
        if (Array.isArray(o.objects)) collect(o.objects);
        if (o.clipPath) collect([o.clipPath]);
      }
    };
    collect(req.layers);
    for (const src of images.keys()) {
      const name = src.replace(/^fixture:\/\//, '');
      const mime = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
      images.set(src, `data:${mime};base64,${(await readFile(path.join(FIXTURES, 'images', name))).toString('base64')}`);
    }
    const dataUrl = await this.page.evaluate(async ({ req, images }) => {
      type F = {
        StaticCanvas: new (el: HTMLCanvasElement, o: Record<string, unknown>) => {
          setZoom(z: number): void;
          add(...o: unknown[]): void;
          renderAll(): void;
          toDataURL(o: Record<string, unknown>): string;
          dispose(): Promise<void>;
        };
        util: { enlivenObjects(o: unknown[]): Promise<unknown[]> };
        Path: new (d: string, o: Record<string, unknown>) => unknown;
      };
      const fabric = (window as unknown as { fabric: F }).fabric;
      const map = new Map(images);
      const swap = (objs: Record<string, unknown>[]): Record<string, unknown>[] =>
        objs.map((o) => ({
          ...o,
          ...(typeof o.src === 'string' ? { src: map.get(o.src) } : {}),
          ...(Array.isArray(o.objects) ? { objects: swap(o.objects as Record<string, unknown>[]) } : {}),
          ...(o.clipPath ? { clipPath: swap([o.clipPath as Record<string, unknown>])[0] } : {}),
        }));
      document.body.innerHTML = '<canvas id="c"></canvas>';
      const el = document.getElementById('c') as HTMLCanvasElement;
      const canvas = new fabric.StaticCanvas(el, {
        width: req.width,
        height: req.height,
        enableRetinaScaling: false,
        renderOnAddRemove: false,
        backgroundColor: req.background ?? '#ffffff',
      });
      canvas.setZoom(req.width / req.viewportWidth);
      if (req.clipPath) (canvas as unknown as { clipPath: unknown }).clipPath = new fabric.Path(req.clipPath, { objectCaching: true });
      const objs = await fabric.util.enlivenObjects(swap(req.layers as Record<string, unknown>[]));
      canvas.add(...objs);
      canvas.renderAll();
      const url = canvas.toDataURL({ format: 'png', multiplier: 1 });
      await canvas.dispose();
      return url;
    }, { req, images: [...images] });
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  }

  /** Runs `fn(arg)` in the page, where `window.fabric` is Fabric 6 (to build objects as the editor does). */
  async evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return (await this.page.evaluate(fn as never, arg as never)) as R;
  }

  /** Adds a script to the page (a bundle that registers more Fabric classes). */
  async addScript(content: string): Promise<void> {
    await this.page.addScriptTag({ content });
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
