import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { USER_KEYWORD_MAX, USER_STATES, type User, type UserState } from '@roompilot/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Select, Space, Switch, type TableColumnsType, Tag, Tooltip, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { departmentsQuery, type HotelTarget, LISTS } from '../../app/screenQueries';
import { useCurrentUser } from '../../app/user';
import { AddButton, CallAction } from '../../components/CallAction';
import { DeleteAction } from '../../components/DeleteAction';
import { DeleteSelected } from '../../components/DeleteSelected';
import { ListTable } from '../../components/ListTable';
import { EditAction, RowAction } from '../../components/RowActions';
import { SearchInput } from '../../components/SearchInput';
import { useListQuery } from '../../components/useListQuery';
import { formatNumber } from '../../lib/format';
import { departmentTree } from '../departments/tree';
import { usePeopleHotel } from './hotelTarget';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormModal } from './UserFormModal';
import './users.css';

interface Filters {
  keyword?: string;
  dept_id?: number;
  state?: UserState;
}

/** Users (pm_user): search, paging, add and edit, enable and disable, reset a password, delete. */
export default function UsersPage() {
  const hotel = usePeopleHotel();
  return (
    <section className="rp-page rp-people">
      {hotel.picker && <div className="rp-toolbar">{hotel.picker}</div>}
      {hotel.waiting ?? <UsersOfHotel key={hotel.key} target={hotel.target} />}
    </section>
  );
}

