import { describe, expect, it } from 'vitest';
import { pickLanguage, translate } from './i18n.js';

describe('i18n', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR, ja;q=0.8, en;q=0.5', 'ja'],
    ['es;q=0.2, en;q=0.9', 'en'],
    ['zh-CN', 'zh'],
    ['de', 'zh'],
  ])('picks %s → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });

  it('fills parameters', () => {
    expect(translate('en', 'auth.tooManyFailures', { seconds: 42 })).toBe('Too many failed logins; try again in 42 s.');
  });
});
