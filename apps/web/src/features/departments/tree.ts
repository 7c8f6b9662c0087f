import type { Department } from '@roompilot/contract';

/** A department as a node of antd's Tree and TreeSelect. */
export interface DepartmentNode {
  key: number;
  value: number;
  title: string;
  department: Department;
  disabled?: boolean;
  children?: DepartmentNode[];
}

/**
 * The hotel's flat list of departments as a tree, siblings in the server's order. `without`
 * leaves a department and everything below it out (a department cannot move below itself).
 */
export function departmentTree(records: readonly Department[], without?: number): DepartmentNode[] {
  const byParent = new Map<number | null, Department[]>();
  for (const department of records) {
    const siblings = byParent.get(department.parent_id);
    if (siblings) siblings.push(department);
    else byParent.set(department.parent_id, [department]);
  }
  const nodes = (parent: number | null): DepartmentNode[] =>
    (byParent.get(parent) ?? [])
      .filter((department) => department.id !== without)
      .map((department) => {
        const children = nodes(department.id);
        return {
          key: department.id,
          value: department.id,
          title: department.name,
          department,
          ...(children.length > 0 && { children }),
        };
      });
  return nodes(null);
}

/** A department and every department above it, nearest first: what must be open to show its children. */
export function pathUp(records: readonly Department[], id: number | null): number[] {
  const parentOf = new Map(records.map((department) => [department.id, department.parent_id]));
  const path: number[] = [];
  for (let at = id; at !== null && !path.includes(at); at = parentOf.get(at) ?? null) path.push(at);
  return path;
}
