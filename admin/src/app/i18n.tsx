/**
 * Locales of the back office: English (reference), French and Hebrew (right to left). Each
 * area keeps its own messages (`defineMessages`) so pages stay independent; every locale must
 * have exactly the English keys (the type says so). The chosen locale is kept in localStorage
 * and sets <html lang dir>; Mantine's DirectionProvider mirrors the components.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDirection } from '@mantine/core';

export type Locale = 'en' | 'fr' | 'he';
export const LOCALES: ReadonlyArray<{ code: Locale; label: string; dir: 'ltr' | 'rtl' }> = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'fr', label: 'Français', dir: 'ltr' },
  { code: 'he', label: 'עברית', dir: 'rtl' },
];
const KEY = 'folio.admin.locale';

export type Messages<T extends Record<string, string>> = { en: T; fr: { [K in keyof T]: string }; he: { [K in keyof T]: string } };
/** An area's messages in the three locales; `{name}` in a message is replaced by `vars.name`. */
export function defineMessages<T extends Record<string, string>>(m: Messages<T>): Messages<T> {
  return m;
}

interface LocaleState {
  locale: Locale;
  setLocale(l: Locale): void;
}
const LocaleContext = createContext<LocaleState>({ locale: 'en', setLocale: () => undefined });

function initialLocale(): Locale {
  const kept = localStorage.getItem(KEY);
  if (kept === 'en' || kept === 'fr' || kept === 'he') return kept;
  const nav = (navigator.language || 'en').slice(0, 2);
  return nav === 'fr' || nav === 'he' ? nav : 'en';
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, set] = useState<Locale>(initialLocale);
  const { setDirection } = useDirection();
  useEffect(() => {
    const dir = LOCALES.find((l) => l.code === locale)?.dir ?? 'ltr';
    document.documentElement.lang = locale;
    document.documentElement.dir = dir;
    setDirection(dir);
  }, [locale, setDirection]);
  const setLocale = useCallback((l: Locale) => {
    localStorage.setItem(KEY, l);
    set(l);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}

export type Translate<T> = (key: keyof T & string, vars?: Record<string, string | number>) => string;

export function format(template: string, vars?: Record<string, string | number>): string {
  return vars ? template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : template;
}

/** `t('key', {n: 3})` in the current locale, from an area's messages. */
export function useT<T extends Record<string, string>>(messages: Messages<T>): Translate<T> {
  const { locale } = useLocale();
  return useCallback((key, vars) => format((messages[locale] as Record<string, string>)[key] ?? messages.en[key] ?? key, vars), [locale, messages]);
}

/** Dates and numbers in the current locale (one formatter per locale: making one per call costs more than the row). */
export function useFormat() {
  const { locale } = useLocale();
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const plain = new Intl.NumberFormat(locale);
    return {
      date: (iso: string | null | undefined) => (iso ? dates.format(new Date(iso)) : '—'),
      number: (n: number, opts?: Intl.NumberFormatOptions) => (opts ? n.toLocaleString(locale, opts) : plain.format(n)),
    };
  }, [locale]);
}
