import i18next from 'i18next';

/** BCP 47 tags of the console's languages, for `Intl`. */
const INTL_LOCALE: Record<string, string> = { zh: 'zh-CN', en: 'en-US', es: 'es-ES', ja: 'ja-JP' };

export function intlLocale(language: string = i18next.language): string {
  return INTL_LOCALE[language] ?? language;
}

/** A count or amount in the language's digit grouping (1,234 / 1.234). */
export function formatNumber(value: number, language?: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/**
 * A calendar date ('YYYY-MM-DD', as the server sends it) in the language's medium date style.
 * Read as a local date: `new Date('2025-01-31')` would be UTC midnight and can show the day before.
 */
export function formatDate(value: string | null | undefined, language?: string): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}
