import {
  BarChartOutlined,
  DashboardOutlined,
  HomeOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { SUBMENU_SHOW_DELAY_MS } from '@roompilot/contract';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MessageKey } from '../../locales/types';
import { allowedRoutes, routeAt } from '../guard';
import { buildMenu, type MenuLink } from '../menu';
import { PRODUCT_NAME, useSite } from '../site';
import { useCurrentUser } from '../user';

const GROUP_ICONS: Record<string, ReactNode> = {
  roomsystem: <HomeOutlined />,
  system: <SettingOutlined />,
  permission: <SafetyCertificateOutlined />,
  statistics: <BarChartOutlined />,
};

interface Props {
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The sidebar: the hotel's name as a link to /, then the menu built from the route table. */
export function SideMenu({ collapsed, onNavigate }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { info, guard } = useCurrentUser();
  const { data: site } = useSite();
  const entries = useMemo(() => buildMenu(allowedRoutes(guard)), [guard]);
  const current = routeAt(pathname, guard);
  const [openKeys, setOpenKeys] = useState<string[]>(current?.group ? [current.group] : []);

  const title = info.is_admin ? site?.product || PRODUCT_NAME : info.hotel_info?.hotel_name || PRODUCT_NAME;
  const label = (entry: MenuLink) => (
    <Link to={entry.to} onClick={onNavigate}>
      {t(`route.${entry.name}` as MessageKey)}
    </Link>
  );
  const items: MenuProps['items'] = entries.map((entry) =>
    entry.kind === 'link'
      ? { key: entry.key, label: label(entry), icon: entry.group ? GROUP_ICONS[entry.group] : <DashboardOutlined /> }
      : {
          key: entry.key,
          label: t(`route.${entry.key}`),
          icon: GROUP_ICONS[entry.key],
          children: entry.children.map((child) => ({ key: child.key, label: label(child) })),
        },
  );

  return (
    <nav className="rp-sidemenu">
      <Link to="/" className="rp-sidemenu__brand" title={title} onClick={onNavigate}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {!collapsed && <span className="rp-sidemenu__title">{title}</span>}
      </Link>
      <Menu
        theme="dark"
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={current ? [current.path] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        subMenuOpenDelay={SUBMENU_SHOW_DELAY_MS / 1000}
      />
    </nav>
  );
}
