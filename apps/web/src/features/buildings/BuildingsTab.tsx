import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Building, PAGE_SIZE_DEFAULT } from '@roompilot/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useHolds } from '../../app/permissions';
import { DeleteAction } from '../../components/DeleteAction';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { formatNumber } from '../../lib/format';
import { BuildingFormModal } from './BuildingFormModal';

/** The Buildings tab of the rooms screen: floors and room counts, add, edit, delete. */
export function BuildingsTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const canWrite = useHolds('pm_roomdetail');
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [editing, setEditing] = useState<{ building?: Building } | null>(null);

  const list = useQuery({
    queryKey: ['buildings', page],
    queryFn: () => api.buildings.list(page),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (building: Building) => api.buildings.remove({ id: building.id }),
    onSuccess: (_data, building) => {
      message.success(t('buildings.deleted', { name: building.name }));
      void queryClient.invalidateQueries({ queryKey: ['buildings'] });
    },
  });

  const columns: TableColumnsType<Building> = [
    { title: t('buildings.name'), dataIndex: 'name', key: 'name', width: 220 },
    {
      title: t('buildings.floors'),
      key: 'floors',
      width: 180,
      render: (_value, building) => t('buildings.floorRange', { from: building.floor_from, to: building.floor_to }),
    },
    {
      title: t('buildings.roomCount'),
      dataIndex: 'room_count',
      key: 'room_count',
      width: 120,
      align: 'right',
      render: (value: number) => formatNumber(value),
    },
    { title: t('buildings.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    ...(canWrite
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 170,
            render: (_value: unknown, building: Building) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ building })}>
                  {t('common.edit')}
                </Button>
                <DeleteAction
                  title={t('buildings.deleteTitle')}
                  description={t('buildings.deleteConfirm', { name: building.name })}
                  onConfirm={() => remove.mutateAsync(building)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const addButton = canWrite && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
      {t('buildings.add')}
    </Button>
  );

  return (
    <>
      <div className="rp-toolbar">
        <p className="rp-toolbar__hint">{t('buildings.hint')}</p>
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      {list.isError && !list.data ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<Building>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.records}
          loading={list.isFetching}
          scroll={{ x: 760 }}
          size="middle"
          locale={{
            emptyText: list.isPending ? ' ' : <EmptyState description={t('buildings.empty')} action={addButton} />,
          }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total: formatNumber(total) }),
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
        />
      )}
      <BuildingFormModal building={editing?.building} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
