/**
 * Shared by the back office's Chromium tests (test/e2e/admin/*.test.ts): the real app on a
 * port with /admin built, headless Debian Chromium (playwright-core), a signed-in page at the
 * desktop (1440 × 900) or tablet (820 × 1180) size in a chosen locale, axe-core, and
 * screenshots into test-artifacts/admin/<area>/ (gitignored, kept by CI).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { createStore, signUp, type TestStore, type TestUser } from '../../helpers/factories.js';
import { freePort } from '../../helpers/ports.js';
import { waitForStatus } from '../../helpers/editor-status.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../unit/engines/pdf/fabric-browser.js';
// @ts-expect-error plain .mjs script without types
import { ensureAdmin } from '../../../scripts/build-customizer.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = { desktop: { width: 1440, height: 900 }, tablet: { width: 820, height: 1180 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;
export type Locale = 'en' | 'fr' | 'he';

/**
 * The locales each viewport's axe pass covers: every locale at the desktop size, and at the
 * tablet size Hebrew, whose mirrored layout is the one a narrower screen breaks first (every
 * page is thus checked in every locale and at both sizes, without checking each pair).
 */
export function axeLocales(viewport: ViewportName): Locale[] {
  return viewport === 'desktop' ? ['en', 'fr', 'he'] : ['he'];
}

export interface AdminWorld {
  t: TestApp;
  /** http://127.0.0.1:<port> */
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds /admin (when stale), starts the app with its workers on a free port, launches Chromium. */
export async function startAdminWorld(opts: { env?: Record<string, string> } = {}): Promise<AdminWorld> {
  ensureAdmin({ log: () => {} });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base, ...opts.env } });
  await t.app.listen({ host: '127.0.0.1', port });
  await t.deps.startWorkers();
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  return {
    t,
    base,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await t.close();
    },
  };
}

/** An account (and optionally a store of it) made through the API. */
export async function accountWithStore(world: AdminWorld, opts: { store?: boolean; tier?: string } = {}): Promise<{ user: TestUser; store: TestStore | null }> {
  const user = await signUp(world.t.app);
  const store = opts.store === false ? null : await createStore(world.t.app, user, opts.tier ? { tier: opts.tier, deps: world.t.deps as never } : {});
  return { user, store };
}

/**
 * A page signed in as `user` (its JWT put where the app keeps it before the first load), at a
 * viewport size, in a locale. Page errors fail loudly in the log.
 */
export async function adminPage(world: AdminWorld, opts: { user?: TestUser; viewport?: ViewportName; locale?: Locale } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await world.browser.newContext({ viewport: VIEWPORTS[opts.viewport ?? 'desktop'], deviceScaleFactor: 1, acceptDownloads: true, locale: 'en-US' });
  const session = opts.user ? { jwt: opts.user.token, user: { id: opts.user.id, email: opts.user.email, name: 'Test User' }, expiresAt: Date.now() + 3600_000 } : null;
  await context.addInitScript(
    ([s, l]) => {
      // once per tab: a later sign-out (or an ended session) must stay signed out
      if (sessionStorage.getItem('folio.test.seeded')) return;
      sessionStorage.setItem('folio.test.seeded', '1');
      if (s) localStorage.setItem('folio.admin.session', JSON.stringify(s));
      if (l) localStorage.setItem('folio.admin.locale', l);
    },
    [session, opts.locale ?? null] as const,
  );
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[admin page error]', err));
  return { context, page };
}

/** axe-core's serious and critical violations on the page as it is now ("id (impact): targets"). */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluated over the DevTools protocol: the page's policy allows no inline script, rightly
  await page.evaluate(`${AXE};undefined`);
  const res = await page.evaluate(async () => (window as unknown as { axe: { run(d: Document, o: object): Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }));
  return (res as { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }).violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Screenshots of one area's steps, numbered in order, into test-artifacts/admin/<area>/. */
export function screenshots(area: string) {
  const dir = path.join(ROOT, 'test-artifacts', 'admin', area);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let step = 0;
  return {
    dir,
    async shot(page: Page, name: string): Promise<void> {
      step++;
      const size = page.viewportSize();
      const tag = size?.width === VIEWPORTS.tablet.width ? 'tablet' : 'desktop';
      await page.screenshot({ path: path.join(dir, `${String(step).padStart(2, '0')}-${name}-${tag}.png`), fullPage: false });
    },
  };
}

/**
 * Waits until the page has its heading, no request is in flight, its loaders are gone and the
 * page shown is the URL's (the shell's `data-path`: a client-side navigation changes the URL
 * before the next page paints).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main[data-path]');
      if (main && main.getAttribute('data-path') !== location.pathname) return false;
      return document.querySelector('h1') && !document.querySelector('.mantine-Loader-root, [aria-busy="true"]');
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Drags a handle of the side drawing (`[data-handle=…]`) with the real mouse, in small moves. */
export async function dragHandle(page: Page, handle: string, dx: number, dy: number): Promise<void> {
  const box = await page.locator(`[data-handle="${handle}"]`).boundingBox();
  if (!box) throw new Error(`no handle ${handle}`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

/** The customizer framed in template mode on a template's page, once it has loaded. */
export async function templateFrame(page: Page): Promise<Frame> {
  await page.locator('iframe[src*="mode=template"]').waitFor({ timeout: 60_000 });
  let frame: Frame | undefined;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes('mode=template'))), { timeout: 30_000 }).toBeTruthy();
  return frame!;
}

/** curl's status code for `method` /v1<path> with a bearer key (a real HTTP client, not the page). */
export async function curlStatus(base: string, key: string, path: string, method = 'GET'): Promise<number> {
  const { stdout } = await promisify(execFile)('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', method, '-H', `Authorization: Bearer ${key}`, `${base}/v1${path}`]);
  return Number(stdout.trim());
}

/**
 * In template mode: adds a Roboto text and marks it as the text field `field` (the keyboard in
 * the field-name box), once the template's field list shows it.
 */
export async function addTextField(frame: Frame, text: string, field: string): Promise<void> {
  await frame.selectOption('#font-family', 'Roboto');
  await frame.fill('#text-input', text);
  await frame.click('#add-text');
  await waitForStatus(frame, /Added text in Roboto/);
  // the new text is selected: mark it
  await frame.selectOption('#field-type', 'text');
  await frame.fill('#field-name', field);
  await frame.press('#field-name', 'Enter');
  await frame.locator('#template-fields').getByText(`${field} (Text)`).waitFor();
}
