/**
 * The Shopify app's own files, beyond theme-check: the TOML files parse (a strict reader of
 * the TOML they use) and say what docs/integrations.md tells the merchant (a theme extension;
 * the three webhook topics to Folio's intake; the scopes fulfilment needs); both storefront
 * locales parse, have the same keys, and hold every key the Liquid translates; the block
 * schemas name assets that exist; the blocks render (liquid-lite) with the settings, the
 * metafield fallback and the shopper's language; the script compiles.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseToml, type TomlTable } from '../../helpers/toml.js';
import { renderLiquid } from '../../helpers/liquid-lite.js';
import { SHOPIFY_SCOPES } from '../../../src/modules/integrations/shopify-install.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const APP = path.join(ROOT, 'integrations', 'shopify');
const EXT = path.join(APP, 'extensions', 'folio-personalize');
const read = (...p: string[]) => fs.readFileSync(path.join(...p), 'utf8');
const blocks = fs.readdirSync(path.join(EXT, 'blocks')).filter((f) => f.endsWith('.liquid'));
const LOCALES = ['en.default.json', 'fr.json'];
const locale = (file: string) => JSON.parse(read(EXT, 'locales', file)) as Record<string, unknown>;
const schemaOf = (file: string) => JSON.parse(/\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/.exec(read(EXT, 'blocks', file))![1]!) as Record<string, any>;
const keys = (o: unknown, prefix = ''): string[] =>
  Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('the Shopify app files', () => {
  it('the TOML reader is strict', () => {
    expect(parseToml('a = "x" # c\n[b.c]\nd = [1, 2.5, true, \'lit\']\n[[e]]\nf = 1\n[[e]]\nf = 2')).toEqual({ a: 'x', b: { c: { d: [1, 2.5, true, 'lit'] } }, e: [{ f: 1 }, { f: 2 }] });
    for (const bad of ['a = "x', 'a = x', 'a = 1\na = 2', '[a\nb = 1', 'a = { b = 1 }', 'a = 1 b', 'a = 1979-05-27']) expect(() => parseToml(bad), bad).toThrow(/TOML line/);
  });

  it('shopify.extension.toml declares a theme app extension', () => {
    const ext = parseToml(read(EXT, 'shopify.extension.toml'));
    expect(ext).toMatchObject({ type: 'theme' });
    expect(String(ext.name)).toMatch(/\S/);
  });

  it('shopify.app.toml subscribes the three topics to Folio and asks for the fulfilment scopes', () => {
    const app = parseToml(read(APP, 'shopify.app.toml'));
    const webhooks = app.webhooks as TomlTable;
    expect(String(webhooks.api_version)).toMatch(/^\d{4}-\d{2}$/);
    const subs = webhooks.subscriptions as TomlTable[];
    expect(subs.flatMap((s) => s.topics as string[]).sort()).toEqual(['app/uninstalled', 'orders/cancelled', 'orders/paid']);
    for (const s of subs) expect(s.uri).toMatch(/^https:\/\/[^/]+\/v1\/integrations\/shopify\/webhooks$/);
    const scopes = String((app.access_scopes as TomlTable).scopes).split(',');
    for (const s of ['read_orders', 'write_merchant_managed_fulfillment_orders']) expect(scopes).toContain(s);
    // the install asks for the same scopes, on the app URL and callback Folio serves
    expect(scopes).toEqual(SHOPIFY_SCOPES.split(','));
    expect((app.access_scopes as TomlTable).use_legacy_install_flow).toBe(true);
    expect(app.application_url).toMatch(/^https:\/\/[^/]+\/integrations\/shopify\/install$/);
    expect((app.auth as TomlTable).redirect_urls).toEqual([expect.stringMatching(/^https:\/\/[^/]+\/integrations\/shopify\/callback$/)]);
    expect(JSON.parse(read(APP, 'package.json')).license).toBe('MIT');
    expect(read(APP, 'LICENSE')).toMatch(/^MIT License/);
  });

  it('the locales parse, match, and hold every key the blocks translate', () => {
    const [en, fr] = LOCALES.map(locale);
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const k of keys(en)) expect(String(at(fr, k)), k).toMatch(/\S/);
    const used = new Set(blocks.flatMap((f) => [...read(EXT, 'blocks', f).matchAll(/['"]([\w.]+)['"]\s*\|\s*t\b/g)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThanOrEqual(10);
    for (const file of LOCALES) for (const k of used) expect(typeof at(locale(file), k), `${k} in ${file}`).toBe('string');
  });

  it('an app block for product sections and an app embed that loads the script and stylesheet', () => {
    const byTarget = Object.fromEntries(blocks.map((f) => [schemaOf(f).target, schemaOf(f)]));
    expect(Object.keys(byTarget).sort()).toEqual(['body', 'section']);
    const embed = byTarget.body!;
    for (const asset of [embed.javascript, embed.stylesheet]) expect(fs.existsSync(path.join(EXT, 'assets', asset)), asset).toBe(true);
    expect(embed.settings.map((s: { id: string }) => s.id)).toEqual(['folio_url', 'public_token']);
    expect(byTarget.section!.settings.map((s: { id: string }) => s.id)).toEqual(['folio_product_id', 'label', 'required']);
    // one script, loaded once, by the embed: no script tag anywhere in the Liquid
    for (const f of blocks) expect(read(EXT, 'blocks', f)).not.toMatch(/<script/i);
    expect(() => new vm.Script(read(EXT, 'assets', 'folio-personalize.js'))).not.toThrow();
  });

  it('renders the block with its settings, the metafield fallback and the shopper\'s language', () => {
    const src = read(EXT, 'blocks', 'personalize.liquid');
    const ctx = (settings: object, metafield?: string) => ({
      block: { id: 'b1', settings: { folio_product_id: '', label: '', required: true, ...settings }, shopify_attributes: '' },
      product: { metafields: { folio: metafield ? { product_id: { value: metafield } } : {} } },
      request: { design_mode: false },
    });
    const en = renderLiquid(src, ctx({ folio_product_id: ' p-1 ' }, 'p-meta'), { locale: locale('en.default.json') });
    expect(en).toMatch(/data-folio-product="p-1"/);
    expect(en).toMatch(/data-folio-required="true"/);
    expect(en).toMatch(/>Personalize<\/button>/);
    expect(en).not.toMatch(/folio-personalize__hint/);
    const fallback = renderLiquid(src, ctx({ label: 'Make it yours <3' }, 'p-meta'), { locale: locale('fr.json') });
    expect(fallback).toMatch(/data-folio-product="p-meta"/);
    expect(fallback).toMatch(/>Make it yours &lt;3<\/button>/);
    expect(fallback).toMatch(/alt="Aperçu de votre création"/);
    // in the theme editor, what is missing is said
    const editor = renderLiquid(src, { ...ctx({}), request: { design_mode: true } }, { locale: locale('en.default.json') });
    expect(editor).toMatch(/data-folio-product=""/);
    expect(editor).toMatch(/set the Folio product id in this block/);
    const embed = renderLiquid(read(EXT, 'blocks', 'folio-embed.liquid'), { block: { settings: { folio_url: 'https://print.example.com/', public_token: 'put_x"y' } }, request: { locale: { iso_code: 'fr' } } }, { locale: locale('fr.json') });
    expect(embed).toMatch(/data-folio-url="https:\/\/print.example.com\/"/);
    expect(embed).toMatch(/data-token="put_x&quot;y"/);
    expect(embed).toMatch(/data-locale="fr"/);
    expect(embed).toMatch(/data-text-close="Fermer"/);
  });
});

function at(o: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
}
