import { type PermissionKey, type Role, WILDCARD } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/layout/useIsMobile';
import { allRolesQuery, asQuery } from '../../app/screenQueries';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import type { MessageKey } from '../../locales/types';
import { useScrollRegion } from '../logs/useScrollRegion';
import { PERMISSION_GROUPS, type PermissionGroup, rolesHolding, screensOpenedBy } from './permissionCatalog';

interface Row {
  key: PermissionKey;
  group: PermissionGroup;
  /** The row's place in its group: the group's cell spans its rows. */
  index: number;
}

const ROWS: readonly Row[] = PERMISSION_GROUPS.flatMap((group) =>
  group.keys.map((key, index) => ({ key, group, index })),
);

/** The permission list (read-only): every key of a hotel role, what it opens and which roles hold it. */
export function PermissionsTab() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const roles = useQuery(asQuery(allRolesQuery()));
  const tableBox = useRef<HTMLDivElement>(null);
  useScrollRegion(tableBox, t('roles.tabPerms'));
  if (roles.isError && !roles.data) {
    return <QueryFailed error={roles.error} onRetry={() => void roles.refetch()} retrying={roles.isFetching} />;
  }
  const records: readonly Role[] = roles.data?.records ?? [];
  const title = (key: string) => t(`route.${key}` as MessageKey);

  const columns: TableColumnsType<Row> = [
    {
      title: t('roles.group'),
      key: 'group',
      width: 120,
      fixed: isMobile ? undefined : 'left',
      render: (_value, row) => (row.group.group ? title(row.group.group) : title('pm_dashboard')),
      onCell: (row) => ({ rowSpan: row.index === 0 ? row.group.keys.length : 0 }),
    },
    {
      title: t('roles.permName'),
      key: 'name',
      width: 170,
      // The key itself (pm_goods) only on hover: the screen reads in the user's language.
      render: (_value, row) => <span title={row.key}>{title(row.key)}</span>,
    },
    {
      title: t('roles.description'),
      key: 'description',
      width: 260,
      render: (_value, row) => t(`roles.perm.${row.key}` as MessageKey),
    },
    {
      title: t('roles.opens'),
      key: 'opens',
      width: 200,
      render: (_value, row) => (
        <div className="rp-role-perms">
          {screensOpenedBy(row.key).map((route) => (
            <Tag key={route.path}>{title(route.name)}</Tag>
          ))}
        </div>
      ),
    },
    {
      title: t('roles.heldBy'),
      key: 'roles',
      width: 240,
      render: (_value, row) => {
        const holders = rolesHolding(row.key, records);
        if (holders.length === 0) return <span className="rp-muted">{t('roles.heldByNone')}</span>;
        return (
          <div className="rp-role-perms">
            {holders.map((role) =>
              role.perms.includes(WILDCARD) ? (
                <Tooltip key={role.id} title={t('roles.viaAll')}>
                  <Tag color="gold">{role.name}</Tag>
                </Tooltip>
              ) : (
                <Tag key={role.id} color="blue">
                  {role.name}
                </Tag>
              ),
            )}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <div className="rp-toolbar">
        <p className="rp-toolbar__hint">{t('roles.permsHint')}</p>
      </div>
      <div ref={tableBox}>
        <Table<Row>
          size="middle"
          rowKey="key"
          bordered
          columns={columns}
          dataSource={ROWS as Row[]}
          loading={roles.isPending}
          pagination={false}
          scroll={{ x: 990 }}
          locale={{ emptyText: <EmptyState description={t('common.empty')} /> }}
        />
      </div>
    </>
  );
}
