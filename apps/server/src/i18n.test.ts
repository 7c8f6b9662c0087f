import { readdirSync } from 'node:fs';
import { CALLS, LANGUAGES, ROOM_COLUMNS } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { describeValidation, fieldLabel, pickLanguage, translate } from './i18n.js';

type Strings = Record<string, string>;

/** The message files as they lie in locales/: one folder per language, one file per domain. */
const locales = new URL('./locales/', import.meta.url);
const filesOf = (language: string) =>
  readdirSync(new URL(`${language}/`, locales))
    .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
    .map((name) => name.replace(/\.ts$/, ''))
    .sort();
const domainsOf = (language: string) => filesOf(language).filter((name) => name !== 'validation');
const load = async (language: string, file: string): Promise<Strings> =>
  (await import(`./locales/${language}/${file}.ts`)).default;
const everything = async (language: string): Promise<Strings> =>
  Object.assign({}, ...(await Promise.all(domainsOf(language).map((domain) => load(language, domain)))));

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

  it('writes a date parameter as the console writes dates, in the language', () => {
    const told = (language: 'zh' | 'en' | 'es' | 'ja') =>
      translate(language, 'auth.hotelExpired', { validdate: '2026-11-26' });
    expect(told('zh')).toBe('酒店有效期已过(2026年11月26日),请联系平台管理员续期');
    expect(told('en')).toContain('ended on Nov 26, 2026;');
    expect(told('es')).toContain('terminó el 26 nov 2026;');
    expect(told('ja')).toContain('ホテルの有効期限(2026/11/26)');
  });

  it('says a least of one in words: not empty, at least one item', () => {
    const empty = { keyword: 'minLength', instancePath: '/user_name', params: { limit: 1 } };
    expect(describeValidation('en', empty)).toBe('User name must not be empty');
    expect(describeValidation('zh', empty)).toBe('用户名不能为空');
    expect(describeValidation('es', empty)).not.toContain('1');
    expect(describeValidation('ja', empty)).not.toContain('1');
    const none = { keyword: 'minItems', instancePath: '/rooms', params: { limit: 1 } };
    expect(describeValidation('en', none)).toMatch(/needs at least one item$/);
    const short = { keyword: 'minLength', instancePath: '/user_name', params: { limit: 3 } };
    expect(describeValidation('en', short)).toBe('User name must not have fewer than 3 characters');
  });

  it('describes a broken schema rule in the language, naming the field as the screen labels it', () => {
    const issue = { keyword: 'maxLength', instancePath: '/user_name', params: { limit: 64 } };
    expect(describeValidation('en', issue)).toBe('User name must not have more than 64 characters');
    expect(describeValidation('zh', issue)).toBe('用户名不能超过 64 个字符');
    const nested = { keyword: 'minimum', instancePath: '/devices/1/defaults/set_min', params: { limit: 16 } };
    expect(describeValidation('zh', nested)).toBe('设备第 2 项 › 默认值 › 最低温度不能小于 16');
    expect(describeValidation('es', nested)).toBe(
      'Dispositivos, elemento 2 › Valores por defecto › Consigna mínima no debe ser menor que 16',
    );
    const odd = { keyword: 'constructor', instancePath: '', params: {}, message: 'is odd' };
    expect(describeValidation('ja', odd, 'querystring')).toBe('クエリの値が正しくありません');
    // A union (anyOf) is told by what its branches wanted.
    const union = [
      { keyword: 'format', instancePath: '/validdate', params: { format: 'date' } },
      { keyword: 'type', instancePath: '/validdate', params: { type: 'null' } },
      { keyword: 'anyOf', instancePath: '/validdate', params: {} },
    ];
    expect(describeValidation('en', union)).toBe('Valid until must be a date (YYYY-MM-DD)');
    const types = [
      { keyword: 'type', instancePath: '/hotel_id', params: { type: 'integer' } },
      { keyword: 'type', instancePath: '/hotel_id', params: { type: 'null' } },
      { keyword: 'anyOf', instancePath: '/hotel_id', params: {} },
    ];
    expect(describeValidation('zh', types)).toBe('酒店应为整数或空值');
  });

  it("labels each room sheet column apart in every language (an import reads any language's headers)", () => {
    const owners = new Map<string, string>();
    for (const column of ROOM_COLUMNS) {
      for (const header of [column, ...LANGUAGES.map((language) => fieldLabel(language, column))]) {
        const key = header.toLowerCase();
        expect(owners.get(key) ?? column, `${header} names both ${owners.get(key)} and ${column}`).toBe(column);
        owners.set(key, column);
      }
    }
  });

  it('labels every field of every call in every language', async () => {
    const names = new Set<string>();
    const walk = (schema: unknown): void => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      for (const [name, property] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
        names.add(name);
        walk(property);
      }
      for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'not']) {
        const child = node[key];
        if (Array.isArray(child)) child.forEach(walk);
        else walk(child);
      }
      for (const child of Object.values((node.patternProperties as Record<string, unknown>) ?? {})) walk(child);
    };
    for (const domain of Object.values(CALLS)) {
      for (const call of Object.values(domain.calls) as { body?: unknown; query?: unknown }[]) {
        walk(call.body);
        walk(call.query);
      }
    }
    expect(names.size).toBeGreaterThan(40);
    for (const language of LANGUAGES) {
      const fields = await load(language, 'fields');
      for (const name of names) expect(fields[`fields.${name}`], `${language} fields.${name}`).toBeTruthy();
    }
  });
});

describe('locales', () => {
  it('have the same files in every language', () => {
    const reference = filesOf('zh');
    expect(reference).toContain('validation');
    for (const language of LANGUAGES) expect(filesOf(language), language).toEqual(reference);
  });

  it('keep each domain to the keys of its prefix (and the bare ok in error)', async () => {
    for (const language of LANGUAGES) {
      for (const domain of domainsOf(language)) {
        for (const key of Object.keys(await load(language, domain))) {
          const allowed = key.startsWith(`${domain}.`) || (domain === 'error' && key === 'ok');
          expect(allowed, `${language}/${domain}.ts ${key}`).toBe(true);
        }
      }
    }
  });

  it('have exactly the same keys in every language, no string empty', async () => {
    const reference = Object.keys(await everything('zh')).sort();
    const validation = Object.keys(await load('zh', 'validation')).sort();
    for (const language of LANGUAGES) {
      const messages = await everything(language);
      expect(Object.keys(messages).sort(), language).toEqual(reference);
      const rules = await load(language, 'validation');
      expect(Object.keys(rules).sort(), language).toEqual(validation);
      for (const [key, text] of Object.entries({ ...messages, ...rules })) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('load every domain through the language index', async () => {
    for (const language of LANGUAGES) {
      const index: Strings = (await import(`./locales/${language}/index.ts`)).default;
      expect(index, language).toEqual(await everything(language));
    }
  });
});
