// Messages and formats in the user's language. The English catalogue is the reference: every other
// catalogue is typed Record<MessageKey, string>, so a missing key fails the typecheck. Dates and
// numbers go through Intl in the chosen locale.
import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { en, MessageKey } from './en';
import { de } from './de';

export type Locale = 'en' | 'de';
export const LOCALES: readonly { id: Locale; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'de', label: 'Deutsch' },
];
const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, de };
const STORAGE_KEY = 'vigil.console.locale';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface I18n {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
  formatDate: (value: string | null | undefined, style?: 'date' | 'datetime') => string;
  formatRelative: (value: string) => string;
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
}

function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'de') return stored;
  } catch {
    // Storage may be disabled: fall back to the browser's language.
  }
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const setLocale = useCallback((next: Locale) => {
    setLocaleState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not persisted when storage is disabled; the choice holds for this page.
    }
  }, []);
  const value = useMemo<I18n>(() => {
    const catalogue = CATALOGUES[locale];
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    return {
      locale,
      setLocale,
      t: (key, values) => interpolate(catalogue[key] ?? key, values),
      formatDate: (value, style = 'datetime') => {
        if (!value) return '—';
        const parsed = new Date(value);
        if (Number.isNaN(parsed.getTime())) return value;
        // A LocalDate (yyyy-mm-dd) has no time zone: format it as the calendar date it names.
        if (/^\d{4}-\d{2}-\d{2}$/.test(value))
          return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(parsed);
        return (style === 'date' ? date : dateTime).format(parsed);
      },
      formatRelative: (value) => {
        const seconds = (new Date(value).getTime() - Date.now()) / 1000;
        const units: [Intl.RelativeTimeFormatUnit, number][] = [
          ['day', 86400],
          ['hour', 3600],
          ['minute', 60],
        ];
        for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
        return relative.format(Math.round(seconds), 'second');
      },
      formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    };
  }, [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function interpolate(message: string, values?: Record<string, string | number>): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function useI18n(): I18n {
  const context = useContext(I18nContext);
  if (!context) throw new Error('useI18n outside I18nProvider');
  return context;
}
