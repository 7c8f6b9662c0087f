// @vitest-environment jsdom
import { HOTEL_KEYS, type Role, type RolePerm } from '@roompilot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { CurrentUserContext } from '../../app/user';
import { renderInApp } from '../../test/render';
import { PermissionPicker } from './PermissionPicker';
import { PERMISSION_GROUPS, rolesHolding, screensOpenedBy } from './permissionCatalog';

const api = vi.hoisted(() => ({ roles: { add: vi.fn(), update: vi.fn() } }));
vi.mock('../../app/api', () => ({ api }));

const { RoleFormModal } = await import('./RoleFormModal');

beforeEach(() => {
  api.roles.add.mockReset().mockImplementation(async (body) => ({ ...body, id: 9, hotel_id: 1, user_count: 0 }));
  api.roles.update.mockReset().mockImplementation(async (body) => ({ ...body, hotel_id: 1, user_count: 1 }));
});

/** The picker in a form's place: it shows what it last sent. */
function Picker({ initial = [], onChange }: { initial?: RolePerm[]; onChange: (perms: RolePerm[]) => void }) {
  const [value, setValue] = useState<RolePerm[]>(initial);
  return (
    <PermissionPicker
      value={value}
      onChange={(perms) => {
        setValue(perms);
        onChange(perms);
      }}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('the permission catalog', () => {
  test('groups every hotel key once, as the menu groups their screens', () => {
    expect(PERMISSION_GROUPS.map((group) => [group.group, group.keys])).toEqual([
      [undefined, ['pm_dashboard']],
      ['roomsystem', ['pm_roomtype', 'pm_roomdetail', 'pm_config', 'pm_model']],
      [
        'system',
        [
          'pm_upgradepara',
          'pm_upgradeconfigfile',
          'pm_infrared',
          'pm_upgradebinfile',
          'pm_aircontrl',
          'pm_roomstatecontrl',
          'pm_checkquanxian',
          'pm_goods',
          'pm_question',
          'pm_welcome',
        ],
      ],
      ['permission', ['pm_user', 'pm_dept']],
      ['statistics', ['pm_powerstatistics', 'pm_logstatistics']],
    ]);
    expect(PERMISSION_GROUPS.flatMap((group) => group.keys).sort()).toEqual([...HOTEL_KEYS].sort());
  });

  test('names the screens a key opens and the roles holding it, the wildcard included', () => {
    expect(screensOpenedBy('pm_checkquanxian').map((route) => route.name)).toEqual([
      'pm_aircontrl',
      'pm_roomstatecontrl',
      'pm_checkquanxian',
    ]);
    expect(screensOpenedBy('pm_user').map((route) => route.name)).toEqual(['pm_user', 'pm_role']);
    const roles = [
      { name: 'all', perms: ['*'] },
      { name: 'desk', perms: ['pm_dashboard'] },
      { name: 'none', perms: [] },
    ];
    expect(rolesHolding('pm_dashboard', roles).map((role) => role.name)).toEqual(['all', 'desk']);
    expect(rolesHolding('pm_user', roles).map((role) => role.name)).toEqual(['all']);
  });
});

describe('the permission picker', () => {
  test('names each key by its menu title with what it allows, and sends keys in menu order', async () => {
    const onChange = vi.fn();
    await renderInApp(<Picker onChange={onChange} />);
    expect(screen.getByText(/a visitor, who may look at every screen but change nothing/)).toBeTruthy();
    const goods = box('Goods');
    expect(goods.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(goods.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Manage the goods shown on the room TVs',
    );
    await userEvent.click(box('Log'));
    await userEvent.click(box('Desktop'));
    expect(onChange).toHaveBeenLastCalledWith(['pm_dashboard', 'pm_logstatistics']);
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(screen.queryByText(/a visitor/)).toBeNull();
    await userEvent.click(box('Desktop'));
    expect(onChange).toHaveBeenLastCalledWith(['pm_logstatistics']);
  });

  test("a group's box checks and clears its keys, and shows when only some are checked", async () => {
    const onChange = vi.fn();
    await renderInApp(<Picker initial={['pm_user']} onChange={onChange} />);
    const group = box('Select all: Role');
    expect(group.closest('.ant-checkbox-indeterminate')).toBeTruthy();
    await userEvent.click(group);
    expect(onChange).toHaveBeenLastCalledWith(['pm_user', 'pm_dept']);
    expect((group as HTMLInputElement).checked).toBe(true);
    await userEvent.click(group);
    expect(onChange).toHaveBeenLastCalledWith([]);
    // The dashboard alone in its group has no box of its own for the group.
    expect(screen.queryByRole('checkbox', { name: /Select all: Desktop/ })).toBeNull();
  });

  test('"All permissions" is the wildcard alone; unchecked, it leaves every key to take away from', async () => {
    const onChange = vi.fn();
    await renderInApp(<Picker initial={['pm_dashboard']} onChange={onChange} />);
    await userEvent.click(box('All permissions'));
    expect(onChange).toHaveBeenLastCalledWith(['*']);
    for (const name of ['Desktop', 'Goods', 'User']) {
      expect((box(name) as HTMLInputElement).checked).toBe(true);
      expect((box(name) as HTMLInputElement).disabled).toBe(true);
    }
    await userEvent.click(box('All permissions'));
    const every = onChange.mock.lastCall?.[0] as string[];
    expect([...every].sort()).toEqual([...HOTEL_KEYS].sort());
    expect((box('Goods') as HTMLInputElement).disabled).toBe(false);
    await userEvent.click(box('Goods'));
    expect(onChange.mock.lastCall?.[0]).not.toContain('pm_goods');
    expect(onChange.mock.lastCall?.[0]).toHaveLength(HOTEL_KEYS.length - 1);
  });
});

describe('the role form', () => {
  const user = (roles: string[]) =>
    ({
      info: { id: 2, user_name: 'manager', roles, is_admin: false },
      guard: { isAdmin: false, perms: ['*'] },
    }) as never;
  const night: Role = {
    id: 4,
    hotel_id: 1,
    name: 'night desk',
    perms: ['pm_dashboard'],
    user_count: 1,
    created_at: '2026-11-25T10:00:00Z',
  };

  test('adds a role with its trimmed name and the permissions picked', async () => {
    await renderInApp(
      <CurrentUserContext.Provider value={user(['manager'])}>
        <RoleFormModal open onClose={() => undefined} />
      </CurrentUserContext.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the role name')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Role name'), '  front desk ');
    await userEvent.click(box('Room State'));
    await userEvent.click(box('Desktop'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.roles.add).toHaveBeenCalledWith({ name: 'front desk', perms: ['pm_dashboard', 'pm_roomstatecontrl'] }),
    );
  });

  test("edits a role's permissions, and warns when it is one of the user's own", async () => {
    await renderInApp(
      <CurrentUserContext.Provider value={user(['night desk'])}>
        <RoleFormModal role={night} open onClose={() => undefined} />
      </CurrentUserContext.Provider>,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/This is one of your own roles/)).toBeTruthy();
    expect((box('Desktop') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box('Goods'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.roles.update).toHaveBeenCalledWith({ id: 4, name: 'night desk', perms: ['pm_dashboard', 'pm_goods'] }),
    );
  });
});
