import { type ParamSpec, paramSpecOf, paramValueProblem, type RcuParams } from '@roompilot/contract';
import { byNaturalOrder } from '../../lib/natural';

/**
 * The parameter query's form: an RCU's parameters as they come (numbers, strings, booleans; anything
 * else as JSON text), edited as text, a switch or a choice, written back with their own types. A
 * parameter of the contract's RCU_PARAMS has its label, unit and range; one the table does not
 * know is shown by its key.
 */
export type ParamKind = 'number' | 'string' | 'boolean' | 'enum' | 'json';

/** What the form holds for one parameter: text, or a boolean for a switch. */
export type ParamDraft = string | boolean;

export interface ParamField {
  key: string;
  kind: ParamKind;
  /** The value the RCU reported. */
  value: unknown;
  /** What the contract knows of it (its unit, range or values), when it does. */
  spec?: ParamSpec;
}

export function kindOf(value: unknown): ParamKind {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return 'json';
}

/** A known parameter's kind by the table, when the reported value is of that kind; else by the value. */
function fieldOf(key: string, value: unknown): ParamField {
  const spec = paramSpecOf(key);
  const byValue = kindOf(value);
  if (!spec) return { key, kind: byValue, value };
  const bySpec: ParamKind =
    spec.type === 'integer' || spec.type === 'number' ? 'number' : spec.type === 'enum' ? 'enum' : spec.type;
  const fits = bySpec === byValue || (bySpec === 'enum' && byValue === 'string');
  return fits ? { key, kind: bySpec, value, spec } : { key, kind: byValue, value };
}

/** The parameters as form fields: the known ones first in the table's order, then the others by key (p2 before p10). */
export function toFields(params: RcuParams): ParamField[] {
  const known = (key: string) => paramSpecOf(key) !== undefined;
  return Object.entries(params)
    .sort(([a], [b]) => Number(known(b)) - Number(known(a)) || byNaturalOrder(a, b))
    .map(([key, value]) => fieldOf(key, value));
}

/** The form's starting value for a field. */
export function toDraft(field: ParamField): ParamDraft {
  switch (field.kind) {
    case 'boolean':
      return field.value === true;
    case 'number':
    case 'string':
    case 'enum':
      return String(field.value);
    case 'json':
      return JSON.stringify(field.value);
  }
}

/** Not a number, not JSON, a whole number wanted, outside the range, or not one of the values. */
export type ParamProblem = 'number' | 'json' | 'integer' | 'range' | 'value';
export type Coerced = { ok: true; value: unknown } | { ok: false; problem: ParamProblem };

/** A draft back to the parameter's own type: a number stays a number, JSON stays JSON. */
export function coerce(kind: ParamKind, draft: ParamDraft): Coerced {
  switch (kind) {
    case 'boolean':
      return { ok: true, value: draft === true || draft === 'true' };
    case 'string':
    case 'enum':
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
    else if (!same(coerced.value, field.value)) {
      const problem = field.spec ? paramValueProblem(field.key, coerced.value) : null;
      if (problem) problems[field.key] = problem === 'type' ? 'integer' : problem;
      else changes[field.key] = coerced.value;
    }
  }
  return { changes, problems };
}
