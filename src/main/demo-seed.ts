import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Actor } from '../platform/http/auth.js';
import type { Deps } from './deps.js';

/** The committed cliparts (CC0, assets/LICENSES.md) the demo store gets as its own. */
const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/cliparts');
const DEMO_CLIPARTS = [
  { file: 'star.svg', name: 'Star' },
  { file: 'heart.svg', name: 'Heart' },
  { file: 'speech-bubble.svg', name: 'Speech bubble' },
  { file: 'badge.png', name: 'Badge' },
];

/** A standard business card: 3.5 × 2 in trim, 1/8 in bleed and safe zone, at 300 dpi. */
const CARD = { width: 3.5, height: 2, bleed: 0.125, safe: 0.125, dpi: 300 };
const edges = (v: number) => ({ top: v, right: v, bottom: v, left: v });

export interface DemoSeed {
  base_url: string;
  customizer_url: string;
  email: string;
  password: string;
  access_token: string;
  store_id: string;
  tier: 'advanced';
  sid: string;
  secret: string;
  unauth_token: string;
  product_id: string;
  side_ids: string[];
  clipart_ids: string[];
  template_id: string;
  /** a 60 mm round sticker: one side whose print area is a circle (docs/catalog.md § Print areas of any shape) */
  sticker_product_id: string;
  sticker_side_id: string;
}

/**
 * `folio seed --demo`: an account, a store on the advanced tier, and something to design on:
 * a business-card product with a front and a back side (trim, bleed and safe zone set), a
 * round sticker (its print area a circle), a few
 * cliparts of the store's own and a template on the front that uses one of them. Everything
 * goes through the same services as the API, so it is exactly what the API would make.
 */
export async function seedDemo(deps: Deps, publicUrl: string): Promise<DemoSeed> {
  const email = `demo+${randomBytes(4).toString('hex')}@folio.local`;
  const password = `Demo-${randomBytes(9).toString('base64url')}1a!`;
  const session = await deps.identity.signUp({ name: 'Demo', email, password });
  const userId = session.user.id;
  const created = await deps.stores.create(userId, { store_name: 'Demo store' }, false);
  await deps.stores.setTier(created.id, 'advanced');
  const owner: Actor = { kind: 'J', userId, storeId: null, tier: null, scopes: new Set(), principal: `user:${userId}` };
  const full = await deps.stores.get(owner, created.id, true);
  // The store acting on its own catalog, as its store key would.
  const store: Actor = { kind: 'B', userId, storeId: created.id, tier: 'advanced', scopes: new Set(), principal: `store:${created.id}` };
  const { catalog } = deps;

  const product = await catalog.products.create(store, created.id, {
    name: 'Business card',
    description: 'Demo product: 3.5 × 2 in, front and back, 1/8 in bleed',
    dimension_unit: 'inch',
    dpi: CARD.dpi,
    enable_design: true,
    enable_upload: true,
  });
  const sides = [];
  for (const name of ['Front', 'Back']) {
    sides.push(
      await catalog.sides.create(store, created.id, {
        product_id: product.id,
        name,
        width: CARD.width,
        height: CARD.height,
        bleed: edges(CARD.bleed),
        safe_zone: edges(CARD.safe),
        dpi: CARD.dpi,
        bg_type: 'color',
        bg_color_value: '#ffffff',
        show_cut_line: true,
        show_safe_zone: true,
      }),
    );
  }

  const cliparts = [];
  for (const c of DEMO_CLIPARTS) {
    cliparts.push(
      await catalog.images.upload(store, created.id, {
        filename: c.file,
        body: fs.readFileSync(path.join(ASSETS, c.file)),
        type: 'cliparts',
        name: c.name,
        license: 'CC0-1.0 (original, see assets/LICENSES.md)',
      }),
    );
  }

  // The front in its pixels (3.5 in × 300 dpi = 1050 × 600): a name, a title and the star.
  const [w, h] = [CARD.width * CARD.dpi, CARD.height * CARD.dpi];
  const star = cliparts[0]!;
  const starW = star.width ?? 160;
  const starH = star.height ?? 160;
  const template = await catalog.templates.create(store, created.id, {
    side_id: sides[0]!.id,
    name: 'Classic business card',
    note: 'Demo template: name, title and a star, inside the safe zone',
    viewport_width: w,
    viewport_height: h,
    layers: [
      { type: 'rect', left: -37.5, top: h - 120, width: w + 75, height: 157.5, fill: '#1d4ed8' },
      { type: 'textbox', text: 'Your Name', left: 80, top: 150, width: 700, fontSize: 72, fontFamily: 'Open Sans', fontWeight: 'bold', fill: '#111827' },
      { type: 'textbox', text: 'Job title', left: 80, top: 250, width: 700, fontSize: 40, fontFamily: 'Open Sans', fill: '#374151' },
      { type: 'image', image_id: star.id, left: w - 80 - 160, top: 80, width: starW, height: starH, scaleX: 160 / starW, scaleY: 160 / starW },
    ],
  });

  // A round sticker: 60 mm, 2 mm bleed, the print area a circle (cut along it: a CutContour die line)
  const sticker = await catalog.products.create(store, created.id, {
    name: 'Round sticker',
    description: 'Demo product: a 60 mm round sticker, 2 mm bleed, cut along the circle',
    dimension_unit: 'mm',
    dpi: 300,
    enable_design: true,
    enable_upload: true,
  });
  const stickerSide = await catalog.sides.create(store, created.id, {
    product_id: sticker.id,
    name: 'Sticker',
    width: 60,
    height: 60,
    bleed: edges(2),
    safe_zone: edges(4),
    dpi: 300,
    bg_type: 'color',
    bg_color_value: '#ffffff',
    show_cut_line: true,
    show_safe_zone: true,
    mask: { shape: 'circle' },
  });

  return {
    base_url: `${publicUrl}/v1`,
    customizer_url: `${publicUrl}/customizer?token=${encodeURIComponent(full.unauth_token!)}`,
    email,
    password,
    access_token: session.access_token,
    store_id: full.id,
    tier: 'advanced',
    sid: full.sid!,
    secret: full.secret!,
    unauth_token: full.unauth_token!,
    product_id: product.id,
    side_ids: sides.map((s) => s.id),
    clipart_ids: cliparts.map((c) => c.id),
    template_id: template.id,
    sticker_product_id: sticker.id,
    sticker_side_id: stickerSide.id,
  };
}
