import type { Building } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
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
import { BuildingFormModal } from './BuildingFormModal';

/** The Buildings tab of the rooms screen: floors and room counts, add, edit, delete. */
export function BuildingsTab() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const mayEdit = useMayCall('buildings.update').allowed;
  const mayRemove = useMayCall('buildings.remove').allowed;
  const [editing, setEditing] = useState<{ building?: Building } | null>(null);

  const list = useListQuery(LISTS.buildings);

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
  ];

  const addButton = (
    <AddButton call="buildings.add" onClick={() => setEditing({})}>
      {t('buildings.add')}
    </AddButton>
  );

  return (
    <>
      <div className="rp-toolbar">
        <p className="rp-toolbar__hint">{t('buildings.hint')}</p>
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      <ListTable<Building>
        rowKey="id"
        list={list}
        columns={columns}
        rowActions={
          mayEdit || mayRemove
            ? {
                width: 170,
                render: (building) => (
                  <>
                    {mayEdit && <EditAction call="buildings.update" onClick={() => setEditing({ building })} />}
                    {mayRemove && (
                      <DeleteAction
                        call="buildings.remove"
                        title={t('buildings.deleteTitle')}
                        description={t('buildings.deleteConfirm', { name: building.name })}
                        onConfirm={() => remove.mutateAsync(building)}
                      />
                    )}
                  </>
                ),
              }
            : undefined
        }
        scroll={{ x: 760 }}
        emptyText={t('buildings.empty')}
        emptyAction={addButton}
      />
      <BuildingFormModal building={editing?.building} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
