import { ADMIN_ROUTES, GROUPS, HOTEL_ROUTES } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import en from './en';
import es from './es';
import ja from './ja';
import zh from './zh';

const languages = { zh, en, es, ja };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locales', () => {
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
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(zh[key as keyof typeof zh]));
      }
    }
  });

  it('title every route and group of the route table', () => {
    const names = [...HOTEL_ROUTES, ...ADMIN_ROUTES].map((route) => `route.${route.name}`);
    for (const key of [...names, ...GROUPS.map((group) => `route.${group}`)]) {
      expect(Object.keys(zh), key).toContain(key);
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
});
