/**
 * The Shopify theme app extension (integrations/shopify/extensions/folio-personalize) passes
 * Shopify's own theme-check (@shopify/theme-check-node, its Node API) with the configuration
 * Shopify CLI uses for theme app extensions (`theme-check:theme-app-extension`, chosen from the
 * folder's shopify.extension.toml): no offence at all, of any severity. A copy with mistakes in
 * it shows the checker really runs those checks.
 *
 * Offline and deterministic: the Liquid docs and schemas are the ones bundled with this
 * version of theme-check (no download from GitHub), cached in a temp folder, not the home one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const EXTENSION = path.join(ROOT, 'integrations', 'shopify', 'extensions', 'folio-personalize');

type Run = typeof import('@shopify/theme-check-node').themeCheckRun;

describe('the Shopify theme app extension passes theme-check', () => {
  let tmp: string;
  let themeCheckRun: Run;
  const summary = (offenses: Awaited<ReturnType<Run>>['offenses']) =>
    offenses.map((o) => `${o.check} (severity ${o.severity}) ${o.uri.split('/').slice(-2).join('/')}:${o.start.line + 1}: ${o.message}`);

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-theme-check-'));
    const saved = { XDG_CACHE_HOME: process.env.XDG_CACHE_HOME, SHOPIFY_TLD_ROOT: process.env.SHOPIFY_TLD_ROOT };
    // read when the docs updater loads: its cache folder, and where it "downloads" from (a
    // folder that does not exist, so it falls back to the data bundled with the package)
    process.env.XDG_CACHE_HOME = path.join(tmp, 'cache');
    process.env.SHOPIFY_TLD_ROOT = path.join(tmp, 'no-download');
    try {
      ({ themeCheckRun } = await import('@shopify/theme-check-node'));
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('has no offence with the theme app extension checks', async () => {
    const run = await themeCheckRun(EXTENSION);
    // the app context: AppBlockValidTags, AssetSizeAppBlockJavaScript… are among the checks
    expect(run.config.context).toBe('app');
    const checks = run.config.checks.map((c) => c.meta.code);
    for (const code of ['AppBlockValidTags', 'AppBlockMissingSchema', 'AssetSizeAppBlockJavaScript', 'ValidSchema', 'TranslationKeyExists', 'LiquidHTMLSyntaxError']) expect(checks).toContain(code);
    const files = run.theme.map((f) => path.relative(EXTENSION, fileURLToPath(f.uri))).sort();
    expect(files).toEqual(['blocks/folio-embed.liquid', 'blocks/personalize.liquid', 'locales/en.default.json', 'locales/fr.json']);
    expect(summary(run.offenses)).toEqual([]);
  }, 60_000);

  it('finds the mistakes in a broken copy (the checks run)', async () => {
    const copy = path.join(tmp, 'broken');
    fs.cpSync(EXTENSION, copy, { recursive: true });
    const block = path.join(copy, 'blocks', 'personalize.liquid');
    fs.writeFileSync(
      block,
      fs
        .readFileSync(block, 'utf8')
        .replace("{{ 'folio.preview_alt' | t }}", "{{ 'folio.no_such_key' | t }}")
        .replace('{%- endif -%}\n</div>', '{%- endif -%}\n</div>\n{% javascript %}console.log(1){% endjavascript %}'),
    );
    // past the 10 KB budget of an app block's script
    fs.appendFileSync(path.join(copy, 'assets', 'folio-personalize.js'), `\n/* ${'x'.repeat(12_000)} */\n`);
    const run = await themeCheckRun(copy);
    const found = new Set(run.offenses.map((o) => o.check));
    expect(summary(run.offenses).length).toBeGreaterThanOrEqual(3);
    for (const check of ['TranslationKeyExists', 'AppBlockValidTags', 'AssetSizeAppBlockJavaScript']) expect(found, summary(run.offenses).join('\n')).toContain(check);
  }, 60_000);
});
