import { intlLocale } from '../../lib/format';

/** A price in minor units (cents, as the server keeps it) with two decimals: 1250 → "12.50". */
export function formatPrice(cents: number, language?: string): string {
  return new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
}

/** What a price input holds (12.5) in minor units (1250), rounded to the cent. */
export function toCents(units: number): number {
  return Math.round(units * 100);
}
