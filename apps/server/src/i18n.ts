import { DEFAULT_LANGUAGE, INTL_LOCALES, LANGUAGES, type Language } from '@roompilot/contract';
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

/**
 * A calendar date ('YYYY-MM-DD') in the language's medium date style, as the console writes it
 * ("Nov 26, 2026", "26 nov 2026", "2026年11月26日"); anything else as it is.
 */
export function formatDate(language: Language, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
}

/** A message with its parameters: `{name}` as given, `{name:date}` a calendar date written in the language. */
export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[language][key];
  return template.replace(/\{(\w+)(:date)?\}/g, (whole, name: string, asDate?: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return asDate ? formatDate(language, value) : value;
  });
}

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A request field as the screens label it (locales/<lang>/fields.ts); a name it does not know, as it is. */
export function fieldLabel(language: Language, name: string): string {
  const messages: Record<string, string> = MESSAGES[language];
  const key = `fields.${name}`;
  return Object.hasOwn(messages, key) ? (messages[key] as string) : name;
}

/** The message of a key made at run time (`logs.type.${type}`), or null when there is none. */
export function lookup(language: Language, key: string, params: Record<string, string | number> = {}): string | null {
  const messages: Record<string, string> = MESSAGES[language];
  return Object.hasOwn(messages, key) ? translate(language, key as MessageKey, params) : null;
}

/** A JSON pointer's segments (`/devices/0/key`), unescaped. */
const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Chinese and Japanese put a space between their script and Latin letters or digits, as the console does. */
const CJK_THEN_LATIN = /([\u3040-\u30ff\u3400-\u9fff])([A-Za-z0-9])/g;
const LATIN_THEN_CJK = /([A-Za-z0-9])([\u3040-\u30ff\u3400-\u9fff])/g;
const spaced = (language: Language, text: string) =>
  language === 'zh' || language === 'ja'
    ? text.replace(CJK_THEN_LATIN, '$1 $2').replace(LATIN_THEN_CJK, '$1 $2')
    : text;

/**
 * Of a failed validation's issues, the one to tell: the last (with `allErrors` off it is the rule
 * that stopped the check; a union's branch failures come before it). A union (`anyOf`) is told by
 * what its branches wanted at the same place: a rule other than a type (a date's format), else the
 * values or the types they allow.
 */
function issueToTell(issues: readonly ValidationIssue[]): ValidationIssue | undefined {
  const last = issues[issues.length - 1];
  if (!last || (last.keyword !== 'anyOf' && last.keyword !== 'oneOf')) return last;
  const branches = issues.filter((issue) => issue !== last && issue.instancePath === last.instancePath);
  const specific = branches.find((issue) => !['type', 'const', 'enum', 'anyOf', 'oneOf'].includes(issue.keyword));
  if (specific) return specific;
  const allowed = branches.flatMap((issue) =>
    issue.keyword === 'const'
      ? [issue.params.allowedValue]
      : issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)
        ? issue.params.allowedValues
        : [],
  );
  if (allowed.length > 0) return { ...last, keyword: 'enum', params: { allowedValues: allowed } };
  const types = branches.filter((issue) => issue.keyword === 'type').map((issue) => String(issue.params.type));
  if (types.length > 0) return { ...last, keyword: 'type', params: { type: types.join(',') } };
  return last;
}

/**
 * A failed request validation made human, wholly in the caller's language: the field named as the
 * screen labels it (`RCU ID`, `设备第 2 项 › 编号`) and the rule it broke (`不能超过 64 个字符`).
 * `part` is where the field lies (body, querystring) and names the whole part when the rule is
 * about it.
 */
export function describeValidation(
  language: Language,
  issues: ValidationIssue | readonly ValidationIssue[],
  part = 'body',
): string {
  const issue = issueToTell(Array.isArray(issues) ? issues : [issues as ValidationIssue]);
  const rules: Record<string, string> = VALIDATION[language];
  const rule = (key: string, params: Record<string, string>) =>
    (rules[key] ?? '').replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
  if (!issue) return rule('invalid', { field: fieldLabel(language, `part.${part}`) });

  const segments = segmentsOf(issue.instancePath);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    segments.push(issue.params.missingProperty);
  }
  let field = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment) && field !== '') field = rule('item', { field, n: String(Number(segment) + 1) });
    else field = field === '' ? fieldLabel(language, segment) : `${field} › ${fieldLabel(language, segment)}`;
  }
  if (field === '') field = fieldLabel(language, `part.${part}`);

  const typeName = (type: string) => rules[`type.${type}`] ?? type;
  const values = (list: unknown[]) => list.map((value) => JSON.stringify(value)).join(', ');
  const params: Record<string, string> = {
    field,
    name: String(issue.params.additionalProperty ?? ''),
    limit: String(issue.params.limit ?? issue.params.multipleOf ?? ''),
    type: String(issue.params.type ?? '')
      .split(',')
      .map(typeName)
      .join(rules.or),
    format: rules[`format.${String(issue.params.format)}`] ?? rules['format.other'] ?? '',
    allowed: Array.isArray(issue.params.allowedValues)
      ? values(issue.params.allowedValues)
      : values([issue.params.allowedValue]),
  };
  const known =
    Object.hasOwn(rules, issue.keyword) && !['item', 'or'].includes(issue.keyword) && !issue.keyword.includes('.');
  // A pattern says nothing to a reader: a field whose pattern has its own sentence (`pattern.password`) gets it.
  const name = segments.findLast((segment) => !/^\d+$/.test(segment));
  const ownPattern = issue.keyword === 'pattern' && name !== undefined && Object.hasOwn(rules, `pattern.${name}`);
  // A least of one is said as such: 'must not be empty', not 'fewer than 1 characters'.
  const ofOne = params.limit === '1' && Object.hasOwn(rules, `${issue.keyword}.one`);
  const key = ownPattern ? `pattern.${name}` : ofOne ? `${issue.keyword}.one` : known ? issue.keyword : 'invalid';
  return spaced(language, rule(key, params));
}
