// @vitest-environment jsdom
import { ErrorCode } from '@roompilot/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../app/http';
import { clearToken, getToken } from '../../app/session';
import { renderInApp } from '../../test/render';

const api = vi.hoisted(() => ({
  auth: { login: vi.fn(), loginCode: vi.fn(), loginEnrolSetup: vi.fn(), loginEnrolEnable: vi.fn() },
  site: { info: vi.fn() },
}));
vi.mock('../../app/api', () => ({ api }));

const { default: LoginPage } = await import('./LoginPage');

const CHALLENGE = { two_factor: 'code', challenge: 'c'.repeat(43), expires_at: '2026-11-26T10:10:00.000Z' };

async function signIn() {
  await userEvent.type(screen.getByLabelText('User name'), ' waiter ');
  await userEvent.type(screen.getByLabelText('Password'), 'waiter123');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  clearToken();
  for (const call of Object.values(api.auth)) call.mockReset();
  api.site.info.mockReset().mockResolvedValue({ product: 'RoomPilot', copyright: '', filing_number: '' });
  api.auth.login.mockResolvedValue(CHALLENGE);
});

describe('the login page with two-factor sign-in', () => {
  test('asks for a code after the password, tells a wrong one beside the field, and keeps the session from the code', async () => {
    await renderInApp(<LoginPage />);
    await signIn();
    expect(api.auth.login).toHaveBeenCalledWith({ user_name: 'waiter', password: 'waiter123' });
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    expect(getToken()).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code');
    expect(api.auth.loginCode).not.toHaveBeenCalled();

    api.auth.loginCode.mockRejectedValueOnce(new ApiError('Wrong verification code, please try again', 4400));
    await userEvent.type(screen.getByLabelText('Code or recovery code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong verification code, please try again')).toBeInTheDocument();
    expect(api.auth.loginCode).toHaveBeenCalledWith(
      { challenge: CHALLENGE.challenge, code: '123456' },
      { quiet: true },
    );

    api.auth.loginCode.mockResolvedValueOnce({ token: 'the-session' });
    await userEvent.clear(screen.getByLabelText('Code or recovery code'));
    // A recovery code as typed: the server reads its shape, the page only trims it.
    await userEvent.type(screen.getByLabelText('Code or recovery code'), ' abcde-fghjk ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getToken()).toBe('the-session'));
    expect(api.auth.loginCode).toHaveBeenLastCalledWith(
      { challenge: CHALLENGE.challenge, code: 'abcde-fghjk' },
      { quiet: true },
    );
  });

  test('after a recovery code, tells how many are left, and to make new ones when few are', async () => {
    await renderInApp(<LoginPage />);
    await signIn();
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    api.auth.loginCode.mockRejectedValueOnce(
      new ApiError('This recovery code was already used; use another one', 4400),
    );
    await userEvent.type(screen.getByLabelText('Code or recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This recovery code was already used; use another one')).toBeInTheDocument();

    api.auth.loginCode.mockResolvedValueOnce({ token: 'the-session', recovery_codes_left: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getToken()).toBe('the-session'));
    expect(
      await screen.findByText(
        'Signed in with a recovery code: 1 recovery code is left. Make new ones soon: user menu, Two-factor sign-in.',
      ),
    ).toBeInTheDocument();
  });

  test('after a recovery code with many left, says only how many', async () => {
    await renderInApp(<LoginPage />);
    await signIn();
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    api.auth.loginCode.mockResolvedValueOnce({ token: 'the-session', recovery_codes_left: 9 });
    await userEvent.type(screen.getByLabelText('Code or recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Signed in with a recovery code: 9 recovery codes are left.')).toBeInTheDocument();
  });

  test('goes back to the password with the reason when the step has expired', async () => {
    await renderInApp(<LoginPage />);
    await signIn();
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    const expired = 'This sign-in step has expired; enter your user name and password again';
    api.auth.loginCode.mockRejectedValueOnce(new ApiError(expired, ErrorCode.unauthenticated));
    await userEvent.type(screen.getByLabelText('Code or recovery code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('User name')).toHaveValue(' waiter ');
    expect(getToken()).toBeUndefined();
  });

  test('a user without two-factor sign-in gets the session from the password alone', async () => {
    api.auth.login.mockResolvedValueOnce({ token: 'plain-session' });
    await renderInApp(<LoginPage />);
    await signIn();
    await waitFor(() => expect(getToken()).toBe('plain-session'));
    expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).toBeNull();
  });
});
