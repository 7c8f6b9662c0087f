import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@roompilot/contract';
import type { ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from '../lib/cookies';
import type { FeatureArea } from '../locales/areas';
import type { Messages, ShellMessages } from '../locales/types';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

export type AntdLocale = ConfigProviderProps['locale'];

/** Each language's name in its own script: the selector reads the same in every language. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español', ja: '日本語' };
const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es', ja: 'ja' };

interface LanguagePack {
  messages: ShellMessages;
  antd: AntdLocale;
  dayjs: string;
}

/** One chunk per language: only the chosen language's strings are downloaded. */
const PACKS: Record<Language, () => Promise<LanguagePack>> = {
  zh: async () => {
    const [messages, antd] = await Promise.all([
      import('../locales/zh'),
      import('antd/es/locale/zh_CN'),
      import('dayjs/locale/zh-cn'),
    ]);
    return { messages: messages.default, antd: antd.default, dayjs: 'zh-cn' };
  },
  en: async () => {
    const [messages, antd] = await Promise.all([import('../locales/en'), import('antd/es/locale/en_US')]);
    return { messages: messages.default, antd: antd.default, dayjs: 'en' };
  },
  es: async () => {
    const [messages, antd] = await Promise.all([
      import('../locales/es'),
      import('antd/es/locale/es_ES'),
      import('dayjs/locale/es'),
    ]);
    return { messages: messages.default, antd: antd.default, dayjs: 'es' };
  },
  ja: async () => {
    const [messages, antd] = await Promise.all([
      import('../locales/ja'),
      import('antd/es/locale/ja_JP'),
      import('dayjs/locale/ja'),
    ]);
    return { messages: messages.default, antd: antd.default, dayjs: 'ja' };
  },
};

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The language chosen in the `language` cookie, or Chinese. */
export function storedLanguage(): Language {
  const value = getCookie(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/**
 * The feature areas' files, one chunk each: a screen downloads only its own areas, in the page's
 * language (the shell's areas are in each language's index and never loaded from here).
 */
const FEATURE_FILES = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*/*.ts',
  '!../locales/*/{index,auth,common,errors,layout,route,time}.ts',
]);
const loadedAreas = new Map<string, Promise<void>>();

let markInitialized: () => void = () => {};
const initialized = new Promise<void>((resolve) => {
  markInitialized = resolve;
});

/**
 * Adds the areas' strings in the page's language to i18next (each file is fetched once). Asked for
 * before i18next is set up (a route preloaded while the language loads), it waits for it.
 */
export async function loadStrings(areas: readonly FeatureArea[]): Promise<void> {
  // The files start loading at once, in the language i18next is being set up with (the stored
  // one); only adding them waits for it.
  const language = i18next.isInitialized ? currentLanguage() : storedLanguage();
  await Promise.all(
    areas.map((area) => {
      const path = `../locales/${language}/${area}.ts`;
      let loading = loadedAreas.get(path);
      if (!loading) {
        const load = FEATURE_FILES[path];
        if (!load) return Promise.reject(new Error(`No strings file ${path}`));
        loading = Promise.all([load(), i18next.isInitialized ? undefined : initialized]).then(([file]) => {
          i18next.addResourceBundle(language, 'translation', file.default, true, true);
        });
        loading.catch(() => loadedAreas.delete(path));
        loadedAreas.set(path, loading);
      }
      return loading;
    }),
  );
}

/** A lazy module (for `React.lazy`) that resolves once its strings are there too; both load at once. */
export function withStrings<T>(areas: readonly FeatureArea[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadStrings(areas)]))[0];
}

/** Loads the chosen language and sets i18next, dayjs and `<html lang>`; returns antd's locale. */
export async function initI18n(): Promise<AntdLocale> {
  const language = storedLanguage();
  const pack = await PACKS[language]();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: pack.messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  dayjs.locale(pack.dayjs);
  document.documentElement.lang = HTML_LANG[language];
  markInitialized();
  return pack.antd;
}

const SWITCHED_FLAG = 'roompilot.languageSwitched';

/** SPEC.md: choosing a language stores it, reloads the page, then shows a success message. */
export function switchLanguage(language: Language): void {
  setCookie(LANGUAGE_COOKIE, language, { path: '/', expires: 365, sameSite: 'Lax' });
  sessionStorage.setItem(SWITCHED_FLAG, '1');
  window.location.reload();
}

/** True once after a language switch reloaded the page. */
export function takeLanguageSwitched(): boolean {
  const switched = sessionStorage.getItem(SWITCHED_FLAG) === '1';
  sessionStorage.removeItem(SWITCHED_FLAG);
  return switched;
}
