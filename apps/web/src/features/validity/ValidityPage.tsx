import { CalendarOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT, VALIDITY_WARN_DAYS, type Validity, type ValidityUpdateBody } from '@roompilot/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Form, Input, Modal, Table, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useMessage } from '../../app/feedback';
import { EmptyState } from '../../components/EmptyState';
import { QueryFailed } from '../../components/QueryFailed';
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
  const message = useMessage();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [expiring, setExpiring] = useState(false);
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_DEFAULT });
  const [editing, setEditing] = useState<Validity | null>(null);
  const [form] = Form.useForm<{ validdate: Dayjs | null }>();

  const body = { ...page, ...(keyword ? { keyword } : {}), ...(expiring ? { expiring: true } : {}) };
  const list = useQuery({
    queryKey: ['validity', body],
    queryFn: () => api.hotels.validityList(body),
    placeholderData: keepPreviousData,
  });

  const update = useMutation({
    mutationFn: (body: ValidityUpdateBody) => api.hotels.validityUpdate(body),
    onSuccess: (row) => {
      message.success(t('validity.updated', { name: row.hotel_name }));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['validity'] });
      void queryClient.invalidateQueries({ queryKey: ['hotels'] });
    },
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
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_value, row) => (
        <Button type="link" size="small" icon={<CalendarOutlined />} onClick={() => setEditing(row)}>
          {t('validity.change')}
        </Button>
      ),
    },
  ];

  return (
    <section className="rp-page">
      <div className="rp-toolbar">
        <Input.Search
          className="rp-toolbar__search"
          placeholder={t('hotels.searchPlaceholder')}
          aria-label={t('hotels.searchPlaceholder')}
          allowClear
          enterButton={t('common.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((current) => ({ ...current, current: 1 }));
          }}
        />
        <Checkbox
          checked={expiring}
          onChange={(event) => {
            setExpiring(event.target.checked);
            setPage((current) => ({ ...current, current: 1 }));
          }}
        >
          {t('validity.expiringFilter', { days: VALIDITY_WARN_DAYS })}
        </Checkbox>
      </div>
      {list.isError && !list.data ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<Validity>
          rowKey="hotel_id"
          columns={columns}
          dataSource={list.data?.records}
          loading={list.isFetching}
          scroll={{ x: 800 }}
          size="middle"
          locale={{
            emptyText: list.isPending ? (
              ' '
            ) : (
              <EmptyState
                description={t(expiring ? 'validity.emptyExpiring' : keyword ? 'common.noMatch' : 'validity.empty')}
              />
            ),
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
      <Modal
        title={t('validity.changeTitle', { name: editing?.hotel_name ?? '' })}
        open={editing !== null}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={update.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <Form
            form={form}
            name="validity"
            layout="vertical"
            preserve={false}
            initialValues={{ validdate: editing.validdate ? dayjs(editing.validdate, DATE) : null }}
            onFinish={({ validdate }) =>
              update.mutate({ hotel_id: editing.hotel_id, validdate: validdate ? validdate.format(DATE) : null })
            }
          >
            <Form.Item name="validdate" label={t('validity.endDate')} extra={t('hotels.validdateHelp')}>
              <DatePicker className="rp-full-width" allowClear placeholder={t('validity.unlimited')} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </section>
  );
}
