import { AppstoreOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT, type RoomType } from '@roompilot/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useHolds } from '../../app/permissions';
import { DeleteAction } from '../../components/DeleteAction';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
import { formatNumber } from '../../lib/format';
import { RoomTypeFormModal } from './RoomTypeFormModal';

export const ROOM_TYPE_DEVICES_PATH = '/roomsystem/roomtypedevice';

/** Room types (pm_roomtype): devices and rooms per type, add, rename, delete, open the template. */
export default function RoomTypesPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canWrite = useHolds('pm_roomtype');
  const canEditDevices = useHolds('pm_roomdetail');
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [editing, setEditing] = useState<{ roomType?: RoomType } | null>(null);

  const list = useQuery({
    queryKey: ['roomtypes', page],
    queryFn: () => api.roomTypes.list(page),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (roomType: RoomType) => api.roomTypes.remove({ id: roomType.id }),
    onSuccess: (_data, roomType) => {
      message.success(t('roomtypes.deleted', { name: roomType.name }));
      void queryClient.invalidateQueries({ queryKey: ['roomtypes'] });
      void queryClient.invalidateQueries({ queryKey: ['roomtypeoptions'] });
    },
  });

  const openDevices = (roomType: Pick<RoomType, 'id'>) => navigate(`${ROOM_TYPE_DEVICES_PATH}?id=${roomType.id}`);

  const columns: TableColumnsType<RoomType> = [
    { title: t('roomtypes.name'), dataIndex: 'name', key: 'name', width: 200 },
    { title: t('roomtypes.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    {
      title: t('roomtypes.deviceCount'),
      key: 'devices',
      width: 110,
      align: 'right',
      render: (_value, roomType) => formatNumber(roomType.devices.length),
    },
    {
      title: t('roomtypes.roomCount'),
      dataIndex: 'room_count',
      key: 'room_count',
      width: 110,
      align: 'right',
      render: (value: number) => formatNumber(value),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 280,
      render: (_value, roomType) => (
        <Space size={0}>
          {canEditDevices && (
            <Button type="link" size="small" icon={<AppstoreOutlined />} onClick={() => openDevices(roomType)}>
              {t('roomtypes.devices')}
            </Button>
          )}
          {canWrite && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ roomType })}>
              {t('common.edit')}
            </Button>
          )}
          {canWrite && (
            <DeleteAction
              title={t('roomtypes.deleteTitle')}
              description={t('roomtypes.deleteConfirm', { name: roomType.name })}
              onConfirm={() => remove.mutateAsync(roomType)}
            />
          )}
        </Space>
      ),
    },
  ];

  const addButton = canWrite && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
      {t('roomtypes.add')}
    </Button>
  );

  return (
    <section className="rp-page">
      <div className="rp-toolbar">
        <p className="rp-toolbar__hint">{t('roomtypes.hint')}</p>
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      {list.isError && !list.data ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<RoomType>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.records}
          loading={list.isFetching}
          scroll={{ x: 800 }}
          size="middle"
          locale={{
            emptyText: list.isPending ? ' ' : <EmptyState description={t('roomtypes.empty')} action={addButton} />,
          }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: false,
            showTotal: (total) => t('common.total', { total: formatNumber(total) }),
            onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
          }}
        />
      )}
      <RoomTypeFormModal
        roomType={editing?.roomType}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onAdded={canEditDevices ? openDevices : undefined}
      />
    </section>
  );
}
