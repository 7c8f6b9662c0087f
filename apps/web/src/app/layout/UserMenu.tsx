import { DownOutlined, KeyOutlined, LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { withStrings } from '../i18n';
import { clearToken, getToken } from '../session';
import { useCurrentUser } from '../user';

/** The password dialog (a form and its checks): its own chunk, loaded when first opened. */
const ChangePasswordDialog = lazy(() =>
  import('../../features/auth/ChangePasswordDialog').then((module) => ({ default: module.ChangePasswordDialog })),
);

/** The two-factor dialog and its strings: their own chunk, loaded when first opened. */
const TwoFactorDialog = lazy(
  withStrings(['twofactor'], () =>
    import('../../features/twofactor/TwoFactorDialog').then((module) => ({ default: module.TwoFactorDialog })),
  ),
);

/** The user's nick name, with change password, two-factor sign-in and quit. */
export function UserMenu() {
  const { t } = useTranslation();
  const { info } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Mounted from the first opening on, so that it can close with its animation.
  const [passwordWanted, setPasswordWanted] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [twoFactorWanted, setTwoFactorWanted] = useState(false);
  const shownName = info.nick_name || info.user_name;

  const quit = async () => {
    // The session is over for this browser at once, before the server is told (which closes the
    // live socket: a page still holding the token would take that for a session ended elsewhere
    // and ask to log in again). Leave even if the server cannot be told; quiet, as the session
    // may be gone already.
    const token = getToken();
    clearToken();
    queryClient.removeQueries({ queryKey: ['userinfo'] });
    navigate('/login', { replace: true });
    if (token) await api.auth.logout(undefined, { quiet: true, token }).catch(() => undefined);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: t('auth.changePassword') },
            { key: 'twofactor', icon: <SafetyCertificateOutlined />, label: t('auth.twoFactor') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout') },
          ],
          onClick: ({ key }) => {
            if (key === 'password') {
              setPasswordWanted(true);
              setPasswordOpen(true);
            }
            if (key === 'twofactor') {
              setTwoFactorWanted(true);
              setTwoFactorOpen(true);
            }
            if (key === 'logout') void quit();
          },
        }}
      >
        {/* Its name starts with the name it shows (a voice user says what they see). */}
        <Button type="text" className="rp-usermenu" aria-label={`${shownName} ${t('layout.userMenu')}`}>
          <Avatar size="small" icon={<UserOutlined />} className="rp-usermenu__avatar" />
          <span className="rp-usermenu__name">{shownName}</span>
          <DownOutlined className="rp-usermenu__caret" />
        </Button>
      </Dropdown>
      {passwordWanted && (
        <Suspense fallback={null}>
          <ChangePasswordDialog userName={info.user_name} open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
      {twoFactorWanted && (
        <Suspense fallback={null}>
          <TwoFactorDialog userName={info.user_name} open={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
