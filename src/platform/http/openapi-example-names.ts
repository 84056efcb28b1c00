import { createHash } from 'node:crypto';
import { MESSAGES } from './envelope.js';
import type { SampleContext } from './openapi-examples.js';

// The openapi-examples sampler's made-up strings: a realistic value from a property's name
// (ids, urls, names, codes), stable per name so the generated SDK does not churn.

/** A stable uuid-looking value per name, so `product_id` is the same product everywhere. */
export function uuidFor(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function base62(seed: string, length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  let h = createHash('sha256').update(seed).digest();
  while (out.length < length) {
    for (const b of h) if (out.length < length) out += alphabet[b % 62];
    h = createHash('sha256').update(h).digest();
  }
  return out;
}

/** The resource an operation is about: `/v1/products/{id}/sides` → `sides`. */
function resourceOf(path: string): string {
  const parts = path.split('/').filter((p) => p && p !== 'v1' && !p.startsWith('{'));
  return parts.at(-1) === 'count' || parts.at(-1) === 'batch' ? (parts.at(-2) ?? '') : (parts.at(-1) ?? '');
}

const NAMES: Array<[RegExp, string]> = [
  [/^(account|users?|signIn)$/, 'Ada Lovelace'],
  [/designs?$/, 'Front, spring menu'],
  [/stores?$/, 'Acme Prints'],
  [/products?$/, 'Business card 3.5 × 2 in'],
  [/sides?$/, 'Front'],
  [/categor/, 'Stationery'],
  [/fonts?/, 'Open Sans'],
  [/clipart/, 'Star badge'],
  [/images?$/, 'front.png'],
  [/projects?$|project/, 'Spring menu reprint'],
  [/webhook/, 'Order sync'],
  [/api-keys|keys?$/, 'Checkout server'],
  [/agenc/, 'Northside School Photos'],
  [/subjects?$/, 'Grace Hopper'],
  [/types?$/, 'Cards'],
];

/** Values by property name (exact), for strings. */
export function stringByName(name: string, ctx: SampleContext): string | undefined {
  const base = ctx.baseUrl.replace(/\/$/, '');
  const resource = resourceOf(ctx.path);
  switch (name) {
    case 'email':
      return 'ada@example.com';
    case 'password':
    case 'current_password':
      return 'Corr3ct-Horse!';
    case 'name':
    case 'display_name':
      return NAMES.find(([re]) => re.test(resource))?.[1] ?? 'Business card 3.5 × 2 in';
    case 'store_name':
      return 'Acme Prints';
    case 'shop_url':
    case 'view_store_url':
    case 'origin':
    case 'allowed_origin':
      return 'https://shop.acme-prints.example';
    case 'allowed_ip':
      return '203.0.113.0/24';
    case 'timezone':
      return 'Europe/London';
    case 'include':
      return 'credentials';
    case 'tier':
    case 'current_tier':
      return 'free';
    case 'required_tier':
      return 'advanced';
    case 'integration_type':
      return 'api';
    case 'alt':
      return 'Front of the card';
    case 'license':
      return 'CC0-1.0';
    case 'allowed_file_type':
      return 'png';
    case 'small':
    case 'medium':
    case 'large':
    case 'custom':
      return `${base}/v1/files/stores/${uuidFor('store')}/images/front-${name}.png`;
    case 'first_name':
      return 'Ada';
    case 'last_name':
      return 'Lovelace';
    case 'sid':
      return `sid_${base62('sid', 24)}`;
    case 'secret':
      return `ssk_${base62('secret', 40)}`;
    case 'unauth_token':
      return `put_${base62('unauth', 40)}`;
    case 'access_token':
    case 'token':
      return 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzZjJjOWE0ZS0xYjdkLTRjOGEtOWU2Zi0wYTFiMmMzZDRlNWYifQ.8xLh0Gm3Vf6sQ2bU1cR9nT4pK7wE5yA0dZ3jH6gX1oI';
    case 'token_type':
      return 'bearer';
    case 'key':
    case 'api_key':
      return `sk_live_${base62('key', 46)}`;
    case 'prefix':
    case 'key_prefix':
      return `sk_live_${base62('key', 4)}`;
    case 'last4':
    case 'key_last4':
      return base62('key', 46).slice(-4);
    case 'message':
      if (ctx.parent) return 'Image resolution 150 dpi is below the side\'s 300 dpi';
      return ctx.method === 'post' ? MESSAGES.created : ctx.method === 'put' || ctx.method === 'patch' ? MESSAGES.updated : ctx.method === 'delete' ? MESSAGES.deleted : MESSAGES.retrieved;
    case 'description':
      return 'Premium 16 pt matte card stock, printed both sides.';
    case 'note':
      return 'Rush: ships Friday';
    case 'code':
      return ctx.parent === 'warning' ? 'low_resolution' : 'ORDER-1042';
    case 'search':
    case 's':
      return 'card';
    case 'cursor':
      return 'eyJkIjoiYSIsInMiOiJjcmVhdGVkX2RhdGUifQ.k3J9';
    case 'fontFamily':
    case 'font_family':
    case 'family':
      return 'Open Sans';
    case 'color':
    case 'fill':
    case 'background_color':
    case 'bg_color_value':
      return '#1a73e8';
    case 'currency':
      return 'USD';
    case 'ip':
      return '203.0.113.7';
    case 'user_agent':
      return 'curl/8.5.0';
    case 'route':
      return `${ctx.method.toUpperCase()} ${ctx.path}`;
    case 'filename':
    case 'file_name':
    case 'original_name':
      return 'front.png';
    case 'file':
      return 'front.png';
    case 'mime':
    case 'mime_type':
    case 'content_type':
      return 'image/png';
    case 'sha256':
    case 'hash':
    case 'checksum':
      return createHash('sha256').update(name).digest('hex');
    case 'path':
      return `${base}${ctx.path.replace(/\/\{[^}]+\}.*$/, '')}`;
    case 'first':
    case 'last':
    case 'prev':
    case 'next': {
      const list = `${base}${ctx.path}`;
      return name === 'first' ? `${list}?limit=20` : `${list}?limit=20&cursor=${base62(name, 32)}`;
    }
    case 'event':
    case 'type':
      return undefined;
    case 'job_id':
    case 'student_id':
      return name === 'student_id' ? 'S-2031' : 'JOB-2026-05';
    case 'layer':
      return 'layers[0]';
    case 'school_name':
      return 'Northside Elementary';
    case 'class_name':
      return '3B';
  }
  if (name === 'id' || name.endsWith('_id') || name === 'uuid' || name.endsWith('_uuid')) return uuidFor(name === 'id' ? ctx.parent || resource : name);
  if (name.endsWith('_url') || name === 'url' || name === 'src') {
    if (name === 'top_up_url') return `${base}/billing/top-up`;
    if (name === 'pdf_url') return `${base}/v1/files/pdf/${uuidFor('pdf')}.pdf?expires=1767225600&sig=${base62('sig', 22)}`;
    return `${base}/v1/files/stores/${uuidFor('store')}/images/front.png`;
  }
  if (name.endsWith('_at') || name.endsWith('_until') || name === 'expires') return '2026-05-14T09:26:53.000Z';
  return undefined;
}
