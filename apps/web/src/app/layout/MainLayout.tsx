import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AlertCenter } from '../../features/alerts/AlertCenter';
import type { MessageKey } from '../../locales/types';
import { ErrorBoundary } from '../ErrorBoundary';
import { FullPageSpin } from '../FullPageSpin';
import { routeAt } from '../guard';
import { breadcrumbKeys } from '../menu';
import { PermsFollower } from '../PermsFollower';
import { SiteFooter } from '../SiteFooter';
import { useCurrentUser } from '../user';
import { ErrorLogButton } from './ErrorLogButton';
import { LanguageSwitch } from './LanguageSwitch';
import { SideMenu } from './SideMenu';
import { storedSidebarOpen, storeSidebarOpen } from './sidebarState';
import { UserMenu } from './UserMenu';
import { useIsMobile } from './useIsMobile';

/** Wide enough for every menu title whole in the four languages ('Actualizar configuración'); shell.e2e checks. */
const SIDER_WIDTH = 256;
const SIDER_COLLAPSED_WIDTH = 64;

/** The console shell: sidebar (a drawer on mobile), top bar, the screen, footer. */
export default function MainLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { guard, info } = useCurrentUser();
  const isMobile = useIsMobile();
  const [sidebarOpen, setSidebarOpen] = useState(storedSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = () => {
    if (isMobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    storeSidebarOpen(!sidebarOpen);
    setSidebarOpen(!sidebarOpen);
  };
  const menuShown = isMobile ? drawerOpen : sidebarOpen;
  const crumbs = breadcrumbKeys(routeAt(pathname, guard)).map((key) => ({ title: t(key as MessageKey) }));

  return (
    <Layout className="rp-shell">
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          size={SIDER_WIDTH}
          className="rp-shell__drawer"
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          className="rp-shell__sider"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={!sidebarOpen}
          trigger={null}
          collapsible
        >
          <SideMenu collapsed={!sidebarOpen} />
        </Layout.Sider>
      )}
      <Layout className="rp-shell__main">
        <Layout.Header className="rp-shell__header">
          <Button
            type="text"
            icon={menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggle}
            aria-label={t('layout.toggleMenu')}
            aria-expanded={menuShown}
            className="rp-shell__toggle"
          />
          <Breadcrumb items={crumbs} className="rp-shell__breadcrumb" />
          <div className="rp-shell__actions">
            {!info.is_admin && <AlertCenter />}
            {!info.is_admin && <PermsFollower />}
            <ErrorLogButton />
            <LanguageSwitch />
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content className="rp-shell__content">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<FullPageSpin />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
        <Layout.Footer className="rp-shell__footer">
          <SiteFooter />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
