import { HOTEL_NAME_MAX, type Hotel } from '@roompilot/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { ApiError } from '../../app/http';
import { LISTS } from '../../app/screenQueries';
import { AddButton } from '../../components/CallAction';
import { DeleteAction } from '../../components/DeleteAction';
import { ListTable } from '../../components/ListTable';
import { EditAction } from '../../components/RowActions';
import { SearchInput } from '../../components/SearchInput';
import { useListQuery } from '../../components/useListQuery';
import { ValidityTag } from '../../components/ValidityTag';
import { formatDate, formatNumber } from '../../lib/format';
import { ForceDeleteModal } from './ForceDeleteModal';
import { HotelFormModal } from './HotelFormModal';

const CONFLICT = 4409;
const ACTIONS_WIDTH = 180;

/** The Administrator's hotel list (pm_hotel): search, add with a first manager, edit, delete. */
export default function HotelsPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ hotel?: Hotel } | null>(null);
  const [forced, setForced] = useState<Hotel | null>(null);

  const list = useListQuery({ ...LISTS.hotels, params: keyword ? { keyword } : {} });

  const remove = useMutation({
    mutationFn: ({ hotel, force }: { hotel: Hotel; force: boolean }) =>
      // Quiet: a refusal because the hotel has rooms (4409) leads to the forced-delete dialog, not a toast.
      api.hotels.remove({ hotel_id: hotel.hotel_id, ...(force ? { force: true } : {}) }, { quiet: true }),
    onSuccess: (_data, { hotel }) => {
      message.success(t('hotels.deleted', { name: hotel.hotel_name }));
      setForced(null);
      void queryClient.invalidateQueries({ queryKey: ['hotels'] });
      void queryClient.invalidateQueries({ queryKey: ['validity'] });
    },
    onError: (error, { hotel, force }) => {
      if (!force && error instanceof ApiError && error.code === CONFLICT) {
        setForced(hotel);
        return;
      }
      message.error(error.message, 5);
    },
  });

  const columns: TableColumnsType<Hotel> = [
    { title: t('hotels.name'), dataIndex: 'hotel_name', key: 'hotel_name', width: 170, fixed: 'left' },
    {
      title: t('hotels.region'),
      key: 'region',
      width: 130,
      render: (_value, hotel) => [hotel.province, hotel.city, hotel.area].filter(Boolean).join(' / '),
    },
    // What the row leaves, no less than "Dirección" needs: the columns fit 1440 px beside the sidebar.
    { title: t('hotels.address'), dataIndex: 'address', key: 'address', ellipsis: true, minWidth: 120 },
    {
      title: t('hotels.roomCount'),
      dataIndex: 'room_count',
      key: 'room_count',
      width: 120,
      align: 'right',
      render: (value: number) => formatNumber(value),
    },
    {
      title: t('hotels.validdate'),
      key: 'validdate',
      width: 160,
      render: (_value, hotel) => <ValidityTag validdate={hotel.validdate} daysLeft={hotel.days_left} />,
    },
    {
      title: t('hotels.twoFactor'),
      dataIndex: 'two_factor_required',
      key: 'two_factor_required',
      width: 110,
      render: (required: boolean) => (required ? <Tag color="blue">{t('hotels.twoFactorOn')}</Tag> : '—'),
    },
    {
      title: t('hotels.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 110,
      render: (value: string) => formatDate(value),
    },
  ];

  const addButton = (
    <AddButton call="hotels.add" onClick={() => setEditing({})}>
      {t('hotels.add')}
    </AddButton>
  );

  return (
    <section className="rp-page">
      <div className="rp-toolbar">
        <SearchInput
          className="rp-toolbar__search"
          hint={t('hotels.searchHint')}
          maxLength={HOTEL_NAME_MAX}
          onSearch={(value) => {
            setKeyword(value.trim());
            list.firstPage();
          }}
        />
        <div className="rp-toolbar__actions">{addButton}</div>
      </div>
      <ListTable<Hotel>
        rowKey="hotel_id"
        list={list}
        columns={columns}
        rowActions={{
          width: ACTIONS_WIDTH,
          fixed: 'right',
          render: (hotel) => (
            <>
              <EditAction call="hotels.update" onClick={() => setEditing({ hotel })} />
              <DeleteAction
                call="hotels.remove"
                title={t('hotels.deleteTitle')}
                description={t('hotels.deleteConfirm', { name: hotel.hotel_name })}
                onConfirm={() => remove.mutateAsync({ hotel, force: false })}
              />
            </>
          ),
        }}
        emptyText={t(keyword ? 'common.noMatch' : 'hotels.empty')}
        emptyAction={!keyword && addButton}
      />
      <HotelFormModal hotel={editing?.hotel} open={editing !== null} onClose={() => setEditing(null)} />
      <ForceDeleteModal
        hotel={forced ?? undefined}
        deleting={remove.isPending}
        onConfirm={(hotel) => remove.mutate({ hotel, force: true })}
        onClose={() => setForced(null)}
      />
    </section>
  );
}
