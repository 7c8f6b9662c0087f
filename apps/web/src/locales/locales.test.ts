import { ADMIN_ROUTES, GROUPS, HOTEL_ROUTES, LANGUAGES } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { FEATURE_AREAS, SHELL_AREAS } from './areas';
import enShell from './en';
import esShell from './es';
import jaShell from './ja';
import zhShell from './zh';

type Strings = Record<string, string>;

/** Every area file of every language, as the console loads them (shell index or one file per area). */
const files = import.meta.glob<Strings>(['./*/*.ts', '!./*/index.ts'], { eager: true, import: 'default' });
const areaOf = (language: string, area: string): Strings => files[`./${language}/${area}.ts`] ?? {};
const everything = (language: string): Strings =>
  Object.assign({}, ...[...SHELL_AREAS, ...FEATURE_AREAS].map((area) => areaOf(language, area)));

const zh = everything('zh');
const en = everything('en');
const languages = Object.fromEntries(LANGUAGES.map((language) => [language, everything(language)]));
const shells: Record<string, Strings> = { zh: zhShell, en: enShell, es: esShell, ja: jaShell };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locales', () => {
  it('have one file per area in every language, and no file outside the areas', () => {
    const expected = LANGUAGES.flatMap((language) =>
      [...SHELL_AREAS, ...FEATURE_AREAS].map((area) => `./${language}/${area}.ts`),
    ).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  it('keep each area to its own keys', () => {
    for (const language of LANGUAGES) {
      for (const area of [...SHELL_AREAS, ...FEATURE_AREAS]) {
        for (const key of Object.keys(areaOf(language, area))) {
          expect(key.startsWith(`${area}.`), `${language} ${key}`).toBe(true);
        }
      }
    }
  });

  it('load exactly the shell areas with the app', () => {
    for (const language of LANGUAGES) {
      const shellKeys = SHELL_AREAS.flatMap((area) => Object.keys(areaOf(language, area))).sort();
      expect(Object.keys(shells[language] ?? {}).sort(), language).toEqual(shellKeys);
    }
  });

  it('have exactly the same keys in every language', () => {
    const reference = Object.keys(zh).sort();
    for (const [language, messages] of Object.entries(languages)) {
      expect(Object.keys(messages).sort(), language).toEqual(reference);
    }
  });

  it('leave no string empty and keep the same placeholders', () => {
    for (const [language, messages] of Object.entries(languages)) {
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(zh[key] ?? ''));
      }
    }
  });

  it('title every route and group of the route table', () => {
    const names = [...HOTEL_ROUTES, ...ADMIN_ROUTES].map((route) => `route.${route.name}`);
    for (const key of [...names, ...GROUPS.map((group) => `route.${group}`)]) {
      expect(Object.keys(zhShell), key).toContain(key);
    }
  });

  it("leave the log filters' words (event types, operations) to the server, which words the logs", () => {
    for (const [language, messages] of Object.entries(languages)) {
      expect(
        Object.keys(messages).filter((key) => /^logs\.(type|action)\./.test(key)),
        language,
      ).toEqual([]);
    }
  });

  it('use the texts SPEC.md fixes', () => {
    expect(en['route.pm_dashboard']).toBe('Desktop');
    expect(en['route.pm_powerstatistics']).toBe('Energy Analyse');
    expect(en['common.languageSwitched']).toBe('switch language success, Please refresh');
    expect(en['auth.logoutTitle']).toBe('Confirm logout');
    expect(en['auth.loginAgain']).toBe('Log in again');
    expect(zh['auth.newPasswordRequired']).toBe('请输入密码');
    expect(zh['auth.confirmPasswordRequired']).toBe('请再次输入密码');
    expect(zh['auth.passwordMismatch']).toBe('两次输入密码不一致!');
    expect(zh['auth.userInfoFailed']).toBe('获取用户信息失败，请重试');
  });

  it('name a power switch by a word of its own, not by the "on" it reads beside ("Encendido [Encendido]")', () => {
    for (const [language, strings] of Object.entries(languages)) {
      for (const key of ['modes.field.on', 'control.air.power', 'roomctrl.power']) {
        expect([language, key, strings[key]]).not.toEqual([language, key, strings['live.on']]);
      }
    }
  });

  it('say one room and two rooms apart where a count of rooms is said (i18next plurals)', async () => {
    const { default: i18next } = await import('i18next');
    const english = i18next.createInstance();
    await english.init({ lng: 'en', resources: { en: { translation: en } }, keySeparator: false });
    expect(english.t('control.confirmRooms', { count: 1 })).toBe('Apply to 1 room?');
    expect(english.t('control.confirmRooms', { count: 2 })).toBe('Apply to 2 rooms?');
    expect(english.t('control.running', { count: 1 })).toBe('Sending to 1 room, waiting for the RCU…');
    expect(english.t('rooms.imported', { count: 1, created: '1' })).toBe('Imported 1 room');
    expect(english.t('rooms.imported', { count: 570, created: '570' })).toBe('Imported 570 rooms');
    const spanish = i18next.createInstance();
    await spanish.init({ lng: 'es', resources: { es: { translation: everything('es') } }, keySeparator: false });
    expect(spanish.t('control.confirmRooms', { count: 1 })).toBe('¿Aplicar a 1 habitación?');
    expect(spanish.t('rooms.imported', { count: 3, created: '3' })).toBe('3 habitaciones importadas');
  });
});
