import type { RcuParams } from '@roompilot/contract';
import { byNaturalOrder } from '../../lib/natural';

/**
 * The parameter query's form: an RCU's parameters as they come (numbers, strings, booleans; anything
 * else as JSON text), edited as text or a switch, written back with their own types.
 */
export type ParamKind = 'number' | 'string' | 'boolean' | 'json';

/** What the form holds for one parameter: text, or a boolean for a switch. */
export type ParamDraft = string | boolean;

export interface ParamField {
  key: string;
  kind: ParamKind;
  /** The value the RCU reported. */
  value: unknown;
}

export function kindOf(value: unknown): ParamKind {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return 'json';
}

/** The parameters as form fields, by key (natural order: p2 before p10). */
export function toFields(params: RcuParams): ParamField[] {
  return Object.entries(params)
    .sort(([a], [b]) => byNaturalOrder(a, b))
    .map(([key, value]) => ({ key, kind: kindOf(value), value }));
}

/** The form's starting value for a field. */
export function toDraft(field: ParamField): ParamDraft {
  switch (field.kind) {
    case 'boolean':
      return field.value === true;
    case 'number':
    case 'string':
      return String(field.value);
    case 'json':
      return JSON.stringify(field.value);
  }
}

export type ParamProblem = 'number' | 'json';
export type Coerced = { ok: true; value: unknown } | { ok: false; problem: ParamProblem };

/** A draft back to the parameter's own type: a number stays a number, JSON stays JSON. */
export function coerce(kind: ParamKind, draft: ParamDraft): Coerced {
  switch (kind) {
    case 'boolean':
      return { ok: true, value: draft === true || draft === 'true' };
    case 'string':
      return { ok: true, value: String(draft) };
    case 'number': {
      const text = String(draft).trim();
      const value = Number(text);
      return text !== '' && Number.isFinite(value) ? { ok: true, value } : { ok: false, problem: 'number' };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(String(draft)) };
      } catch {
        return { ok: false, problem: 'json' };
      }
  }
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export interface ParamChanges {
  /** Only what differs from what the RCU reported: `api.control.writeParams` writes just these. */
  changes: RcuParams;
  problems: Record<string, ParamProblem>;
}

export function changedParams(
  fields: readonly ParamField[],
  drafts: Readonly<Record<string, ParamDraft>>,
): ParamChanges {
  const changes: RcuParams = {};
  const problems: Record<string, ParamProblem> = {};
  for (const field of fields) {
    const draft = drafts[field.key];
    if (draft === undefined) continue;
    const coerced = coerce(field.kind, draft);
    if (!coerced.ok) problems[field.key] = coerced.problem;
    else if (!same(coerced.value, field.value)) changes[field.key] = coerced.value;
  }
  return { changes, problems };
}
