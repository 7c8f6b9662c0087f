import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@roompilot/contract';
import en from './locales/en/index.js';
import enValidation from './locales/en/validation.js';
import es from './locales/es/index.js';
import esValidation from './locales/es/validation.js';
import ja from './locales/ja/index.js';
import jaValidation from './locales/ja/validation.js';
import type { MessageKey, Messages, ValidationMessages } from './locales/types.js';
import zh from './locales/zh/index.js';
import zhValidation from './locales/zh/validation.js';

export type { MessageKey } from './locales/types.js';

/**
 * Server messages in every console language, one file per language and domain under locales/
 * like the console's. Keys are flat and dotted like the console's; a `{name}` is replaced by the
 * parameter of that name.
 */
const MESSAGES: Record<Language, Messages> = { zh, en, es, ja };
const VALIDATION: Record<Language, ValidationMessages> = {
  zh: zhValidation,
  en: enValidation,
  es: esValidation,
  ja: jaValidation,
};

/** The caller's language from `Accept-Language` (highest q first); Chinese when none matches. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = LANGUAGES.find((candidate) => tag === candidate || tag.startsWith(`${candidate}-`));
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/**
 * One validation failure made human: the field first (`user_name: must NOT have more than 64
 * characters`), in the caller's language where the rule is a common one.
 */
export function describeValidation(language: Language, issue: ValidationIssue, part = 'body'): string {
  const pointer = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const missing = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof missing === 'string') pointer.push(missing);
  const field = pointer.length > 0 ? pointer.join('.') : part;
  const texts: Record<string, string> = VALIDATION[language];
  const template = Object.hasOwn(texts, issue.keyword) ? texts[issue.keyword] : undefined;
  const params: Record<string, string> = {
    type: String(issue.params.type ?? ''),
    limit: String(issue.params.limit ?? ''),
    format: String(issue.params.format ?? ''),
    allowed: Array.isArray(issue.params.allowedValues) ? issue.params.allowedValues.join(', ') : '',
  };
  const text = template
    ? template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')
    : (issue.message ?? 'is invalid');
  return `${field}: ${text}`;
}
