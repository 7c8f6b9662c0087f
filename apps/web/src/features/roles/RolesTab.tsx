import { DeleteOutlined } from '@ant-design/icons';
import type { Role } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { LISTS } from '../../app/screenQueries';
import { AddButton } from '../../components/CallAction';
import { DeleteAction } from '../../components/DeleteAction';
import { ListTable } from '../../components/ListTable';
import { EditAction } from '../../components/RowActions';
import { useListQuery } from '../../components/useListQuery';
import { formatNumber } from '../../lib/format';
import { RoleFormModal } from './RoleFormModal';
import { RolePerms } from './RolePerms';

/** The Roles tab: the hotel's roles with their permissions and users; add, edit (name and permissions), delete. */
export function RolesTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const mayEdit = useMayCall('roles.update').allowed;
  const mayRemove = useMayCall('roles.remove').allowed;
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);
  const list = useListQuery(LISTS.roles);

  const remove = useMutation({
    mutationFn: (role: Role) => api.roles.remove({ id: role.id }),
    onSuccess: (_data, role) => {
      message.success(t('roles.deleted', { name: role.name }));
      void queryClient.invalidateQueries({ queryKey: ['roles'] });
    },
  });

  const columns: TableColumnsType<Role> = [
    { title: t('roles.name'), dataIndex: 'name', key: 'name', width: 180, fixed: 'left' },
    {
      title: t('roles.perms'),
      dataIndex: 'perms',
      key: 'perms',
      render: (perms: string[]) => <RolePerms perms={perms} />,
    },
    {
      title: t('roles.users'),
      dataIndex: 'user_count',
      key: 'user_count',
      width: 100,
      align: 'right',
      render: (value: number) => formatNumber(value),
    },
  ];

  const addButton = (
    <AddButton call="roles.add" onClick={() => setEditing({})}>
      {t('roles.add')}
    </AddButton>
  );

  return (
    <>
      <div className="rp-toolbar">
        <p className="rp-toolbar__hint">{t('roles.hint')}</p>
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      <ListTable<Role>
        rowKey="id"
        list={list}
        columns={columns}
        rowActions={
          mayEdit || mayRemove
            ? {
                width: 170,
                fixed: 'right',
                render: (role) => (
                  <>
                    {mayEdit && <EditAction call="roles.update" onClick={() => setEditing({ role })} />}
                    {mayRemove &&
                      (role.user_count > 0 ? (
                        // The server refuses it too (4409); here the reason is told before trying.
                        <Tooltip title={t('roles.inUse', { n: formatNumber(role.user_count) })}>
                          <Button
                            type="link"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            disabled
                            data-call="roles.remove"
                          >
                            {t('common.delete')}
                          </Button>
                        </Tooltip>
                      ) : (
                        <DeleteAction
                          call="roles.remove"
                          title={t('roles.deleteTitle')}
                          description={t('roles.deleteConfirm', { name: role.name })}
                          onConfirm={() => remove.mutateAsync(role)}
                        />
                      ))}
                  </>
                ),
              }
            : undefined
        }
        scroll={{ x: 760 }}
        emptyText={t('roles.empty')}
        emptyAction={addButton}
      />
      <RoleFormModal role={editing?.role} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
