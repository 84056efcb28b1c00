/**
 * What the editor's Chromium e2e tests share: the app serving the customizer on a free port
 * (FOLIO_PUBLIC_URL set to it, the bundle built from the sources), a headless Chromium, and
 * axe-core's serious and critical findings on a page or frame.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Frame, Page } from 'playwright-core';
import { buildTestApp, type TestApp } from './app.js';
import { freePort } from './ports.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../../scripts/build-customizer.mjs';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The app listening on 127.0.0.1 with the customizer built; `workers` runs its job workers (PDFs). */
export async function startEditorApp(opts: { env?: Record<string, string>; workers?: boolean } = {}): Promise<{ t: TestApp; base: string }> {
  ensureCustomizer({ log: () => {} });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base, ...opts.env } });
  if (opts.workers) await t.deps.startWorkers();
  await t.app.listen({ host: '127.0.0.1', port });
  return { t, base };
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** axe-core's serious and critical violations on the page as it is now, one line each. */
export async function axeViolations(p: Page | Frame): Promise<string[]> {
  await p.evaluate(`${AXE};undefined`);
  const res = (await p.evaluate(async () => (window as unknown as { axe: { run: (d: Document, o: object) => Promise<unknown> } }).axe.run(document, { resultTypes: ['violations'] }))) as {
    violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
  };
  return res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
