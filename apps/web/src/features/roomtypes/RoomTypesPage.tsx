import { AppstoreOutlined } from '@ant-design/icons';
import type { RoomType } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { useMayCall } from '../../app/permissions';
import { LISTS } from '../../app/screenQueries';
import { AddButton } from '../../components/CallAction';
import { DeleteAction } from '../../components/DeleteAction';
import { ListTable } from '../../components/ListTable';
import { EditAction, RowAction } from '../../components/RowActions';
import { useListQuery } from '../../components/useListQuery';
import { formatNumber } from '../../lib/format';
import { RoomTypeFormModal } from './RoomTypeFormModal';

export const ROOM_TYPE_DEVICES_PATH = '/roomsystem/roomtypedevice';

/** Room types (pm_roomtype): devices and rooms per type, add, rename, delete, open the template. */
export default function RoomTypesPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayEdit = useMayCall('roomTypes.update').allowed;
  const mayRemove = useMayCall('roomTypes.remove').allowed;
  // The devices screen: whoever may read a type's devices; saving them is that screen's own action.
  const mayOpenDevices = useMayCall('roomTypes.detail').allowed;
  const maySaveDevices = useMayCall('roomTypes.saveDevices').allowed;
  const [editing, setEditing] = useState<{ roomType?: RoomType } | null>(null);

  const list = useListQuery(LISTS.roomTypes);

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
  ];

  const addButton = (
    <AddButton call="roomTypes.add" onClick={() => setEditing({})}>
      {t('roomtypes.add')}
    </AddButton>
  );

  return (
    <section className="rp-page">
      <div className="rp-toolbar">
        <p className="rp-toolbar__hint">{t('roomtypes.hint')}</p>
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      <ListTable<RoomType>
        rowKey="id"
        list={list}
        columns={columns}
        rowActions={{
          width: 280,
          render: (roomType) => (
            <>
              {mayOpenDevices && (
                <RowAction call="roomTypes.detail" icon={<AppstoreOutlined />} onClick={() => openDevices(roomType)}>
                  {t('roomtypes.devices')}
                </RowAction>
              )}
              {mayEdit && <EditAction call="roomTypes.update" onClick={() => setEditing({ roomType })} />}
              {mayRemove && (
                <DeleteAction
                  call="roomTypes.remove"
                  title={t('roomtypes.deleteTitle')}
                  description={t('roomtypes.deleteConfirm', { name: roomType.name })}
                  onConfirm={() => remove.mutateAsync(roomType)}
                />
              )}
            </>
          ),
        }}
        scroll={{ x: 800 }}
        emptyText={t('roomtypes.empty')}
        emptyAction={addButton}
      />
      <RoomTypeFormModal
        roomType={editing?.roomType}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onAdded={maySaveDevices ? openDevices : undefined}
      />
    </section>
  );
}
