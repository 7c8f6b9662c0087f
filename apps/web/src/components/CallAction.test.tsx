// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, test } from 'vitest';
import type { GuardUser } from '../app/guard';
import { CurrentUserContext } from '../app/user';
import { renderInApp } from '../test/render';
import { CallAction } from './CallAction';

function asUser(guard: GuardUser, ui: React.ReactElement) {
  const info = { is_admin: guard.isAdmin, perms: guard.perms.map((val) => ({ val })) } as never;
  return renderInApp(<CurrentUserContext.Provider value={{ info, guard }}>{ui}</CurrentUserContext.Provider>);
}

const edit = (
  <CallAction call="rooms.update">
    <Button>Edit</Button>
  </CallAction>
);

describe('CallAction', () => {
  test('offers the action, marked with its call, to a user the server allows', async () => {
    await asUser({ isAdmin: false, perms: ['pm_roomdetail'] }, edit);
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('data-call', 'rooms.update');
  });

  test('shows it disabled to a visitor, with a tooltip that says why', async () => {
    await asUser({ isAdmin: false, perms: [] }, edit);
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(button).toBeDisabled();
    await userEvent.hover(button.parentElement as HTMLElement);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Visitors may look but not change'));
  });

  test('names the permission a user lacks by its menu title', async () => {
    await asUser({ isAdmin: false, perms: ['pm_dashboard'] }, edit);
    await userEvent.hover(screen.getByRole('button', { name: 'Edit' }).parentElement as HTMLElement);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Needs the “Room” permission.'));
  });

  test('leaves it out where it is hidden when refused', async () => {
    await asUser(
      { isAdmin: false, perms: ['pm_dashboard'] },
      <CallAction call="rooms.exportKeys" refused="hide">
        <Button>Export keys</Button>
      </CallAction>,
    );
    expect(screen.queryByRole('button', { name: 'Export keys' })).toBeNull();
  });
});
