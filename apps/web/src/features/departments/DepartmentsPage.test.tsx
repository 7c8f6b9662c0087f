// @vitest-environment jsdom
import type { Department } from '@roompilot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { GuardUser } from '../../app/guard';
import { CurrentUserContext } from '../../app/user';
import { renderInApp } from '../../test/render';
import { pathUp } from './tree';

const api = vi.hoisted(() => ({ departments: { list: vi.fn(), add: vi.fn() } }));
vi.mock('../../app/api', () => ({
  api: new Proxy(api, {
    get: (target, domain: string) =>
      (target as Record<string, unknown>)[domain] ?? new Proxy({}, { get: () => vi.fn() }),
  }),
}));

const { default: DepartmentsPage } = await import('./DepartmentsPage');

const MANAGER: GuardUser = { isAdmin: false, perms: ['pm_dept'] };

const department = (id: number, name: string, parent_id: number | null = null): Department => ({
  id,
  hotel_id: 1,
  parent_id,
  name,
  sort: 0,
  user_count: 0,
  user_total: 0,
  created_at: '2026-11-25T10:00:00Z',
});

// Front office (1) > Reception (2); Housekeeping (3) > Laundry (4).
let records: Department[];

beforeEach(() => {
  vi.clearAllMocks();
  records = [department(1, 'Front office'), department(2, 'Reception', 1), department(3, 'Housekeeping')];
  records.push(department(4, 'Laundry', 3));
  api.departments.list.mockImplementation(async () => ({ records, total: records.length }));
  api.departments.add.mockImplementation(async (body: { name: string; parent_id: number | null }) => {
    const added = department(records.length + 1, body.name, body.parent_id);
    records = [...records, added];
    return added;
  });
});

const switcherOf = (name: string) =>
  (screen.getByText(name).closest('.ant-tree-treenode') as HTMLElement).querySelector(
    '.ant-tree-switcher',
  ) as HTMLElement;

async function addDepartment(name: string, button: HTMLElement) {
  await userEvent.click(button);
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Department name'), name);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('the department tree', () => {
  test('shows what was added below a department, and keeps the branches the user closed', async () => {
    const info = { is_admin: false, perms: [{ val: 'pm_dept' }] } as never;
    await renderInApp(
      <CurrentUserContext.Provider value={{ info, guard: MANAGER }}>
        <DepartmentsPage />
      </CurrentUserContext.Provider>,
    );
    expect(await screen.findByText('Reception')).toBeInTheDocument();
    expect(screen.getByText('Laundry')).toBeInTheDocument();

    await userEvent.click(switcherOf('Housekeeping'));
    await waitFor(() => expect(screen.queryByText('Laundry')).toBeNull());

    // Spa, added at the top after that, has no department below it yet: it was never opened.
    await addDepartment('Spa', screen.getByRole('button', { name: /Add department/ }));
    expect(await screen.findByText('Spa')).toBeInTheDocument();
    const below = within(screen.getByRole('group', { name: /Spa/ })).getByRole('button', { name: /Add below/ });
    await addDepartment('Sauna', below);
    expect(await screen.findByText('Sauna')).toBeInTheDocument();
    expect(api.departments.add).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Sauna', parent_id: 5 }));
    expect(screen.queryByText('Laundry')).toBeNull();
  });

  test('the path up from a department: itself, then each department above it', () => {
    expect(pathUp(records, 4)).toEqual([4, 3]);
    expect(pathUp([...records, department(5, 'Night', 4)], 5)).toEqual([5, 4, 3]);
    expect(pathUp(records, null)).toEqual([]);
  });
});
