import {
  AC_MODES,
  type AirPolicy,
  type AirPolicyUpdateBody,
  FAN_SPEEDS,
  GUEST_RENT_STATES,
  SEASONS,
} from '@roompilot/contract';

/** One field the form changed: where it is, what it was, what it becomes. */
export interface PolicyChange {
  /** Dotted path in the policy (`limits.cooling.checked_in.set_min`). */
  path: string;
  before: unknown;
  after: unknown;
}

/** Every leaf of a policy by dotted path; lists in their canonical order, so a reordering is no change. */
export function leavesOf(policy: AirPolicy): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  const order = (path: string, list: readonly string[]) => {
    const canon: readonly string[] = path.endsWith('.modes') ? AC_MODES : FAN_SPEEDS;
    return canon.filter((item) => list.includes(item));
  };
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) leaves.set(path, order(path, value as string[]));
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
    } else leaves.set(path, value);
  };
  walk(policy, '');
  return leaves;
}

/** What differs between the saved policy and the form's, field by field, in the form's order. */
export function policyChanges(saved: AirPolicy, edited: AirPolicy): PolicyChange[] {
  const before = leavesOf(saved);
  const changes: PolicyChange[] = [];
  for (const [path, after] of leavesOf(edited)) {
    const was = before.get(path);
    if (JSON.stringify(was) !== JSON.stringify(after)) changes.push({ path, before: was, after });
  }
  return changes;
}

/** The update body for the changes: the top-level fields that changed, and each season whose limits changed, whole. */
export function updateBodyOf(edited: AirPolicy, changes: readonly PolicyChange[]): AirPolicyUpdateBody {
  const body: AirPolicyUpdateBody = {};
  const tops = new Set(changes.map((change) => change.path.split('.')[0]));
  const seasons = new Set(
    changes.filter((change) => change.path.startsWith('limits.')).map((change) => change.path.split('.')[1]),
  );
  for (const top of tops) {
    if (top === 'limits') continue;
    Object.assign(body, { [top as string]: edited[top as keyof AirPolicy] });
  }
  if (seasons.size > 0) {
    body.limits = Object.fromEntries(
      SEASONS.filter((season) => seasons.has(season)).map((season) => [season, edited.limits[season]]),
    );
  }
  return body;
}

export const LIMIT_RENTS = GUEST_RENT_STATES;
