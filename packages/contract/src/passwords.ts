import Type from 'typebox';

/**
 * The password strength rule, defined once: the server checks every new password with it (a new
 * user, a reset, `/pwd`), the console explains it and checks it before sending.
 *
 * 8 to 128 characters, with at least two of three kinds: letters, digits, other characters
 * (symbols, spaces, any other script). Long enough to resist guessing offline, short of rules
 * that push people to write passwords down.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The kinds of character the rule counts. */
export const PASSWORD_KINDS = ['letter', 'digit', 'symbol'] as const;
export type PasswordKind = (typeof PASSWORD_KINDS)[number];

/** How many kinds a new password must mix. */
export const PASSWORD_KINDS_MIN = 2;

const LETTER = '[A-Za-z]';
const DIGIT = '[0-9]';
const SYMBOL = '[^A-Za-z0-9]';
const has = (kind: string) => `(?=[\\s\\S]*${kind})`;

/** The kinds rule as a JSON-schema pattern (any two of the three kinds somewhere in the text). */
export const PASSWORD_KINDS_PATTERN = `^(?:${has(LETTER)}${has(DIGIT)}|${has(LETTER)}${has(SYMBOL)}|${has(DIGIT)}${has(SYMBOL)})`;

/** The kinds of character a password mixes. */
export function passwordKinds(password: string): PasswordKind[] {
  const kinds: PasswordKind[] = [];
  if (/[A-Za-z]/.test(password)) kinds.push('letter');
  if (/[0-9]/.test(password)) kinds.push('digit');
  if (/[^A-Za-z0-9]/.test(password)) kinds.push('symbol');
  return kinds;
}

/** Whether a password keeps the rule (the same rule as the schema `NewPassword`). */
export function isStrongPassword(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && passwordKinds(password).length >= PASSWORD_KINDS_MIN;
}

/** A new password as a call takes it: the rule as schema keywords, so a weak one is 4400 naming the field. */
export const NewPassword = Type.String({
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  pattern: PASSWORD_KINDS_PATTERN,
});
