import './roles.css';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PermissionsTab } from './PermissionsTab';
import { RolesTab } from './RolesTab';

const TABS = ['roles', 'perms'] as const;
type Tab = (typeof TABS)[number];

/**
 * The role screen (pm_user): the hotel's roles and their permission assignment, and in a second
 * tab the permission list, read-only.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.find((candidate) => candidate === requested) ?? 'roles';
  return (
    <section className="rp-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'roles' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'roles', label: t('roles.tabRoles'), children: <RolesTab /> },
          { key: 'perms', label: t('roles.tabPerms'), children: <PermissionsTab /> },
        ]}
      />
    </section>
  );
}