function UsersOfHotel({ target }: { target: HotelTarget }) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const me = useCurrentUser().info.id;
  const mayEdit = useMayCall('users.update').allowed;
  const mayReset = useMayCall('users.resetPassword').allowed;
  const mayRemove = useMayCall('users.remove').allowed;
  const mayResetTwoFactor = useMayCall('twoFactor.reset').allowed;
  const [filters, setFilters] = useState<Filters>({});
  const [keywordInput, setKeywordInput] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ user?: User } | null>(null);
  const [resetting, setResetting] = useState<User | undefined>();
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  const list = useListQuery({ ...LISTS.users, params: { ...target, ...(hasFilters && { filter: filters }) } });
  const departments = useQuery({ ...departmentsQuery(target), queryFn: () => departmentsQuery(target).queryFn() });
  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: [LISTS.users.key] });
    void queryClient.invalidateQueries({ queryKey: ['departments'] });
  };

  const filter = (patch: Filters) => {
    setFilters((current) => ({ ...current, ...patch }));
    list.firstPage();
    setSelected([]);
  };

  const setState = useMutation({
    mutationFn: ({ user, state }: { user: User; state: UserState }) =>
      api.users.update({ id: user.id, state, ...target }),
    onSuccess: (user) => {
      message.success(t(user.state === 'enabled' ? 'users.enabledOne' : 'users.disabledOne', { name: user.user_name }));
      invalidate();
    },
  });

  const remove = useMutation({
    mutationFn: (rows: { ids: number[]; one?: User }) => api.users.remove({ ids: rows.ids, ...target }),
    onSuccess: ({ deleted }, { ids, one }) => {
      message.success(
        one ? t('users.deletedOne', { name: one.user_name }) : t('users.deleted', { deleted: formatNumber(deleted) }),
      );
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      invalidate();
    },
  });

  const resetTwoFactor = useMutation({
    mutationFn: (user: User) => api.twoFactor.reset({ id: user.id, ...target }),
    onSuccess: (_data, user) => {
      message.success(t('users.twoFactorResetDone', { name: user.user_name }));
      invalidate();
    },
  });

  const addButton = (
    <AddButton call="users.add" onClick={() => setEditing({})}>
      {t('users.add')}
    </AddButton>
  );

  const stateSwitch = (user: User) => {
    const self = user.id === me;
    const control = (
      <Switch
        size="small"
        checked={user.state === 'enabled'}
        checkedChildren={t('users.state.enabled')}
        unCheckedChildren={t('users.state.disabled')}
        aria-label={t('users.stateSwitch', { name: user.user_name })}
        loading={setState.isPending && setState.variables?.user.id === user.id}
        disabled={self}
        onChange={(on) => setState.mutate({ user, state: on ? 'enabled' : 'disabled' })}
      />
    );
    if (self) {
      return (
        <Tooltip title={t('users.selfHint')}>
          <span>{control}</span>
        </Tooltip>
      );
    }
    return <CallAction call="users.update">{control}</CallAction>;
  };

  const columns: TableColumnsType<User> = [
    {
      title: t('users.column.user_name'),
      dataIndex: 'user_name',
      key: 'user_name',
      width: 130,
      fixed: 'left',
      render: (name: string, user) => (
        <Space size={4}>
          <span>{name}</span>
          {user.id === me && <Tag>{t('users.me')}</Tag>}
          {user.two_factor && (
            <Tooltip title={t('users.twoFactorOn')}>
              <SafetyOutlined aria-label={t('users.twoFactorOn')} className="rp-users__two-factor" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('users.column.nick_name'), dataIndex: 'nick_name', key: 'nick_name', width: 100, ellipsis: true },
    {
      title: t('users.column.dept'),
      dataIndex: 'dept_name',
      key: 'dept',
      width: 140,
      ellipsis: true,
      render: (name: string | null) => name ?? <span className="rp-muted">{t('users.noDept')}</span>,
    },
    {
      title: t('users.column.roles'),
      dataIndex: 'roles',
      key: 'roles',
      // What the row leaves, its tags wrapping: the columns fit 1440 px beside the sidebar.
      minWidth: 110,
      render: (roles: User['roles']) => (
        <Space size={[4, 4]} wrap>
          {roles.map((role) => (
            <Tag key={role.id}>{role.name}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('users.column.phone'), dataIndex: 'phone', key: 'phone', width: 120 },
    // "グループ" whole.
    { title: t('users.column.group'), dataIndex: 'group', key: 'group', width: 80, ellipsis: true },
    {
      title: t('users.column.state'),
      dataIndex: 'state',
      key: 'state',
      width: 120,
      render: (_state: UserState, user) => stateSwitch(user),
    },
  ];

  return (
    <>
      <div className="rp-toolbar rp-toolbar--filters">
        <TreeSelect
          className="rp-filter rp-users__dept"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('users.allDepts')}
          aria-label={t('users.column.dept')}
          value={filters.dept_id}
          onChange={(value: number | undefined) => filter({ dept_id: value })}
          treeData={departmentTree(departments.data?.records ?? [])}
        />
        <Select
          className="rp-filter"
          allowClear
          placeholder={t('users.allStates')}
          aria-label={t('users.column.state')}
          value={filters.state}
          onChange={(value: UserState | undefined) => filter({ state: value })}
          options={USER_STATES.map((state) => ({ value: state, label: t(`users.state.${state}`) }))}
        />
        <SearchInput
          className="rp-filter rp-filter--keyword rp-users__keyword"
          hint={t('users.keyword')}
          maxLength={USER_KEYWORD_MAX}
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onSearch={(value) => filter({ keyword: value.trim() || undefined })}
        />
      </div>
      <div className="rp-toolbar">
        <Space wrap>{addButton}</Space>
        {mayRemove && selected.length > 0 && (
          <DeleteSelected
            call="users.remove"
            count={selected.length}
            area="users"
            confirm={t('users.deleteSelectedConfirm', { selected: formatNumber(selected.length) })}
            deleting={remove.isPending}
            onClear={() => setSelected([])}
            onConfirm={() => remove.mutateAsync({ ids: selected })}
          />
        )}
      </div>
      <ListTable<User>
        rowKey="id"
        list={list}
        columns={columns}
        rowActions={
          mayEdit || mayReset || mayRemove || mayResetTwoFactor
            ? {
                width: 270,
                fixed: 'right',
                render: (user) => (
                  <>
                    {mayEdit && <EditAction call="users.update" onClick={() => setEditing({ user })} />}
                    {mayReset && user.id !== me && (
                      <RowAction call="users.resetPassword" icon={<KeyOutlined />} onClick={() => setResetting(user)}>
                        {t('users.resetPassword')}
                      </RowAction>
                    )}
                    {mayResetTwoFactor && user.two_factor && user.id !== me && (
                      <Popconfirm
                        title={t('users.twoFactorResetTitle')}
                        description={t('users.twoFactorResetConfirm', { name: user.user_name })}
                        okText={t('common.ok')}
                        cancelText={t('common.cancel')}
                        onConfirm={() => resetTwoFactor.mutateAsync(user).catch(() => undefined)}
                      >
                        <Button type="link" size="small" icon={<SafetyOutlined />} data-call="twoFactor.reset">
                          {t('users.twoFactorReset')}
                        </Button>
                      </Popconfirm>
                    )}
                    {mayRemove && user.id !== me && (
                      <DeleteAction
                        call="users.remove"
                        title={t('users.deleteTitle')}
                        description={t('users.deleteConfirm', { name: user.user_name })}
                        onConfirm={() => remove.mutateAsync({ ids: [user.id], one: user })}
                      />
                    )}
                  </>
                ),
              }
            : undefined
        }
        rowSelection={
          mayRemove
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (user) => ({ disabled: user.id === me }),
              }
            : undefined
        }
        emptyText={hasFilters ? t('common.noMatch') : t('users.empty')}
        emptyAction={!hasFilters && addButton}
      />
      <UserFormModal user={editing?.user} open={editing !== null} onClose={() => setEditing(null)} target={target} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} target={target} />
    </>
  );
}
