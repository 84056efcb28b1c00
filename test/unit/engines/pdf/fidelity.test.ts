/**
 * Fidelity against the customizer's own engine: each fixture design is rendered to PDF and
 * rasterised with pdftoppm, and rendered by Fabric.js 6 in headless Chromium at the same pixel
 * size; the mean absolute pixel error (0..255 over RGB) must stay within 20 % (+0.15) of the
 * error measured when the fixture was calibrated (fidelity-baseline.json). Needs Debian
 * chromium at /usr/bin/chromium (scripts/setup.mjs --test installs it); skipped without it,
 * failed without it under FOLIO_CI_STRICT (test/helpers/requirements.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FabricBrowser, CHROMIUM_PATH } from './fabric-browser.js';
import { needs } from '../../../helpers/requirements.js';
import { compareFixture, fidelityLimit, loadBaseline, loadDesignFixtures } from './fidelity.js';

const chromiumGate = needs('chromium');

const fixtures = await loadDesignFixtures();
const baseline = await loadBaseline();

describe.skipIf(chromiumGate.skip)(`PDF vs Fabric.js in Chromium (${CHROMIUM_PATH})${chromiumGate.note}`, () => {
  let browser: FabricBrowser;
  const measured: [string, number, number][] = [];

  beforeAll(async () => {
    browser = await FabricBrowser.launch();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (measured.length) {
      console.log(`fidelity (mean absolute pixel error, 0..255):\n${measured.map(([n, e, l]) => `  ${n.padEnd(26)} ${e.toFixed(3)}  (limit ${l.toFixed(3)})`).join('\n')}`);
    }
  });

  it('has at least ten fixture designs, each with a baseline', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    for (const fx of fixtures) expect(baseline[fx.name], fx.name).toBeTypeOf('number');
  });

  for (const fx of fixtures) {
    it(`${fx.name}: ${fx.description}`, async () => {
      const r = await compareFixture(browser, fx);
      const limit = fidelityLimit(baseline[fx.name]!);
      measured.push([fx.name, r.mae, limit]);
      expect(r.mae).toBeLessThanOrEqual(limit);
    });
  }

  it('notices a layout error of a few pixels (the comparison can fail)', async () => {
    const fx = fixtures.find((f) => f.name.startsWith('02-'))!;
    // the same design with every layer 3 viewport pixels further right and down
    const shifted = fx.layers.map((l) => ({ ...(l as Record<string, number>), left: (l as Record<string, number>).left! + 3, top: (l as Record<string, number>).top! + 3 }));
    const r = await compareFixture(browser, fx, shifted);
    expect(r.mae).toBeGreaterThan(2 * fidelityLimit(baseline[fx.name]!));
  });
});
