import { CalendarOutlined } from '@ant-design/icons';
import { HOTEL_NAME_MAX, VALIDITY_WARN_DAYS, type Validity } from '@roompilot/contract';
import { Checkbox, DatePicker, Form, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { LISTS } from '../../app/screenQueries';
import { FormModal } from '../../components/FormModal';
import { ListTable } from '../../components/ListTable';
import { RowAction } from '../../components/RowActions';
import { SearchInput } from '../../components/SearchInput';
import { useListQuery } from '../../components/useListQuery';
import { formatDate, formatNumber } from '../../lib/format';
import { VALIDITY_COLOR, validityState } from './validityState';

const DATE = 'YYYY-MM-DD';

function DaysLeft({ days }: { days: number | null }) {
  const { t } = useTranslation();
  if (days === null) return <span>—</span>;
  if (days < 0) return <span className="rp-text-danger">{t('validity.daysOver', { days: formatNumber(-days) })}</span>;
  if (days === 0) return <span className="rp-text-warning">{t('validity.endsToday')}</span>;
  return <span>{t('validity.daysLeftValue', { days: formatNumber(days) })}</span>;
}

/** Hotels' service periods (pm_validdate): days left, the "expiring" filter, changing the date. */
export default function ValidityPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [expiring, setExpiring] = useState(false);
  const [editing, setEditing] = useState<Validity | null>(null);

  const list = useListQuery({
    ...LISTS.validity,
    params: { ...(keyword ? { keyword } : {}), ...(expiring ? { expiring: true } : {}) },
  });

  const columns: TableColumnsType<Validity> = [
    { title: t('hotels.name'), dataIndex: 'hotel_name', key: 'hotel_name' },
    {
      title: t('validity.endDate'),
      dataIndex: 'validdate',
      key: 'validdate',
      width: 180,
      render: (value: string | null) => (value ? formatDate(value) : t('validity.unlimited')),
    },
    {
      title: t('validity.daysLeft'),
      dataIndex: 'days_left',
      key: 'days_left',
      width: 160,
      render: (value: number | null) => <DaysLeft days={value} />,
    },
    {
      title: t('validity.status'),
      key: 'state',
      width: 140,
      render: (_value, row) => {
        const state = validityState(row.days_left);
        return <Tag color={VALIDITY_COLOR[state]}>{t(`validity.state.${state}`)}</Tag>;
      },
    },
  ];

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
        <Checkbox
          checked={expiring}
          onChange={(event) => {
            setExpiring(event.target.checked);
            list.firstPage();
          }}
        >
          {t('validity.expiringFilter', { days: VALIDITY_WARN_DAYS })}
        </Checkbox>
      </div>
      <ListTable<Validity>
        rowKey="hotel_id"
        list={list}
        columns={columns}
        rowActions={{
          width: 160,
          render: (row) => (
            <RowAction call="hotels.validityUpdate" icon={<CalendarOutlined />} onClick={() => setEditing(row)}>
              {t('validity.change')}
            </RowAction>
          ),
        }}
        scroll={{ x: 800 }}
        emptyText={t(expiring ? 'validity.emptyExpiring' : keyword ? 'common.noMatch' : 'validity.empty')}
      />
      <FormModal<{ validdate: Dayjs | null }, Validity>
        title={t('validity.changeTitle', { name: editing?.hotel_name ?? '' })}
        open={editing !== null}
        onClose={() => setEditing(null)}
        name="validity"
        initialValues={{ validdate: editing?.validdate ? dayjs(editing.validdate, DATE) : null }}
        save={({ validdate }) =>
          api.hotels.validityUpdate({
            hotel_id: editing?.hotel_id as number,
            validdate: validdate ? validdate.format(DATE) : null,
          })
        }
        savedMessage={(row) => t('validity.updated', { name: row.hotel_name })}
        invalidates={[['validity'], ['hotels']]}
      >
        <Form.Item name="validdate" label={t('validity.endDate')} extra={t('hotels.validdateHelp')}>
          <DatePicker className="rp-full-width" allowClear placeholder={t('validity.unlimited')} />
        </Form.Item>
      </FormModal>
    </section>
  );
}
