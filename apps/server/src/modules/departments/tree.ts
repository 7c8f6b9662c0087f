import type { DepartmentRow } from '../../db/schema.js';

/**
 * The department tree's arithmetic on a hotel's flat list of rows: levels, what lies below a
 * department, user totals. Pure, so the service and the users' filter share it.
 */

type Node = Pick<DepartmentRow, 'id' | 'parent_id'>;

function childrenOf<T extends Node>(rows: readonly T[]): Map<number | null, T[]> {
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id);
    if (siblings) siblings.push(row);
    else children.set(row.parent_id, [row]);
  }
  return children;
}

/** The department and every department below it, by id. */
export function subtreeIds(rows: readonly Node[], id: number): number[] {
  const children = childrenOf(rows);
  const ids: number[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    ids.push(current);
    for (const child of children.get(current) ?? []) stack.push(child.id);
  }
  return ids;
}

/** The level of a department (1 at the top). */
export function levelOf(rows: readonly Node[], id: number | null): number {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let level = 0;
  for (let current = id; current !== null && level <= rows.length; level++) {
    current = byId.get(current)?.parent_id ?? null;
  }
  return level;
}

/** How many levels the department's subtree spans (1: itself alone). */
export function heightOf(rows: readonly Node[], id: number): number {
  const children = childrenOf(rows);
  const height = (current: number): number =>
    1 + Math.max(0, ...(children.get(current) ?? []).map((child) => height(child.id)));
  return height(id);
}

/** Each department's users with those of every department below it. */
export function userTotals(rows: readonly Node[], own: ReadonlyMap<number, number>): Map<number, number> {
  const children = childrenOf(rows);
  const totals = new Map<number, number>();
  const total = (id: number): number => {
    const known = totals.get(id);
    if (known !== undefined) return known;
    const sum = (own.get(id) ?? 0) + (children.get(id) ?? []).reduce((acc, child) => acc + total(child.id), 0);
    totals.set(id, sum);
    return sum;
  };
  for (const row of rows) total(row.id);
  return totals;
}
