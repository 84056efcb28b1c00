/**
 * Every string the editor shows, by key, in one place per locale. `t(key, vars)` fills
 * `{name}` slots; `applyStatic(root)` translates the page's own markup, whose elements name
 * their keys: `data-i18n` (text), `data-i18n-label` (aria-label), `data-i18n-title` (title),
 * `data-i18n-placeholder`. Right-to-left locales set `dir="rtl"` on <html>, which mirrors the
 * layout (the CSS uses logical properties). Add a locale: a file like fr.ts typed `Messages`
 * (the compiler then lists any key it lacks) and a line in LOCALES.
 */
import { en, type MessageKey, type Messages } from './en.js';
import { fr } from './fr.js';
import { he } from './he.js';

export type { MessageKey, Messages };

export const LOCALES: Readonly<Record<string, { messages: Messages; dir: 'ltr' | 'rtl'; name: string }>> = {
  en: { messages: en, dir: 'ltr', name: 'English' },
  fr: { messages: fr, dir: 'ltr', name: 'Français' },
  he: { messages: he, dir: 'rtl', name: 'עברית' },
};

let current: Messages = en;
let currentLocale = 'en';

/** The supported locale for a BCP 47 tag (`fr-CA` → fr), else English. */
export function resolveLocale(tag: string | null | undefined): string {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return base in LOCALES ? base : 'en';
}

export function format(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  return format(current[key] ?? en[key], vars);
}

/** Switches the locale and translates the static markup under `root`. */
export function setLocale(tag: string | null | undefined, root: ParentNode = document): string {
  currentLocale = resolveLocale(tag);
  const loc = LOCALES[currentLocale]!;
  current = loc.messages;
  document.documentElement.lang = currentLocale;
  document.documentElement.dir = loc.dir;
  document.title = t('app.title');
  applyStatic(root);
  return currentLocale;
}

export const locale = (): string => currentLocale;

export function applyStatic(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    // a button's icon (icons.ts) stays in front of its translated text
    const ico = el.querySelector(':scope > svg.ico');
    el.textContent = t(el.dataset.i18n as MessageKey);
    if (ico) el.prepend(ico);
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel as MessageKey));
  for (const el of root.querySelectorAll<HTMLElement>('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle as MessageKey);
  for (const el of root.querySelectorAll<HTMLInputElement>('[data-i18n-value]')) el.value = t(el.dataset.i18nValue as MessageKey);
}
